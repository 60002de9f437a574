// Tiled matrix multiply C = A * B with two static shared tiles, 2-D blocks and a 2-D grid;
// the sizes are not multiples of the tile, so edge tiles are padded with zeros.
#include <cstdio>
#include <cuda_runtime.h>

#define TILE 16

#define CHECK(call)                                                                   \
  do {                                                                                \
    cudaError_t e_ = (call);                                                          \
    if (e_ != cudaSuccess) {                                                          \
      printf("CUDA error: %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); \
      return 1;                                                                       \
    }                                                                                 \
  } while (0)

// A is M x K, B is K x N, C is M x N, all row-major.
__global__ void matmul(const float* A, const float* B, float* C, int M, int K, int N) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE + 1];
  int row = blockIdx.y * TILE + threadIdx.y;
  int col = blockIdx.x * TILE + threadIdx.x;
  float acc = 0.0f;
  for (int t = 0; t < (K + TILE - 1) / TILE; ++t) {
    int ka = t * TILE + threadIdx.x;
    int kb = t * TILE + threadIdx.y;
    As[threadIdx.y][threadIdx.x] = row < M && ka < K ? A[row * K + ka] : 0.0f;
    Bs[threadIdx.y][threadIdx.x] = kb < K && col < N ? B[kb * N + col] : 0.0f;
    __syncthreads();
    for (int k = 0; k < TILE; ++k) acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  if (row < M && col < N) C[row * N + col] = acc;
}

int main() {
  const int M = 70, K = 45, N = 33;
  float* A = new float[M * K];
  float* B = new float[K * N];
  float* C = new float[M * N];
  // Small integers: every product and sum is exact in float, whatever the order.
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k) A[i * K + k] = (float)((i + 2 * k) % 7 - 3);
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < N; ++j) B[k * N + j] = (float)((3 * k + j) % 5 - 2);
  float *dA, *dB, *dC;
  CHECK(cudaMalloc(&dA, M * K * sizeof(float)));
  CHECK(cudaMalloc(&dB, K * N * sizeof(float)));
  CHECK(cudaMalloc(&dC, M * N * sizeof(float)));
  CHECK(cudaMemcpy(dA, A, M * K * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dB, B, K * N * sizeof(float), cudaMemcpyHostToDevice));
  dim3 block(TILE, TILE);
  dim3 grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
  matmul<<<grid, block>>>(dA, dB, dC, M, K, N);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(C, dC, M * N * sizeof(float), cudaMemcpyDeviceToHost));

  int bad = 0;
  double checksum = 0;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float s = 0.0f;
      for (int k = 0; k < K; ++k) s += A[i * K + k] * B[k * N + j];
      if (C[i * N + j] != s) ++bad;
      checksum += C[i * N + j] * ((i + j) % 3 + 1);
    }
  printf("grid=%ux%u block=%ux%u\n", grid.x, grid.y, block.x, block.y);
  printf("%s matmul %dx%dx%d mismatches=%d checksum=%.1f\n", bad ? "MISMATCH" : "OK", M, K, N, bad, checksum);
  CHECK(cudaFree(dA));
  CHECK(cudaFree(dB));
  CHECK(cudaFree(dC));
  delete[] A;
  delete[] B;
  delete[] C;
  return bad != 0;
}
