void fragment(int n, int B0, int ub1, int s, int a[n][n], int b[n][n], int c[n][n])
{
// n * n matrices
// Program parameters: B0, ub1, s
assert(BLOCK == min(B0, ub1 * s));
int dim0 = n / B0, dim1 = n / (ub1 * s);
{
  for (int i = 0; i < dim0; i++)
    for (int j = 0; j < dim1; j++)
      for (int k = 0; k < n / BLOCK; ++k)
        for (int v = 0; v < B0; v++)
          for (int u = 0; u < ub1; u++)
            // Each thread computes BLOCK*s outputs
            for (int w = 0; w < s; ++w) {
              int p = i * B0 + v;
              int q = j * ub1 * s + w * ub1 + u;
              for (int z = 0; z < BLOCK; z++)
                c[p][q] += a[p][BLOCK*k+z] * b[BLOCK*k+z][q];
            }
}
}
