void fragment(int n, int B, int a[n][n], int *b, int *c)
{
int dim = n / B;
{
  for (int v = 0; v < dim; v++)
    for (int i = 0; i < n / 16; ++i)
      for (int u = 0; u < B; u++)
        for (int j = 0; j < 16; ++j) {
          int p = v * B + u;
          c[p] += a[p][i*16+j]*b[i*16+j];
        }
}
}
