/* fib_cilk.c: recursive Fibonacci in CilkPlus (cilk_spawn / cilk_sync). */
#include <stdio.h>
#ifdef __cilk
#include <cilk/cilk.h>
#endif

#define CUTOFF 12

long fib_serial(int n)
{
    return n < 2 ? n : fib_serial(n - 1) + fib_serial(n - 2);
}

long fib(int n)
{
    long x, y;
    if (n < CUTOFF)
        return fib_serial(n);
    x = cilk_spawn fib(n - 1);
    y = fib(n - 2);
    cilk_sync;
    return x + y;
}

int main(void)
{
    int n = 27;
    long r = 0, s = 0;

    r = cilk_spawn fib(n);
    s = fib(n - 1);
    cilk_sync;

    printf("fib(%d) = %ld, fib(%d) = %ld, checksum = %ld\n",
           n, r, n - 1, s, r + 2 * s);
    return 0;
}
