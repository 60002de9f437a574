/* heat.omp.c (hand-written OpenMP): 2-D heat diffusion by Jacobi steps on a square plate with fixed hot and
 * cold edges; each step's rows are updated by a parallel loop. */
#include <stdio.h>
#include <stdlib.h>

#define N 1024
#define STEPS 200

int main(void)
{
    double *u = calloc((size_t)N * N, sizeof(double)), *v = calloc((size_t)N * N, sizeof(double));
    for (int i = 0; i < N; i++) {
        u[i] = v[i] = 100.0;                     /* the top edge is hot */
        u[i * N] = v[i * N] = 50.0;              /* the left edge is warm */
    }
    for (int t = 0; t < STEPS; t++) {
        #pragma omp parallel for
        for (int i = 1; i < N - 1; i++)
            for (int j = 1; j < N - 1; j++)
                v[i * N + j] = 0.25 * (u[(i - 1) * N + j] + u[(i + 1) * N + j] + u[i * N + j - 1] + u[i * N + j + 1]);
        double *w = u; u = v; v = w;
    }
    double sum = 0;
    for (int i = 0; i < N * N; i++)
        sum += u[i];
    printf("heat: %.6f\n", sum);
    free(u);
    free(v);
    return 0;
}
