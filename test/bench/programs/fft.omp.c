/* fft.omp.c (hand-written OpenMP): radix-2 decimation-in-time FFT; the two half transforms are tasks,
 * the butterflies of a large level a taskloop; serial below a cutoff. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#define LOGN 22
#define N (1L << LOGN)
#define BASE 4096

typedef struct { double re, im; } cplx;

static cplx *roots; /* roots[k] = exp(-2 pi i k / N), k < N / 2 */

/* Combines the half transforms out[0, n/2) and out[n/2, n) at frequency k. */
static void butterfly(cplx *out, long n, long k)
{
    cplx w = roots[k * (N / n)], e = out[k], o = out[k + n / 2];
    double tr = w.re * o.re - w.im * o.im, ti = w.re * o.im + w.im * o.re;
    out[k].re = e.re + tr;
    out[k].im = e.im + ti;
    out[k + n / 2].re = e.re - tr;
    out[k + n / 2].im = e.im - ti;
}

/* out[0, n) = the transform of in[0], in[stride], ..., in[(n - 1) * stride]. */
static void fft_serial(const cplx *in, cplx *out, long n, long stride)
{
    if (n == 1) {
        out[0] = in[0];
        return;
    }
    fft_serial(in, out, n / 2, 2 * stride);
    fft_serial(in + stride, out + n / 2, n / 2, 2 * stride);
    for (long k = 0; k < n / 2; k++)
        butterfly(out, n, k);
}

static void fft(const cplx *in, cplx *out, long n, long stride)
{
    if (n <= BASE) {
        fft_serial(in, out, n, stride);
        return;
    }
    #pragma omp task
    fft(in, out, n / 2, 2 * stride);
    fft(in + stride, out + n / 2, n / 2, 2 * stride);
    #pragma omp taskwait
    #pragma omp taskloop
    for (long k = 0; k < n / 2; k++)
        butterfly(out, n, k);
}

int main(void)
{
    cplx *in = malloc(N * sizeof(cplx)), *out = malloc(N * sizeof(cplx));
    roots = malloc(N / 2 * sizeof(cplx));
    for (long k = 0; k < N / 2; k++) {
        roots[k].re = cos(-2 * M_PI * k / N);
        roots[k].im = sin(-2 * M_PI * k / N);
    }
    for (long i = 0; i < N; i++) {
        in[i].re = (double)(i % 11) - 5;
        in[i].im = (double)(i % 7) * 0.5;
    }
    #pragma omp parallel
    #pragma omp single
    fft(in, out, N, 1);
    double check = 0;
    for (long i = 0; i < N; i += 4099)
        check += fabs(out[i].re) + fabs(out[i].im);
    printf("fft: %.3f\n", check);
    free(in);
    free(out);
    free(roots);
    return 0;
}
