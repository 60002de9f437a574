long int parallel_scanup (long int x [], long int t [], int i, int j)
{
      if (i == j) {
          return x[i];
      }
      else{
          int k = (i + j)/2;
          int right;
          {
                t[k] = parallel_scanup(x,t,i,k);
          }
          right = parallel_scanup (x,t, k+1, j);
          return t[k] + right;}
}
