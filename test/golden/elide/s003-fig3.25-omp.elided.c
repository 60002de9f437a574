long fib(long n)
{
  long x, y;
  if (n<2) return n;
  else if (n<BASE)
      return fib_serial(n);
  else
  {
    x = fib(n-1);
    y = fib(n-2);
    return (x+y);
  }
}
