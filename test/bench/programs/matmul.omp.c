/* matmul.omp.c (hand-written OpenMP): C += A * B by divide and conquer on quadrants; the four
 * products of each half are computed by tasks, serial blocked loops below a cutoff. */
#include <stdio.h>
#include <stdlib.h>

#define N 1024
#define CUTOFF 64

/* c[n x n] += a[n x n] * b[n x n], rows ld apart. */
static void mm(double *c, const double *a, const double *b, int n, int ld)
{
    if (n <= CUTOFF) {
        for (int i = 0; i < n; i++)
            for (int k = 0; k < n; k++) {
                double aik = a[i * ld + k];
                for (int j = 0; j < n; j++)
                    c[i * ld + j] += aik * b[k * ld + j];
            }
        return;
    }
    int h = n / 2;
    const double *a11 = a, *a12 = a + h, *a21 = a + h * ld, *a22 = a + h * ld + h;
    const double *b11 = b, *b12 = b + h, *b21 = b + h * ld, *b22 = b + h * ld + h;
    double *c11 = c, *c12 = c + h, *c21 = c + h * ld, *c22 = c + h * ld + h;
    #pragma omp task
    mm(c11, a11, b11, h, ld);
    #pragma omp task
    mm(c12, a11, b12, h, ld);
    #pragma omp task
    mm(c21, a21, b11, h, ld);
    mm(c22, a21, b12, h, ld);
    #pragma omp taskwait
    #pragma omp task
    mm(c11, a12, b21, h, ld);
    #pragma omp task
    mm(c12, a12, b22, h, ld);
    #pragma omp task
    mm(c21, a22, b21, h, ld);
    mm(c22, a22, b22, h, ld);
    #pragma omp taskwait
}

int main(void)
{
    double *a = malloc(sizeof(double) * N * N), *b = malloc(sizeof(double) * N * N);
    double *c = calloc((size_t)N * N, sizeof(double));
    for (int i = 0; i < N * N; i++) {
        a[i] = (double)(i % 17) / 16.0;
        b[i] = (double)(i % 13) / 12.0 - 0.5;
    }
    #pragma omp parallel
    #pragma omp single
    mm(c, a, b, N, N);
    double trace = 0, sum = 0;
    for (int i = 0; i < N; i++)
        trace += c[i * N + i];
    for (int i = 0; i < N * N; i += 97)
        sum += c[i];
    printf("matmul: trace %.6f, sample sum %.6f\n", trace, sum);
    free(a);
    free(b);
    free(c);
    return 0;
}
