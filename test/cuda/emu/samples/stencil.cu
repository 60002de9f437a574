// 1-D stencil (radius 3, asymmetric weights) with the block's input and its halo staged in
// dynamic shared memory. Blocks of 16 threads: about 40,000 blocks.
#include <cstdio>
#include <cuda_runtime.h>

#define R 3

#define CHECK(call)                                                                   \
  do {                                                                                \
    cudaError_t e_ = (call);                                                          \
    if (e_ != cudaSuccess) {                                                          \
      printf("CUDA error: %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); \
      return 1;                                                                       \
    }                                                                                 \
  } while (0)

__global__ void stencil1d(const int* in, int* out, int n) {
  extern __shared__ int tile[];  // blockDim.x + 2 * R elements
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int l = threadIdx.x + R;
  tile[l] = g < n ? in[g] : 0;
  if (threadIdx.x < R) {
    int left = g - R;
    int right = g + blockDim.x;
    tile[l - R] = left >= 0 && left < n ? in[left] : 0;
    tile[l + blockDim.x] = right < n ? in[right] : 0;
  }
  __syncthreads();
  if (g < n) {
    int s = 0;
    for (int k = -R; k <= R; ++k) s += (k + R + 1) * tile[l + k];
    out[g] = s;
  }
}

int main() {
  const int n = 640005;  // 40,001 blocks of 16, the last one partial
  const int threads = 16;
  const int blocks = (n + threads - 1) / threads;
  int* in = new int[n];
  int* out = new int[n];
  for (int i = 0; i < n; ++i) in[i] = (i * 37) % 101 - 50;
  int *din, *dout;
  CHECK(cudaMalloc(&din, n * sizeof(int)));
  CHECK(cudaMalloc(&dout, n * sizeof(int)));
  CHECK(cudaMemcpy(din, in, n * sizeof(int), cudaMemcpyHostToDevice));
  stencil1d<<<blocks, threads, (threads + 2 * R) * sizeof(int)>>>(din, dout, n);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(out, dout, n * sizeof(int), cudaMemcpyDeviceToHost));

  int bad = 0;
  long long checksum = 0;
  for (int i = 0; i < n; ++i) {
    int s = 0;
    for (int k = -R; k <= R; ++k) {
      int j = i + k;
      s += (k + R + 1) * (j >= 0 && j < n ? in[j] : 0);
    }
    if (out[i] != s) ++bad;
    checksum += (long long)out[i] * (i % 13 + 1);
  }
  printf("%s stencil blocks=%d mismatches=%d checksum=%lld\n", bad ? "MISMATCH" : "OK", blocks, bad, checksum);
  CHECK(cudaFree(din));
  CHECK(cudaFree(dout));
  delete[] in;
  delete[] out;
  return bad != 0;
}
