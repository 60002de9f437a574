// Invalid launch configurations: CUDA runs nothing and reports cudaErrorInvalidConfiguration
// through cudaGetLastError (which then clears it); a valid launch afterwards runs normally.
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

const int SLOTS = 4096;

__global__ void mark(int* flags) {
  int t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  int b = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  int i = b * blockDim.x * blockDim.y * blockDim.z + t;
  if (i < SLOTS) flags[i] = 1;
}

__global__ void hello(int value) {
  if (blockIdx.x == 1 && threadIdx.x == 3) printf("hello from block %d thread %d: %d\n", blockIdx.x, threadIdx.x, value);
}

static int failures = 0;

static void report(bool ok, const char* what) {
  printf("%s %s\n", ok ? "OK" : "MISMATCH", what);
  if (!ok) ++failures;
}

// How many flags the launches since the last reset have set.
static int ran(int* d) {
  static int h[SLOTS];
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  int n = 0;
  for (int i = 0; i < SLOTS; ++i) n += h[i];
  cudaMemset(d, 0, sizeof h);
  return n;
}

int main() {
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  int* d;
  CHECK(cudaMalloc(&d, SLOTS * sizeof(int)));
  CHECK(cudaMemset(d, 0, SLOTS * sizeof(int)));

  mark<<<1, 2048>>>(d);
  cudaError_t e = cudaGetLastError();
  printf("2048 threads per block: %s\n", cudaGetErrorString(e));
  report(e == cudaErrorInvalidConfiguration && ran(d) == 0, "too many threads per block rejected, nothing ran");
  report(cudaGetLastError() == cudaSuccess, "cudaGetLastError cleared the error");

  mark<<<0, 32>>>(d);
  e = cudaGetLastError();
  report(e == cudaErrorInvalidConfiguration && ran(d) == 0, "empty grid rejected");

  mark<<<1, dim3(1, 1, prop.maxThreadsDim[2] + 1)>>>(d);
  e = cudaGetLastError();
  report(e == cudaErrorInvalidConfiguration && ran(d) == 0, "block z beyond maxThreadsDim[2] rejected");

  mark<<<dim3(1, prop.maxGridSize[1] + 1), 32>>>(d);
  e = cudaGetLastError();
  report(e == cudaErrorInvalidConfiguration && ran(d) == 0, "grid y beyond maxGridSize[1] rejected");

  mark<<<1, 32, prop.sharedMemPerBlockOptin + 1>>>(d);
  e = cudaGetLastError();
  report(e != cudaSuccess && ran(d) == 0, "dynamic shared memory beyond the limit rejected");

  mark<<<1, 4096>>>(d);
  report(cudaPeekAtLastError() == cudaErrorInvalidConfiguration && cudaPeekAtLastError() == cudaErrorInvalidConfiguration,
         "cudaPeekAtLastError keeps the error");
  report(cudaGetLastError() == cudaErrorInvalidConfiguration && cudaGetLastError() == cudaSuccess,
         "cudaGetLastError returns it once");

  mark<<<2, 64>>>(d);
  e = cudaGetLastError();
  CHECK(cudaDeviceSynchronize());
  report(e == cudaSuccess && ran(d) == 128, "a valid launch after the errors runs");

  mark<<<dim3(2, 2), dim3(4, 2, 2)>>>(d);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  report(ran(d) == 64, "2-D grid of 3-D blocks runs every thread once");

  void* huge = nullptr;
  e = cudaMalloc(&huge, (size_t)1 << 52);
  report(e == cudaErrorMemoryAllocation && cudaGetLastError() == cudaErrorMemoryAllocation, "cudaMalloc beyond the device memory fails");

  hello<<<2, 8>>>(42);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());

  CHECK(cudaFree(d));
  printf("%s badlaunch failures=%d\n", failures ? "MISMATCH" : "OK", failures);
  return failures != 0;
}
