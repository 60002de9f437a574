int pipe(int n)
{
  int k = 0;
  for(; k < n;)
  {
     k++;
     stage(0);
     stage(1);
     stage(2);
      stage(3);
  }
  return 0;
}
