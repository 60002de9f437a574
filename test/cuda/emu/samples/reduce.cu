// Block-level tree reduction in dynamic shared memory: __syncthreads() inside the halving loop,
// one partial sum per block, and a grand total through atomicAdd. Run with two block sizes.
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(call)                                                                   \
  do {                                                                                \
    cudaError_t e_ = (call);                                                          \
    if (e_ != cudaSuccess) {                                                          \
      printf("CUDA error: %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); \
      return 1;                                                                       \
    }                                                                                 \
  } while (0)

__global__ void block_sum(const int* in, unsigned long long* partial, unsigned long long* total, int n) {
  extern __shared__ unsigned long long sdata[];
  unsigned tid = threadIdx.x;
  unsigned long long s = 0;
  for (int i = blockIdx.x * blockDim.x + tid; i < n; i += blockDim.x * gridDim.x) s += in[i];
  sdata[tid] = s;
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride) sdata[tid] += sdata[tid + stride];
    __syncthreads();
  }
  if (tid == 0) {
    partial[blockIdx.x] = sdata[0];
    atomicAdd(total, sdata[0]);
  }
}

// Runs the reduction with the given shape and compares every partial sum with the host's.
static int check(const int* in, const int* din, int n, int blocks, int threads) {
  unsigned long long *dpartial, *dtotal;
  CHECK(cudaMalloc(&dpartial, blocks * sizeof(unsigned long long)));
  CHECK(cudaMalloc(&dtotal, sizeof(unsigned long long)));
  CHECK(cudaMemset(dtotal, 0, sizeof(unsigned long long)));
  block_sum<<<blocks, threads, threads * sizeof(unsigned long long)>>>(din, dpartial, dtotal, n);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  unsigned long long* partial = new unsigned long long[blocks];
  unsigned long long total = 0;
  CHECK(cudaMemcpy(partial, dpartial, blocks * sizeof(unsigned long long), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(&total, dtotal, sizeof total, cudaMemcpyDeviceToHost));

  // Host reference: the same element-to-block assignment as the grid-stride loop.
  unsigned long long* expect = new unsigned long long[blocks]();
  unsigned long long expect_total = 0;
  const long long stride = (long long)blocks * threads;
  for (int i = 0; i < n; ++i) {
    expect[(i % stride) / threads] += in[i];
    expect_total += in[i];
  }
  int bad = 0;
  for (int b = 0; b < blocks; ++b) bad += partial[b] != expect[b];
  bad += total != expect_total;
  printf("%s reduce blocks=%d threads=%d mismatches=%d total=%llu\n", bad ? "MISMATCH" : "OK", blocks, threads, bad, total);
  delete[] partial;
  delete[] expect;
  CHECK(cudaFree(dpartial));
  CHECK(cudaFree(dtotal));
  return bad != 0;
}

int main() {
  const int n = 3000017;
  int* in = new int[n];
  for (int i = 0; i < n; ++i) in[i] = (int)((i * 7919LL) % 1000);
  int* din;
  CHECK(cudaMalloc(&din, n * sizeof(int)));
  CHECK(cudaMemcpy(din, in, n * sizeof(int), cudaMemcpyHostToDevice));
  int failed = 0;
  failed |= check(in, din, n, 2000, 256);  // 2,000 blocks of 256 threads, 9 barriers each
  failed |= check(in, din, n, 37, 128);    // another block size: the thread pool is reused
  CHECK(cudaFree(din));
  delete[] in;
  return failed;
}
