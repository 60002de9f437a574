/* fib_omp.c: recursive Fibonacci with OpenMP tasks (task / taskwait in parallel + single). */
#include <stdio.h>

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
    #pragma omp task shared(x)
    x = fib(n - 1);
    y = fib(n - 2);
    #pragma omp taskwait
    return x + y;
}

int main(void)
{
    int n = 27;
    long r = 0, s = 0;

    #pragma omp parallel
    {
        #pragma omp single
        {
            #pragma omp task shared(r)
            r = fib(n);
            s = fib(n - 1);
            #pragma omp taskwait
        }
    }

    printf("fib(%d) = %ld, fib(%d) = %ld, checksum = %ld\n",
           n, r, n - 1, s, r + 2 * s);
    return 0;
}
