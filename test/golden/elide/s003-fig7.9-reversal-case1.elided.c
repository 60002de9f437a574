void fragment(void)
{
int N, s, B, dim = N/(s*B);
int a[N], c[N];
{
  for (int i = 0; i < dim; i++)
    for (int j = 0; j < B; j++)
      for (int k = 0; k < s; ++k) {
        int x = (i*s+k)*B+j;
        int y = N-1-x;
        c[y] = a[x];
      }
}
}
