void fragment(int N, int B, int s, int *In, int *Out)
{
// Array with of size N
// Program parameters: B, s
int ub_v = N / B, ub_u = B / s;
{
  for (int v = 0; v < ub_v; v++)
    for (int u = 0; u < ub_u; u++)
      for (int w = 0; w < s; ++w) {
        int x = v * B + w * ub_u + u;
        int y = N - 1 - x;
        Out[y] = In[x];
      }
}
}
