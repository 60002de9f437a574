/*
 * thesis-transpose.mfc -- matrix transpose of an n x n int matrix:
 *   c[j][i] = a[i][j].
 *
 * Follows the MetaFork input of thesis Figure 5.9 (Chapter 5, test case 5;
 * digest 000 section 6.1 (5)): one 2-D nest (v0, v1 grid; u0, u1 block),
 * i = u0 + v0 * B0, j = u1 + v1 * B1, c[j][i] = a[i][j].
 *
 * Deviations from the thesis input (so that every n, B0, B1 is correct):
 *   - grid sizes by ceiling division: dim0 = (n + B0 - 1) / B0 and
 *     dim1 = (n + B1 - 1) / B1 instead of n / B0 and n / B1;
 *   - the body is guarded by `if (i < n && j < n)` for partial tiles.
 * Arrays are VLAs on the stack (8 * n * n bytes): keep n <= 700.
 *
 * Usage: thesis-transpose [n [B0 [B1]]]   (defaults n = 300, B0 = 8, B1 = 32)
 * Prints a position-weighted checksum of c (written) and a (read only).
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

/* metafork: bytes of a shared-memory tile of `count` elements, rounded up to keep the next tile aligned. */
static __host__ __device__ inline size_t mfTileBytes(size_t element, long long count)
{
    return count > 0 ? ((size_t) count * element + 15) / 16 * 16 : 0;
}


__global__ void kernel0(int *c, int *a, int dim0, int dim1, int B0, int B1, int n)
{
    extern __shared__ __align__(16) unsigned char mf_shared[];
    const int mf_tid = threadIdx.y * blockDim.x + threadIdx.x;
    const int mf_threads = blockDim.x * blockDim.y;
    const int mf_a_e0 = B0, mf_a_e1 = B1;
    const int mf_a_w = mf_a_e1 > 0 ? mf_a_e1 : 1;
    const int mf_a_r0 = mf_tid / mf_a_w, mf_a_c0 = mf_tid % mf_a_w, mf_a_dr = mf_threads / mf_a_w, mf_a_dc = mf_threads % mf_a_w;
    int *const shared_a = (int *) (mf_shared);
    for (int v0 = blockIdx.y; v0 < dim0; v0 += gridDim.y)
        for (int v1 = blockIdx.x; v1 < dim1; v1 += gridDim.x) {
            const int mf_a_o0 = B0 * v0, mf_a_o1 = B1 * v1;
            for (int mf_e = mf_tid, mf_r = mf_a_r0, mf_c = mf_a_c0; mf_e < mf_a_e0 * mf_a_e1; mf_e += mf_threads) {
                const int mf_g0 = mf_a_o0 + mf_r, mf_g1 = mf_a_o1 + mf_c;
                if (mf_g0 >= 0 && mf_g0 < n && mf_g1 >= 0 && mf_g1 < n)
                    shared_a[mf_e] = a[mf_g0 * n + mf_g1];
                mf_r += mf_a_dr, mf_c += mf_a_dc;
                if (mf_c >= mf_a_e1) mf_c -= mf_a_e1, mf_r++;
            }
            __syncthreads();
            {
                const int u0 = threadIdx.y;
                const int u1 = threadIdx.x;
                int i = u0 + v0 * B0;
                int j = u1 + v1 * B1;
                if (i < n && j < n) {
                    c[j * n + i] = shared_a[(i - mf_a_o0) * mf_a_e1 + (j - mf_a_o1)];
                }
            }
            __syncthreads();
        }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 300;
    int B0 = argc > 2 ? atoi(argv[2]) : 8;
    int B1 = argc > 3 ? atoi(argv[3]) : 32;
    int a[n][n], c[n][n];
    unsigned seed = 2016u;

    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            seed = seed * 1103515245u + 12345u;
            a[i][j] = (int)((seed >> 16) % 1000u);
            c[i][j] = -1;
        }

    int dim0 = (n + B0 - 1) / B0, dim1 = (n + B1 - 1) / B1;
    { /* meta_schedule on the GPU: kernel0 */
        int *mf_dev_c;
        mfCudaCheck(cudaMalloc((void **) &mf_dev_c, sizeof(int) * n * n));
        mfCudaCheck(cudaMemcpy(mf_dev_c, c, sizeof(int) * n * n, cudaMemcpyHostToDevice));
        int *mf_dev_a;
        mfCudaCheck(cudaMalloc((void **) &mf_dev_a, sizeof(int) * n * n));
        mfCudaCheck(cudaMemcpy(mf_dev_a, a, sizeof(int) * n * n, cudaMemcpyHostToDevice));
        if (dim0 > 0 && dim1 > 0 && B0 > 0 && B1 > 0) { /* kernel0: 2-D grid of blocks v0, v1, threads u0, u1 */
            dim3 mf_grid(dim1 < 256 ? dim1 : 256, dim0 < 256 ? dim0 : 256);
            dim3 mf_block(B1, B0);
            const size_t mf_shared_bytes = mfTileBytes(sizeof(int), (long long) B0 * (long long) B1);
            if (mf_shared_bytes > 48 * 1024) /* beyond the default limit: opt in (up to the device's maximum) */
                mfCudaCheck(cudaFuncSetAttribute(kernel0, cudaFuncAttributeMaxDynamicSharedMemorySize, (int) mf_shared_bytes));
            kernel0<<<mf_grid, mf_block, mf_shared_bytes>>>(mf_dev_c, mf_dev_a, dim0, dim1, B0, B1, n);
            mfCudaCheck(cudaGetLastError());
        }
        mfCudaCheck(cudaMemcpy(c, mf_dev_c, sizeof(int) * n * n, cudaMemcpyDeviceToHost));
        mfCudaCheck(cudaFree(mf_dev_c));
        mfCudaCheck(cudaFree(mf_dev_a));
    }

    long sum = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            sum += (long)((i * 3 + j) % 7 + 1) * c[i][j] + (long)((i + j * 5) % 11 + 1) * a[i][j];
    printf("transpose: n=%d checksum=%ld\n", n, sum);
    return 0;
}
