void fragment(int *a)
{
{
    // only for loops are supported here
    for (int i = 0; i < gridDim.x; i++)
        // only for loops are supported here
        for (int j = 0; j < blockDim.x; j++) {
            a[i * blockDim.x + j] = 0; // nested for-loop body
        }
}
}
