void fragment(int n, int B0, int B1, int a[n][n], int b[n][n], int c[n][n])
{
int dim0 = n / B0, dim1 = n / B1;
{
 for (int v0 = 0; v0 < dim0; v0++)
    for (int v1 = 0; v1 < dim1; v1++)
     for (int u0 = 0; u0 < B0; u0++)
        for (int u1 = 0; u1 < B1; u1++)
        {
          int i = u0 + v0 * B0;
          int j = u1 + v1 * B1;
          c[i][j] = a[i][j] + b[i][j];
        }
}
}
