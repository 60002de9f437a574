/*
 * thesis-reversal.mfc -- array reversal: Out[N-1-i] = In[i] for 0 <= i < N.
 *
 * Follows the MetaFork input of thesis Figure 5.6 (Ning Xie 2016, Chapter 5,
 * test case 1; digest 000 section 6.1 (1)): a 1-D grid of ub_v blocks of B
 * threads, inoffset = v * B + u, outoffset = N - 1 - inoffset.
 *
 * Deviations from the thesis input (both so that every N and B is correct):
 *   - grid size by ceiling division: ub_v = (N + B - 1) / B instead of N / B
 *     (the thesis only ran sizes that B divides, so the tail was never lost);
 *   - the body is guarded by `if (inoffset < N)` for the partial last block;
 *     outoffset is computed inside the guard.
 * Arrays are VLAs on the stack (8 * N bytes); keep N below 900,000.
 *
 * Usage: thesis-reversal [N [B]]      (defaults N = 1000, B = 32)
 * Prints a position-weighted checksum of Out (written) and In (read only).
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


__global__ void kernel0(int *Out, int *In, int ub_v, int B, int N)
{
    extern __shared__ __align__(16) unsigned char mf_shared[];
    const int mf_tid = threadIdx.x;
    const int mf_threads = blockDim.x;
    const int mf_In_e0 = B;
    int *const shared_In = (int *) (mf_shared);
    for (int v = blockIdx.x; v < ub_v; v += gridDim.x) {
        const int mf_In_o0 = B * v;
        for (int mf_e = mf_tid; mf_e < mf_In_e0; mf_e += mf_threads) {
            const int mf_g0 = mf_In_o0 + mf_e;
            if (mf_g0 >= 0 && mf_g0 < N)
                shared_In[mf_e] = In[mf_g0];
        }
        __syncthreads();
        {
            const int u = threadIdx.x;
            int inoffset = v * B + u;
            if (inoffset < N) {
                int outoffset = N - 1 - inoffset;
                Out[outoffset] = shared_In[inoffset - mf_In_o0];
            }
        }
        __syncthreads();
    }
}

int main(int argc, char **argv)
{
    int N = argc > 1 ? atoi(argv[1]) : 1000;
    int B = argc > 2 ? atoi(argv[2]) : 32;
    int In[N], Out[N];
    unsigned seed = 12345u;

    for (int i = 0; i < N; i++) {
        seed = seed * 1103515245u + 12345u;
        In[i] = (int)((seed >> 16) % 1000u);
        Out[i] = -1;
    }

    int ub_v = (N + B - 1) / B;
    { /* meta_schedule on the GPU: kernel0 */
        int *mf_dev_Out;
        mfCudaCheck(cudaMalloc((void **) &mf_dev_Out, sizeof(int) * N));
        mfCudaCheck(cudaMemcpy(mf_dev_Out, Out, sizeof(int) * N, cudaMemcpyHostToDevice));
        int *mf_dev_In;
        mfCudaCheck(cudaMalloc((void **) &mf_dev_In, sizeof(int) * N));
        mfCudaCheck(cudaMemcpy(mf_dev_In, In, sizeof(int) * N, cudaMemcpyHostToDevice));
        if (ub_v > 0 && B > 0) { /* kernel0: 1-D grid of blocks v, threads u */
            dim3 mf_grid(ub_v < 32768 ? ub_v : 32768);
            dim3 mf_block(B);
            const size_t mf_shared_bytes = mfTileBytes(sizeof(int), B);
            if (mf_shared_bytes > 48 * 1024) /* beyond the default limit: opt in (up to the device's maximum) */
                mfCudaCheck(cudaFuncSetAttribute(kernel0, cudaFuncAttributeMaxDynamicSharedMemorySize, (int) mf_shared_bytes));
            kernel0<<<mf_grid, mf_block, mf_shared_bytes>>>(mf_dev_Out, mf_dev_In, ub_v, B, N);
            mfCudaCheck(cudaGetLastError());
        }
        mfCudaCheck(cudaMemcpy(Out, mf_dev_Out, sizeof(int) * N, cudaMemcpyDeviceToHost));
        mfCudaCheck(cudaFree(mf_dev_Out));
        mfCudaCheck(cudaFree(mf_dev_In));
    }

    long sum = 0;
    for (int i = 0; i < N; i++)
        sum += (long)(i % 7 + 1) * Out[i] + (long)(i % 5 + 1) * In[i];
    printf("reversal: N=%d checksum=%ld\n", N, sum);
    return 0;
}
