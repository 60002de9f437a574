void fragment(int N, int T, int B, int *a, int *b)
{
int ub_v = (N - 2) / B;
{
    for (int t = 0; t < T; ++t) {
        for (int v = 0; v < ub_v; v++) {
            for (int u = 0; u < B; u++) {
               int p = v * B + u;
               b[p+1] = (a[p] + a[p+1] + a[p+2]) / 3;
            }
        }
        for (int v = 0; v < ub_v; v++) {
             for (int u = 0; u < B; u++) {
                 int w = v * B + u;
                 a[w+1] = b[w+1];
              }
         }
    }
}
}
