long fib_parallel(long n)
{
        long x, y;
        if (n < 2)
            return n;
        else{
             {
                 x = fib_parallel(n-1);
             }
             y = fib_parallel(n-2);
             return (x+y);}
}
