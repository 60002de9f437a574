void region(int *a, int *b, int N)
{
     int sum_a=0, sum_b=0;

       for(int i=0; i<N; i++)
         sum_a += a[i];

       for(int i=0; i<N; i++)
          sum_b += b[i];

}
