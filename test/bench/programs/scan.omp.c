/* scan.omp.c (hand-written OpenMP): inclusive prefix sums by divide and conquer; the halves are
 * scanned by tasks, then the left half's total is added to the right half by a taskloop. */
#include <stdio.h>
#include <stdlib.h>

#define N (1 << 23)
#define BASE 4096
#define ROUNDS 6

static void scan(long *a, long n)
{
    if (n <= BASE) {
        for (long i = 1; i < n; i++)
            a[i] += a[i - 1];
        return;
    }
    long h = n / 2;
    #pragma omp task
    scan(a, h);
    scan(a + h, n - h);
    #pragma omp taskwait
    long carry = a[h - 1];
    #pragma omp taskloop
    for (long i = h; i < n; i++)
        a[i] += carry;
}

int main(void)
{
    long *a = malloc(N * sizeof(long));
    long check = 0;
    #pragma omp parallel
    #pragma omp single
    for (int r = 0; r < ROUNDS; r++) {
        #pragma omp taskloop
        for (long i = 0; i < N; i++)
            a[i] = (i * 7 + r) % 13 - 6;
        scan(a, N);
        check += a[N - 1] + a[N / 3];
    }
    printf("scan: %ld\n", check);
    free(a);
    return 0;
}
