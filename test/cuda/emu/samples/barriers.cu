// Barrier semantics: a Hillis-Steele scan double-buffered in static shared memory (a barrier per
// step of a loop), __syncthreads_count, and a rotation whose block-uniform trip count depends on
// the block: wrong results unless every thread waits for all others at each barrier.
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

#define BS 128

__global__ void scan(const int* in, int* out) {
  __shared__ int buf[2][BS];
  int t = threadIdx.x;
  int base = blockIdx.x * BS;
  int cur = 0;
  buf[cur][t] = in[base + t];
  __syncthreads();
  for (int offset = 1; offset < BS; offset *= 2) {
    int v = buf[cur][t];
    if (t >= offset) v += buf[cur][t - offset];
    buf[1 - cur][t] = v;
    cur = 1 - cur;
    __syncthreads();
  }
  out[base + t] = buf[cur][t];
}

__global__ void count_multiples(const int* in, int* counts) {
  int c = __syncthreads_count(in[blockIdx.x * blockDim.x + threadIdx.x] % 3 == 0);
  if (threadIdx.x == 0) counts[blockIdx.x] = c;
}

__global__ void rotate(const int* in, int* out) {
  extern __shared__ int s[];
  int t = threadIdx.x, n = blockDim.x;
  s[t] = in[blockIdx.x * n + t];
  __syncthreads();
  for (int r = 0; r < (int)(blockIdx.x % 5) + 1; ++r) {
    int v = s[(t + 1) % n];
    __syncthreads();
    s[t] = v + 1;
    __syncthreads();
  }
  out[blockIdx.x * n + t] = s[t];
}

static int failures = 0;

static void report(int bad, const char* what) {
  printf("%s %s mismatches=%d\n", bad ? "MISMATCH" : "OK", what, bad);
  if (bad) ++failures;
}

int main() {
  const int blocks = 300, n = blocks * BS;
  int* in = new int[n];
  int* out = new int[n];
  for (int i = 0; i < n; ++i) in[i] = (i * 31 + 7) % 23 - 11;
  int *din, *dout, *dcounts;
  CHECK(cudaMalloc(&din, n * sizeof(int)));
  CHECK(cudaMalloc(&dout, n * sizeof(int)));
  CHECK(cudaMalloc(&dcounts, blocks * sizeof(int)));
  CHECK(cudaMemcpy(din, in, n * sizeof(int), cudaMemcpyHostToDevice));

  scan<<<blocks, BS>>>(din, dout);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(out, dout, n * sizeof(int), cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int b = 0; b < blocks; ++b) {
    int s = 0;
    for (int t = 0; t < BS; ++t) {
      s += in[b * BS + t];
      bad += out[b * BS + t] != s;
    }
  }
  report(bad, "scan");

  int counts[blocks];
  count_multiples<<<blocks, BS>>>(din, dcounts);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(counts, dcounts, sizeof counts, cudaMemcpyDeviceToHost));
  bad = 0;
  for (int b = 0; b < blocks; ++b) {
    int c = 0;
    for (int t = 0; t < BS; ++t) c += in[b * BS + t] % 3 == 0;
    bad += counts[b] != c;
  }
  report(bad, "__syncthreads_count");

  const int rt = 96;  // not a power of two
  rotate<<<blocks, rt, rt * sizeof(int)>>>(din, dout);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(out, dout, blocks * rt * sizeof(int), cudaMemcpyDeviceToHost));
  bad = 0;
  for (int b = 0; b < blocks; ++b) {
    int rounds = b % 5 + 1;
    for (int t = 0; t < rt; ++t) bad += out[b * rt + t] != in[b * rt + (t + rounds) % rt] + rounds;
  }
  report(bad, "rotate");

  CHECK(cudaFree(din));
  CHECK(cudaFree(dout));
  CHECK(cudaFree(dcounts));
  delete[] in;
  delete[] out;
  printf("%s barriers failures=%d\n", failures ? "MISMATCH" : "OK", failures);
  return failures != 0;
}
