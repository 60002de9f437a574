/*
 * thesis-lu.mfc -- LU decomposition without pivoting of an n x n double matrix,
 * stored column-major as in the thesis (U[col][row], L[col][row]): for each
 * column k, L[k][p] = U[k][p] / U[k][k] for p > k, then
 * U[j][p] -= L[k][p] * U[j][k] for k <= j < n.
 *
 * Follows the MetaFork input of thesis Figure 5.8 (Chapter 5, test case 4;
 * digest 000 section 6.1 (4)): a serial loop over k inside the meta_schedule
 * around a 1-D nest (bx < ub, ux < B, with the QE-derived guard
 * (k + 1 - bx * B < B) && (-B * bx + k < ux) && (ux < n - bx * B), kept
 * verbatim) and a 2-D nest (bx, by < ut; ux, uy < Sqrt_T) with
 * i = by * Sqrt_T + uy, j = bx * Sqrt_T + ux and the guards i < n - k - 1,
 * j < n - k.
 *
 * Deviations from the thesis input:
 *   - grid sizes by ceiling division: ub = (n + B - 1) / B and
 *     ut = (n + Sqrt_T - 1) / Sqrt_T instead of n / B and n / Sqrt_T (the
 *     thesis's own guards already cover partial tiles, so no guard is added);
 *   - the update is `U[j+k][i+k+1] -= L[k][i+k+1] * U[j+k][k];`: the thesis's
 *     MetaFork figure prints `=` but its serial code and its generated kernel
 *     use `-=` (digest 000 flags this as an inconsistency).
 * The input is A = L0 * U0 with small integer factors (L0 unit lower
 * triangular, U0 upper triangular with diagonal 1..3), so every intermediate
 * value is an integer far below 2^53 and every division is exact: the result
 * does not depend on evaluation order or on FMA contraction.
 * Arguments are n, then the 1-D block size B, then the 2-D block side Sqrt_T
 * (blocks are Sqrt_T x Sqrt_T). Arrays are VLAs (16 * n * n bytes).
 *
 * Usage: thesis-lu [n [B [Sqrt_T]]]   (defaults n = 100, B = 128, Sqrt_T = 16)
 * Prints a position-weighted checksum of L and U (both written).
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


/* A small deterministic hash of (r, c), 0..4. */
static int h5(int r, int c)
{
    unsigned x = (unsigned)r * 7919u + (unsigned)c * 104729u + 12345u;
    x = x * 2654435761u;
    return (int)((x >> 16) % 5u);
}

/* Row-major factors: L0 unit lower triangular with entries -1..1 below the
 * diagonal, U0 upper triangular with diagonal 1..3 and entries -2..2 above. */
static int l0(int r, int c) { return r == c ? 1 : (r > c ? h5(r, c) % 3 - 1 : 0); }
static int u0(int r, int c) { return r == c ? 1 + h5(r, c) % 3 : (r < c ? h5(r, c) - 2 : 0); }

__global__ void kernel0(double *L, double *U, int ub, int B, int k, int n)
{
    extern __shared__ __align__(16) unsigned char mf_shared[];
    const int mf_tid = threadIdx.x;
    const int mf_threads = blockDim.x;
    const int mf_U_e0 = 1, mf_U_e1 = B;
    const int mf_U_w = mf_U_e1 > 0 ? mf_U_e1 : 1;
    const int mf_U_r0 = mf_tid / mf_U_w, mf_U_c0 = mf_tid % mf_U_w, mf_U_dr = mf_threads / mf_U_w, mf_U_dc = mf_threads % mf_U_w;
    double *const shared_U = (double *) (mf_shared);
    const int mf_U_1_e0 = 1, mf_U_1_e1 = 1;
    const int mf_U_1_w = mf_U_1_e1 > 0 ? mf_U_1_e1 : 1;
    const int mf_U_1_r0 = mf_tid / mf_U_1_w, mf_U_1_c0 = mf_tid % mf_U_1_w, mf_U_1_dr = mf_threads / mf_U_1_w, mf_U_1_dc = mf_threads % mf_U_1_w;
    double *const shared_U_1 = (double *) (mf_shared + mfTileBytes(sizeof(double), (long long) mf_U_e0 * (long long) mf_U_e1));
    const int mf_U_1_o0 = k, mf_U_1_o1 = k;
    for (int mf_e = mf_tid, mf_r = mf_U_1_r0, mf_c = mf_U_1_c0; mf_e < mf_U_1_e0 * mf_U_1_e1; mf_e += mf_threads) {
        const int mf_g0 = mf_U_1_o0 + mf_r, mf_g1 = mf_U_1_o1 + mf_c;
        if (mf_g0 >= 0 && mf_g0 < n && mf_g1 >= 0 && mf_g1 < n)
            shared_U_1[mf_e] = U[mf_g0 * n + mf_g1];
        mf_r += mf_U_1_dr, mf_c += mf_U_1_dc;
        if (mf_c >= mf_U_1_e1) mf_c -= mf_U_1_e1, mf_r++;
    }
    __syncthreads();
    for (int bx = blockIdx.x; bx < ub; bx += gridDim.x) {
        const int mf_U_o0 = k, mf_U_o1 = B * bx;
        for (int mf_e = mf_tid, mf_r = mf_U_r0, mf_c = mf_U_c0; mf_e < mf_U_e0 * mf_U_e1; mf_e += mf_threads) {
            const int mf_g0 = mf_U_o0 + mf_r, mf_g1 = mf_U_o1 + mf_c;
            if (mf_g0 >= 0 && mf_g0 < n && mf_g1 >= 0 && mf_g1 < n)
                shared_U[mf_e] = U[mf_g0 * n + mf_g1];
            mf_r += mf_U_dr, mf_c += mf_U_dc;
            if (mf_c >= mf_U_e1) mf_c -= mf_U_e1, mf_r++;
        }
        __syncthreads();
        {
            const int ux = threadIdx.x;
            if ((k + 1 - bx * B < B) &&
                (-B * bx + k < ux) &&
                (ux < n - bx * B)) {
                int l = bx * B + ux;
                L[k * n + l] = shared_U[(k - mf_U_o0) * mf_U_e1 + (l - mf_U_o1)] / shared_U_1[(k - mf_U_1_o0) * mf_U_1_e1 + (k - mf_U_1_o1)];
            }
        }
        __syncthreads();
    }
}

__global__ void kernel1(double *U, double *L, int ut, int Sqrt_T, int n, int k)
{
    extern __shared__ __align__(16) unsigned char mf_shared[];
    const int mf_tid = threadIdx.y * blockDim.x + threadIdx.x;
    const int mf_threads = blockDim.x * blockDim.y;
    const int mf_U_e0 = Sqrt_T, mf_U_e1 = 1;
    const int mf_U_w = mf_U_e1 > 0 ? mf_U_e1 : 1;
    const int mf_U_r0 = mf_tid / mf_U_w, mf_U_c0 = mf_tid % mf_U_w, mf_U_dr = mf_threads / mf_U_w, mf_U_dc = mf_threads % mf_U_w;
    double *const shared_U = (double *) (mf_shared);
    const int mf_L_e0 = 1, mf_L_e1 = Sqrt_T;
    const int mf_L_w = mf_L_e1 > 0 ? mf_L_e1 : 1;
    const int mf_L_r0 = mf_tid / mf_L_w, mf_L_c0 = mf_tid % mf_L_w, mf_L_dr = mf_threads / mf_L_w, mf_L_dc = mf_threads % mf_L_w;
    double *const shared_L = (double *) (mf_shared + mfTileBytes(sizeof(double), (long long) mf_U_e0 * (long long) mf_U_e1));
    for (int bx = blockIdx.y; bx < ut; bx += gridDim.y) {
        const int mf_U_o0 = Sqrt_T * bx + k, mf_U_o1 = k;
        for (int mf_e = mf_tid, mf_r = mf_U_r0, mf_c = mf_U_c0; mf_e < mf_U_e0 * mf_U_e1; mf_e += mf_threads) {
            const int mf_g0 = mf_U_o0 + mf_r, mf_g1 = mf_U_o1 + mf_c;
            if (mf_g0 >= 0 && mf_g0 < n && mf_g1 >= 0 && mf_g1 < n)
                shared_U[mf_e] = U[mf_g0 * n + mf_g1];
            mf_r += mf_U_dr, mf_c += mf_U_dc;
            if (mf_c >= mf_U_e1) mf_c -= mf_U_e1, mf_r++;
        }
        __syncthreads();
        for (int by = blockIdx.x; by < ut; by += gridDim.x) {
            const int mf_L_o0 = k, mf_L_o1 = Sqrt_T * by + k + 1;
            for (int mf_e = mf_tid, mf_r = mf_L_r0, mf_c = mf_L_c0; mf_e < mf_L_e0 * mf_L_e1; mf_e += mf_threads) {
                const int mf_g0 = mf_L_o0 + mf_r, mf_g1 = mf_L_o1 + mf_c;
                if (mf_g0 >= 0 && mf_g0 < n && mf_g1 >= 0 && mf_g1 < n)
                    shared_L[mf_e] = L[mf_g0 * n + mf_g1];
                mf_r += mf_L_dr, mf_c += mf_L_dc;
                if (mf_c >= mf_L_e1) mf_c -= mf_L_e1, mf_r++;
            }
            __syncthreads();
            {
                const int ux = threadIdx.y;
                const int uy = threadIdx.x;
                int i = by * Sqrt_T + uy;
                if (i < n - k - 1) {
                    int j = bx * Sqrt_T + ux;
                    if (j < n - k) {
                        U[(j+k) * n + (i+k+1)] -=
                            shared_L[(k - mf_L_o0) * mf_L_e1 + ((i+k+1) - mf_L_o1)] * shared_U[((j+k) - mf_U_o0) * mf_U_e1 + (k - mf_U_o1)];
                    }
                }
            }
            __syncthreads();
        }
        __syncthreads();
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 100;
    int B = argc > 2 ? atoi(argv[2]) : 128;
    int Sqrt_T = argc > 3 ? atoi(argv[3]) : 16;
    double L[n][n], U[n][n];

    /* Column-major storage of A = L0 * U0: U[c][r] = A[r][c]. */
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int s = 0;
            for (int m = 0; m <= (r < c ? r : c); m++)
                s += l0(r, m) * u0(m, c);
            U[c][r] = s;
            L[c][r] = 0.0;
        }

    int ub = (n + B - 1) / B, ut = (n + Sqrt_T - 1) / Sqrt_T;
    { /* meta_schedule on the GPU: kernel0, kernel1 */
        double *mf_dev_L;
        mfCudaCheck(cudaMalloc((void **) &mf_dev_L, sizeof(double) * n * n));
        mfCudaCheck(cudaMemcpy(mf_dev_L, L, sizeof(double) * n * n, cudaMemcpyHostToDevice));
        double *mf_dev_U;
        mfCudaCheck(cudaMalloc((void **) &mf_dev_U, sizeof(double) * n * n));
        mfCudaCheck(cudaMemcpy(mf_dev_U, U, sizeof(double) * n * n, cudaMemcpyHostToDevice));
        for (int k = 0; k < n-1; k++) {
            if (ub > 0 && B > 0) { /* kernel0: 1-D grid of blocks bx, threads ux */
                dim3 mf_grid(ub < 32768 ? ub : 32768);
                dim3 mf_block(B);
                const size_t mf_shared_bytes = mfTileBytes(sizeof(double), (long long) 1 * (long long) B) + mfTileBytes(sizeof(double), (long long) 1 * (long long) 1);
                if (mf_shared_bytes > 48 * 1024) /* beyond the default limit: opt in (up to the device's maximum) */
                    mfCudaCheck(cudaFuncSetAttribute(kernel0, cudaFuncAttributeMaxDynamicSharedMemorySize, (int) mf_shared_bytes));
                kernel0<<<mf_grid, mf_block, mf_shared_bytes>>>(mf_dev_L, mf_dev_U, ub, B, k, n);
                mfCudaCheck(cudaGetLastError());
            }
            if (ut > 0 && Sqrt_T > 0) { /* kernel1: 2-D grid of blocks bx, by, threads ux, uy */
                dim3 mf_grid(ut < 256 ? ut : 256, ut < 256 ? ut : 256);
                dim3 mf_block(Sqrt_T, Sqrt_T);
                const size_t mf_shared_bytes = mfTileBytes(sizeof(double), (long long) Sqrt_T * (long long) 1) + mfTileBytes(sizeof(double), (long long) 1 * (long long) Sqrt_T);
                if (mf_shared_bytes > 48 * 1024) /* beyond the default limit: opt in (up to the device's maximum) */
                    mfCudaCheck(cudaFuncSetAttribute(kernel1, cudaFuncAttributeMaxDynamicSharedMemorySize, (int) mf_shared_bytes));
                kernel1<<<mf_grid, mf_block, mf_shared_bytes>>>(mf_dev_U, mf_dev_L, ut, Sqrt_T, n, k);
                mfCudaCheck(cudaGetLastError());
            }
        }
        mfCudaCheck(cudaMemcpy(L, mf_dev_L, sizeof(double) * n * n, cudaMemcpyDeviceToHost));
        mfCudaCheck(cudaMemcpy(U, mf_dev_U, sizeof(double) * n * n, cudaMemcpyDeviceToHost));
        mfCudaCheck(cudaFree(mf_dev_L));
        mfCudaCheck(cudaFree(mf_dev_U));
    }

    long sum = 0;
    for (int c = 0; c < n; c++)
        for (int r = 0; r < n; r++)
            sum += (long)((c * 3 + r) % 7 + 1) * (long)U[c][r]
                 + (long)((c + r * 5) % 11 + 1) * (long)L[c][r];
    printf("lu: n=%d checksum=%ld\n", n, sum);
    return 0;
}
