/*
 * thesis-matmul.mfc -- matrix-matrix product on ints: c[i][j] += a[i][k] * b[k][j]
 * for n x n matrices (c starts from a non-zero matrix).
 *
 * Follows the MetaFork input of thesis Figure 5.13 (Chapter 5, test case 8;
 * digest 000 section 6.1 (8)): a 2-D grid (i < dim0, j < dim1), a serial loop
 * over tiles of 4 along k BETWEEN the grid and the block loops
 * (for (int k = 0; k < n/4; k++)), the 2-D block (v < B0, u < B1), and a
 * serial loop of 4 in the body with p = i * B0 + v, w = j * B1 + u and
 * c[p][w] += a[p][4*k+z] * b[4*k+z][w].
 *
 * Deviations from the thesis input (so that every n, B0, B1 is correct):
 *   - grid sizes by ceiling division: dim0 = (n + B0 - 1) / B0 and
 *     dim1 = (n + B1 - 1) / B1 instead of n / B0 and n / B1;
 *   - the tile loop runs (n + 3) / 4 times instead of n / 4, so that a last
 *     partial tile along k is not lost;
 *   - the innermost statement is guarded by
 *     `if (p < n && w < n && 4 * k + z < n)`.
 * Arrays are VLAs on the stack (12 * n * n bytes); the serial cost is n^3.
 *
 * Usage: thesis-matmul [n [B0 [B1]]]   (defaults n = 100, B0 = 16, B1 = 16)
 * Prints a position-weighted checksum of c (written) and of a, b (read only).
 */
#include <stdio.h>
#include <stdlib.h>

/* metafork: every CUDA runtime call is checked; a failure stops the program with its reason. */
#define mfCudaCheck(call) do { \
    cudaError_t mf_status_ = (call); \
    if (mf_status_ != cudaSuccess) { \
        fprintf(stderr, "%s:%d: CUDA error: %s\n", __FILE__, __LINE__, cudaGetErrorString(mf_status_)); \
        exit(1); \
    } \
} while (0)


__global__ void kernel0(int *c, int *a, int *b, int dim0, int dim1, int n, int B0, int B1)
{
    for (int i = blockIdx.y; i < dim0; i += gridDim.y)
        for (int j = blockIdx.x; j < dim1; j += gridDim.x)
            for (int k = 0; k < (n + 3) / 4; k++)
                {
                    {
                        const int v = threadIdx.y;
                        const int u = threadIdx.x;
                        int p = i * B0 + v;
                        int w = j * B1 + u;
                        for (int z = 0; z < 4; z++)
                            if (p < n && w < n && 4 * k + z < n) {
                                c[p * n + w] +=
                                    a[p * n + (4*k+z)] * b[(4*k+z) * n + w];
                            }
                    }
                    __syncthreads();
                }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 100;
    int B0 = argc > 2 ? atoi(argv[2]) : 16;
    int B1 = argc > 3 ? atoi(argv[3]) : 16;
    int a[n][n], b[n][n], c[n][n];
    unsigned seed = 8u;

    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            seed = seed * 1103515245u + 12345u;
            a[i][j] = (int)((seed >> 16) % 21u) - 10;
            b[i][j] = (int)((seed >> 8) % 19u) - 9;
            c[i][j] = (i + 2 * j) % 9;
        }

    int dim0 = (n + B0 - 1) / B0, dim1 = (n + B1 - 1) / B1;
    { /* meta_schedule on the GPU: kernel0 */
        int *mf_dev_c;
        mfCudaCheck(cudaMalloc((void **) &mf_dev_c, sizeof(int) * n * n));
        mfCudaCheck(cudaMemcpy(mf_dev_c, c, sizeof(int) * n * n, cudaMemcpyHostToDevice));
        int *mf_dev_a;
        mfCudaCheck(cudaMalloc((void **) &mf_dev_a, sizeof(int) * n * n));
        mfCudaCheck(cudaMemcpy(mf_dev_a, a, sizeof(int) * n * n, cudaMemcpyHostToDevice));
        int *mf_dev_b;
        mfCudaCheck(cudaMalloc((void **) &mf_dev_b, sizeof(int) * n * n));
        mfCudaCheck(cudaMemcpy(mf_dev_b, b, sizeof(int) * n * n, cudaMemcpyHostToDevice));
        if (dim0 > 0 && dim1 > 0 && B0 > 0 && B1 > 0) { /* kernel0: 2-D grid of blocks i, j, threads v, u */
            dim3 mf_grid(dim1 < 256 ? dim1 : 256, dim0 < 256 ? dim0 : 256);
            dim3 mf_block(B1, B0);
            kernel0<<<mf_grid, mf_block>>>(mf_dev_c, mf_dev_a, mf_dev_b, dim0, dim1, n, B0, B1);
            mfCudaCheck(cudaGetLastError());
        }
        mfCudaCheck(cudaMemcpy(c, mf_dev_c, sizeof(int) * n * n, cudaMemcpyDeviceToHost));
        mfCudaCheck(cudaFree(mf_dev_c));
        mfCudaCheck(cudaFree(mf_dev_a));
        mfCudaCheck(cudaFree(mf_dev_b));
    }

    long sum = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            sum += (long)((i * 3 + j) % 7 + 1) * c[i][j]
                 + (long)((i + j * 5) % 11 + 1) * a[i][j]
                 + (long)((i + j) % 3 + 1) * b[i][j];
    printf("matmul: n=%d checksum=%ld\n", n, sum);
    return 0;
}
