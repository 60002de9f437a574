/* loop_omp.c: SAXPY (y = a*x + y) with an OpenMP parallel for loop. */
#include <stdio.h>

#define N 100000

static double x[N], y[N];

void saxpy(int n, double a, const double *xs, double *ys)
{
    #pragma omp parallel for
    for (int i = 0; i < n; i++)
        ys[i] = a * xs[i] + ys[i];
}

void init(int n, double *xs, double *ys)
{
    #pragma omp parallel for
    for (int i = 0; i < n; i++) {
        int k = i % 1000;
        xs[i] = (double)(k % 17);
        ys[i] = (double)(k % 5) - 2.0;
    }
}

int main(void)
{
    double a = 3.0, sum = 0.0, weighted = 0.0;

    init(N, x, y);
    for (int rep = 0; rep < 4; rep++)
        saxpy(N, a, x, y);

    /* Serial checksum: all values are small integers, so the sums are exact. */
    for (int i = 0; i < N; i++) {
        sum += y[i];
        weighted += (double)(i % 7) * y[i];
    }
    printf("saxpy n=%d: sum = %.1f, weighted = %.1f, y[N-1] = %.1f\n",
           N, sum, weighted, y[N - 1]);
    return 0;
}
