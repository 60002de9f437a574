/* fib.omp.c (hand-written OpenMP): the doubly recursive Fibonacci numbers, serial below a cutoff. */
#include <stdio.h>
#include <omp.h>

#define N 41
#define CUTOFF 24

static long fib_serial(int n)
{
    return n < 2 ? n : fib_serial(n - 1) + fib_serial(n - 2);
}

static long fib(int n)
{
    if (n < CUTOFF)
        return fib_serial(n);
    long x, y;
    #pragma omp task shared(x)
    x = fib(n - 1);
    y = fib(n - 2);
    #pragma omp taskwait
    return x + y;
}

int main(void)
{
    long r;
    #pragma omp parallel
    #pragma omp single
    r = fib(N);
    printf("fib(%d) = %ld\n", N, r);
    return 0;
}
