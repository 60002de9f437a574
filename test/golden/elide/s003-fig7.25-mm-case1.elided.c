void fragment(void)
{
int N, B0, B1, s, dim1 = N/(B1*s);
int dim0 = N/B0, B = min(B0, B1), dim = N/B;
int a[N][N], b[N][N], c[N*N];
{
  for (int v0 = 0; v0 < dim0; v0++)
    for (int v1 = 0; v1 < dim1; v1++)
      for (int w = 0; w < dim; w++)
        for (int u0 = 0; u0 < B0; u0++)
          for (int u1 = 0; u1 < B1; u1++)
            for (int k = 0; k < s; ++k) {
              int i = v0*B0+u0;
              int j = (v1*s+k)*B1+u1;
              for (int z = 0; z < B; z++) {
                int p = B*w+z;
                c[i*N+j] = c[i*N+j] +
                            a[i][p] * b[p][j];
              }
            }
}
}
