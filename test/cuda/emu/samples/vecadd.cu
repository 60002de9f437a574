// Vector add with a grid-stride loop; the grid is clamped well below the element count, so
// every thread handles many elements.
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

__global__ void vecadd(const float* a, const float* b, float* c, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    c[i] = a[i] + b[i];
  }
}

int main() {
  const int n = 1000003;  // prime: no block size divides it
  const int threads = 256;
  int blocks = (n + threads - 1) / threads;
  if (blocks > 64) blocks = 64;  // clamp: the loop covers the rest
  float* a = new float[n];
  float* b = new float[n];
  float* c = new float[n];
  for (int i = 0; i < n; ++i) {
    a[i] = (i % 1000) * 0.5f;  // exact in float, so the sums are exact
    b[i] = (i % 7) * 0.25f;
  }
  float *da, *db, *dc;
  CHECK(cudaMalloc(&da, n * sizeof(float)));
  CHECK(cudaMalloc(&db, n * sizeof(float)));
  CHECK(cudaMalloc(&dc, n * sizeof(float)));
  CHECK(cudaMemcpy(da, a, n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(db, b, n * sizeof(float), cudaMemcpyHostToDevice));
  vecadd<<<blocks, threads>>>(da, db, dc, n);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(c, dc, n * sizeof(float), cudaMemcpyDeviceToHost));

  int bad = 0;
  double checksum = 0;
  for (int i = 0; i < n; ++i) {
    if (c[i] != a[i] + b[i]) ++bad;
    checksum += c[i];
  }
  printf("grid=%d block=%d n=%d\n", blocks, threads, n);
  printf("%s vecadd mismatches=%d checksum=%.2f\n", bad ? "MISMATCH" : "OK", bad, checksum);
  CHECK(cudaFree(da));
  CHECK(cudaFree(db));
  CHECK(cudaFree(dc));
  delete[] a;
  delete[] b;
  delete[] c;
  return bad != 0;
}
