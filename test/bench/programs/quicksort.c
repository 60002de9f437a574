/* quicksort.c (CilkPlus): quicksort of pseudo-random integers, the lower part sorted by a spawned
 * call, insertion sort below a cutoff. */
#include <stdio.h>
#include <stdlib.h>
#include <cilk/cilk.h>

#define N 3000000
#define CUTOFF 2048

static void insertion_sort(int *v, long lo, long hi)
{
    for (long i = lo + 1; i < hi; i++) {
        int key = v[i];
        long j = i - 1;
        while (j >= lo && v[j] > key) {
            v[j + 1] = v[j];
            j--;
        }
        v[j + 1] = key;
    }
}

/* Sorts v[lo, hi): Hoare partition around the middle element. */
static void quicksort(int *v, long lo, long hi)
{
    if (hi - lo <= CUTOFF) {
        insertion_sort(v, lo, hi);
        return;
    }
    int pivot = v[lo + (hi - lo) / 2];
    long i = lo - 1, j = hi;
    for (;;) {
        do i++; while (v[i] < pivot);
        do j--; while (v[j] > pivot);
        if (i >= j)
            break;
        int t = v[i]; v[i] = v[j]; v[j] = t;
    }
    cilk_spawn quicksort(v, lo, j + 1);
    quicksort(v, j + 1, hi);
    cilk_sync;
}

int main(void)
{
    int *v = malloc(N * sizeof(int));
    unsigned s = 12345;
    for (long i = 0; i < N; i++) {
        s = s * 1103515245u + 12345u;
        v[i] = (int)(s >> 4);
    }
    quicksort(v, 0, N);
    long bad = 0, sum = 0;
    for (long i = 1; i < N; i++)
        bad += v[i - 1] > v[i];
    for (long i = 0; i < N; i += 1000)
        sum += v[i] % 1000;
    printf("quicksort: %ld out of order, sample sum %ld\n", bad, sum);
    free(v);
    return 0;
}
