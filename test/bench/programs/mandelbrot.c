/* mandelbrot.c (CilkPlus): escape counts of the points of a window of the Mandelbrot set, one
 * parallel loop over the rows (rows near the set cost far more than the others). */
#include <stdio.h>
#include <stdlib.h>
#include <cilk/cilk.h>

#define W 1000
#define H 640
#define MAXIT 1000

int main(void)
{
    int *rows = malloc(H * sizeof(int));
    cilk_for (int y = 0; y < H; y++) {
        double ci = -1.0 + 1.6 * y / H;
        int count = 0;
        for (int x = 0; x < W; x++) {
            double cr = -2.0 + 2.6 * x / W, zr = 0, zi = 0;
            int it = 0;
            while (it < MAXIT && zr * zr + zi * zi <= 4.0) {
                double t = zr * zr - zi * zi + cr;
                zi = 2 * zr * zi + ci;
                zr = t;
                it++;
            }
            count += it;
        }
        rows[y] = count;
    }
    long total = 0;
    for (int y = 0; y < H; y++)
        total += rows[y];
    printf("mandelbrot: %ld iterations\n", total);
    free(rows);
    return 0;
}
