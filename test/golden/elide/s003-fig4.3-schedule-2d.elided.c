void fragment(int *a)
{
{
    // only for loops are supported here
    for (int u = 0; u < gridDim.y; u++)
        for (int i = 0; i < gridDim.x; i++)
        // only for loops are supported here
        for (int v = 0; v < blockDim.y; v++)
        for (int j = 0; j < blockDim.x; j++) {
            a[((u * gridDim.x + i) * blockDim.y + v) * blockDim.x + j] = 0; // nested for-loop body
        }
}
}
