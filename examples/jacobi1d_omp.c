/* jacobi1d_omp.c: 1-D Jacobi stencil with OpenMP parallel for loops. */
#include <stdio.h>

#define SIZE 4098

void jacobi1d(int N, int T, int *a, int *b)
{
    for (int t = 0; t < T; ++t) {
        #pragma omp parallel for
        for (int i = 1; i < N - 1; i++)
            b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3;
        #pragma omp parallel for
        for (int i = 1; i < N - 1; i++)
            a[i] = b[i];
    }
}

int main(void)
{
    int N = SIZE, T = 40;
    int a[SIZE], b[SIZE];
    unsigned seed = 12345u;
    long sum = 0, weighted = 0;

    /* Deterministic input from a small LCG. */
    for (int i = 0; i < N; i++) {
        seed = seed * 1103515245u + 12345u;
        a[i] = (int)((seed >> 16) % 1000u);
        b[i] = a[i];
    }

    jacobi1d(N, T, a, b);

    for (int i = 0; i < N; i++) {
        sum += a[i];
        weighted += (long)(i % 13) * a[i];
    }
    printf("jacobi1d N=%d T=%d: sum = %ld, weighted = %ld, a[N/2] = %d\n",
           N, T, sum, weighted, a[N / 2]);
    return 0;
}
