void fragment(void)
{
int N, s = 1, B, dim = N/(s*B);
int a[N], c[N];
{
  for (int i = 0; i < dim; i++)
    for (int j = 0; j < B; j++) {
      int x = i*B+j;
      int y = N-1-x;
      c[y] = a[x];
    }
}
}
