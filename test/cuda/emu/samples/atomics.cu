// Atomic operations from many blocks at once, and the device-side helpers min, max, rsqrtf and
// __fdividef. Every value is exact, so the order the atomics happen in does not matter.
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

struct Totals {
  int count;
  unsigned usum;
  unsigned long long big;
  float fsum;
  double dsum;
  int imax;
  int imin;
  unsigned wrap;
  int exch;
  int cas;
  int sub;
};

__global__ void accumulate(Totals* t, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  atomicAdd(&t->count, 1);
  atomicAdd(&t->usum, (unsigned)i);
  atomicAdd(&t->big, 1ull << 33);
  atomicAdd(&t->fsum, 0.5f);
  atomicAdd(&t->dsum, 0.25);
  atomicMax(&t->imax, (i * 7919) % 10007);
  atomicMin(&t->imin, (i * 7919) % 10007 - 5000);
  atomicInc(&t->wrap, 9u);  // counts modulo 10
  atomicExch(&t->exch, 7);
  atomicSub(&t->sub, 2);
  // An increment built from compare-and-swap.
  int old = t->cas, assumed;
  do {
    assumed = old;
    old = atomicCAS(&t->cas, assumed, assumed + 3);
  } while (old != assumed);
}

__global__ void helpers(const int* a, const float* x, int* imins, float* fmaxs, unsigned* umixed, float* r, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  imins[i] = min(a[i], 50);
  fmaxs[i] = max(x[i], 0.5f);
  umixed[i] = min((unsigned)i, 70u) + max(i, 3);
  r[i] = rsqrtf(4.0f * (i + 1) * (i + 1)) * __fdividef(2.0f * (i + 1), 1.0f);  // ~= 1
}

static int failures = 0;
static void report(bool ok, const char* what) {
  printf("%s %s\n", ok ? "OK" : "MISMATCH", what);
  if (!ok) ++failures;
}

int main() {
  const int n = 100000;
  Totals h0 = {0, 0, 0, 0.0f, 0.0, -1, 1 << 30, 0, 0, 0, 1000000};
  Totals* d;
  CHECK(cudaMalloc(&d, sizeof(Totals)));
  CHECK(cudaMemcpy(d, &h0, sizeof h0, cudaMemcpyHostToDevice));
  accumulate<<<(n + 127) / 128, 128>>>(d, n);
  CHECK(cudaGetLastError());
  Totals t;
  CHECK(cudaMemcpy(&t, d, sizeof t, cudaMemcpyDeviceToHost));
  int imax = -1, imin = 1 << 30;
  unsigned usum = 0;
  for (int i = 0; i < n; ++i) {
    int v = (i * 7919) % 10007;
    imax = v > imax ? v : imax;
    imin = v - 5000 < imin ? v - 5000 : imin;
    usum += (unsigned)i;
  }
  report(t.count == n && t.usum == usum && t.big == (unsigned long long)n << 33, "integer atomicAdd");
  report(t.fsum == 0.5f * n && t.dsum == 0.25 * n, "float and double atomicAdd");
  report(t.imax == imax && t.imin == imin, "atomicMax and atomicMin");
  report(t.wrap == (unsigned)(n % 10) && t.exch == 7 && t.sub == 1000000 - 2 * n, "atomicInc, atomicExch, atomicSub");
  report(t.cas == 3 * n, "atomicCAS loop");

  const int m = 200;
  int ha[m];
  float hx[m];
  for (int i = 0; i < m; ++i) {
    ha[i] = (i * 37) % 101;
    hx[i] = (i % 9) * 0.125f;
  }
  int *da, *dimins;
  float *dx, *dfmaxs, *dr;
  unsigned* dmixed;
  CHECK(cudaMalloc(&da, sizeof ha));
  CHECK(cudaMalloc(&dx, sizeof hx));
  CHECK(cudaMalloc(&dimins, sizeof ha));
  CHECK(cudaMalloc(&dfmaxs, sizeof hx));
  CHECK(cudaMalloc(&dmixed, m * sizeof(unsigned)));
  CHECK(cudaMalloc(&dr, sizeof hx));
  CHECK(cudaMemcpy(da, ha, sizeof ha, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dx, hx, sizeof hx, cudaMemcpyHostToDevice));
  helpers<<<(m + 63) / 64, 64>>>(da, dx, dimins, dfmaxs, dmixed, dr, m);
  CHECK(cudaGetLastError());
  int imins[m];
  float fmaxs[m], r[m];
  unsigned mixed[m];
  CHECK(cudaMemcpy(imins, dimins, sizeof imins, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(fmaxs, dfmaxs, sizeof fmaxs, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(mixed, dmixed, sizeof mixed, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(r, dr, sizeof r, cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < m; ++i) {
    bad += imins[i] != (ha[i] < 50 ? ha[i] : 50);
    bad += fmaxs[i] != (hx[i] > 0.5f ? hx[i] : 0.5f);
    bad += mixed[i] != (unsigned)((i < 70 ? i : 70) + (i > 3 ? i : 3));
    bad += r[i] < 0.999f || r[i] > 1.001f;
  }
  report(bad == 0, "min, max, rsqrtf, __fdividef");
  CHECK(cudaFree(d));
  CHECK(cudaFree(da));
  CHECK(cudaFree(dx));
  CHECK(cudaFree(dimins));
  CHECK(cudaFree(dfmaxs));
  CHECK(cudaFree(dmixed));
  CHECK(cudaFree(dr));
  printf("%s atomics failures=%d\n", failures ? "MISMATCH" : "OK", failures);
  return failures != 0;
}
