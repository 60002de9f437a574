void fragment(int N, int B, int s, int *a, int *c)
{
// Data parameters: a, c, N
// Program parameters: B, s
int dim = N / (B * s);
{
  for (int i = 0; i < dim; i++)
      for (int j = 0; j < B; j++)
          for (int k = 0; k < s; ++k) {
            int x = v * B * s + k * B + u;
            int y = N - 1 - x;
            c[y] = a[x];
          }
}
}
