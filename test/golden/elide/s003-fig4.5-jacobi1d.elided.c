void fragment(int N, int T, int B, int *a, int *b)
{
int ub_v = (N - 2) / B;
{
     for (int t = 0; t < T; ++t) {
         for (int v = 0; v < ub_v; v++) {
             for (int u = 0; u < B; u++) {
                int p = v * B + u + 1;
                int y = p - 1;
                int z = p + 1;
                b[p] = (a[y] + a[p] + a[z]) / 3;
             }
         }
         for (int v = 0; v < ub_v; v++) {
              for (int u = 0; u < B; u++) {
                  int w = v * B + u + 1;
                  a[w] = b[w];
               }
          }
     }
 }
}
