void test()
{
  int sum_a=0, sum_b=0;
  int a[5] = {0,1,2,3,4};
  int b[5] = {0,1,2,3,4};
  {
         for(int i=0; i<5; i++)
           sum_a += a[i];
  }
  {
         for(int i=0; i<5; i++)
            sum_b += b[i];
  }
}
