/*
 * thesis-jacobi2d.mfc -- 2-D Jacobi (5-point, int data), T time steps:
 *   b[i][j] = (a[i-1][j] + a[i+1][j] + a[i][j-1] + a[i][j+1]) / 4 on the
 *   interior 1 <= i, j < N-1, then a[i][j] = b[i][j].
 *
 * Follows the MetaFork input of thesis Figure 5.7 (Chapter 5, test case 3;
 * digest 000 section 6.1 (3)): a serial time loop inside the meta_schedule
 * around two 2-D nests (v0, v1 grid; u0, u1 block), p = v0 * B0 + u0,
 * w = v1 * B1 + u1, b[p+1][w+1] = (a[p][w+1] + a[p+2][w+1] + a[p+1][w] +
 * a[p+1][w+2]) / 4; then i, j and a[i+1][j+1] = b[i+1][j+1].
 *
 * Deviations from the thesis input (so that every N, B0, B1 is correct):
 *   - grid sizes by ceiling division: dim0 = (N - 2 + B0 - 1) / B0 and
 *     dim1 = (N - 2 + B1 - 1) / B1 instead of (N-2)/B0 and (N-2)/B1;
 *   - both bodies are guarded by `if (p < N - 2 && w < N - 2)` /
 *     `if (i < N - 2 && j < N - 2)` for partial tiles.
 * T is an ordinary int variable fixed to 4 (symbolic in the thesis).
 * Arrays are VLAs on the stack (8 * N * N bytes): keep N <= 700.
 *
 * Usage: thesis-jacobi2d [N [B0 [B1]]]   (defaults N = 200, B0 = 8, B1 = 32)
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


__global__ void kernel0(int *b, int *a, int dim0, int dim1, int B0, int B1, int N)
{
    extern __shared__ __align__(16) unsigned char mf_shared[];
    const int mf_tid = threadIdx.y * blockDim.x + threadIdx.x;
    const int mf_threads = blockDim.x * blockDim.y;
    const int mf_a_e0 = B0 + 2, mf_a_e1 = B1 + 2;
    const int mf_a_w = mf_a_e1 > 0 ? mf_a_e1 : 1;
    const int mf_a_r0 = mf_tid / mf_a_w, mf_a_c0 = mf_tid % mf_a_w, mf_a_dr = mf_threads / mf_a_w, mf_a_dc = mf_threads % mf_a_w;
    int *const shared_a = (int *) (mf_shared);
    for (int v0 = blockIdx.y; v0 < dim0; v0 += gridDim.y)
        for (int v1 = blockIdx.x; v1 < dim1; v1 += gridDim.x) {
            const int mf_a_o0 = B0 * v0, mf_a_o1 = B1 * v1;
            for (int mf_e = mf_tid, mf_r = mf_a_r0, mf_c = mf_a_c0; mf_e < mf_a_e0 * mf_a_e1; mf_e += mf_threads) {
                const int mf_g0 = mf_a_o0 + mf_r, mf_g1 = mf_a_o1 + mf_c;
                if (mf_g0 >= 0 && mf_g0 < N && mf_g1 >= 0 && mf_g1 < N)
                    shared_a[mf_e] = a[mf_g0 * N + mf_g1];
                mf_r += mf_a_dr, mf_c += mf_a_dc;
                if (mf_c >= mf_a_e1) mf_c -= mf_a_e1, mf_r++;
            }
            __syncthreads();
            {
                const int u0 = threadIdx.y;
                const int u1 = threadIdx.x;
                int p = v0 * B0 + u0;
                int w = v1 * B1 + u1;
                if (p < N - 2 && w < N - 2) {
                    b[(p+1) * N + (w+1)] = (shared_a[(p - mf_a_o0) * mf_a_e1 + ((w+1) - mf_a_o1)] +
                        shared_a[((p+2) - mf_a_o0) * mf_a_e1 + ((w+1) - mf_a_o1)] + shared_a[((p+1) - mf_a_o0) * mf_a_e1 + (w - mf_a_o1)] +
                        shared_a[((p+1) - mf_a_o0) * mf_a_e1 + ((w+2) - mf_a_o1)]) / 4;
                }
            }
            __syncthreads();
        }
}

__global__ void kernel1(int *a, int *b, int dim0, int dim1, int B0, int B1, int N)
{
    extern __shared__ __align__(16) unsigned char mf_shared[];
    const int mf_tid = threadIdx.y * blockDim.x + threadIdx.x;
    const int mf_threads = blockDim.x * blockDim.y;
    const int mf_b_e0 = B0, mf_b_e1 = B1;
    const int mf_b_w = mf_b_e1 > 0 ? mf_b_e1 : 1;
    const int mf_b_r0 = mf_tid / mf_b_w, mf_b_c0 = mf_tid % mf_b_w, mf_b_dr = mf_threads / mf_b_w, mf_b_dc = mf_threads % mf_b_w;
    int *const shared_b = (int *) (mf_shared);
    for (int v0 = blockIdx.y; v0 < dim0; v0 += gridDim.y)
        for (int v1 = blockIdx.x; v1 < dim1; v1 += gridDim.x) {
            const int mf_b_o0 = B0 * v0 + 1, mf_b_o1 = B1 * v1 + 1;
            for (int mf_e = mf_tid, mf_r = mf_b_r0, mf_c = mf_b_c0; mf_e < mf_b_e0 * mf_b_e1; mf_e += mf_threads) {
                const int mf_g0 = mf_b_o0 + mf_r, mf_g1 = mf_b_o1 + mf_c;
                if (mf_g0 >= 0 && mf_g0 < N && mf_g1 >= 0 && mf_g1 < N)
                    shared_b[mf_e] = b[mf_g0 * N + mf_g1];
                mf_r += mf_b_dr, mf_c += mf_b_dc;
                if (mf_c >= mf_b_e1) mf_c -= mf_b_e1, mf_r++;
            }
            __syncthreads();
            {
                const int u0 = threadIdx.y;
                const int u1 = threadIdx.x;
                int i = v0 * B0 + u0;
                int j = v1 * B1 + u1;
                if (i < N - 2 && j < N - 2) {
                    a[(i+1) * N + (j+1)] = shared_b[((i+1) - mf_b_o0) * mf_b_e1 + ((j+1) - mf_b_o1)];
                }
            }
            __syncthreads();
        }
}

int main(int argc, char **argv)
{
    int N = argc > 1 ? atoi(argv[1]) : 200;
    int B0 = argc > 2 ? atoi(argv[2]) : 8;
    int B1 = argc > 3 ? atoi(argv[3]) : 32;
    int T = 4;
    int a[N][N], b[N][N];
    unsigned seed = 777u;

    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            seed = seed * 1103515245u + 12345u;
            a[i][j] = (int)((seed >> 16) % 1000u);
            b[i][j] = a[i][j];
        }

    int dim0 = (N - 2 + B0 - 1) / B0, dim1 = (N - 2 + B1 - 1) / B1;
    { /* meta_schedule on the GPU: kernel0, kernel1 */
        int *mf_dev_b;
        mfCudaCheck(cudaMalloc((void **) &mf_dev_b, sizeof(int) * N * N));
        mfCudaCheck(cudaMemcpy(mf_dev_b, b, sizeof(int) * N * N, cudaMemcpyHostToDevice));
        int *mf_dev_a;
        mfCudaCheck(cudaMalloc((void **) &mf_dev_a, sizeof(int) * N * N));
        mfCudaCheck(cudaMemcpy(mf_dev_a, a, sizeof(int) * N * N, cudaMemcpyHostToDevice));
        for (int t = 0; t < T; t++) {
            if (dim0 > 0 && dim1 > 0 && B0 > 0 && B1 > 0) { /* kernel0: 2-D grid of blocks v0, v1, threads u0, u1 */
                dim3 mf_grid(dim1 < 256 ? dim1 : 256, dim0 < 256 ? dim0 : 256);
                dim3 mf_block(B1, B0);
                const size_t mf_shared_bytes = mfTileBytes(sizeof(int), (long long) (B0 + 2) * (long long) (B1 + 2));
                if (mf_shared_bytes > 48 * 1024) /* beyond the default limit: opt in (up to the device's maximum) */
                    mfCudaCheck(cudaFuncSetAttribute(kernel0, cudaFuncAttributeMaxDynamicSharedMemorySize, (int) mf_shared_bytes));
                kernel0<<<mf_grid, mf_block, mf_shared_bytes>>>(mf_dev_b, mf_dev_a, dim0, dim1, B0, B1, N);
                mfCudaCheck(cudaGetLastError());
            }
            if (dim0 > 0 && dim1 > 0 && B0 > 0 && B1 > 0) { /* kernel1: 2-D grid of blocks v0, v1, threads u0, u1 */
                dim3 mf_grid(dim1 < 256 ? dim1 : 256, dim0 < 256 ? dim0 : 256);
                dim3 mf_block(B1, B0);
                const size_t mf_shared_bytes = mfTileBytes(sizeof(int), (long long) B0 * (long long) B1);
                if (mf_shared_bytes > 48 * 1024) /* beyond the default limit: opt in (up to the device's maximum) */
                    mfCudaCheck(cudaFuncSetAttribute(kernel1, cudaFuncAttributeMaxDynamicSharedMemorySize, (int) mf_shared_bytes));
                kernel1<<<mf_grid, mf_block, mf_shared_bytes>>>(mf_dev_a, mf_dev_b, dim0, dim1, B0, B1, N);
                mfCudaCheck(cudaGetLastError());
            }
        }
        mfCudaCheck(cudaMemcpy(b, mf_dev_b, sizeof(int) * N * N, cudaMemcpyDeviceToHost));
        mfCudaCheck(cudaMemcpy(a, mf_dev_a, sizeof(int) * N * N, cudaMemcpyDeviceToHost));
        mfCudaCheck(cudaFree(mf_dev_b));
        mfCudaCheck(cudaFree(mf_dev_a));
    }

    long sum = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            sum += (long)((i * 3 + j) % 7 + 1) * a[i][j] + (long)((i + j * 5) % 11 + 1) * b[i][j];
    printf("jacobi2d: N=%d T=%d checksum=%ld\n", N, T, sum);
    return 0;
}
