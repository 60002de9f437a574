void fragment(int n, int B, int Sqrt_T, double L[n][n], double U[n][n])
{
int ub = n / B, ut = n / Sqrt_T;
{
 for (int k = 0; k < n-1; k++) {
   for (int bx = 0; bx < ub; bx++)
     for (int ux = 0; ux < B; ux++)
       if ((k + 1 - bx * B < B) &&
        (-B * bx + k < ux) &&
        (ux < n - bx * B)) {
         int l = bx * B + ux;
         L[k][l] = U[k][l] / U[k][k];
       }
   for (int bx = 0; bx < ut; bx++)
     for (int by = 0; by < ut; by++)
       for (int ux = 0; ux < Sqrt_T; ux++)
         for (int uy = 0; uy < Sqrt_T; uy++) {
           int i = by * Sqrt_T + uy;
           if (i < n - k - 1) {
             int j = bx * Sqrt_T + ux;
             if (j < n - k) {
                U[j+k][i+k+1] -=
                   L[k][i+k+1] * U[j+k][k];
             }
           }
         }
 }
}
}
