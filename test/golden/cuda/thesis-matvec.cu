/*
 * thesis-matvec.mfc -- matrix-vector product on ints: c[i] += a[i][j] * b[j]
 * for an n x n matrix a (c starts from a non-zero vector).
 *
 * Follows the MetaFork input of thesis Figure 5.11 (Chapter 5, test case 7;
 * digest 000 section 6.1 (7)): a 1-D grid (v < dim), a serial loop over tiles
 * of 16 columns BETWEEN the grid and the block loops
 * (for (int i = 0; i < n / 16; ++i)), the block loop (u < B), and a serial
 * loop of 16 in the body with p = v * B + u and
 * c[p] += a[p][i*16+j] * b[i*16+j].
 *
 * Deviations from the thesis input (so that every n and B is correct):
 *   - grid size by ceiling division: dim = (n + B - 1) / B instead of n / B;
 *   - the tile loop runs (n + 15) / 16 times instead of n / 16, so that a
 *     last partial tile of columns is not lost;
 *   - the innermost statement is guarded by `if (p < n && i * 16 + j < n)`
 *     (partial block of rows, partial tile of columns).
 * Arrays are VLAs on the stack (4 * n * n + 8 * n bytes): keep n <= 900.
 *
 * Usage: thesis-matvec [n [B]]      (defaults n = 500, B = 32)
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


__global__ void kernel0(int *c, int *a, int *b, int dim, int n, int B)
{
    for (int v = blockIdx.x; v < dim; v += gridDim.x)
        for (int i = 0; i < (n + 15) / 16; ++i)
            {
                {
                    const int u = threadIdx.x;
                    for (int j = 0; j < 16; ++j) {
                        int p = v * B + u;
                        if (p < n && i * 16 + j < n) {
                            c[p] += a[p * n + (i*16+j)] * b[i*16+j];
                        }
                    }
                }
                __syncthreads();
            }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 500;
    int B = argc > 2 ? atoi(argv[2]) : 32;
    int a[n][n], b[n], c[n];
    unsigned seed = 5u;

    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            seed = seed * 1103515245u + 12345u;
            a[i][j] = (int)((seed >> 16) % 201u) - 100;
        }
        b[i] = i % 17 - 8;
        c[i] = i % 5;
    }

    int dim = (n + B - 1) / B;
    { /* meta_schedule on the GPU: kernel0 */
        int *mf_dev_c;
        mfCudaCheck(cudaMalloc((void **) &mf_dev_c, sizeof(int) * n));
        mfCudaCheck(cudaMemcpy(mf_dev_c, c, sizeof(int) * n, cudaMemcpyHostToDevice));
        int *mf_dev_a;
        mfCudaCheck(cudaMalloc((void **) &mf_dev_a, sizeof(int) * n * n));
        mfCudaCheck(cudaMemcpy(mf_dev_a, a, sizeof(int) * n * n, cudaMemcpyHostToDevice));
        int *mf_dev_b;
        mfCudaCheck(cudaMalloc((void **) &mf_dev_b, sizeof(int) * n));
        mfCudaCheck(cudaMemcpy(mf_dev_b, b, sizeof(int) * n, cudaMemcpyHostToDevice));
        if (dim > 0 && B > 0) { /* kernel0: 1-D grid of blocks v, threads u */
            dim3 mf_grid(dim < 32768 ? dim : 32768);
            dim3 mf_block(B);
            kernel0<<<mf_grid, mf_block>>>(mf_dev_c, mf_dev_a, mf_dev_b, dim, n, B);
            mfCudaCheck(cudaGetLastError());
        }
        mfCudaCheck(cudaMemcpy(c, mf_dev_c, sizeof(int) * n, cudaMemcpyDeviceToHost));
        mfCudaCheck(cudaFree(mf_dev_c));
        mfCudaCheck(cudaFree(mf_dev_a));
        mfCudaCheck(cudaFree(mf_dev_b));
    }

    long sum = 0;
    for (int i = 0; i < n; i++) {
        sum += (long)(i % 7 + 1) * c[i] + (long)(i % 3 + 1) * b[i];
        for (int j = 0; j < n; j++)
            sum += (long)((i + j * 5) % 11 + 1) * a[i][j];
    }
    printf("matvec: n=%d checksum=%ld\n", n, sum);
    return 0;
}
