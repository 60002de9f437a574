void fragment(int N, int B0, int B1, int a[N][N], int b[N][N], int c[N][N])
{
int dim0 = N/B0, dim1 = N/(2*B1);
{
  for (int v = 0; v < dim0; v++)
    for (int p = 0; p < dim1; p++)
      for (int u = 0; u < B0; u++)
        for (int q = 0; q < B1; q++) {
          int i = v * B0 + u;
          int j = p * B1 + q;
          if (i < N && j < N/2) {
            c[i][j] = a[i][j] + b[i][j];
            c[i][j+N/2] =
               a[i][j+N/2] + b[i][j+N/2];
          }
        }
}
}
