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

/* metafork: bytes of a shared-memory tile of `count` elements, rounded up to keep the next tile aligned. */
static __host__ __device__ inline size_t mfTileBytes(size_t element, long long count)
{
    return count > 0 ? ((size_t) count * element + 15) / 16 * 16 : 0;
}


__global__ void kernel0(int *c, int *a, int *b, int dim0, int dim1, int n, int B0, int B1)
{
    extern __shared__ __align__(16) unsigned char mf_shared[];
    const int mf_tid = threadIdx.y * blockDim.x + threadIdx.x;
    const int mf_threads = blockDim.x * blockDim.y;
    const int mf_c_e0 = B0, mf_c_e1 = B1;
    const int mf_c_w = mf_c_e1 > 0 ? mf_c_e1 : 1;
    const int mf_c_r0 = mf_tid / mf_c_w, mf_c_c0 = mf_tid % mf_c_w, mf_c_dr = mf_threads / mf_c_w, mf_c_dc = mf_threads % mf_c_w;
    int *const shared_c = (int *) (mf_shared);
    const int mf_a_e0 = B0, mf_a_e1 = 4;
    const int mf_a_w = mf_a_e1 > 0 ? mf_a_e1 : 1;
    const int mf_a_r0 = mf_tid / mf_a_w, mf_a_c0 = mf_tid % mf_a_w, mf_a_dr = mf_threads / mf_a_w, mf_a_dc = mf_threads % mf_a_w;
    int *const shared_a = (int *) (mf_shared + mfTileBytes(sizeof(int), (long long) mf_c_e0 * (long long) mf_c_e1));
    const int mf_b_e0 = 4, mf_b_e1 = B1;
    const int mf_b_w = mf_b_e1 > 0 ? mf_b_e1 : 1;
    const int mf_b_r0 = mf_tid / mf_b_w, mf_b_c0 = mf_tid % mf_b_w, mf_b_dr = mf_threads / mf_b_w, mf_b_dc = mf_threads % mf_b_w;
    int *const shared_b = (int *) (mf_shared + mfTileBytes(sizeof(int), (long long) mf_c_e0 * (long long) mf_c_e1) + mfTileBytes(sizeof(int), (long long) mf_a_e0 * (long long) mf_a_e1));
    for (int i = blockIdx.y; i < dim0; i += gridDim.y)
        for (int j = blockIdx.x; j < dim1; j += gridDim.x) {
            const int mf_c_o0 = B0 * i, mf_c_o1 = B1 * j;
            for (int mf_e = mf_tid, mf_r = mf_c_r0, mf_c = mf_c_c0; mf_e < mf_c_e0 * mf_c_e1; mf_e += mf_threads) {
                const int mf_g0 = mf_c_o0 + mf_r, mf_g1 = mf_c_o1 + mf_c;
                if (mf_g0 >= 0 && mf_g0 < n && mf_g1 >= 0 && mf_g1 < n)
                    shared_c[mf_e] = c[mf_g0 * n + mf_g1];
                mf_r += mf_c_dr, mf_c += mf_c_dc;
                if (mf_c >= mf_c_e1) mf_c -= mf_c_e1, mf_r++;
            }
            __syncthreads();
            for (int k = 0; k < (n + 3) / 4; k++) {
                const int mf_a_o0 = B0 * i, mf_a_o1 = 4 * k;
                const int mf_b_o0 = 4 * k, mf_b_o1 = B1 * j;
                for (int mf_e = mf_tid, mf_r = mf_a_r0, mf_c = mf_a_c0; mf_e < mf_a_e0 * mf_a_e1; mf_e += mf_threads) {
                    const int mf_g0 = mf_a_o0 + mf_r, mf_g1 = mf_a_o1 + mf_c;
                    if (mf_g0 >= 0 && mf_g0 < n && mf_g1 >= 0 && mf_g1 < n)
                        shared_a[mf_e] = a[mf_g0 * n + mf_g1];
                    mf_r += mf_a_dr, mf_c += mf_a_dc;
                    if (mf_c >= mf_a_e1) mf_c -= mf_a_e1, mf_r++;
                }
                for (int mf_e = mf_tid, mf_r = mf_b_r0, mf_c = mf_b_c0; mf_e < mf_b_e0 * mf_b_e1; mf_e += mf_threads) {
                    const int mf_g0 = mf_b_o0 + mf_r, mf_g1 = mf_b_o1 + mf_c;
                    if (mf_g0 >= 0 && mf_g0 < n && mf_g1 >= 0 && mf_g1 < n)
                        shared_b[mf_e] = b[mf_g0 * n + mf_g1];
                    mf_r += mf_b_dr, mf_c += mf_b_dc;
                    if (mf_c >= mf_b_e1) mf_c -= mf_b_e1, mf_r++;
                }
                __syncthreads();
                {
                    const int v = threadIdx.y;
                    const int u = threadIdx.x;
                    int p = i * B0 + v;
                    int w = j * B1 + u;
                    for (int z = 0; z < 4; z++)
                        if (p < n && w < n && 4 * k + z < n) {
                            shared_c[(p - mf_c_o0) * mf_c_e1 + (w - mf_c_o1)] +=
                                shared_a[(p - mf_a_o0) * mf_a_e1 + ((4*k+z) - mf_a_o1)] * shared_b[((4*k+z) - mf_b_o0) * mf_b_e1 + (w - mf_b_o1)];
                        }
                }
                __syncthreads();
            }
            __syncthreads();
            for (int mf_e = mf_tid, mf_r = mf_c_r0, mf_c = mf_c_c0; mf_e < mf_c_e0 * mf_c_e1; mf_e += mf_threads) { /* store */
                const int mf_g0 = mf_c_o0 + mf_r, mf_g1 = mf_c_o1 + mf_c;
                if (mf_g0 >= 0 && mf_g0 < n && mf_g1 >= 0 && mf_g1 < n)
                    c[mf_g0 * n + mf_g1] = shared_c[mf_e];
                mf_r += mf_c_dr, mf_c += mf_c_dc;
                if (mf_c >= mf_c_e1) mf_c -= mf_c_e1, mf_r++;
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
            const size_t mf_shared_bytes = mfTileBytes(sizeof(int), (long long) B0 * (long long) B1) + mfTileBytes(sizeof(int), (long long) B0 * (long long) 4) + mfTileBytes(sizeof(int), (long long) 4 * (long long) B1);
            if (mf_shared_bytes > 48 * 1024) /* beyond the default limit: opt in (up to the device's maximum) */
                mfCudaCheck(cudaFuncSetAttribute(kernel0, cudaFuncAttributeMaxDynamicSharedMemorySize, (int) mf_shared_bytes));
            kernel0<<<mf_grid, mf_block, mf_shared_bytes>>>(mf_dev_c, mf_dev_a, mf_dev_b, dim0, dim1, n, B0, B1);
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
