void fragment(int *a, int *b)
{
{
  // only for loops are supported here
  for (int i = 0; i < gridDim.x; i++)
    // only for loops are supported here
    for (int j = 0; j < blockDim.x; j++) {
        a[i * blockDim.x + j] = 0; // nested for-loop body
    }
  // only for loops are supported here
  for (int u = 0; u < gridDim.y; u++)
    for (int i = 0; i < gridDim.x; i++)
      // only for loops are supported here
      for (int v = 0; v < blockDim.y; v++)
        for (int j = 0; j < blockDim.x; j++) {
            b[((u * gridDim.x + i) * blockDim.y + v) * blockDim.x + j] = 0; // nested for-loop body
        }
}
}
