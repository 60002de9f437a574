void fragment(int N, int T, int B0, int B1, int a[N][N], int b[N][N])
{
int dim0 = (N-2)/B0, dim1 = (N-2)/B1;
{
  for (int t = 0; t < T; t++) {
    for (int v0=0; v0<dim0; v0++)
      for (int v1= 0; v1<dim1; v1++)
        for (int u0=0; u0<B0; u0++)
          for (int u1=0; u1<B1; u1++) {
            int p = v0 * B0 + u0;
            int w = v1 * B1 + u1;
            b[p+1][w+1] = (a[p][w+1] +
              a[p+2][w+1] + a[p+1][w] +
              a[p+1][w+2]) / 4;
          }
    for (int v0=0; v0<dim0; v0++)
      for (int v1=0; v1<dim1; v1++)
        for (int u0=0; u0<B0; u0++)
          for (int u1=0; u1<B1; u1++) {
            int i = v0 * B0 + u0;
            int j = v1 * B1 + u1;
            a[i+1][j+1] = b[i+1][j+1];
          }
  }
}
}
