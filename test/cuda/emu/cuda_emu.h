// cuda_emu.h: run CUDA programs on the CPU with CUDA's semantics, for tests without a GPU.
//
// Header-only C++20 (g++ >= 10, Linux). A .cu file is first rewritten by rewrite.ts (launches
// `k<<<g, b, s, t>>>(args)` become mf_emu::launch(...), `extern __shared__ T x[];` becomes a
// pointer to the block's dynamic shared buffer) and then compiled with this header included first.
//
// Execution model
//   - Blocks run one after another (or spread over MF_EMU_WORKERS OS threads, one block at a time
//     per worker). Blocks are taken in the order MF_EMU_ORDER says (default: linear order, x fastest).
//   - Every CUDA thread of a block is a fiber on its worker's OS thread. A fiber runs threads to
//     completion one after another until one of them reaches __syncthreads(); then the next thread
//     gets a fresh fiber. When every thread of the block has either reached the barrier or exited,
//     the barrier opens and the waiting fibers resume (in the order they arrived, i.e. thread order,
//     unless MF_EMU_ORDER says otherwise). So barriers inside loops are exact, a block costs one
//     fiber switch when it has no barrier, and results are deterministic for a given MF_EMU_ORDER
//     (one worker). Fibers and their stacks are pooled per worker and reused by every launch.
//   - Context switches: a small assembly routine on x86-64 (a few ns), POSIX ucontext elsewhere or
//     when MF_EMU_UCONTEXT=1.
//   - Threads that exit do not hold a barrier back (as on sm_70+ in practice); with
//     MF_EMU_STRICT_BARRIERS=1 such a divergent barrier aborts the program instead.
//   - Static `__shared__` variables are `static thread_local` (one copy per worker, shared by the
//     block's fibers); dynamic shared memory is a per-worker buffer of exactly the launch's size,
//     filled with MF_EMU_FILL_BYTE before every block.
//   - "Device" memory is host memory; cudaMemcpy checks that the pointers agree with the direction.
//
// Device properties (read from the environment at first use; integers accept a K/M/G suffix):
//   MF_EMU_MAX_THREADS_PER_BLOCK  maxThreadsPerBlock               default 1024
//   MF_EMU_MAX_BLOCK_X/_Y/_Z      maxThreadsDim[0..2]              default 1024, 1024, 64 (each
//                                                                  at most maxThreadsPerBlock)
//   MF_EMU_MAX_GRID_X/_Y/_Z       maxGridSize[0..2]                default 2147483647, 65535, 65535
//   MF_EMU_SHARED_MEM_PER_BLOCK   sharedMemPerBlock (dynamic limit) default 48K
//   MF_EMU_SHARED_MEM_OPTIN       sharedMemPerBlockOptin           default 227K (cudaFuncSetAttribute)
//   MF_EMU_SHARED_MEM_PER_SM      sharedMemPerMultiprocessor       default 228K
//   MF_EMU_REGS_PER_BLOCK         regsPerBlock                     default 65536
//   MF_EMU_REGS_PER_SM            regsPerMultiprocessor            default 65536
//   MF_EMU_REGS_PER_THREAD        registers a kernel is assumed to use; when set, a launch with
//                                 threads * this > regsPerBlock fails with
//                                 cudaErrorLaunchOutOfResources    default 0 (no check)
//   MF_EMU_SM_COUNT               multiProcessorCount              default 132
//   MF_EMU_MAX_THREADS_PER_SM     maxThreadsPerMultiProcessor      default 2048
//   MF_EMU_MAX_BLOCKS_PER_SM      maxBlocksPerMultiProcessor       default 32
//   MF_EMU_CC_MAJOR / _MINOR      compute capability               default 9.0
//   MF_EMU_TOTAL_GLOBAL_MEM       totalGlobalMem (cudaMalloc beyond it fails) default 80G
//   MF_EMU_NAME                   name
// Emulator settings:
//   MF_EMU_WORKERS                OS threads running blocks, 0 for one per core
//                                                                  default 1 (deterministic)
//   MF_EMU_STACK_SIZE             stack of each fiber              default 256K
//   MF_EMU_FILL_BYTE              byte written into fresh cudaMalloc memory and into dynamic
//                                 shared memory before each block, -1 for none  default 255
//   MF_EMU_UCONTEXT=1             use ucontext fibers even on x86-64
//   MF_EMU_STRICT_BARRIERS=1      abort when a barrier opens while some threads of the block exited
//   MF_EMU_ORDER                  the order in which the blocks of a launch run, and in which the
//                                 threads of a block start and resume after each barrier:
//                                 forward (default: linear index order), reverse, shuffle[:SEED]
//                                 (a pseudo-random order fixed by SEED, default 1: a fresh thread
//                                 order for every block and every barrier). Results that change
//                                 with the order depend on an order CUDA does not guarantee.
//   MF_EMU_RACECHECK=1            race checking (below); forces MF_EMU_WORKERS=1
//
// Race checking (MF_EMU_RACECHECK=1): build.ts compiles the program with g++'s ThreadSanitizer
// instrumentation (-fsanitize=thread) but without its runtime: the __tsan_* hooks below receive
// every load and store of instrumented code. They cost one call and one predictable branch per
// memory access when race checking is off. When it is on, each launch records, per address of
// global memory (anything that is neither the thread's stack nor shared memory) and of shared
// memory (static __shared__ and dynamic extern __shared__), which CUDA thread read and wrote it in
// which barrier interval (the number of barriers its block has passed), and reports two accesses
// to one address by different threads, at least one a write, that nothing orders: in one block,
// accesses in the same barrier interval; across blocks of one launch, any two (nothing orders
// blocks). These are the hazards compute-sanitizer's racecheck reports. Atomic functions are not
// instrumented, so atomicAdd & co. never count. Accesses are compared per address and size
// class (4-byte words for aligned accesses of 4, 8 or 16 bytes, bytes otherwise): a 1-byte write
// into a word another thread writes as a whole is not seen, nor are memcpy/memset calls in
// kernels (libc is not instrumented). Each distinct hazard (kind, memory, the two instructions)
// is printed once on stderr, at the end of the launch, at most 32 of them:
//   cuda_emu: race: kernel K: write-write hazard on global memory (offset 0 of a 4-byte
//     allocation): write by block (0,0,0) thread (1,0,0) at k.cu:5, write by block (0,0,0)
//     thread (0,0,0) at k.cu:5
// (one line; the first access in execution order comes first, read-write for either order of a
// read and a write; source lines come from addr2line and the -g1 line tables, "?" without them);
// then the program exits with status 66.
//
// Not emulated: warp-level operations (__shfl*, __syncwarp, __ballot*, warp-synchronous code),
// textures, cooperative groups, dynamic parallelism, template kernel launches, launches or
// `extern __shared__` inside headers the .cu includes (only the .cu itself is rewritten).
// Launches are synchronous, so host/device overlap and streams are not modelled; static
// __shared__ sizes are not counted against the shared memory limit, and static __shared__
// memory starts zeroed (CUDA leaves it undefined). ASan does not know the fibers, and TSan's runtime
// cannot be linked in (this header defines its hooks, for the race checker).
#pragma once

// Only light headers (pthreads and __atomic builtins instead of <thread> and <atomic>): the
// header's parse time is most of a test build's time.
#include <type_traits>
#include <assert.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>   // libstdc++'s math.h also puts the float overloads (sqrt(float), ...) in ::
#include <stdio.h>  // printf in kernels is the C one
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <ucontext.h>
#include <link.h>  // dl_iterate_phdr: the executable's load address and TLS block (race checking)
#include <unistd.h>

// ---- CUDA keywords --------------------------------------------------------------------------
#define __global__
#define __device__
#define __host__
#define __forceinline__
#define __constant__
#define __managed__
#define __launch_bounds__(...)
#define __align__(n) __attribute__((aligned(n)))
// One copy per worker OS thread, shared by the fibers of the block running there.
#define __shared__ static thread_local
#define __CUDACC_EMU__ 1

// ---- vector types ---------------------------------------------------------------------------
struct uint3 { unsigned x, y, z; };
struct dim3 {
  unsigned x, y, z;
  constexpr dim3(unsigned vx = 1, unsigned vy = 1, unsigned vz = 1) : x(vx), y(vy), z(vz) {}
  constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  constexpr operator uint3() const { return {x, y, z}; }
};

#define MF_EMU_VEC2(T, N, A) struct alignas(A) N##2 { T x, y; }; \
  inline N##2 make_##N##2(T x, T y) { return {x, y}; }
#define MF_EMU_VEC3(T, N) struct N##3 { T x, y, z; }; \
  inline N##3 make_##N##3(T x, T y, T z) { return {x, y, z}; }
#define MF_EMU_VEC4(T, N, A) struct alignas(A) N##4 { T x, y, z, w; }; \
  inline N##4 make_##N##4(T x, T y, T z, T w) { return {x, y, z, w}; }
MF_EMU_VEC2(int, int, 8) MF_EMU_VEC3(int, int) MF_EMU_VEC4(int, int, 16)
MF_EMU_VEC2(unsigned, uint, 8) MF_EMU_VEC4(unsigned, uint, 16)
MF_EMU_VEC2(float, float, 8) MF_EMU_VEC3(float, float) MF_EMU_VEC4(float, float, 16)
MF_EMU_VEC2(double, double, 16) MF_EMU_VEC3(double, double)
inline uint3 make_uint3(unsigned x, unsigned y, unsigned z) { return {x, y, z}; }
#undef MF_EMU_VEC2
#undef MF_EMU_VEC3
#undef MF_EMU_VEC4

// ---- built-in variables: set by the scheduler for the thread it runs ------------------------
inline thread_local constinit uint3 threadIdx{0, 0, 0};
inline thread_local constinit uint3 blockIdx{0, 0, 0};
inline thread_local constinit dim3 blockDim{1, 1, 1};
inline thread_local constinit dim3 gridDim{1, 1, 1};
inline const int warpSize = 32;

// ---- runtime types ---------------------------------------------------------------------------
enum cudaError_t {
  cudaSuccess = 0,
  cudaErrorInvalidValue = 1,
  cudaErrorMemoryAllocation = 2,
  cudaErrorInvalidConfiguration = 9,
  cudaErrorInvalidSymbol = 13,
  cudaErrorInvalidDevicePointer = 17,
  cudaErrorInvalidMemcpyDirection = 21,
  cudaErrorInvalidDeviceFunction = 98,
  cudaErrorNoDevice = 100,
  cudaErrorInvalidDevice = 101,
  cudaErrorInvalidResourceHandle = 400,
  cudaErrorLaunchOutOfResources = 701,
  cudaErrorNotSupported = 801,
};
typedef cudaError_t cudaError;

enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4,
};

enum cudaDeviceAttr {
  cudaDevAttrMaxThreadsPerBlock = 1,
  cudaDevAttrMaxBlockDimX = 2,
  cudaDevAttrMaxBlockDimY = 3,
  cudaDevAttrMaxBlockDimZ = 4,
  cudaDevAttrMaxGridDimX = 5,
  cudaDevAttrMaxGridDimY = 6,
  cudaDevAttrMaxGridDimZ = 7,
  cudaDevAttrMaxSharedMemoryPerBlock = 8,
  cudaDevAttrTotalConstantMemory = 9,
  cudaDevAttrWarpSize = 10,
  cudaDevAttrMaxRegistersPerBlock = 12,
  cudaDevAttrMultiProcessorCount = 16,
  cudaDevAttrL2CacheSize = 38,
  cudaDevAttrMaxThreadsPerMultiProcessor = 39,
  cudaDevAttrComputeCapabilityMajor = 75,
  cudaDevAttrComputeCapabilityMinor = 76,
  cudaDevAttrMaxSharedMemoryPerMultiprocessor = 81,
  cudaDevAttrMaxRegistersPerMultiprocessor = 82,
  cudaDevAttrMaxSharedMemoryPerBlockOptin = 97,
  cudaDevAttrMaxBlocksPerMultiprocessor = 106,
};

enum cudaFuncAttribute {
  cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
  cudaFuncAttributePreferredSharedMemoryCarveout = 9,
};

struct cudaFuncAttributes {
  size_t sharedSizeBytes, constSizeBytes, localSizeBytes;
  int maxThreadsPerBlock, numRegs, ptxVersion, binaryVersion, cacheModeCA;
  int maxDynamicSharedSizeBytes, preferredShmemCarveout;
};

// The fields of CUDA 13's cudaDeviceProp that still exist there, in CUDA's order (a subset).
struct cudaDeviceProp {
  char name[256];
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize;
  size_t memPitch;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  size_t totalConstMem;
  int major;
  int minor;
  size_t textureAlignment;
  int multiProcessorCount;
  int integrated;
  int canMapHostMemory;
  int concurrentKernels;
  int ECCEnabled;
  int pciBusID, pciDeviceID, pciDomainID;
  int asyncEngineCount;
  int unifiedAddressing;
  int memoryBusWidth;
  int l2CacheSize;
  int maxThreadsPerMultiProcessor;
  size_t sharedMemPerMultiprocessor;
  int regsPerMultiprocessor;
  int managedMemory;
  int cooperativeLaunch;
  size_t sharedMemPerBlockOptin;
  int maxBlocksPerMultiProcessor;
  size_t reservedSharedMemPerBlock;
};

enum cudaFuncCache { cudaFuncCachePreferNone = 0, cudaFuncCachePreferShared = 1, cudaFuncCachePreferL1 = 2, cudaFuncCachePreferEqual = 3 };
enum { cudaMemAttachGlobal = 1, cudaMemAttachHost = 2, cudaMemAttachSingle = 4 };

typedef struct mf_emu_stream* cudaStream_t;
typedef struct mf_emu_event* cudaEvent_t;

// ---- fibers ----------------------------------------------------------------------------------
#if defined(__x86_64__)
#define MF_EMU_HAVE_ASM_SWITCH 1
// mf_emu_switch(save, to): push the callee-saved registers, store the stack pointer in *save,
// load `to` and pop the same frame there. The FP control words (MXCSR, x87) are not switched:
// kernels cannot change them, and fldcw alone was half the cost of a switch. Weak, so that
// several translation units may include this header.
__asm__(
    ".text\n"
    ".weak mf_emu_switch\n"
    ".hidden mf_emu_switch\n"
    ".type mf_emu_switch,@function\n"
    "mf_emu_switch:\n"
    "  pushq %rbp\n"
    "  pushq %rbx\n"
    "  pushq %r12\n"
    "  pushq %r13\n"
    "  pushq %r14\n"
    "  pushq %r15\n"
    "  movq %rsp, (%rdi)\n"
    "  movq %rsi, %rsp\n"
    "  popq %r15\n"
    "  popq %r14\n"
    "  popq %r13\n"
    "  popq %r12\n"
    "  popq %rbx\n"
    "  popq %rbp\n"
    "  ret\n"
    ".size mf_emu_switch, .-mf_emu_switch\n"
    // First activation of a fiber: its initial frame holds the argument in r12, the function in r13.
    ".weak mf_emu_fiber_start\n"
    ".hidden mf_emu_fiber_start\n"
    ".type mf_emu_fiber_start,@function\n"
    "mf_emu_fiber_start:\n"
    "  movq %r12, %rdi\n"
    "  callq *%r13\n"
    "  ud2\n"
    ".size mf_emu_fiber_start, .-mf_emu_fiber_start\n");
extern "C" void mf_emu_switch(void** save, void* to);
extern "C" void mf_emu_fiber_start();
#endif

// The emulator's own code (scheduler, barriers, atomics, the race checker, the runtime API) is not
// instrumented for race checking: its accesses are not the kernel's.
#define MF_EMU_UNTRACKED __attribute__((no_sanitize_thread))

namespace mf_emu {

[[noreturn]] MF_EMU_UNTRACKED inline void fatal(const char* what) {
  fprintf(stderr, "cuda_emu: %s\n", what);
  fflush(stderr);
  abort();
}

// ---- settings and device properties ------------------------------------------------------------
namespace detail {

template <class T> MF_EMU_UNTRACKED constexpr T lesser(T a, T b) { return b < a ? b : a; }
template <class T> MF_EMU_UNTRACKED constexpr T greater(T a, T b) { return a < b ? b : a; }

// A growable array of pointers (std::vector costs parse time in every build).
template <class T>
struct PtrList {
  T** items = nullptr;
  size_t size = 0, cap = 0;
  MF_EMU_UNTRACKED void push(T* p) {
    if (size == cap) {
      cap = cap ? 2 * cap : 64;
      items = static_cast<T**>(realloc(items, cap * sizeof(T*)));
      if (!items) fatal("out of memory");
    }
    items[size++] = p;
  }
  MF_EMU_UNTRACKED T* pop() { return items[--size]; }
  MF_EMU_UNTRACKED bool empty() const { return size == 0; }
  MF_EMU_UNTRACKED void clear() { size = 0; }
  MF_EMU_UNTRACKED void swap(PtrList& o) {
    PtrList t = *this;
    *this = o;
    o = t;
  }
};

struct Lock {
  pthread_mutex_t& m;
  MF_EMU_UNTRACKED explicit Lock(pthread_mutex_t& mm) : m(mm) { pthread_mutex_lock(&m); }
  MF_EMU_UNTRACKED ~Lock() { pthread_mutex_unlock(&m); }
};

// An integer from the environment, with an optional K/M/G (binary) suffix; exits on garbage so
// that a mistyped override does not silently test the defaults.
MF_EMU_UNTRACKED inline long long env_int(const char* var, long long dflt) {
  const char* s = getenv(var);
  if (!s || !*s) return dflt;
  char* end = nullptr;
  const bool hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
  long long v = strtoll(s, &end, hex ? 16 : 10);  // decimal even with a leading 0
  if (end == s) goto bad;
  if (*end == 'K' || *end == 'k') v <<= 10, ++end;
  else if (*end == 'M' || *end == 'm') v <<= 20, ++end;
  else if (*end == 'G' || *end == 'g') v <<= 30, ++end;
  if (*end) goto bad;
  return v;
bad:
  fprintf(stderr, "cuda_emu: %s=%s is not an integer\n", var, s);
  exit(2);
}

struct Settings {
  cudaDeviceProp prop;
  long long regs_per_thread;
  unsigned workers;
  size_t stack_size;
  int fill;
  bool use_ucontext;
  bool strict_barriers;
  bool racecheck;
  enum Order { forward, reverse, shuffle } order;
  uint64_t seed;  // of the shuffled order
};

// MF_EMU_ORDER=forward|reverse|shuffle[:SEED]; exits on anything else, as env_int does.
MF_EMU_UNTRACKED inline void parse_order(Settings& s) {
  s.order = Settings::forward;
  s.seed = 1;
  const char* v = getenv("MF_EMU_ORDER");
  if (!v || !*v || !strcmp(v, "forward")) return;
  if (!strcmp(v, "reverse")) {
    s.order = Settings::reverse;
    return;
  }
  if (!strncmp(v, "shuffle", 7) && (v[7] == 0 || v[7] == ':')) {
    s.order = Settings::shuffle;
    if (v[7] == 0) return;
    char* end = nullptr;
    s.seed = strtoull(v + 8, &end, 0);
    if (end != v + 8 && !*end && v[8] != '-') return;
  }
  fprintf(stderr, "cuda_emu: MF_EMU_ORDER=%s: expected forward, reverse, shuffle or shuffle:SEED\n", v);
  exit(2);
}

MF_EMU_UNTRACKED inline Settings make_settings() {
  Settings s{};
  cudaDeviceProp& p = s.prop;
  const char* name = getenv("MF_EMU_NAME");
  snprintf(p.name, sizeof p.name, "%s", name && *name ? name : "NVIDIA H100 80GB HBM3 (cuda_emu)");
  p.totalGlobalMem = (size_t)env_int("MF_EMU_TOTAL_GLOBAL_MEM", 80LL << 30);
  p.sharedMemPerBlock = (size_t)env_int("MF_EMU_SHARED_MEM_PER_BLOCK", 48 << 10);
  p.regsPerBlock = (int)env_int("MF_EMU_REGS_PER_BLOCK", 65536);
  p.warpSize = 32;
  p.memPitch = 2147483647;
  p.maxThreadsPerBlock = (int)env_int("MF_EMU_MAX_THREADS_PER_BLOCK", 1024);
  const int tpb = p.maxThreadsPerBlock;
  p.maxThreadsDim[0] = (int)env_int("MF_EMU_MAX_BLOCK_X", lesser(1024, tpb));
  p.maxThreadsDim[1] = (int)env_int("MF_EMU_MAX_BLOCK_Y", lesser(1024, tpb));
  p.maxThreadsDim[2] = (int)env_int("MF_EMU_MAX_BLOCK_Z", lesser(64, tpb));
  p.maxGridSize[0] = (int)env_int("MF_EMU_MAX_GRID_X", 2147483647);
  p.maxGridSize[1] = (int)env_int("MF_EMU_MAX_GRID_Y", 65535);
  p.maxGridSize[2] = (int)env_int("MF_EMU_MAX_GRID_Z", 65535);
  p.totalConstMem = 65536;
  p.major = (int)env_int("MF_EMU_CC_MAJOR", 9);
  p.minor = (int)env_int("MF_EMU_CC_MINOR", 0);
  p.textureAlignment = 512;
  p.multiProcessorCount = (int)env_int("MF_EMU_SM_COUNT", 132);
  p.canMapHostMemory = 1;
  p.concurrentKernels = 1;
  p.ECCEnabled = 1;
  p.asyncEngineCount = 3;
  p.unifiedAddressing = 1;
  p.memoryBusWidth = 5120;
  p.l2CacheSize = 50 << 20;
  p.maxThreadsPerMultiProcessor = (int)env_int("MF_EMU_MAX_THREADS_PER_SM", 2048);
  p.sharedMemPerMultiprocessor = (size_t)env_int("MF_EMU_SHARED_MEM_PER_SM", 228 << 10);
  p.regsPerMultiprocessor = (int)env_int("MF_EMU_REGS_PER_SM", 65536);
  p.managedMemory = 1;
  p.cooperativeLaunch = 1;
  p.sharedMemPerBlockOptin = greater((size_t)env_int("MF_EMU_SHARED_MEM_OPTIN", 227 << 10), p.sharedMemPerBlock);
  p.maxBlocksPerMultiProcessor = (int)env_int("MF_EMU_MAX_BLOCKS_PER_SM", 32);
  p.reservedSharedMemPerBlock = 1024;
  s.regs_per_thread = env_int("MF_EMU_REGS_PER_THREAD", 0);
  const long long workers = env_int("MF_EMU_WORKERS", 1);
  s.workers = workers > 0 ? unsigned(workers) : unsigned(greater(1L, sysconf(_SC_NPROCESSORS_ONLN)));
  s.stack_size = (size_t)greater(16LL << 10, env_int("MF_EMU_STACK_SIZE", 256 << 10));
  s.fill = (int)env_int("MF_EMU_FILL_BYTE", 255);
  s.use_ucontext = env_int("MF_EMU_UCONTEXT", 0) != 0;
  s.strict_barriers = env_int("MF_EMU_STRICT_BARRIERS", 0) != 0;
  s.racecheck = env_int("MF_EMU_RACECHECK", 0) != 0;
  if (s.racecheck) s.workers = 1;  // one shadow memory, and shared memory reused block after block
  parse_order(s);
#if !defined(MF_EMU_HAVE_ASM_SWITCH)
  s.use_ucontext = true;
#endif
  return s;
}

MF_EMU_UNTRACKED inline Settings& settings() {
  static Settings s = make_settings();
  return s;
}

// CUDA keeps the last error per host thread; cudaGetLastError returns and clears it.
inline thread_local cudaError_t last_error = cudaSuccess;
MF_EMU_UNTRACKED inline cudaError_t fail(cudaError_t e) {
  if (e != cudaSuccess) last_error = e;
  return e;
}

// The largest dynamic shared memory a launch may ask for: sharedMemPerBlock, or more after
// cudaFuncSetAttribute(..., cudaFuncAttributeMaxDynamicSharedMemorySize, n). The emulator does not
// know which kernel a launch runs, so the largest value set for any kernel applies to all.
MF_EMU_UNTRACKED inline size_t& dynamic_shared_optin() {
  static size_t v = 0;
  return v;
}

// ---- orders (MF_EMU_ORDER) ----------------------------------------------------------------------
// splitmix64's finalizer: a well-mixed 64-bit hash.
MF_EMU_UNTRACKED inline uint64_t mix(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

struct Rng {
  uint64_t state;
  MF_EMU_UNTRACKED unsigned below(unsigned n) { return unsigned(mix(state++) % n); }
  // Fisher-Yates.
  template <class T> MF_EMU_UNTRACKED void shuffle(T* items, size_t n) {
    for (size_t i = n; i > 1; --i) {
      const size_t j = below(unsigned(i));
      T t = items[i - 1];
      items[i - 1] = items[j];
      items[j] = t;
    }
  }
};

// The i-th block of a launch of n blocks to run: a bijection of [0, n) (a Feistel network on the
// next even power of two, walked until it lands in range), so no permutation table is stored.
MF_EMU_UNTRACKED inline uint64_t block_in_order(uint64_t i, uint64_t n) {
  const Settings& s = settings();
  if (s.order == Settings::forward || n <= 1) return i;
  if (s.order == Settings::reverse) return n - 1 - i;
  const unsigned bits = 64 - unsigned(__builtin_clzll(n - 1)), half = (bits + 1) / 2;
  const uint64_t mask = (uint64_t(1) << half) - 1;
  uint64_t x = i;
  do {
    uint64_t l = x >> half, r = x & mask;
    for (uint64_t round = 0; round < 4; ++round) {
      const uint64_t t = l ^ (mix(r ^ mix(s.seed * 4 + round)) & mask);
      l = r;
      r = t;
    }
    x = (l << half) | r;
  } while (x >= n);
  return x;
}

// ---- the scheduler of one worker (one OS thread) -----------------------------------------------
struct Worker;

struct Fiber {
  void* sp = nullptr;  // saved stack pointer (assembly switch)
  Worker* worker = nullptr;
  uint3 idx{0, 0, 0};  // threadIdx of the CUDA thread it runs
  unsigned tid = 0;    // the same, linear
  bool done = false;   // no thread left to run: back to the free list
  void* stack = nullptr;
  size_t stack_bytes = 0;
  ucontext_t uc;       // saved context (ucontext switch), last: the fields above share a cache line
  MF_EMU_UNTRACKED Fiber() {}  // (an implicit constructor would be instrumented)
};

struct Worker {
  void* sched_sp = nullptr;
  ucontext_t sched_uc;
  PtrList<Fiber> free, waiting, resuming;
  Fiber* current = nullptr;  // the fiber running now, null in host code
  // The block being run.
  void (*body)(const void*) = nullptr;
  const void* ctx = nullptr;
  dim3 block;
  unsigned nthreads = 0, next = 0;
  uint64_t block_linear = 0;  // blockIdx, linear
  uint32_t epoch = 0;         // barriers the block has passed
  // MF_EMU_ORDER=shuffle: the block's thread start order and the generator of its resume orders.
  unsigned* order = nullptr;
  unsigned order_cap = 0;
  Rng rng{0};
  // __syncthreads_count/and/or: predicates summed up to a barrier, the sum seen after it.
  unsigned sync_acc = 0, sync_result = 0;
  // Dynamic shared memory of the running launch.
  unsigned char* shared = nullptr;
  size_t shared_bytes = 0, shared_cap = 0;
  bool in_race_checker = false;  // its own accesses are not recorded
  MF_EMU_UNTRACKED Worker() {}
};

// The fiber running on this OS thread, null in host code (Worker::current, without constructing
// the worker: the race checker's hooks read it on every access).
inline thread_local constinit Fiber* running_fiber = nullptr;

MF_EMU_UNTRACKED inline Worker& this_worker() {
  static thread_local Worker w;
  return w;
}

MF_EMU_UNTRACKED inline uint3 thread_index(const dim3& b, unsigned t) {
  return {t % b.x, (t / b.x) % b.y, t / (b.x * b.y)};
}

MF_EMU_UNTRACKED inline void switch_to(Worker& w, Fiber* f) {
  w.current = f;
  running_fiber = f;
  threadIdx = f->idx;
#if defined(MF_EMU_HAVE_ASM_SWITCH)
  if (!settings().use_ucontext) {
    mf_emu_switch(&w.sched_sp, f->sp);
    w.current = nullptr;
    running_fiber = nullptr;
    return;
  }
#endif
  if (swapcontext(&w.sched_uc, &f->uc) != 0) fatal("swapcontext failed");
  w.current = nullptr;
  running_fiber = nullptr;
}

MF_EMU_UNTRACKED inline void switch_to_scheduler(Worker& w, Fiber* f) {
#if defined(MF_EMU_HAVE_ASM_SWITCH)
  if (!settings().use_ucontext) {
    mf_emu_switch(&f->sp, w.sched_sp);
    return;
  }
#endif
  if (swapcontext(&f->uc, &w.sched_uc) != 0) fatal("swapcontext failed");
}

// A fiber's life: run unstarted threads of the current block one after another (a thread that
// reaches a barrier suspends the fiber with it), then go back to the scheduler as free; it is
// resumed there for the next block.
MF_EMU_UNTRACKED inline void fiber_main(Fiber* f) {
  Worker& w = *f->worker;
  for (;;) {
    while (w.next < w.nthreads) {
      const unsigned i = w.next++;
      const Settings::Order order = settings().order;
      f->tid = order == Settings::forward ? i : order == Settings::reverse ? w.nthreads - 1 - i : w.order[i];
      f->idx = thread_index(w.block, f->tid);
      threadIdx = f->idx;
      w.body(w.ctx);
    }
    f->done = true;
    switch_to_scheduler(w, f);
  }
}

MF_EMU_UNTRACKED inline void fiber_entry_ucontext(unsigned hi, unsigned lo) {
  fiber_main(reinterpret_cast<Fiber*>((uintptr_t(hi) << 32) | uintptr_t(lo)));
}

MF_EMU_UNTRACKED inline Fiber* new_fiber(Worker& w) {
  const size_t page = (size_t)sysconf(_SC_PAGESIZE);
  const size_t bytes = (settings().stack_size + page - 1) / page * page + page;  // + guard page
  void* mem = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (mem == MAP_FAILED) fatal("cannot map a fiber stack");
  mprotect(mem, page, PROT_NONE);  // a stack overflow faults instead of corrupting a neighbour
  Fiber* f = new Fiber();
  f->worker = &w;
  f->stack = mem;
  f->stack_bytes = bytes;
  // Stagger the stack tops: tops all at a page boundary would share the same L1 cache sets.
  static thread_local unsigned made = 0;
  char* top = static_cast<char*>(mem) + bytes - (made++ % 61) * 64;
#if defined(MF_EMU_HAVE_ASM_SWITCH)
  if (!settings().use_ucontext) {
    // The frame mf_emu_switch pops: r15, r14, r13, r12, rbx, rbp, return address. The return
    // address sits 8 mod 16 so that mf_emu_fiber_start runs with an aligned stack.
    void** ret = reinterpret_cast<void**>(top - 24);
    ret[0] = reinterpret_cast<void*>(&mf_emu_fiber_start);
    ret[-1] = nullptr;                                       // rbp
    ret[-2] = nullptr;                                       // rbx
    ret[-3] = f;                                             // r12: argument
    ret[-4] = reinterpret_cast<void*>(&fiber_main);          // r13: function
    ret[-5] = nullptr;                                       // r14
    ret[-6] = nullptr;                                       // r15
    f->sp = &ret[-6];
    return f;
  }
#endif
  if (getcontext(&f->uc) != 0) fatal("getcontext failed");
  f->uc.uc_stack.ss_sp = static_cast<char*>(mem) + page;
  f->uc.uc_stack.ss_size = bytes - page;
  f->uc.uc_link = nullptr;
  const uintptr_t p = reinterpret_cast<uintptr_t>(f);
  makecontext(&f->uc, reinterpret_cast<void (*)()>(&fiber_entry_ucontext), 2, unsigned(p >> 32), unsigned(p));
  return f;
}

MF_EMU_UNTRACKED inline Fiber* acquire_fiber(Worker& w) {
  Fiber* f;
  if (!w.free.empty()) {
    f = w.free.pop();
  } else {
    f = new_fiber(w);
  }
  f->done = false;
  return f;
}

// Runs one block (blockIdx and block_linear already set) on this worker.
MF_EMU_UNTRACKED inline void run_block(Worker& w) {
  w.next = 0;
  w.sync_acc = 0;
  w.epoch = 0;
  // Threads start in index order, reversed, or (shuffle) in an order drawn for this block; they
  // resume after a barrier in the order they arrived, or (shuffle) in a fresh order.
  if (settings().order == Settings::shuffle) {
    if (w.order_cap < w.nthreads) {
      ::free(w.order);
      w.order = static_cast<unsigned*>(malloc(w.nthreads * sizeof(unsigned)));
      if (!w.order) fatal("out of memory");
      w.order_cap = w.nthreads;
    }
    for (unsigned t = 0; t < w.nthreads; ++t) w.order[t] = t;
    w.rng.state = mix(settings().seed ^ mix(w.block_linear));
    w.rng.shuffle(w.order, w.nthreads);
  }
  // Start threads; each new fiber picks up where the previous one stopped at a barrier.
  while (w.next < w.nthreads) {
    Fiber* f = acquire_fiber(w);
    switch_to(w, f);
    if (f->done) w.free.push(f);
  }
  // Every thread now waits at a barrier or has exited: open the barrier, resume in thread order.
  while (!w.waiting.empty()) {
    if (w.waiting.size != w.nthreads && settings().strict_barriers) {
      fprintf(stderr,
              "cuda_emu: __syncthreads() reached by %zu of %u threads of block (%u,%u,%u); the others exited\n",
              w.waiting.size, w.nthreads, blockIdx.x, blockIdx.y, blockIdx.z);
      abort();
    }
    w.sync_result = w.sync_acc;
    w.sync_acc = 0;
    ++w.epoch;
    w.waiting.swap(w.resuming);
    if (settings().order == Settings::shuffle) w.rng.shuffle(w.resuming.items, w.resuming.size);
    for (size_t i = 0; i < w.resuming.size; ++i) {
      Fiber* f = w.resuming.items[i];
      switch_to(w, f);
      if (f->done) w.free.push(f);
    }
    w.resuming.clear();
  }
}

// The race checker's hooks into the scheduler (defined below, with the checker).
struct Job;
inline void race_block_start();
inline void race_run(Job& job);

struct Job {
  void (*body)(const void*);
  const void* ctx;
  const char* kernel;  // the kernel's name, for reports
  dim3 grid, block;
  size_t shared;
  uint64_t blocks;
  uint64_t next = 0;  // the next block to run, taken with an atomic increment
};

// Runs blocks of the job until none is left; every worker (and the host thread) calls this.
MF_EMU_UNTRACKED inline void run_blocks(Job& job) {
  Worker& w = this_worker();
  if (w.current) fatal("a kernel launch inside a kernel (dynamic parallelism) is not supported");
  gridDim = job.grid;
  blockDim = job.block;
  w.body = job.body;
  w.ctx = job.ctx;
  w.block = job.block;
  w.nthreads = job.block.x * job.block.y * job.block.z;
  // The dynamic shared buffer has exactly the launch's size (tools like ASan then see overruns).
  if (job.shared != w.shared_bytes || !w.shared) {
    ::free(w.shared);
    w.shared = static_cast<unsigned char*>(aligned_alloc(256, (job.shared + 255) / 256 * 256 + 256));
    if (!w.shared) fatal("cannot allocate dynamic shared memory");
    w.shared_bytes = job.shared;
  }
  const int fill = settings().fill;
  const uint64_t gx = job.grid.x, gxy = gx * job.grid.y;
  for (;;) {
    const uint64_t i = __atomic_fetch_add(&job.next, 1, __ATOMIC_RELAXED);
    if (i >= job.blocks) break;
    const uint64_t b = block_in_order(i, job.blocks);
    blockIdx = {unsigned(b % gx), unsigned(b / gx % job.grid.y), unsigned(b / gxy)};
    w.block_linear = b;
    if (fill >= 0 && job.shared) memset(w.shared, fill, job.shared);
    if (settings().racecheck) race_block_start();
    run_block(w);
  }
}

// Extra OS threads for MF_EMU_WORKERS > 1; they wait for a job and run blocks with the host thread.
struct Pool {
  pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
  pthread_cond_t start = PTHREAD_COND_INITIALIZER, finished = PTHREAD_COND_INITIALIZER;
  pthread_mutex_t launching = PTHREAD_MUTEX_INITIALIZER;  // one launch at a time from host threads
  Job* job = nullptr;
  uint64_t generation = 0;
  unsigned busy = 0, extra = 0;

  MF_EMU_UNTRACKED explicit Pool(unsigned n) : extra(n) {
    for (unsigned i = 0; i < n; ++i) {
      pthread_t t;
      if (pthread_create(&t, nullptr, &Pool::loop, this) != 0) fatal("cannot start a worker thread");
      pthread_detach(t);  // they outlive main, blocked on `start`
    }
  }
  MF_EMU_UNTRACKED static void* loop(void* self) {
    Pool& p = *static_cast<Pool*>(self);
    uint64_t seen = 0;
    for (;;) {
      Job* j;
      {
        Lock lock(p.m);
        while (p.generation == seen) pthread_cond_wait(&p.start, &p.m);
        seen = p.generation;
        j = p.job;
      }
      run_blocks(*j);
      Lock lock(p.m);
      if (--p.busy == 0) pthread_cond_broadcast(&p.finished);
    }
    return nullptr;
  }
  MF_EMU_UNTRACKED void run(Job& j) {
    Lock one(launching);
    {
      Lock lock(m);
      job = &j;
      busy = extra;
      ++generation;
      pthread_cond_broadcast(&start);
    }
    run_blocks(j);
    Lock lock(m);
    while (busy != 0) pthread_cond_wait(&finished, &m);
  }
};

MF_EMU_UNTRACKED inline void run_job(Job& job) {
  if (settings().racecheck) {
    race_run(job);
    return;
  }
  const unsigned workers = settings().workers;
  if (workers <= 1 || job.blocks <= 1) {
    run_blocks(job);
    return;
  }
  static Pool* pool = new Pool(workers - 1);  // never destroyed: its threads outlive main
  pool->run(job);
}

// ---- device memory: host memory, registered so that cudaMemcpy and cudaFree can check pointers
struct RaceCell;
struct Allocation {
  uintptr_t start;
  size_t size;
  bool managed;
  RaceCell* shadow;  // the race checker's, made at its first access
};
inline void race_forget(Allocation& a);
struct Allocations {
  MF_EMU_UNTRACKED Allocations() {}
  pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
  Allocation* items = nullptr;  // sorted by start
  size_t count = 0, cap = 0;
  size_t in_use = 0;
  // The index of the last allocation starting at or before u, or count when none.
  MF_EMU_UNTRACKED size_t before(uintptr_t u) const {
    size_t lo = 0, hi = count;
    while (lo < hi) {
      size_t mid = (lo + hi) / 2;
      if (items[mid].start <= u) lo = mid + 1;
      else hi = mid;
    }
    return lo == 0 ? count : lo - 1;
  }
  // The allocation holding [p, p+n), or null.
  MF_EMU_UNTRACKED const Allocation* find(const void* p, size_t n) {
    const uintptr_t u = reinterpret_cast<uintptr_t>(p);
    const size_t i = before(u);
    if (i == count) return nullptr;
    const Allocation& a = items[i];
    return u + n <= a.start + greater<size_t>(a.size, 1) ? &a : nullptr;
  }
  MF_EMU_UNTRACKED void add(Allocation a) {
    if (count == cap) {
      cap = cap ? 2 * cap : 64;
      items = static_cast<Allocation*>(realloc(items, cap * sizeof(Allocation)));
      if (!items) fatal("out of memory");
    }
    size_t i = count;
    while (i > 0 && items[i - 1].start > a.start) {
      items[i] = items[i - 1];
      --i;
    }
    items[i] = a;
    ++count;
  }
  // The allocation holding address u, or null.
  MF_EMU_UNTRACKED Allocation* find_mutable(uintptr_t u) {
    const size_t i = before(u);
    return i != count && u - items[i].start < greater<size_t>(items[i].size, 1) ? &items[i] : nullptr;
  }
  MF_EMU_UNTRACKED bool remove(uintptr_t start) {
    const size_t i = before(start);
    if (i == count || items[i].start != start) return false;
    race_forget(items[i]);
    in_use -= items[i].size;
    memmove(items + i, items + i + 1, (count - i - 1) * sizeof(Allocation));
    --count;
    return true;
  }
};
MF_EMU_UNTRACKED inline Allocations& allocations() {
  static Allocations a;
  return a;
}

// Whether [p, p+n) lies inside one device allocation.
MF_EMU_UNTRACKED inline bool is_device_range(const void* p, size_t n) {
  Allocations& a = allocations();
  Lock lock(a.m);
  return a.find(p, n) != nullptr;
}
MF_EMU_UNTRACKED inline bool is_managed(const void* p) {
  Allocations& a = allocations();
  Lock lock(a.m);
  const Allocation* x = a.find(p, 1);
  return x && x->managed;
}

MF_EMU_UNTRACKED inline cudaError_t device_alloc(void** p, size_t size, bool managed) {
  if (!p) return fail(cudaErrorInvalidValue);
  Allocations& a = allocations();
  const size_t total = settings().prop.totalGlobalMem;
  {
    Lock lock(a.m);
    if (size > total - lesser(a.in_use, total)) {
      *p = nullptr;
      return fail(cudaErrorMemoryAllocation);
    }
  }
  void* mem = aligned_alloc(256, (size + 255) / 256 * 256 + 256);
  if (!mem) {
    *p = nullptr;
    return fail(cudaErrorMemoryAllocation);
  }
  // Device memory is not zeroed by CUDA; garbage makes reads of unwritten memory visible.
  if (settings().fill >= 0) memset(mem, settings().fill, size);
  Lock lock(a.m);
  a.add({reinterpret_cast<uintptr_t>(mem), size, managed, nullptr});
  a.in_use += size;
  *p = mem;
  return cudaSuccess;
}

// ---- race checking (MF_EMU_RACECHECK=1) ---------------------------------------------------------
// One access of a shadow cell: who (linear block and thread), when (barrier interval), where
// (the instruction, relative to the executable's load address).
struct RaceAccess {
  uint32_t block, epoch, site;
  uint16_t thread, valid;
};
// The last write of a word (or byte) and up to two reads since, by different threads that nothing
// orders. That is enough: blocks run one after another and a block's barrier intervals in order,
// so an access that a later one is ordered after can be forgotten. A cell is empty unless its gen
// is its memory's: bumping gen empties all of global memory's cells once per launch, shared
// memory's once per block.
struct RaceCell {
  uint32_t gen;
  RaceAccess w, r1, r2;
};

// Cells of addresses without a direct shadow (sub-word accesses, memory cudaMalloc did not
// return): open addressing, linear probing.
struct RaceTable {
  struct Slot {
    uintptr_t key;  // 0: empty
    RaceCell cell;
  };
  Slot* slots = nullptr;
  size_t cap = 0, used = 0;
  MF_EMU_UNTRACKED static size_t slot(uintptr_t key, size_t cap) { return size_t(mix(key)) & (cap - 1); }
  MF_EMU_UNTRACKED void grow(uint32_t gen) {
    // Only live cells move over: stale ones are empty anyway.
    const size_t ncap = cap ? 2 * cap : size_t(1) << 10;
    Slot* next = static_cast<Slot*>(calloc(ncap, sizeof(Slot)));
    if (!next) fatal("out of memory (race checking)");
    size_t n = 0;
    for (size_t i = 0; i < cap; ++i) {
      if (!slots[i].key || slots[i].cell.gen != gen) continue;
      size_t j = slot(slots[i].key, ncap);
      while (next[j].key) j = (j + 1) & (ncap - 1);
      next[j] = slots[i];
      ++n;
    }
    ::free(slots);
    slots = next;
    cap = ncap;
    used = n;
  }
  MF_EMU_UNTRACKED RaceCell& at(uintptr_t key, uint32_t gen) {
    if (2 * (used + 1) > cap) grow(gen);
    for (size_t i = slot(key, cap);; i = (i + 1) & (cap - 1)) {
      Slot& s = slots[i];
      if (s.key == key) return s.cell;
      if (!s.key) {
        s.key = key;
        ++used;
        return s.cell;
      }
    }
  }
};

struct Hazard {
  bool write_write, shared;
  RaceAccess first, second;  // in execution order
  bool first_writes, second_writes;
  char where[96];            // the address, described
};

struct RaceState {
  bool ready = false;
  uintptr_t load_bias = 0;             // of the executable: pc - load_bias is what addr2line reads
  uintptr_t tls_lo = 0, tls_size = 0;  // the executable's TLS block: static __shared__ variables
  uint32_t global_gen = 0, shared_gen = 0;
  // Direct shadows, one cell per 4-byte word: of the last allocation hit (Allocation::shadow),
  // of dynamic shared memory and of the TLS block.
  Allocation* hit = nullptr;
  RaceCell *dynamic = nullptr, *tls = nullptr;
  size_t dynamic_words = 0;
  RaceTable global, shared;
  enum { shown = 32, tracked = 1024 };
  Hazard hazards[shown];
  uint64_t keys[tracked];  // distinct hazards seen (the first `tracked` of them)
  size_t distinct = 0;
  bool more = false;       // more than `tracked`
};
inline RaceState race;
// Read by the hooks on every access of instrumented code: true only while a launch runs race-checked.
inline bool race_on = false;

MF_EMU_UNTRACKED inline RaceCell* race_cells(size_t words) {
  // calloc maps large blocks lazily: untouched pages of the shadow cost nothing.
  RaceCell* c = static_cast<RaceCell*>(calloc(words ? words : 1, sizeof(RaceCell)));
  if (!c) fatal("out of memory (race checking)");
  return c;
}

#if defined(__GLIBC__)
MF_EMU_UNTRACKED inline int race_find_executable(dl_phdr_info* info, size_t, void* data) {
  RaceState& r = *static_cast<RaceState*>(data);
  r.load_bias = info->dlpi_addr;
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    if (info->dlpi_phdr[i].p_type == PT_TLS && info->dlpi_tls_data) {
      r.tls_lo = reinterpret_cast<uintptr_t>(info->dlpi_tls_data);
      r.tls_size = info->dlpi_phdr[i].p_memsz;
    }
  }
  return 1;  // the first object is the executable
}
#endif

MF_EMU_UNTRACKED inline void race_setup(const Job& job) {
#if !defined(__SANITIZE_THREAD__)
  (void)job;
  fatal("MF_EMU_RACECHECK=1: this program was not compiled with -fsanitize=thread (build it with build.ts)");
#elif !defined(__GLIBC__)
  (void)job;
  fatal("MF_EMU_RACECHECK=1 needs glibc (to find static __shared__ memory)");
#else
  this_worker();  // constructed before race_on: its constructor's accesses are not the kernel's
  if (!race.ready) {
    dl_iterate_phdr(&race_find_executable, &race);
    race.tls = race_cells(race.tls_size / 4 + 1);
    race.ready = true;
  }
  if (job.shared / 4 + 1 > race.dynamic_words) {
    ::free(race.dynamic);
    race.dynamic_words = job.shared / 4 + 1;
    race.dynamic = race_cells(race.dynamic_words);
  }
#endif
}

MF_EMU_UNTRACKED inline void race_block_start() { ++race.shared_gen; }

// The shadow of an allocation is dropped with it (cudaFree).
MF_EMU_UNTRACKED inline void race_forget(Allocation& a) {
  if (race.hit == &a) race.hit = nullptr;
  ::free(a.shadow);
  a.shadow = nullptr;
}

MF_EMU_UNTRACKED inline void race_describe(char* out, size_t n, uintptr_t a, bool shared, const Worker& w) {
  if (shared) {
    if (a - reinterpret_cast<uintptr_t>(w.shared) < w.shared_bytes)
      snprintf(out, n, "offset %zu of dynamic shared memory", size_t(a - reinterpret_cast<uintptr_t>(w.shared)));
    else
      snprintf(out, n, "static __shared__ memory");
    return;
  }
  Allocations& all = allocations();
  Lock lock(all.m);
  if (const Allocation* x = all.find(reinterpret_cast<void*>(a), 1))
    snprintf(out, n, "offset %zu of a %zu-byte allocation", size_t(a - x->start), x->size);
  else
    snprintf(out, n, "address %p", reinterpret_cast<void*>(a));
}

MF_EMU_UNTRACKED inline void race_hazard(bool write_write, bool shared, const RaceAccess& first, bool first_writes,
                                         const RaceAccess& second, bool second_writes, uintptr_t a, const Worker& w) {
  // Distinct by kind, memory, the two instructions and which of them writes.
  const uint64_t key = mix(mix(mix(first.site) ^ second.site) ^ (uint64_t(write_write) | uint64_t(shared) << 1 |
                                                                  uint64_t(first_writes) << 2));
  for (size_t i = 0; i < race.distinct && i < RaceState::tracked; ++i)
    if (race.keys[i] == key) return;
  if (race.distinct == RaceState::tracked) {
    race.more = true;
    return;
  }
  if (race.distinct < RaceState::shown) {
    Hazard& h = race.hazards[race.distinct];
    h.write_write = write_write;
    h.shared = shared;
    h.first = first;
    h.second = second;
    h.first_writes = first_writes;
    h.second_writes = second_writes;
    race_describe(h.where, sizeof h.where, a, shared, w);
  }
  race.keys[race.distinct++] = key;
}

// x is ordered before `me` (which runs later) when the same thread made it, or the same block in
// an earlier barrier interval. Nothing orders the blocks of a launch.
MF_EMU_UNTRACKED inline bool race_ordered(const RaceAccess& x, const RaceAccess& me) {
  return x.block == me.block && (x.thread == me.thread || x.epoch < me.epoch);
}

MF_EMU_UNTRACKED inline void race_check(RaceCell& c, uint32_t gen, const RaceAccess& me, bool write, bool shared, uintptr_t a,
                                        const Worker& w) {
  if (c.gen != gen) {
    c.gen = gen;
    c.w.valid = c.r1.valid = c.r2.valid = 0;
  }
  if (write) {
    if (c.w.valid && !race_ordered(c.w, me)) race_hazard(true, shared, c.w, true, me, true, a, w);
    if (c.r1.valid && !race_ordered(c.r1, me)) race_hazard(false, shared, c.r1, false, me, true, a, w);
    else if (c.r2.valid && !race_ordered(c.r2, me)) race_hazard(false, shared, c.r2, false, me, true, a, w);
    c.w = me;
    c.r1.valid = c.r2.valid = 0;
  } else {
    if (c.w.valid && !race_ordered(c.w, me)) race_hazard(false, shared, c.w, true, me, false, a, w);
    if (!c.r1.valid || race_ordered(c.r1, me)) c.r1 = me;
    else if (!c.r2.valid || race_ordered(c.r2, me)) c.r2 = me;
  }
}

// The cell of the 4-byte word at a (4-aligned) in global memory.
MF_EMU_UNTRACKED inline RaceCell& race_global_word(uintptr_t a) {
  Allocation* x = race.hit;
  if (!x || a - x->start >= x->size) {
    Allocations& all = allocations();
    Lock lock(all.m);
    x = all.find_mutable(a);
    if (!x) return race.global.at(a * 2, race.global_gen);
    if (!x->shadow) x->shadow = race_cells(x->size / 4 + 1);
    race.hit = x;
  }
  return x->shadow[(a - x->start) / 4];  // allocations are 256-byte aligned
}

MF_EMU_UNTRACKED inline void race_record(Worker& w, const Fiber* f, const void* p, size_t size, bool write, const void* pc) {
  const uintptr_t a = reinterpret_cast<uintptr_t>(p);
  if (a - reinterpret_cast<uintptr_t>(f->stack) < f->stack_bytes) return;  // the thread's own locals
  // The built-in variables: only read, by every thread.
  if (a - reinterpret_cast<uintptr_t>(&threadIdx) < sizeof threadIdx || a - reinterpret_cast<uintptr_t>(&blockIdx) < sizeof blockIdx ||
      a - reinterpret_cast<uintptr_t>(&blockDim) < sizeof blockDim || a - reinterpret_cast<uintptr_t>(&gridDim) < sizeof gridDim)
    return;
  const uintptr_t dyn = reinterpret_cast<uintptr_t>(w.shared);
  const bool in_dynamic = a - dyn < w.shared_bytes, in_tls = a - race.tls_lo < race.tls_size;
  const bool shared = in_dynamic || in_tls;
  const uint32_t gen = shared ? race.shared_gen : race.global_gen;
  RaceAccess me;
  me.block = uint32_t(w.block_linear);
  me.epoch = w.epoch;
  me.site = uint32_t(reinterpret_cast<uintptr_t>(pc) - race.load_bias - 1);
  me.thread = uint16_t(f->tid);
  me.valid = 1;
  if (size % 4 == 0 && a % 4 == 0) {
    // Whole aligned words: one cell per word.
    for (size_t k = 0; k < size; k += 4) {
      const uintptr_t b = a + k;
      RaceCell& c = in_dynamic ? race.dynamic[(b - dyn) / 4]
                    : in_tls   ? race.tls[(b - race.tls_lo) / 4]  // the TLS block is 4-aligned or more
                               : race_global_word(b);
      race_check(c, gen, me, write, shared, b, w);
    }
  } else {
    // Other accesses: one cell per byte (keys differ from words' in their low bit).
    RaceTable& t = shared ? race.shared : race.global;
    for (size_t k = 0; k < size; ++k) race_check(t.at((a + k) * 2 + 1, gen), gen, me, write, shared, a + k, w);
  }
}

// One load or store of `size` bytes at p by the instruction before pc.
MF_EMU_UNTRACKED inline void race_access(const void* p, size_t size, bool write, const void* pc) {
  const Fiber* f = running_fiber;
  if (!f) return;  // not kernel code
  Worker& w = *f->worker;
  if (w.in_race_checker) return;
  w.in_race_checker = true;
  race_record(w, f, p, size, write, pc);
  w.in_race_checker = false;
}

// "file:line" for each site, from addr2line (the executable's -g1 line tables); "?" where unknown.
MF_EMU_UNTRACKED inline void race_symbolize(const uint32_t* sites, size_t n, char (*out)[128]) {
  for (size_t i = 0; i < n; ++i) snprintf(out[i], 128, "?");
  char exe[4096];
  const ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (len <= 0) return;
  exe[len] = 0;
  size_t cap = 64 + 4 * size_t(len) + 20 * n, at = 0;
  char* cmd = static_cast<char*>(malloc(cap));
  if (!cmd) return;
  at += snprintf(cmd + at, cap - at, "addr2line -a -i -s -e '");
  for (ssize_t i = 0; i < len; ++i) {
    if (exe[i] == '\'') at += snprintf(cmd + at, cap - at, "'\\''");
    else cmd[at++] = exe[i];
  }
  at += snprintf(cmd + at, cap - at, "'");
  for (size_t i = 0; i < n; ++i) at += snprintf(cmd + at, cap - at, " 0x%x", sites[i]);
  snprintf(cmd + at, cap - at, " 2>/dev/null");
  FILE* pipe = popen(cmd, "r");
  free(cmd);
  if (!pipe) return;
  // Each address comes as "0x...", then its location, then the locations it is inlined into.
  char line[1024];
  long current = -1;
  bool first = false;
  while (fgets(line, sizeof line, pipe)) {
    line[strcspn(line, "\n")] = 0;
    if (line[0] == '0' && line[1] == 'x') {
      ++current;
      first = true;
    } else if (first && current >= 0 && size_t(current) < n) {
      first = false;
      line[strcspn(line, " ")] = 0;  // " (discriminator N)"
      const char* colon = strrchr(line, ':');
      if (colon && strncmp(line, "??", 2) != 0 && strcmp(colon, ":?") != 0 && strcmp(colon, ":0") != 0)
        snprintf(out[current], 128, "%s", line);
    }
  }
  pclose(pipe);
}

// After a race-checked launch: the hazards on stderr, and exit status 66 if there were any.
MF_EMU_UNTRACKED inline void race_report(const Job& job) {
  if (!race.distinct) return;
  const size_t shown = lesser<size_t>(race.distinct, RaceState::shown);
  uint32_t sites[2 * RaceState::shown];
  char where[2 * RaceState::shown][128];
  for (size_t i = 0; i < shown; ++i) {
    sites[2 * i] = race.hazards[i].first.site;
    sites[2 * i + 1] = race.hazards[i].second.site;
  }
  race_symbolize(sites, 2 * shown, where);
  const uint64_t gx = job.grid.x, gxy = gx * job.grid.y;
  for (size_t i = 0; i < shown; ++i) {
    const Hazard& h = race.hazards[i];
    char who[2][96];
    const RaceAccess* acc[2] = {&h.first, &h.second};
    for (int k = 0; k < 2; ++k) {
      const uint64_t b = acc[k]->block;
      const uint3 t = thread_index(job.block, acc[k]->thread);
      snprintf(who[k], sizeof who[k], "block (%u,%u,%u) thread (%u,%u,%u)", unsigned(b % gx), unsigned(b / gx % job.grid.y),
               unsigned(b / gxy), t.x, t.y, t.z);
    }
    fprintf(stderr, "cuda_emu: race: kernel %s: %s hazard on %s memory (%s): %s by %s at %s, %s by %s at %s\n", job.kernel,
            h.write_write ? "write-write" : "read-write", h.shared ? "shared" : "global", h.where,
            h.first_writes ? "write" : "read", who[0], where[2 * i], h.second_writes ? "write" : "read", who[1],
            where[2 * i + 1]);
  }
  if (race.distinct > shown || race.more)
    fprintf(stderr, "cuda_emu: race: kernel %s: %s%zu more distinct hazards not shown\n", job.kernel, race.more ? "at least " : "",
            race.distinct - shown);
  fflush(stderr);
  exit(66);
}

// Runs a launch race-checked: one worker, a fresh shadow of global memory, then the report.
MF_EMU_UNTRACKED inline void race_run(Job& job) {
  race_setup(job);
  if (job.blocks > UINT32_MAX) fatal("MF_EMU_RACECHECK=1: more than 2^32 blocks in one launch");
  ++race.global_gen;
  race.hit = nullptr;  // allocations may have moved since the last launch
  race.distinct = 0;
  race.more = false;
  race_on = true;
  run_blocks(job);
  race_on = false;
  race_report(job);
}

}  // namespace detail
}  // namespace mf_emu

// ---- ThreadSanitizer's hooks ---------------------------------------------------------------------
// build.ts compiles with -fsanitize=thread and links without libtsan: every load and store of
// instrumented code calls one of these. Weak, so that several translation units may include this
// header; never instrumented themselves.
#define MF_EMU_HOOK extern "C" __attribute__((weak, used, noinline, no_sanitize_thread))
#define MF_EMU_ACCESS_HOOKS(N)                                                                       \
  MF_EMU_HOOK void __tsan_read##N(void* p) {                                                         \
    if (__builtin_expect(mf_emu::detail::race_on, 0)) mf_emu::detail::race_access(p, N, false, __builtin_return_address(0)); \
  }                                                                                                  \
  MF_EMU_HOOK void __tsan_write##N(void* p) {                                                        \
    if (__builtin_expect(mf_emu::detail::race_on, 0)) mf_emu::detail::race_access(p, N, true, __builtin_return_address(0)); \
  }                                                                                                  \
  MF_EMU_HOOK void __tsan_unaligned_read##N(void* p) {                                               \
    if (__builtin_expect(mf_emu::detail::race_on, 0)) mf_emu::detail::race_access(p, N, false, __builtin_return_address(0)); \
  }                                                                                                  \
  MF_EMU_HOOK void __tsan_unaligned_write##N(void* p) {                                              \
    if (__builtin_expect(mf_emu::detail::race_on, 0)) mf_emu::detail::race_access(p, N, true, __builtin_return_address(0)); \
  }
MF_EMU_ACCESS_HOOKS(1)
MF_EMU_ACCESS_HOOKS(2)
MF_EMU_ACCESS_HOOKS(4)
MF_EMU_ACCESS_HOOKS(8)
MF_EMU_ACCESS_HOOKS(16)
#undef MF_EMU_ACCESS_HOOKS
MF_EMU_HOOK void __tsan_read_range(void* p, size_t n) {
  if (__builtin_expect(mf_emu::detail::race_on, 0)) mf_emu::detail::race_access(p, n, false, __builtin_return_address(0));
}
MF_EMU_HOOK void __tsan_write_range(void* p, size_t n) {
  if (__builtin_expect(mf_emu::detail::race_on, 0)) mf_emu::detail::race_access(p, n, true, __builtin_return_address(0));
}
MF_EMU_HOOK void __tsan_init() {}
MF_EMU_HOOK void __tsan_func_entry(void*) {}
MF_EMU_HOOK void __tsan_func_exit() {}
MF_EMU_HOOK void __tsan_vptr_update(void**, void*) {}
MF_EMU_HOOK void __tsan_vptr_read(void**) {}
// Atomic builtins in instrumented code (host code's, libstdc++'s) become these calls: they do the
// operation and record nothing, as atomics are never races.
#define MF_EMU_ATOMIC_HOOKS(B, T)                                                                      \
  MF_EMU_HOOK T __tsan_atomic##B##_load(const volatile T* p, int) { return __atomic_load_n(p, __ATOMIC_SEQ_CST); } \
  MF_EMU_HOOK void __tsan_atomic##B##_store(volatile T* p, T v, int) { __atomic_store_n(p, v, __ATOMIC_SEQ_CST); } \
  MF_EMU_HOOK T __tsan_atomic##B##_exchange(volatile T* p, T v, int) { return __atomic_exchange_n(p, v, __ATOMIC_SEQ_CST); } \
  MF_EMU_HOOK T __tsan_atomic##B##_fetch_add(volatile T* p, T v, int) { return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST); } \
  MF_EMU_HOOK T __tsan_atomic##B##_fetch_sub(volatile T* p, T v, int) { return __atomic_fetch_sub(p, v, __ATOMIC_SEQ_CST); } \
  MF_EMU_HOOK T __tsan_atomic##B##_fetch_and(volatile T* p, T v, int) { return __atomic_fetch_and(p, v, __ATOMIC_SEQ_CST); } \
  MF_EMU_HOOK T __tsan_atomic##B##_fetch_or(volatile T* p, T v, int) { return __atomic_fetch_or(p, v, __ATOMIC_SEQ_CST); } \
  MF_EMU_HOOK T __tsan_atomic##B##_fetch_xor(volatile T* p, T v, int) { return __atomic_fetch_xor(p, v, __ATOMIC_SEQ_CST); } \
  MF_EMU_HOOK T __tsan_atomic##B##_fetch_nand(volatile T* p, T v, int) { return __atomic_fetch_nand(p, v, __ATOMIC_SEQ_CST); } \
  MF_EMU_HOOK int __tsan_atomic##B##_compare_exchange_strong(volatile T* p, T* e, T d, int, int) {   \
    return __atomic_compare_exchange_n(p, e, d, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);           \
  }                                                                                                   \
  MF_EMU_HOOK int __tsan_atomic##B##_compare_exchange_weak(volatile T* p, T* e, T d, int, int) {     \
    return __atomic_compare_exchange_n(p, e, d, true, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);            \
  }                                                                                                   \
  MF_EMU_HOOK T __tsan_atomic##B##_compare_exchange_val(volatile T* p, T e, T d, int, int) {         \
    __atomic_compare_exchange_n(p, &e, d, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);                 \
    return e;                                                                                         \
  }
MF_EMU_ATOMIC_HOOKS(8, uint8_t)
MF_EMU_ATOMIC_HOOKS(16, uint16_t)
MF_EMU_ATOMIC_HOOKS(32, uint32_t)
MF_EMU_ATOMIC_HOOKS(64, uint64_t)
#undef MF_EMU_ATOMIC_HOOKS
MF_EMU_HOOK void __tsan_atomic_thread_fence(int) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
MF_EMU_HOOK void __tsan_atomic_signal_fence(int) { __atomic_signal_fence(__ATOMIC_SEQ_CST); }
#undef MF_EMU_HOOK

namespace mf_emu {

// ---- launch -----------------------------------------------------------------------------------
// Checks the configuration as CUDA does, then runs `body` (which calls the kernel with argument
// values evaluated once, on the host, before this call) for every thread of every block. Launches
// are synchronous, so the caller's references stay valid while the kernel runs.
template <class F>
void launch(const char* kernel, dim3 grid, dim3 block, size_t shared, cudaStream_t, const F& body) {
  const cudaDeviceProp& p = detail::settings().prop;
  const uint64_t threads = uint64_t(block.x) * block.y * block.z;
  const size_t shared_limit = detail::greater(p.sharedMemPerBlock, detail::lesser(detail::dynamic_shared_optin(), p.sharedMemPerBlockOptin));
  if (threads == 0 || grid.x == 0 || grid.y == 0 || grid.z == 0 || threads > uint64_t(p.maxThreadsPerBlock) ||
      block.x > unsigned(p.maxThreadsDim[0]) || block.y > unsigned(p.maxThreadsDim[1]) ||
      block.z > unsigned(p.maxThreadsDim[2]) || grid.x > unsigned(p.maxGridSize[0]) ||
      grid.y > unsigned(p.maxGridSize[1]) || grid.z > unsigned(p.maxGridSize[2]) || shared > shared_limit) {
    detail::fail(cudaErrorInvalidConfiguration);
    return;
  }
  const long long regs = detail::settings().regs_per_thread;
  if (regs > 0 && threads * uint64_t(regs) > uint64_t(p.regsPerBlock)) {
    detail::fail(cudaErrorLaunchOutOfResources);
    return;
  }
  detail::Job job;
  job.body = [](const void* b) { (*static_cast<const F*>(b))(); };
  job.ctx = &body;
  job.kernel = kernel;
  job.grid = grid;
  job.block = block;
  job.shared = shared;
  job.blocks = uint64_t(grid.x) * grid.y * grid.z;
  detail::run_job(job);
}

// `extern __shared__ T x[];` becomes `T *const x = mf_emu::dynamic_shared<T>();`.
template <class T>
MF_EMU_UNTRACKED inline T* dynamic_shared() {
  detail::Worker& w = detail::this_worker();
  if (!w.current) fatal("extern __shared__ memory used outside a kernel");
  return reinterpret_cast<T*>(w.shared);
}

}  // namespace mf_emu

// ---- barriers ---------------------------------------------------------------------------------
MF_EMU_UNTRACKED inline void __syncthreads() {
  mf_emu::detail::Worker& w = mf_emu::detail::this_worker();
  mf_emu::detail::Fiber* f = w.current;
  if (!f) mf_emu::fatal("__syncthreads() called outside a kernel");
  w.waiting.push(f);
  mf_emu::detail::switch_to_scheduler(w, f);
}
MF_EMU_UNTRACKED inline int __syncthreads_count(int predicate) {
  mf_emu::detail::Worker& w = mf_emu::detail::this_worker();
  w.sync_acc += predicate != 0;
  __syncthreads();
  return int(w.sync_result);
}
MF_EMU_UNTRACKED inline int __syncthreads_and(int predicate) {
  mf_emu::detail::Worker& w = mf_emu::detail::this_worker();
  const unsigned n = w.nthreads;
  return unsigned(__syncthreads_count(predicate)) == n;
}
MF_EMU_UNTRACKED inline int __syncthreads_or(int predicate) { return __syncthreads_count(predicate) != 0; }
inline void __threadfence() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
inline void __threadfence_block() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
inline void __threadfence_system() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }

// ---- device functions -------------------------------------------------------------------------
// CUDA's min/max are plain overloads in the global namespace. Same-type calls pick these
// non-templates over std::min (even with `using namespace std`); mixed types go through the
// common type, as CUDA's mixed overloads do.
#define MF_EMU_MINMAX(T) \
  inline T min(T a, T b) { return b < a ? b : a; } \
  inline T max(T a, T b) { return a < b ? b : a; }
MF_EMU_MINMAX(int)
MF_EMU_MINMAX(unsigned)
MF_EMU_MINMAX(long)
MF_EMU_MINMAX(unsigned long)
MF_EMU_MINMAX(long long)
MF_EMU_MINMAX(unsigned long long)
MF_EMU_MINMAX(float)
MF_EMU_MINMAX(double)
#undef MF_EMU_MINMAX
template <class A, class B>
  requires(std::is_arithmetic_v<A> && std::is_arithmetic_v<B> && !std::is_same_v<A, B>)
inline std::common_type_t<A, B> min(A a, B b) {
  using C = std::common_type_t<A, B>;
  return C(b) < C(a) ? C(b) : C(a);
}
template <class A, class B>
  requires(std::is_arithmetic_v<A> && std::is_arithmetic_v<B> && !std::is_same_v<A, B>)
inline std::common_type_t<A, B> max(A a, B b) {
  using C = std::common_type_t<A, B>;
  return C(a) < C(b) ? C(b) : C(a);
}

inline float __fdividef(float a, float b) { return a / b; }
inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }
inline double rsqrt(double x) { return 1.0 / sqrt(x); }
inline float __expf(float x) { return expf(x); }
inline float __logf(float x) { return logf(x); }
inline float __sinf(float x) { return sinf(x); }
inline float __cosf(float x) { return cosf(x); }
inline float __powf(float a, float b) { return powf(a, b); }
inline float __saturatef(float x) { return x < 0.0f ? 0.0f : (x > 1.0f ? 1.0f : x); }
inline int __float_as_int(float x) { int i; memcpy(&i, &x, sizeof i); return i; }
inline float __int_as_float(int i) { float x; memcpy(&x, &i, sizeof x); return x; }
inline long long __double_as_longlong(double x) { long long i; memcpy(&i, &x, sizeof i); return i; }
inline double __longlong_as_double(long long i) { double x; memcpy(&x, &i, sizeof x); return x; }
inline int __popc(unsigned x) { return __builtin_popcount(x); }
inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
inline int __clz(int x) { return x == 0 ? 32 : __builtin_clz(unsigned(x)); }
inline int __clzll(long long x) { return x == 0 ? 64 : __builtin_clzll((unsigned long long)x); }
inline int __ffs(int x) { return __builtin_ffs(x); }
inline int __ffsll(long long x) { return __builtin_ffsll(x); }
inline unsigned __brev(unsigned x) {
  unsigned r = 0;
  for (int i = 0; i < 32; ++i, x >>= 1) r = (r << 1) | (x & 1u);
  return r;
}
inline int __mul24(int a, int b) { return a * b; }
inline unsigned __umul24(unsigned a, unsigned b) { return a * b; }
template <class T> inline T __ldg(const T* p) { return *p; }
inline long long clock64() {
  timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1000000000LL + t.tv_nsec;
}

// Atomics on any memory with GCC's __atomic builtins (blocks may run on several workers).
namespace mf_emu::detail {
// old -> op(old, v) with a compare-and-swap loop; returns old (floating point, min, max, inc, dec).
template <class T, class Op>
MF_EMU_UNTRACKED inline T atomic_update(T* p, T v, Op op) {
  T old, next;
  __atomic_load(p, &old, __ATOMIC_SEQ_CST);
  do next = op(old, v);
  while (!__atomic_compare_exchange(p, &old, &next, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST));
  return old;
}
}  // namespace mf_emu::detail
#define MF_EMU_ATOMIC(T)                                                                           \
  MF_EMU_UNTRACKED inline T atomicExch(T* p, T v) {                                                                 \
    T old;                                                                                         \
    __atomic_exchange(p, &v, &old, __ATOMIC_SEQ_CST);                                              \
    return old;                                                                                    \
  }                                                                                                \
  MF_EMU_UNTRACKED inline T atomicMin(T* p, T v) { return mf_emu::detail::atomic_update(p, v, [](T a, T b) { return b < a ? b : a; }); } \
  MF_EMU_UNTRACKED inline T atomicMax(T* p, T v) { return mf_emu::detail::atomic_update(p, v, [](T a, T b) { return a < b ? b : a; }); }
#define MF_EMU_ATOMIC_INT(T)                                                                       \
  MF_EMU_ATOMIC(T)                                                                                 \
  MF_EMU_UNTRACKED inline T atomicAdd(T* p, T v) { return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST); }             \
  MF_EMU_UNTRACKED inline T atomicSub(T* p, T v) { return __atomic_fetch_sub(p, v, __ATOMIC_SEQ_CST); }             \
  MF_EMU_UNTRACKED inline T atomicAnd(T* p, T v) { return __atomic_fetch_and(p, v, __ATOMIC_SEQ_CST); }             \
  MF_EMU_UNTRACKED inline T atomicOr(T* p, T v) { return __atomic_fetch_or(p, v, __ATOMIC_SEQ_CST); }               \
  MF_EMU_UNTRACKED inline T atomicXor(T* p, T v) { return __atomic_fetch_xor(p, v, __ATOMIC_SEQ_CST); }             \
  MF_EMU_UNTRACKED inline T atomicCAS(T* p, T expected, T desired) {                                                \
    __atomic_compare_exchange_n(p, &expected, desired, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); \
    return expected;                                                                               \
  }
#define MF_EMU_ATOMIC_FLOAT(T) \
  MF_EMU_ATOMIC(T)             \
  MF_EMU_UNTRACKED inline T atomicAdd(T* p, T v) { return mf_emu::detail::atomic_update(p, v, [](T a, T b) { return a + b; }); }
MF_EMU_ATOMIC_INT(int)
MF_EMU_ATOMIC_INT(unsigned)
MF_EMU_ATOMIC_INT(unsigned long long)
MF_EMU_ATOMIC_INT(long long)
MF_EMU_ATOMIC_FLOAT(float)
MF_EMU_ATOMIC_FLOAT(double)
#undef MF_EMU_ATOMIC
#undef MF_EMU_ATOMIC_INT
#undef MF_EMU_ATOMIC_FLOAT
MF_EMU_UNTRACKED inline unsigned atomicInc(unsigned* p, unsigned limit) {
  return mf_emu::detail::atomic_update(p, limit, [](unsigned old, unsigned lim) { return old >= lim ? 0u : old + 1u; });
}
MF_EMU_UNTRACKED inline unsigned atomicDec(unsigned* p, unsigned limit) {
  return mf_emu::detail::atomic_update(p, limit, [](unsigned old, unsigned lim) { return (old == 0u || old > lim) ? lim : old - 1u; });
}
MF_EMU_UNTRACKED inline unsigned short atomicCAS(unsigned short* p, unsigned short expected, unsigned short desired) {
  __atomic_compare_exchange_n(p, &expected, desired, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  return expected;
}

// ---- runtime API ------------------------------------------------------------------------------
inline const char* cudaGetErrorString(cudaError_t e) {
  switch (e) {
    case cudaSuccess: return "no error";
    case cudaErrorInvalidValue: return "invalid argument";
    case cudaErrorMemoryAllocation: return "out of memory";
    case cudaErrorInvalidConfiguration: return "invalid configuration argument";
    case cudaErrorInvalidSymbol: return "invalid device symbol";
    case cudaErrorInvalidDevicePointer: return "invalid device pointer";
    case cudaErrorInvalidMemcpyDirection: return "invalid copy direction for memcpy";
    case cudaErrorInvalidDeviceFunction: return "invalid device function";
    case cudaErrorNoDevice: return "no CUDA-capable device is detected";
    case cudaErrorInvalidDevice: return "invalid device ordinal";
    case cudaErrorInvalidResourceHandle: return "invalid resource handle";
    case cudaErrorLaunchOutOfResources: return "too many resources requested for launch";
    case cudaErrorNotSupported: return "operation not supported";
  }
  return "unrecognized error code";
}
inline const char* cudaGetErrorName(cudaError_t e) {
  switch (e) {
    case cudaSuccess: return "cudaSuccess";
    case cudaErrorInvalidValue: return "cudaErrorInvalidValue";
    case cudaErrorMemoryAllocation: return "cudaErrorMemoryAllocation";
    case cudaErrorInvalidConfiguration: return "cudaErrorInvalidConfiguration";
    case cudaErrorInvalidSymbol: return "cudaErrorInvalidSymbol";
    case cudaErrorInvalidDevicePointer: return "cudaErrorInvalidDevicePointer";
    case cudaErrorInvalidMemcpyDirection: return "cudaErrorInvalidMemcpyDirection";
    case cudaErrorInvalidDeviceFunction: return "cudaErrorInvalidDeviceFunction";
    case cudaErrorNoDevice: return "cudaErrorNoDevice";
    case cudaErrorInvalidDevice: return "cudaErrorInvalidDevice";
    case cudaErrorInvalidResourceHandle: return "cudaErrorInvalidResourceHandle";
    case cudaErrorLaunchOutOfResources: return "cudaErrorLaunchOutOfResources";
    case cudaErrorNotSupported: return "cudaErrorNotSupported";
  }
  return "cudaErrorUnknown";
}

inline cudaError_t cudaGetLastError() {
  cudaError_t e = mf_emu::detail::last_error;
  mf_emu::detail::last_error = cudaSuccess;
  return e;
}
inline cudaError_t cudaPeekAtLastError() { return mf_emu::detail::last_error; }

inline cudaError_t cudaMalloc(void** p, size_t size) { return mf_emu::detail::device_alloc(p, size, false); }
template <class T> inline cudaError_t cudaMalloc(T** p, size_t size) { return cudaMalloc(reinterpret_cast<void**>(p), size); }
inline cudaError_t cudaMallocManaged(void** p, size_t size, unsigned = 1) { return mf_emu::detail::device_alloc(p, size, true); }
template <class T> inline cudaError_t cudaMallocManaged(T** p, size_t size, unsigned flags = 1) {
  return cudaMallocManaged(reinterpret_cast<void**>(p), size, flags);
}
inline cudaError_t cudaFree(void* p) {
  if (!p) return cudaSuccess;
  mf_emu::detail::Allocations& a = mf_emu::detail::allocations();
  {
    mf_emu::detail::Lock lock(a.m);
    if (!a.remove(reinterpret_cast<uintptr_t>(p))) return mf_emu::detail::fail(cudaErrorInvalidValue);
  }
  ::free(p);
  return cudaSuccess;
}
// Pinned host memory is ordinary host memory here.
inline cudaError_t cudaMallocHost(void** p, size_t size) {
  if (!p) return mf_emu::detail::fail(cudaErrorInvalidValue);
  *p = malloc(size ? size : 1);
  return *p ? cudaSuccess : mf_emu::detail::fail(cudaErrorMemoryAllocation);
}
template <class T> inline cudaError_t cudaMallocHost(T** p, size_t size) { return cudaMallocHost(reinterpret_cast<void**>(p), size); }
inline cudaError_t cudaFreeHost(void* p) {
  ::free(p);
  return cudaSuccess;
}

inline cudaError_t cudaMemcpy(void* dst, const void* src, size_t count, cudaMemcpyKind kind) {
  using mf_emu::detail::fail;
  using mf_emu::detail::is_device_range;
  if (count == 0) return cudaSuccess;
  if (!dst || !src) return fail(cudaErrorInvalidValue);
  // The pointers must be what the direction says (managed memory is both), as CUDA checks.
  const bool dst_ok = kind == cudaMemcpyDefault || mf_emu::detail::is_managed(dst) ||
                      ((kind == cudaMemcpyHostToDevice || kind == cudaMemcpyDeviceToDevice) == is_device_range(dst, count));
  const bool src_ok = kind == cudaMemcpyDefault || mf_emu::detail::is_managed(src) ||
                      ((kind == cudaMemcpyDeviceToHost || kind == cudaMemcpyDeviceToDevice) == is_device_range(src, count));
  if (kind < cudaMemcpyHostToHost || kind > cudaMemcpyDefault) return fail(cudaErrorInvalidMemcpyDirection);
  if (!dst_ok || !src_ok) return fail(cudaErrorInvalidValue);
  memmove(dst, src, count);
  return cudaSuccess;
}
inline cudaError_t cudaMemcpyAsync(void* dst, const void* src, size_t count, cudaMemcpyKind kind, cudaStream_t = nullptr) {
  return cudaMemcpy(dst, src, count, kind);
}
inline cudaError_t cudaMemset(void* p, int value, size_t count) {
  if (count == 0) return cudaSuccess;
  if (!mf_emu::detail::is_device_range(p, count)) return mf_emu::detail::fail(cudaErrorInvalidValue);
  memset(p, value, count);
  return cudaSuccess;
}
inline cudaError_t cudaMemsetAsync(void* p, int value, size_t count, cudaStream_t = nullptr) { return cudaMemset(p, value, count); }
template <class T>
inline cudaError_t cudaMemcpyToSymbol(T& symbol, const void* src, size_t count, size_t offset = 0,
                                      cudaMemcpyKind = cudaMemcpyHostToDevice) {
  if (offset + count > sizeof(T)) return mf_emu::detail::fail(cudaErrorInvalidValue);
  memcpy(reinterpret_cast<char*>(&symbol) + offset, src, count);
  return cudaSuccess;
}
template <class T>
inline cudaError_t cudaMemcpyFromSymbol(void* dst, const T& symbol, size_t count, size_t offset = 0,
                                        cudaMemcpyKind = cudaMemcpyDeviceToHost) {
  if (offset + count > sizeof(T)) return mf_emu::detail::fail(cudaErrorInvalidValue);
  memcpy(dst, reinterpret_cast<const char*>(&symbol) + offset, count);
  return cudaSuccess;
}

inline cudaError_t cudaMemGetInfo(size_t* free_bytes, size_t* total_bytes) {
  if (!free_bytes || !total_bytes) return mf_emu::detail::fail(cudaErrorInvalidValue);
  mf_emu::detail::Allocations& a = mf_emu::detail::allocations();
  mf_emu::detail::Lock lock(a.m);
  *total_bytes = mf_emu::detail::settings().prop.totalGlobalMem;
  *free_bytes = *total_bytes - mf_emu::detail::lesser(a.in_use, *total_bytes);
  return cudaSuccess;
}

// Launches are synchronous, so there is never anything to wait for.
inline cudaError_t cudaDeviceSynchronize() { return cudaSuccess; }
inline cudaError_t cudaDeviceReset() { return cudaSuccess; }
inline cudaError_t cudaGetDeviceCount(int* n) {
  if (!n) return mf_emu::detail::fail(cudaErrorInvalidValue);
  *n = 1;
  return cudaSuccess;
}
inline cudaError_t cudaGetDevice(int* d) {
  if (!d) return mf_emu::detail::fail(cudaErrorInvalidValue);
  *d = 0;
  return cudaSuccess;
}
inline cudaError_t cudaSetDevice(int d) { return d == 0 ? cudaSuccess : mf_emu::detail::fail(cudaErrorInvalidDevice); }
inline cudaError_t cudaGetDeviceProperties(cudaDeviceProp* prop, int device) {
  if (!prop) return mf_emu::detail::fail(cudaErrorInvalidValue);
  if (device != 0) return mf_emu::detail::fail(cudaErrorInvalidDevice);
  *prop = mf_emu::detail::settings().prop;
  return cudaSuccess;
}
inline cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attr, int device) {
  if (!value) return mf_emu::detail::fail(cudaErrorInvalidValue);
  if (device != 0) return mf_emu::detail::fail(cudaErrorInvalidDevice);
  const cudaDeviceProp& p = mf_emu::detail::settings().prop;
  switch (attr) {
    case cudaDevAttrMaxThreadsPerBlock: *value = p.maxThreadsPerBlock; break;
    case cudaDevAttrMaxBlockDimX: *value = p.maxThreadsDim[0]; break;
    case cudaDevAttrMaxBlockDimY: *value = p.maxThreadsDim[1]; break;
    case cudaDevAttrMaxBlockDimZ: *value = p.maxThreadsDim[2]; break;
    case cudaDevAttrMaxGridDimX: *value = p.maxGridSize[0]; break;
    case cudaDevAttrMaxGridDimY: *value = p.maxGridSize[1]; break;
    case cudaDevAttrMaxGridDimZ: *value = p.maxGridSize[2]; break;
    case cudaDevAttrMaxSharedMemoryPerBlock: *value = int(p.sharedMemPerBlock); break;
    case cudaDevAttrTotalConstantMemory: *value = int(p.totalConstMem); break;
    case cudaDevAttrWarpSize: *value = p.warpSize; break;
    case cudaDevAttrMaxRegistersPerBlock: *value = p.regsPerBlock; break;
    case cudaDevAttrMultiProcessorCount: *value = p.multiProcessorCount; break;
    case cudaDevAttrL2CacheSize: *value = p.l2CacheSize; break;
    case cudaDevAttrMaxThreadsPerMultiProcessor: *value = p.maxThreadsPerMultiProcessor; break;
    case cudaDevAttrComputeCapabilityMajor: *value = p.major; break;
    case cudaDevAttrComputeCapabilityMinor: *value = p.minor; break;
    case cudaDevAttrMaxSharedMemoryPerMultiprocessor: *value = int(p.sharedMemPerMultiprocessor); break;
    case cudaDevAttrMaxRegistersPerMultiprocessor: *value = p.regsPerMultiprocessor; break;
    case cudaDevAttrMaxSharedMemoryPerBlockOptin: *value = int(p.sharedMemPerBlockOptin); break;
    case cudaDevAttrMaxBlocksPerMultiprocessor: *value = p.maxBlocksPerMultiProcessor; break;
    default: return mf_emu::detail::fail(cudaErrorInvalidValue);
  }
  return cudaSuccess;
}

inline cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache) { return cudaSuccess; }
template <class K> inline cudaError_t cudaFuncSetCacheConfig(K*, cudaFuncCache) { return cudaSuccess; }

// Per-kernel attributes: the emulator knows no kernel's registers or static shared memory.
template <class K>
inline cudaError_t cudaFuncSetAttribute(K*, cudaFuncAttribute attr, int value) {
  if (attr == cudaFuncAttributeMaxDynamicSharedMemorySize) {
    if (value < 0 || size_t(value) > mf_emu::detail::settings().prop.sharedMemPerBlockOptin)
      return mf_emu::detail::fail(cudaErrorInvalidValue);
    mf_emu::detail::dynamic_shared_optin() = mf_emu::detail::greater(mf_emu::detail::dynamic_shared_optin(), size_t(value));
  }
  return cudaSuccess;
}
template <class K>
inline cudaError_t cudaFuncGetAttributes(cudaFuncAttributes* attr, K*) {
  if (!attr) return mf_emu::detail::fail(cudaErrorInvalidValue);
  const cudaDeviceProp& p = mf_emu::detail::settings().prop;
  *attr = cudaFuncAttributes{};
  attr->maxThreadsPerBlock = p.maxThreadsPerBlock;
  attr->numRegs = int(mf_emu::detail::settings().regs_per_thread);
  attr->ptxVersion = attr->binaryVersion = p.major * 10 + p.minor;
  attr->maxDynamicSharedSizeBytes = int(mf_emu::detail::greater(p.sharedMemPerBlock, mf_emu::detail::dynamic_shared_optin()));
  return cudaSuccess;
}
// Resident blocks per SM from the thread, block, shared memory (and assumed register) limits.
template <class K>
inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* n, K*, int blockSize, size_t dynamicSMem) {
  const cudaDeviceProp& p = mf_emu::detail::settings().prop;
  if (!n || blockSize <= 0) return mf_emu::detail::fail(cudaErrorInvalidValue);
  using mf_emu::detail::lesser;
  long long blocks = lesser<long long>(p.maxBlocksPerMultiProcessor, p.maxThreadsPerMultiProcessor / blockSize);
  if (dynamicSMem) blocks = lesser<long long>(blocks, (long long)(p.sharedMemPerMultiprocessor / (dynamicSMem + p.reservedSharedMemPerBlock)));
  const long long regs = mf_emu::detail::settings().regs_per_thread;
  if (regs > 0) blocks = lesser<long long>(blocks, p.regsPerMultiprocessor / (regs * blockSize));
  *n = int(mf_emu::detail::greater(0LL, blocks));
  return cudaSuccess;
}

// Streams and events: everything is synchronous; events record the host's monotonic clock.
struct mf_emu_event { long long ns; };
inline cudaError_t cudaStreamCreate(cudaStream_t* s) {
  if (!s) return mf_emu::detail::fail(cudaErrorInvalidValue);
  static char token;
  *s = reinterpret_cast<cudaStream_t>(&token);
  return cudaSuccess;
}
inline cudaError_t cudaStreamDestroy(cudaStream_t) { return cudaSuccess; }
inline cudaError_t cudaStreamSynchronize(cudaStream_t) { return cudaSuccess; }
inline cudaError_t cudaEventCreate(cudaEvent_t* e) {
  if (!e) return mf_emu::detail::fail(cudaErrorInvalidValue);
  *e = new mf_emu_event{clock64()};
  return cudaSuccess;
}
inline cudaError_t cudaEventDestroy(cudaEvent_t e) {
  delete e;
  return cudaSuccess;
}
inline cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t = nullptr) {
  if (!e) return mf_emu::detail::fail(cudaErrorInvalidResourceHandle);
  e->ns = clock64();
  return cudaSuccess;
}
inline cudaError_t cudaEventSynchronize(cudaEvent_t) { return cudaSuccess; }
inline cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end) {
  if (!ms || !start || !end) return mf_emu::detail::fail(cudaErrorInvalidValue);
  *ms = float(end->ns - start->ns) / 1e6f;
  return cudaSuccess;
}
