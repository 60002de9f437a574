// Device properties and attributes, and whether a 512-thread launch is accepted: consistent with
// maxThreadsPerBlock whatever it is (the emulator's can be changed by MF_EMU_MAX_THREADS_PER_BLOCK).
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

__global__ void count(int* counter) { atomicAdd(counter, 1); }

static int failures = 0;

static void report(bool ok, const char* what) {
  printf("%s %s\n", ok ? "OK" : "MISMATCH", what);
  if (!ok) ++failures;
}

// Launches `threads` threads in one block; returns the error and how many threads ran.
static cudaError_t launch(int* d, int threads, int* ran) {
  cudaMemset(d, 0, sizeof(int));
  count<<<1, threads>>>(d);
  cudaError_t e = cudaGetLastError();
  cudaDeviceSynchronize();
  cudaMemcpy(ran, d, sizeof(int), cudaMemcpyDeviceToHost);
  return e;
}

int main() {
  int devices = 0, device = -1;
  CHECK(cudaGetDeviceCount(&devices));
  CHECK(cudaSetDevice(0));
  CHECK(cudaGetDevice(&device));
  report(devices >= 1 && device == 0, "device 0 selected");

  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  printf("maxThreadsPerBlock=%d\n", prop.maxThreadsPerBlock);
  printf("maxThreadsDim=%d,%d,%d\n", prop.maxThreadsDim[0], prop.maxThreadsDim[1], prop.maxThreadsDim[2]);
  printf("maxGridSize=%d,%d,%d\n", prop.maxGridSize[0], prop.maxGridSize[1], prop.maxGridSize[2]);
  printf("sharedMemPerBlock=%zu\n", prop.sharedMemPerBlock);
  printf("regsPerBlock=%d\n", prop.regsPerBlock);
  printf("warpSize=%d\n", prop.warpSize);
  printf("multiProcessorCount=%d\n", prop.multiProcessorCount);
  printf("computeCapability=%d.%d\n", prop.major, prop.minor);
  printf("maxThreadsPerMultiProcessor=%d\n", prop.maxThreadsPerMultiProcessor);
  printf("sharedMemPerMultiprocessor=%zu\n", prop.sharedMemPerMultiprocessor);
  printf("regsPerMultiprocessor=%d\n", prop.regsPerMultiprocessor);
  printf("totalGlobalMem>0=%d\n", prop.totalGlobalMem > 0);

  struct { cudaDeviceAttr attr; int expect; const char* name; } attrs[] = {
      {cudaDevAttrMaxThreadsPerBlock, prop.maxThreadsPerBlock, "maxThreadsPerBlock"},
      {cudaDevAttrMaxBlockDimX, prop.maxThreadsDim[0], "maxBlockDimX"},
      {cudaDevAttrMaxGridDimX, prop.maxGridSize[0], "maxGridDimX"},
      {cudaDevAttrMaxGridDimY, prop.maxGridSize[1], "maxGridDimY"},
      {cudaDevAttrMaxSharedMemoryPerBlock, (int)prop.sharedMemPerBlock, "maxSharedMemoryPerBlock"},
      {cudaDevAttrWarpSize, prop.warpSize, "warpSize"},
      {cudaDevAttrMaxRegistersPerBlock, prop.regsPerBlock, "maxRegistersPerBlock"},
      {cudaDevAttrMultiProcessorCount, prop.multiProcessorCount, "multiProcessorCount"},
      {cudaDevAttrComputeCapabilityMajor, prop.major, "computeCapabilityMajor"},
      {cudaDevAttrComputeCapabilityMinor, prop.minor, "computeCapabilityMinor"},
      {cudaDevAttrMaxThreadsPerMultiProcessor, prop.maxThreadsPerMultiProcessor, "maxThreadsPerMultiProcessor"},
  };
  int agree = 0;
  for (auto& a : attrs) {
    int v = -1;
    CHECK(cudaDeviceGetAttribute(&v, a.attr, 0));
    if (v == a.expect) ++agree;
    else printf("attribute %s=%d, property %d\n", a.name, v, a.expect);
  }
  report(agree == (int)(sizeof attrs / sizeof attrs[0]), "attributes agree with the properties");

  int* d;
  CHECK(cudaMalloc(&d, sizeof(int)));
  int ran = 0;
  cudaError_t e = launch(d, 512, &ran);
  printf("launch512: %s ran=%d\n", cudaGetErrorString(e), ran);
  report((512 <= prop.maxThreadsPerBlock) == (e == cudaSuccess) && ran == (e == cudaSuccess ? 512 : 0),
         "a 512-thread launch is accepted exactly when maxThreadsPerBlock allows it");
  e = launch(d, prop.maxThreadsPerBlock, &ran);
  report(e == cudaSuccess && ran == prop.maxThreadsPerBlock, "a launch of maxThreadsPerBlock threads runs");
  e = launch(d, prop.maxThreadsPerBlock + 1, &ran);
  report(e == cudaErrorInvalidConfiguration && ran == 0, "one thread more is rejected");
  CHECK(cudaFree(d));
  printf("%s props failures=%d\n", failures ? "MISMATCH" : "OK", failures);
  return failures != 0;
}
