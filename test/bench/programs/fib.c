/* fib.c (CilkPlus): the doubly recursive Fibonacci numbers, serial below a cutoff. */
#include <stdio.h>
#include <cilk/cilk.h>

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
    x = cilk_spawn fib(n - 1);
    y = fib(n - 2);
    cilk_sync;
    return x + y;
}

int main(void)
{
    printf("fib(%d) = %ld\n", N, fib(N));
    return 0;
}
