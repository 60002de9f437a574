void fragment(void)
{
int N, B0, B1, s = 1, dim0 = N/B0, dim1 = N/(B1*s);
int a[N][N], c[N*N];
{
  for (int v0 = 0; v0 < dim0; v0++)
    for (int v1 = 0; v1 < dim1; v1++)
      for (int u0 = 0; u0 < B0; u0++)
        for (int u1 = 0; u1 < B1; u1++) {
          int i = v0*B0+u0;
          int j = v1*B1+u1;
          c[j*N+i] = a[i][j];
        }
}
}
