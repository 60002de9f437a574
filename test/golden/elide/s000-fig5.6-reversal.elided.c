void fragment(int N, int B, int *In, int *Out)
{
int ub_v = N / B;
{
  for (int v = 0; v < ub_v; v++)
    for (int u = 0; u < B; u++) {
      int inoffset = v * B + u;
      int outoffset = N - 1 - inoffset;
      Out[outoffset] = In[inoffset];
    }
}
}
