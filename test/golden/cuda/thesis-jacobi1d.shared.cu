/*
 * thesis-jacobi1d.mfc -- 1-D Jacobi, T time steps on int data:
 *   b[i] = (a[i-1] + a[i] + a[i+1]) / 3 for 1 <= i < N-1, then a[i] = b[i].
 *
 * Follows the MetaFork input of thesis Figure 5.3 (Chapter 5, section 5.3;
 * digest 000 section 2.4 and 6.1 (2)): a serial time loop inside the
 * meta_schedule around two 1-D meta_for nests (two kernels), p = v * B + u and
 * b[p+1] = (a[p] + a[p+1] + a[p+2]) / 3, then w = v * B + u and a[w+1] = b[w+1].
 *
 * Deviations from the thesis input (so that every N and B is correct):
 *   - grid size by ceiling division: ub_v = (N - 2 + B - 1) / B instead of
 *     (N - 2) / B;
 *   - both bodies are guarded by `if (p < N - 2)` / `if (w < N - 2)` for the
 *     partial last block.
 * T is an ordinary int variable fixed to 10 (the thesis leaves T symbolic;
 * Table 6.7 uses T = 4); it is not read from the command line.
 * Arrays are VLAs on the stack (8 * N bytes).
 *
 * Usage: thesis-jacobi1d [N [B]]      (defaults N = 1000, B = 64)
 * Prints a position-weighted checksum of a and b (both written).
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


__global__ void kernel0(int *b, int *a, int ub_v, int B, int N)
{
    extern __shared__ __align__(16) unsigned char mf_shared[];
    const int mf_tid = threadIdx.x;
    const int mf_threads = blockDim.x;
    const int mf_a_e0 = B + 2;
    int *const shared_a = (int *) (mf_shared);
    for (int v = blockIdx.x; v < ub_v; v += gridDim.x) {
        const int mf_a_o0 = B * v;
        for (int mf_e = mf_tid; mf_e < mf_a_e0; mf_e += mf_threads) {
            const int mf_g0 = mf_a_o0 + mf_e;
            if (mf_g0 >= 0 && mf_g0 < N)
                shared_a[mf_e] = a[mf_g0];
        }
        __syncthreads();
        {
            const int u = threadIdx.x;
            int p = v * B + u;
            if (p < N - 2) {
                b[p+1] = (shared_a[p - mf_a_o0] + shared_a[(p+1) - mf_a_o0] + shared_a[(p+2) - mf_a_o0]) / 3;
            }
        }
        __syncthreads();
    }
}

__global__ void kernel1(int *a, int *b, int ub_v, int B, int N)
{
    extern __shared__ __align__(16) unsigned char mf_shared[];
    const int mf_tid = threadIdx.x;
    const int mf_threads = blockDim.x;
    const int mf_b_e0 = B;
    int *const shared_b = (int *) (mf_shared);
    for (int v = blockIdx.x; v < ub_v; v += gridDim.x) {
        const int mf_b_o0 = B * v + 1;
        for (int mf_e = mf_tid; mf_e < mf_b_e0; mf_e += mf_threads) {
            const int mf_g0 = mf_b_o0 + mf_e;
            if (mf_g0 >= 0 && mf_g0 < N)
                shared_b[mf_e] = b[mf_g0];
        }
        __syncthreads();
        {
            const int u = threadIdx.x;
            int w = v * B + u;
            if (w < N - 2) {
                a[w+1] = shared_b[(w+1) - mf_b_o0];
            }
        }
        __syncthreads();
    }
}

int main(int argc, char **argv)
{
    int N = argc > 1 ? atoi(argv[1]) : 1000;
    int B = argc > 2 ? atoi(argv[2]) : 64;
    int T = 10;
    int a[N], b[N];
    unsigned seed = 4242u;

    for (int i = 0; i < N; i++) {
        seed = seed * 1103515245u + 12345u;
        a[i] = (int)((seed >> 16) % 1000u);
        b[i] = a[i];
    }

    int ub_v = (N - 2 + B - 1) / B;
    { /* meta_schedule on the GPU: kernel0, kernel1 */
        int *mf_dev_b;
        mfCudaCheck(cudaMalloc((void **) &mf_dev_b, sizeof(int) * N));
        mfCudaCheck(cudaMemcpy(mf_dev_b, b, sizeof(int) * N, cudaMemcpyHostToDevice));
        int *mf_dev_a;
        mfCudaCheck(cudaMalloc((void **) &mf_dev_a, sizeof(int) * N));
        mfCudaCheck(cudaMemcpy(mf_dev_a, a, sizeof(int) * N, cudaMemcpyHostToDevice));
        for (int t = 0; t < T; ++t) {
            if (ub_v > 0 && B > 0) { /* kernel0: 1-D grid of blocks v, threads u */
                dim3 mf_grid(ub_v < 32768 ? ub_v : 32768);
                dim3 mf_block(B);
                const size_t mf_shared_bytes = mfTileBytes(sizeof(int), (B + 2));
                if (mf_shared_bytes > 48 * 1024) /* beyond the default limit: opt in (up to the device's maximum) */
                    mfCudaCheck(cudaFuncSetAttribute(kernel0, cudaFuncAttributeMaxDynamicSharedMemorySize, (int) mf_shared_bytes));
                kernel0<<<mf_grid, mf_block, mf_shared_bytes>>>(mf_dev_b, mf_dev_a, ub_v, B, N);
                mfCudaCheck(cudaGetLastError());
            }
            if (ub_v > 0 && B > 0) { /* kernel1: 1-D grid of blocks v, threads u */
                dim3 mf_grid(ub_v < 32768 ? ub_v : 32768);
                dim3 mf_block(B);
                const size_t mf_shared_bytes = mfTileBytes(sizeof(int), B);
                if (mf_shared_bytes > 48 * 1024) /* beyond the default limit: opt in (up to the device's maximum) */
                    mfCudaCheck(cudaFuncSetAttribute(kernel1, cudaFuncAttributeMaxDynamicSharedMemorySize, (int) mf_shared_bytes));
                kernel1<<<mf_grid, mf_block, mf_shared_bytes>>>(mf_dev_a, mf_dev_b, ub_v, B, N);
                mfCudaCheck(cudaGetLastError());
            }
        }
        mfCudaCheck(cudaMemcpy(b, mf_dev_b, sizeof(int) * N, cudaMemcpyDeviceToHost));
        mfCudaCheck(cudaMemcpy(a, mf_dev_a, sizeof(int) * N, cudaMemcpyDeviceToHost));
        mfCudaCheck(cudaFree(mf_dev_b));
        mfCudaCheck(cudaFree(mf_dev_a));
    }

    long sum = 0;
    for (int i = 0; i < N; i++)
        sum += (long)(i % 7 + 1) * a[i] + (long)(i % 11 + 1) * b[i];
    printf("jacobi1d: N=%d T=%d checksum=%ld\n", N, T, sum);
    return 0;
}
