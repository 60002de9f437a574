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

/* metafork: bytes of a shared-memory tile of `count` elements, rounded up to keep the next tile aligned. */
static __host__ __device__ inline size_t mfTileBytes(size_t element, long long count)
{
    return count > 0 ? ((size_t) count * element + 15) / 16 * 16 : 0;
}


__global__ void kernel0(int *c, int *a, int *b, int dim, int n, int B)
{
    extern __shared__ __align__(16) unsigned char mf_shared[];
    const int mf_tid = threadIdx.x;
    const int mf_threads = blockDim.x;
    const int mf_c_e0 = B;
    int *const shared_c = (int *) (mf_shared);
    const int mf_a_e0 = B, mf_a_e1 = 16;
    const int mf_a_w = mf_a_e1 > 0 ? mf_a_e1 : 1;
    const int mf_a_r0 = mf_tid / mf_a_w, mf_a_c0 = mf_tid % mf_a_w, mf_a_dr = mf_threads / mf_a_w, mf_a_dc = mf_threads % mf_a_w;
    int *const shared_a = (int *) (mf_shared + mfTileBytes(sizeof(int), mf_c_e0));
    const int mf_b_e0 = 16;
    int *const shared_b = (int *) (mf_shared + mfTileBytes(sizeof(int), mf_c_e0) + mfTileBytes(sizeof(int), (long long) mf_a_e0 * (long long) mf_a_e1));
    for (int v = blockIdx.x; v < dim; v += gridDim.x) {
        const int mf_c_o0 = B * v;
        for (int mf_e = mf_tid; mf_e < mf_c_e0; mf_e += mf_threads) {
            const int mf_g0 = mf_c_o0 + mf_e;
            if (mf_g0 >= 0 && mf_g0 < n)
                shared_c[mf_e] = c[mf_g0];
        }
        __syncthreads();
        for (int i = 0; i < (n + 15) / 16; ++i) {
            const int mf_a_o0 = B * v, mf_a_o1 = 16 * i;
            const int mf_b_o0 = 16 * i;
            for (int mf_e = mf_tid, mf_r = mf_a_r0, mf_c = mf_a_c0; mf_e < mf_a_e0 * mf_a_e1; mf_e += mf_threads) {
                const int mf_g0 = mf_a_o0 + mf_r, mf_g1 = mf_a_o1 + mf_c;
                if (mf_g0 >= 0 && mf_g0 < n && mf_g1 >= 0 && mf_g1 < n)
                    shared_a[mf_e] = a[mf_g0 * n + mf_g1];
                mf_r += mf_a_dr, mf_c += mf_a_dc;
                if (mf_c >= mf_a_e1) mf_c -= mf_a_e1, mf_r++;
            }
            for (int mf_e = mf_tid; mf_e < mf_b_e0; mf_e += mf_threads) {
                const int mf_g0 = mf_b_o0 + mf_e;
                if (mf_g0 >= 0 && mf_g0 < n)
                    shared_b[mf_e] = b[mf_g0];
            }
            __syncthreads();
            {
                const int u = threadIdx.x;
                for (int j = 0; j < 16; ++j) {
                    int p = v * B + u;
                    if (p < n && i * 16 + j < n) {
                        shared_c[p - mf_c_o0] += shared_a[(p - mf_a_o0) * mf_a_e1 + ((i*16+j) - mf_a_o1)] * shared_b[(i*16+j) - mf_b_o0];
                    }
                }
            }
            __syncthreads();
        }
        __syncthreads();
        for (int mf_e = mf_tid; mf_e < mf_c_e0; mf_e += mf_threads) { /* store */
            const int mf_g0 = mf_c_o0 + mf_e;
            if (mf_g0 >= 0 && mf_g0 < n)
                c[mf_g0] = shared_c[mf_e];
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
            const size_t mf_shared_bytes = mfTileBytes(sizeof(int), B) + mfTileBytes(sizeof(int), (long long) B * (long long) 16) + mfTileBytes(sizeof(int), 16);
            if (mf_shared_bytes > 48 * 1024) /* beyond the default limit: opt in (up to the device's maximum) */
                mfCudaCheck(cudaFuncSetAttribute(kernel0, cudaFuncAttributeMaxDynamicSharedMemorySize, (int) mf_shared_bytes));
            kernel0<<<mf_grid, mf_block, mf_shared_bytes>>>(mf_dev_c, mf_dev_a, mf_dev_b, dim, n, B);
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
