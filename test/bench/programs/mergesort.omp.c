/* mergesort.omp.c (hand-written OpenMP): mergesort of pseudo-random integers; the halves are
 * sorted by tasks and merged by a divide-and-conquer merge of tasks, copied back by a taskloop. */
#include <stdio.h>
#include <stdlib.h>

#define N 3000000
#define CUTOFF 4096

static int compare(const void *x, const void *y)
{
    int a = *(const int *)x, b = *(const int *)y;
    return (a > b) - (a < b);
}

/* The first position in v[0, n) whose element is not less than key. */
static long lower_bound(const int *v, long n, int key)
{
    long lo = 0, hi = n;
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (v[mid] < key) lo = mid + 1; else hi = mid;
    }
    return lo;
}

/* Merges the sorted x[0, nx) and y[0, ny) into out. */
static void merge(const int *x, long nx, const int *y, long ny, int *out)
{
    if (nx < ny) {
        const int *t = x; x = y; y = t;
        long tn = nx; nx = ny; ny = tn;
    }
    if (nx + ny <= CUTOFF) {
        long i = 0, j = 0, k = 0;
        while (i < nx && j < ny) out[k++] = x[i] <= y[j] ? x[i++] : y[j++];
        while (i < nx) out[k++] = x[i++];
        while (j < ny) out[k++] = y[j++];
        return;
    }
    long mx = nx / 2;
    long my = lower_bound(y, ny, x[mx]);
    #pragma omp task
    merge(x, mx, y, my, out);
    merge(x + mx, nx - mx, y + my, ny - my, out + mx + my);
    #pragma omp taskwait
}

/* Sorts v[0, n), using tmp[0, n) as scratch. */
static void mergesort(int *v, int *tmp, long n)
{
    if (n <= CUTOFF) {
        qsort(v, n, sizeof(int), compare);
        return;
    }
    long h = n / 2;
    #pragma omp task
    mergesort(v, tmp, h);
    mergesort(v + h, tmp + h, n - h);
    #pragma omp taskwait
    merge(v, h, v + h, n - h, tmp);
    #pragma omp taskloop
    for (long i = 0; i < n; i++)
        v[i] = tmp[i];
}

int main(void)
{
    int *v = malloc(N * sizeof(int)), *tmp = malloc(N * sizeof(int));
    unsigned s = 777;
    for (long i = 0; i < N; i++) {
        s = s * 1664525u + 1013904223u;
        v[i] = (int)(s >> 3);
    }
    #pragma omp parallel
    #pragma omp single
    mergesort(v, tmp, N);
    long bad = 0, sum = 0;
    for (long i = 1; i < N; i++)
        bad += v[i - 1] > v[i];
    for (long i = 0; i < N; i += 1000)
        sum += v[i] % 1000;
    printf("mergesort: %ld out of order, sample sum %ld\n", bad, sum);
    free(v);
    free(tmp);
    return 0;
}
