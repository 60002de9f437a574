void fragment(int n, int B0, int B1, int a[n][n], int b[n][n], int c[n][n])
{
int dim0 = n / B0, dim1 = n / B1;
{
  for (int i = 0; i < dim0; i++)
    for (int j = 0; j < dim1; j++)
      for (int k = 0; k < n/4; k++)
        for (int v = 0; v < B0; v++)
          for (int u = 0; u < B1; u++) {
            int p = i * B0 + v;
            int w = j * B1 + u;
            for (int z = 0; z < 4; z++)
              c[p][w] +=
                  a[p][4*k+z] * b[4*k+z][w];
          }
}
}
