"use strict";
// SPMD parallel regions (OpenMP -> MetaFork, translate/spmd and translate/partition): the
// MetaFork text of each pattern pinned; each refusal at its construct, naming what cannot be
// expressed; complete programs (test/fixtures/spmd/) proven by running them: the original
// built with gcc -O2 -fopenmp at 1, 2 and 4 threads (all equal), its MetaFork and CilkPlus
// translations through their serial elision (linked with the OpenMP runtime, whose
// omp_get_max_threads() they keep, and run at 1, 2 and 4 threads: as many loop iterations as
// threads), and the MetaFork translation back to OpenMP at 1, 2 and 4 threads: every output equal.
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const node_test_1 = require("node:test");
const strict_1 = __importDefault(require("node:assert/strict"));
const child_process_1 = require("child_process");
const fs = __importStar(require("fs"));
const os = __importStar(require("os"));
const path = __importStar(require("path"));
const helpers_1 = require("../helpers");
const index_1 = require("../../server/src/translate/index");
const gcc_1 = require("../differential/gcc");
const run_1 = require("./run");
const gcc = (0, child_process_1.spawnSync)('gcc', ['--version']).status === 0;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mf-spmd-'));
const cases = [
    {
        name: 'thread ids and the team size of num_threads read the loop over thread ids',
        program: `#include <omp.h>
int who[8];
int main(void) {
  #pragma omp parallel num_threads(4)
  {
    int id = omp_get_thread_num();
    who[id] = omp_get_num_threads();
  }
  return who[0];
}
`,
        expected: `int who[8];
int main(void) {
  {
    const int mf_nthreads = 4;
    meta_for (int mf_tid = 0; mf_tid < mf_nthreads; mf_tid++) {
      int id = mf_tid;
      who[id] = mf_nthreads;
    }
  }
  return who[0];
}
`,
    },
    {
        name: 'work-sharing loops: a chunked static partition going down, a reduction under dynamic, the if clause',
        program: `#include <omp.h>
long a[100], s;
int main(void) {
  #pragma omp parallel if(s > 0)
  {
    long t = omp_get_thread_num();
    #pragma omp for schedule(static, 5) nowait
    for (int i = 99; i >= 0; i -= 3)
      a[i] = t;
    #pragma omp for reduction(+: s) schedule(dynamic)
    for (int i = 0; i < 100; i++)
      s += a[i];
  }
  return (int) s;
}
`,
        expected: `#include <omp.h>
long a[100], s;
int main(void) {
  {
    const int mf_nthreads = (s > 0) ? omp_get_max_threads() : 1;
    meta_for reduction(+: s) (int mf_tid = 0; mf_tid < mf_nthreads; mf_tid++) {
      long t = mf_tid;
      {
        const long long mf_n = 34;
        for (long long mf_lo = (long long) mf_tid * 5; mf_lo < mf_n; mf_lo += (long long) mf_nthreads * 5) {
          const long long mf_hi = mf_lo + 5 < mf_n ? mf_lo + 5 : mf_n;
          for (int i = 99 - mf_lo * 3; i > 99 - mf_hi * 3; i -= 3)
            a[i] = t;
        }
      }
      {
        const long long mf_n = 100;
        const long long mf_q = mf_n / mf_nthreads, mf_r = mf_n % mf_nthreads;
        const long long mf_lo = mf_tid * mf_q + (mf_tid < mf_r ? mf_tid : mf_r);
        const long long mf_hi = mf_lo + mf_q + (mf_tid < mf_r);
        for (int i = mf_lo; i < mf_hi; i++)
          s += a[i];
      }
    }
  }
  return (int) s;
}
`,
    },
    {
        name: 'a barrier splits the region; the ids are declared again after it; master and single nowait on thread 0',
        program: `#include <stdio.h>
#include <omp.h>
int x[64];
int main(void) {
  int team = 0;
  #pragma omp parallel
  {
    int me = omp_get_thread_num(), n = omp_get_num_threads();
    x[me] = me * me;
    #pragma omp barrier
    #pragma omp master
    team = n;
    #pragma omp single nowait
    printf("%d\\n", x[(me + 1) % n]);
  }
  return team;
}
`,
        expected: `#include <stdio.h>
#include <omp.h>
int x[64];
int main(void) {
  int team = 0;
  {
    const int mf_nthreads = omp_get_max_threads();
    meta_for (int mf_tid = 0; mf_tid < mf_nthreads; mf_tid++) {
      int me = mf_tid, n = mf_nthreads;
      x[me] = me * me;
    }
    meta_for (int mf_tid = 0; mf_tid < mf_nthreads; mf_tid++) {
      int me = mf_tid;
      int n = mf_nthreads;
      if (mf_tid == 0)
        team = n;
      if (mf_tid == 0)
        printf("%d\\n", x[(me + 1) % n]);
    }
  }
  return team;
}
`,
    },
    {
        name: 'a static partition; a single between barriers runs once; private and firstprivate copies in every loop',
        program: `#include <omp.h>
int a[10], b[10], first;
int main(void) {
  int k = 2, scratch;
  #pragma omp parallel private(scratch) firstprivate(k)
  {
    #pragma omp for
    for (int i = 0; i < 10; i++)
      a[i] = i * k;
    #pragma omp single
    first = a[0] + a[9];
    scratch = omp_get_thread_num() + k;
    b[scratch % 10] = first;
  }
  return b[0];
}
`,
        expected: `#include <omp.h>
int a[10], b[10], first;
int main(void) {
  int k = 2, scratch;
  {
    const int mf_nthreads = omp_get_max_threads();
    int _fip_k = k;
    meta_for (int mf_tid = 0; mf_tid < mf_nthreads; mf_tid++) {
      int scratch;
      int k = _fip_k;
      {
        const long long mf_n = 10;
        const long long mf_q = mf_n / mf_nthreads, mf_r = mf_n % mf_nthreads;
        const long long mf_lo = mf_tid * mf_q + (mf_tid < mf_r ? mf_tid : mf_r);
        const long long mf_hi = mf_lo + mf_q + (mf_tid < mf_r);
        for (int i = mf_lo; i < mf_hi; i++)
          a[i] = i * k;
      }
    }
    first = a[0] + a[9];
    meta_for (int mf_tid = 0; mf_tid < mf_nthreads; mf_tid++) {
      int scratch;
      int k = _fip_k;
      scratch = mf_tid + k;
      b[scratch % 10] = first;
    }
  }
  return b[0];
}
`,
    },
    {
        name: 'a reduction on the region; thread queries in main outside any region are the initial thread',
        program: `#include <stdio.h>
#include <omp.h>
int main(void) {
  int sum = 0;
  printf("%d of %d\\n", omp_get_thread_num(), omp_get_num_threads());
  #pragma omp parallel reduction(+: sum) num_threads(3)
  sum += omp_get_thread_num();
  printf("%d\\n", sum);
  return 0;
}
`,
        expected: `#include <stdio.h>
int main(void) {
  int sum = 0;
  printf("%d of %d\\n", 0, 1);
  {
    const int mf_nthreads = 3;
    meta_for reduction(+: sum) (int mf_tid = 0; mf_tid < mf_nthreads; mf_tid++) {
      sum += mf_tid;
    }
  }
  printf("%d\\n", sum);
  return 0;
}
`,
    },
    {
        name: 'a parallel for reading thread ids: one work-sharing loop over the chunks of its schedule',
        program: `#include <stdio.h>
#include <omp.h>
int who[100];
int main(void) {
  long s = 0;
  #pragma omp parallel for num_threads(3) reduction(+: s) schedule(static, 10)
  for (int i = 0; i < 100; i++) {
    who[i] = omp_get_thread_num();
    s += who[i] * i;
  }
  printf("%ld\\n", s);
  return 0;
}
`,
        expected: `#include <stdio.h>
int who[100];
int main(void) {
  long s = 0;
  {
    const int mf_nthreads = 3;
    meta_for reduction(+: s) (int mf_tid = 0; mf_tid < mf_nthreads; mf_tid++) {
      {
        const long long mf_n = 100;
        for (long long mf_lo = (long long) mf_tid * 10; mf_lo < mf_n; mf_lo += (long long) mf_nthreads * 10) {
          const long long mf_hi = mf_lo + 10 < mf_n ? mf_lo + 10 : mf_n;
          for (int i = mf_lo; i < mf_hi; i++) {
            who[i] = mf_tid;
            s += who[i] * i;
          }
        }
      }
    }
  }
  printf("%ld\\n", s);
  return 0;
}
`,
    },
    {
        name: 'a parallel region chained with a work-sharing loop reading thread ids: the loop is the region',
        program: `#include <omp.h>
int a[8];
int main(void) {
  #pragma omp parallel num_threads(2)
  #pragma omp for
  for (int i = 0; i < 8; i++)
    a[i] = omp_get_thread_num();
  return a[0];
}
`,
        expected: `int a[8];
int main(void) {
  {
    const int mf_nthreads = 2;
    meta_for (int mf_tid = 0; mf_tid < mf_nthreads; mf_tid++) {
      {
        const long long mf_n = 8;
        const long long mf_q = mf_n / mf_nthreads, mf_r = mf_n % mf_nthreads;
        const long long mf_lo = mf_tid * mf_q + (mf_tid < mf_r ? mf_tid : mf_r);
        const long long mf_hi = mf_lo + mf_q + (mf_tid < mf_r);
        for (int i = mf_lo; i < mf_hi; i++)
          a[i] = mf_tid;
      }
    }
  }
  return a[0];
}
`,
    },
    {
        name: 'sections between loops over thread ids run once, as forks joined at their end',
        program: `#include <omp.h>
int a[8], l, r;
int main(void) {
  #pragma omp parallel
  {
    a[omp_get_thread_num()] = 1;
    #pragma omp sections
    {
      #pragma omp section
      l = a[0];
      #pragma omp section
      r = a[1];
    }
  }
  return l + r;
}
`,
        expected: `#include <omp.h>
int a[8], l, r;
int main(void) {
  {
    const int mf_nthreads = omp_get_max_threads();
    meta_for (int mf_tid = 0; mf_tid < mf_nthreads; mf_tid++) {
      a[mf_tid] = 1;
    }
    meta_fork
    l = a[0];
    meta_fork
    r = a[1];
    meta_join;
  }
  return l + r;
}
`,
    },
    {
        name: 'a counter every loop over thread ids writes before reading it is declared again without its value',
        program: `#include <omp.h>
#define N 100
int a[N], b[N];
int main(void) {
  #pragma omp parallel
  {
    int i, id = omp_get_thread_num(), nt = omp_get_num_threads();
    for (i = id; i < N; i += nt)
      a[i] = i;
    #pragma omp barrier
    for (i = id; i < N; i += nt)
      b[i] = a[N - 1 - i];
  }
  return b[0];
}
`,
        expected: `#include <omp.h>
#define N 100
int a[N], b[N];
int main(void) {
  {
    const int mf_nthreads = omp_get_max_threads();
    meta_for (int mf_tid = 0; mf_tid < mf_nthreads; mf_tid++) {
      int i, id = mf_tid, nt = mf_nthreads;
      for (i = id; i < N; i += nt)
        a[i] = i;
    }
    meta_for (int mf_tid = 0; mf_tid < mf_nthreads; mf_tid++) {
      int i;
      int id = mf_tid;
      int nt = mf_nthreads;
      for (i = id; i < N; i += nt)
        b[i] = a[N - 1 - i];
    }
  }
  return b[0];
}
`,
    },
    {
        name: 'a uniform time loop with barriers inside goes around the loops over thread ids',
        program: `#include <omp.h>
int a[16], sweeps;
int main(void) {
  #pragma omp parallel num_threads(2)
  {
    int me = omp_get_thread_num();
    for (int t = 0; t < 3; t++) {
      a[me] += t;
      #pragma omp barrier
      #pragma omp single
      sweeps++;
    }
  }
  return a[0] + sweeps;
}
`,
        expected: `int a[16], sweeps;
int main(void) {
  {
    const int mf_nthreads = 2;
    meta_for (int mf_tid = 0; mf_tid < mf_nthreads; mf_tid++) {
      int me = mf_tid;
    }
    for (int t = 0; t < 3; t++) {
      meta_for (int mf_tid = 0; mf_tid < mf_nthreads; mf_tid++) {
        int me = mf_tid;
        a[me] += t;
      }
      sweeps++;
    }
  }
  return a[0] + sweeps;
}
`,
    },
    {
        name: 'a time loop whose control variable the region declares (and nothing else names) declares it in its header',
        program: `#include <omp.h>
int a[16], b[16];
int main(void) {
  #pragma omp parallel num_threads(2)
  {
    int t, i;
    for (t = 3; t > 0; t--) {
      #pragma omp for
      for (i = 0; i < 16; i++)
        a[i] += t * i;
      #pragma omp single
      b[t] = a[t];
    }
  }
  return a[1] + b[1];
}
`,
        expected: `int a[16], b[16];
int main(void) {
  {
    const int mf_nthreads = 2;
    for (int t = 3; t > 0; t--) {
      meta_for (int mf_tid = 0; mf_tid < mf_nthreads; mf_tid++) {
        int i;
        {
          const long long mf_n = 16;
          const long long mf_q = mf_n / mf_nthreads, mf_r = mf_n % mf_nthreads;
          const long long mf_lo = mf_tid * mf_q + (mf_tid < mf_r ? mf_tid : mf_r);
          const long long mf_hi = mf_lo + mf_q + (mf_tid < mf_r);
          for (int i = mf_lo; i < mf_hi; i++)
            a[i] += t * i;
        }
      }
      b[t] = a[t];
    }
  }
  return a[1] + b[1];
}
`,
    },
    {
        name: 'a time loop bounded by a size every thread computes alike declares it around the loop',
        program: `#include <omp.h>
int grid[2] = {8, 6};
double r[8][8];
int main(void) {
  #pragma omp parallel num_threads(2)
  {
    int i, j, size;
    size = grid[0] - 1;
    for (i = 1; i < size; i++) {
      #pragma omp for
      for (j = 0; j < grid[1]; j++)
        r[i][j] += r[i - 1][j];
    }
  }
  return (int)r[7][0];
}
`,
        expected: `int grid[2] = {8, 6};
double r[8][8];
int main(void) {
  {
    const int mf_nthreads = 2;
    meta_for (int mf_tid = 0; mf_tid < mf_nthreads; mf_tid++) {
      int i, j, size;
      size = grid[0] - 1;
    }
    {
      int size = grid[0] - 1;
      for (int i = 1; i < size; i++) {
        meta_for (int mf_tid = 0; mf_tid < mf_nthreads; mf_tid++) {
          int j;
          {
            const long long mf_n = (grid[1]) > 0 ? (grid[1]) : 0;
            const long long mf_q = mf_n / mf_nthreads, mf_r = mf_n % mf_nthreads;
            const long long mf_lo = mf_tid * mf_q + (mf_tid < mf_r ? mf_tid : mf_r);
            const long long mf_hi = mf_lo + mf_q + (mf_tid < mf_r);
            for (int j = mf_lo; j < mf_hi; j++)
              r[i][j] += r[i - 1][j];
          }
        }
      }
    }
  }
  return (int)r[7][0];
}
`,
    },
    {
        name: "a thread's id stored once after its declaration is stored again after a barrier",
        program: `#include <omp.h>
int x[64];
int main(void) {
  #pragma omp parallel
  {
    int me;
    me = omp_get_thread_num();
    x[me] = 1;
    #pragma omp barrier
    x[me] += x[0];
  }
  return x[0];
}
`,
        expected: `#include <omp.h>
int x[64];
int main(void) {
  {
    const int mf_nthreads = omp_get_max_threads();
    meta_for (int mf_tid = 0; mf_tid < mf_nthreads; mf_tid++) {
      int me;
      me = mf_tid;
      x[me] = 1;
    }
    meta_for (int mf_tid = 0; mf_tid < mf_nthreads; mf_tid++) {
      int me = mf_tid;
      x[me] += x[0];
    }
  }
  return x[0];
}
`,
    },
    {
        // Translated as one for all iterations, the counter raced (a silently wrong translation).
        name: "a region's own counter a work-sharing loop stores before reading is declared in each iteration",
        program: `int a[64][64];
int main(void) {
  #pragma omp parallel
  {
    int j;
    #pragma omp for
    for (int i = 0; i < 64; i++)
      for (j = 0; j < 64; j++) a[i][j] = i + j;
  }
  return a[63][63];
}
`,
        expected: `int a[64][64];
int main(void) {
  {
    int j;
    meta_for (int i = 0; i < 64; i++)
      {
        int j;
        for (j = 0; j < 64; j++) a[i][j] = i + j;
      }
  }
  return a[63][63];
}
`,
    },
    {
        name: 'parallel masked: the body runs once, as the filter\'s thread of the num_threads team',
        program: `#include <omp.h>
int id, n;
int main(void) {
  #pragma omp parallel masked num_threads(4) filter(2)
  {
    id = omp_get_thread_num();
    n = omp_get_num_threads();
  }
  return id + n;
}
`,
        expected: `int id, n;
int main(void) {
  id = 2;
  n = 4;
  return id + n;
}
`,
    },
    {
        name: 'single copyprivate: run once, its value read into every later loop over thread ids',
        program: `#include <omp.h>
int out[4];
int main(void) {
  #pragma omp parallel num_threads(4)
  {
    int seed;
    #pragma omp single copyprivate(seed)
    seed = out[3] + 17;
    out[omp_get_thread_num()] = seed + omp_get_thread_num();
  }
  return out[0];
}
`,
        expected: `int out[4];
int main(void) {
  {
    const int mf_nthreads = 4;
    int mf_copy_seed;
    {
      int seed;
      seed = out[3] + 17;
      mf_copy_seed = seed;
    }
    meta_for (int mf_tid = 0; mf_tid < mf_nthreads; mf_tid++) {
      int seed = mf_copy_seed;
      out[mf_tid] = seed + mf_tid;
    }
  }
  return out[0];
}
`,
    },
    {
        name: 'a region reduction variable stored without being read: each thread\'s copy from the identity, combined',
        program: `#include <omp.h>
int main(void) {
  int hi = -1;
  #pragma omp parallel reduction(max: hi)
  hi = omp_get_thread_num() * 7 % 5;
  return hi;
}
`,
        expected: `#include <omp.h>
#include <limits.h>
int main(void) {
  int hi = -1;
  {
    const int mf_nthreads = omp_get_max_threads();
    meta_for reduction(max: hi) (int mf_tid = 0; mf_tid < mf_nthreads; mf_tid++) {
      int mf_part_hi;
      {
        int hi = INT_MIN;
        hi = mf_tid * 7 % 5;
        mf_part_hi = hi;
      }
      hi = hi > mf_part_hi ? hi : mf_part_hi;
    }
  }
  return hi;
}
`,
    },
    {
        name: 'region reduction variables stored without being read after two barriers: the one loop using them keeps each thread\'s copy',
        program: `int main(void) {
  int total = 0, a = 0, hi = -1;
  #pragma omp parallel reduction(+: total) reduction(max: hi) num_threads(3)
  {
    #pragma omp for reduction(+: a)
    for (int i = 0; i < 100; i++) a += i;
    total = a;
    hi = a;
  }
  return total + hi;
}
`,
        expected: `#include <limits.h>
int main(void) {
  int total = 0, a = 0, hi = -1;
  {
    const int mf_nthreads = 3;
    meta_for reduction(+: total) reduction(max: hi) reduction(+: a) (int mf_tid = 0; mf_tid < mf_nthreads; mf_tid++) {
      {
        const long long mf_n = 100;
        const long long mf_q = mf_n / mf_nthreads, mf_r = mf_n % mf_nthreads;
        const long long mf_lo = mf_tid * mf_q + (mf_tid < mf_r ? mf_tid : mf_r);
        const long long mf_hi = mf_lo + mf_q + (mf_tid < mf_r);
        for (int i = mf_lo; i < mf_hi; i++)
          a += i;
      }
    }
    meta_for reduction(+: total) reduction(max: hi) (int mf_tid = 0; mf_tid < mf_nthreads; mf_tid++) {
      int mf_part_total;
      int mf_part_hi;
      {
        int total = 0;
        int hi = INT_MIN;
        total = a;
        hi = a;
        mf_part_total = total;
        mf_part_hi = hi;
      }
      total += mf_part_total;
      hi = hi > mf_part_hi ? hi : mf_part_hi;
    }
  }
  return total + hi;
}
`,
    },
    {
        name: 'a thread array living across a barrier: one row per thread of a shared array',
        program: `#include <omp.h>
int hist[4];
int main(void) {
  #pragma omp parallel num_threads(2)
  {
    int local[4] = {0};
    #pragma omp for
    for (int i = 0; i < 40; i++) local[i % 4]++;
    hist[omp_get_thread_num()] += local[1];
  }
  return hist[0];
}
`,
        expected: `#include <stdlib.h>
int hist[4];
int main(void) {
  {
    const int mf_nthreads = 2;
    int (*mf_local)[4] = calloc(mf_nthreads, sizeof *mf_local);
    meta_for (int mf_tid = 0; mf_tid < mf_nthreads; mf_tid++) {
      __typeof__(mf_local[0][0]) *local = mf_local[mf_tid];
      {
        const long long mf_n = 40;
        const long long mf_q = mf_n / mf_nthreads, mf_r = mf_n % mf_nthreads;
        const long long mf_lo = mf_tid * mf_q + (mf_tid < mf_r ? mf_tid : mf_r);
        const long long mf_hi = mf_lo + mf_q + (mf_tid < mf_r);
        for (int i = mf_lo; i < mf_hi; i++)
          local[i % 4]++;
      }
    }
    meta_for (int mf_tid = 0; mf_tid < mf_nthreads; mf_tid++) {
      __typeof__(mf_local[0][0]) *local = mf_local[mf_tid];
      hist[mf_tid] += local[1];
    }
    free(mf_local);
  }
  return hist[0];
}
`,
    },
];
for (const c of cases) {
    (0, node_test_1.test)(`SPMD: ${c.name}`, async () => {
        const r = await (0, index_1.translateText)(c.program, 'metafork', { fileName: 'case.c' });
        const errors = r.diagnostics.filter(d => d.severity === 'error').map(d => `${d.code} ${d.message}`);
        strict_1.default.deepEqual(errors, []);
        strict_1.default.equal(r.text, c.expected);
    });
}
// `masked` is OpenMP 5.1: the test waits for the directive tables to know it.
const maskedProgram = `#include <omp.h>
int x[8];
int main(void) {
  #pragma omp parallel num_threads(4)
  {
    x[omp_get_thread_num()] = 1;
    #pragma omp masked filter(omp_get_num_threads() - 1)
    x[0] = 5;
    #pragma omp masked
    x[1] += 2;
  }
  return x[0];
}
`;
(0, node_test_1.test)('SPMD: masked runs on the thread its filter names (thread 0 without one)', async (t) => {
    const r = await (0, index_1.translateText)(maskedProgram, 'metafork', { fileName: 'case.c' });
    if (r.diagnostics.some(d => d.code === 'MF201')) {
        t.skip(`'masked' is not a known directive yet: ${r.diagnostics.map(d => d.message).join('; ')}`);
        return;
    }
    strict_1.default.deepEqual(r.diagnostics.filter(d => d.severity === 'error').map(d => d.message), []);
    strict_1.default.equal(r.text, `int x[8];
int main(void) {
  {
    const int mf_nthreads = 4;
    meta_for (int mf_tid = 0; mf_tid < mf_nthreads; mf_tid++) {
      x[mf_tid] = 1;
      if (mf_tid == (mf_nthreads - 1))
        x[0] = 5;
      if (mf_tid == 0)
        x[1] += 2;
    }
  }
  return x[0];
}
`);
});
/** A time loop whose control variable, private to each thread, something besides the loop names. */
/** A time loop with a barrier inside, bounded by a private `n` that `setup` stores (`globals` after `a[16]`). */
const boundedTimeLoop = (globals, setup) => `#include <omp.h>
int a[16]${globals};
int main(void) {
  #pragma omp parallel num_threads(2)
  {
    int t, n;
${setup}    for (t = 0; t < n; t++) {
      #pragma omp for
      for (int i = 0; i < 16; i++)
        a[i] += t;
    }
  }
  return a[0];
}
`;
const BOUND_PRIVATE = "the loop 'for (t = 0; t < n; t++)' has barriers inside and every thread runs it; MetaFork splits it into " +
    "loops over thread ids only when every thread runs the same iterations, and its header reads 'n', private to each thread";
const PRIVATE_CONTROL = "the loop 'for (k = 0; k < 4; k++)' has barriers inside and every thread runs it; MetaFork splits " +
    "it into loops over thread ids only when every thread runs the same iterations, and its header reads " +
    "'k', private to each thread";
const refusals = [
    {
        name: 'a combined master taskloop in a region every thread runs (its loop would run on every thread)',
        covers: 'master taskloop',
        message: "'#pragma omp master taskloop' in a region every thread runs cannot be translated as one construct: " +
            "write '#pragma omp master' with '#pragma omp taskloop' inside its block",
        program: `#include <omp.h>
int x[16], nt;
int main(void) {
  #pragma omp parallel num_threads(4)
  {
    #pragma omp master taskloop
    for (int i = 0; i < 16; i++)
      x[i] += 1;
    if (omp_get_thread_num() == 0) nt = 1;
  }
  return x[0];
}
`,
    },
    {
        name: 'a thread\'s value assigned twice after its declaration lives across a barrier',
        covers: '#pragma omp barrier',
        message: '\'me\' is private to each thread and lives across the \'#pragma omp barrier\': MetaFork splits ' +
            'the region there into loops over thread ids, and \'me\' cannot be recomputed after it (it is ' +
            'assigned after its declaration)',
        program: `#include <omp.h>
int x[64];
int main(void) {
  #pragma omp parallel
  {
    int me;
    me = omp_get_thread_num();
    x[me] = 1;
    me = (me + 1) % omp_get_num_threads();
    #pragma omp barrier
    x[me] += x[0];
  }
  return x[0];
}
`,
    },
    {
        name: 'a barrier inside a nested statement',
        covers: '#pragma omp barrier',
        message: 'this barrier is inside a nested statement of the region: MetaFork splits a region only at its ' +
            'top-level barriers, so it cannot be translated',
        program: `#include <omp.h>
int x[64];
int main(void) {
  #pragma omp parallel
  {
    int me = omp_get_thread_num();
    if (me > 0) {
      x[me] = 1;
      #pragma omp barrier
    }
  }
  return x[0];
}
`,
    },
    {
        name: 'the implicit barrier of a work-sharing loop inside a nested statement',
        covers: '#pragma omp for',
        message: 'the implicit barrier ending \'#pragma omp for\' is inside a nested statement of the region: ' +
            'MetaFork splits a region only at its top-level barriers, so it cannot be translated',
        program: `#include <omp.h>
int a[8];
int main(void) {
  #pragma omp parallel
  {
    if (omp_get_num_threads() > 1) {
      #pragma omp for
      for (int i = 0; i < 8; i++)
        a[i] = i;
    }
  }
  return a[0];
}
`,
    },
    {
        name: 'a thread id read in a function a region may call',
        covers: 'omp_get_thread_num()',
        message: '\'omp_get_thread_num\' cannot be translated outside any parallel region, in \'id\', which a ' +
            'parallel region may call: its value depends on the thread calling it; MetaFork has no threads ' +
            'to ask',
        program: `#include <stdio.h>
#include <omp.h>
int id(void) { return omp_get_thread_num(); }
int main(void) {
  printf("%d of %d\\n", omp_get_thread_num(), omp_get_num_threads());
  #pragma omp parallel
  printf("%d\\n", id());
  return 0;
}
`,
    },
    {
        name: 'a reduction variable used beside its loop before the barrier',
        covers: 's',
        message: '\'s\' is reduced by the loop at line 8 and used here before the barrier that ends it: each ' +
            'thread\'s partial value cannot be read in MetaFork',
        program: `#include <omp.h>
int s;
int main(void) {
  #pragma omp parallel
  {
    int me = omp_get_thread_num();
    s = me;
    #pragma omp for reduction(+: s)
    for (int i = 0; i < 8; i++)
      s += i;
  }
  return s;
}
`,
    },
    {
        name: 'a static variable of the region used across a barrier',
        covers: 'calls',
        message: "'calls' is a static variable of the region used across a barrier: declare it before the region",
        program: `#include <omp.h>
#define N 100
int a[N], b[N];
int main(void) {
  #pragma omp parallel
  {
    int i, id = omp_get_thread_num(), nt = omp_get_num_threads();
    static int calls = 0;
    for (i = id; i < N; i += nt)
      a[i] = i;
    #pragma omp barrier
    for (i = id; i < N; i += nt)
      b[i] = a[N - 1 - i];
    #pragma omp single
    calls++;
  }
  return b[0];
}
`,
    },
    {
        name: 'a thread spinning on a flag another thread sets',
        covers: '(!ready)',
        message: "this loop waits for another thread (on 'ready', which the loop never changes): " +
            'MetaFork may run the threads of the region one after another, so the wait could never end',
        program: `#include <omp.h>
volatile int ready;
int data;
int main(void) {
  #pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 1) {
      data = 42;
      ready = 1;
    } else {
      while (!ready)
        ;
    }
  }
  return data;
}
`,
    },
    {
        name: 'a thread spinning on its copy of a flag another thread sets',
        covers: '(!r)',
        message: "this loop waits for another thread (on 'ready', which the loop never changes): " +
            'MetaFork may run the threads of the region one after another, so the wait could never end',
        program: `#include <omp.h>
int ready, data;
int main(void) {
  #pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 1) {
      data = 42;
      ready = 1;
    } else {
      int r = 0;
      while (!r) {
        r = ready;
      }
    }
  }
  return data;
}
`,
    },
    {
        name: 'a reduction variable stored without being read, in a region cut at a barrier',
        covers: 'hi',
        message: "'hi' is reduced, and stored here without being read: OpenMP combines each thread's last value, " +
            "MetaFork's loop keeps the last one stored",
        program: `#include <omp.h>
int main(void) {
  int hi = -1;
  #pragma omp parallel reduction(max: hi)
  {
    hi = omp_get_thread_num() * 7 % 5;
    #pragma omp barrier
    hi += 1;
  }
  return hi;
}
`,
    },
    {
        name: 'a loop with barriers inside whose bound the loop writes',
        covers: 'n',
        message: "the loop 'for (int t = 0; t < n; t++)' has barriers inside and every thread runs it; MetaFork splits " +
            'it into loops over thread ids only when every thread runs the same iterations, and its header reads ' +
            "'n', which the loop writes",
        program: `#include <omp.h>
int a[16], n = 3;
int main(void) {
  #pragma omp parallel num_threads(2)
  for (int t = 0; t < n; t++) {
    #pragma omp for
    for (int i = 0; i < 16; i++) a[i] += t;
    if (a[0] > 2) n = 0;
  }
  return a[0];
}
`,
    },
    {
        name: "a private control variable read after the region (the translation's one copy would change the function's own)",
        covers: 'k',
        message: PRIVATE_CONTROL,
        program: `#include <omp.h>
int a[16];
int main(void) {
  int k = 7;
  #pragma omp parallel private(k) num_threads(2)
  for (k = 0; k < 4; k++) {
    #pragma omp for
    for (int i = 0; i < 16; i++) a[i] += k;
  }
  return a[0] + k;
}
`,
    },
    {
        name: 'a private control variable the region reads before its loop',
        covers: 'k',
        message: PRIVATE_CONTROL,
        program: `#include <omp.h>
int a[16];
int main(void) {
  int k;
  #pragma omp parallel private(k) num_threads(2)
  {
    k = omp_get_thread_num();
    a[k] = 1;
    for (k = 0; k < 4; k++) {
      #pragma omp for
      for (int i = 0; i < 16; i++) a[i] += k;
    }
  }
  return a[0];
}
`,
    },
    {
        name: 'a copyprivate variable written after the single',
        covers: 'copyprivate(seed)',
        message: "'copyprivate(seed)': it is written after the single",
        program: `#include <omp.h>
int out[4];
int main(void) {
  #pragma omp parallel num_threads(4)
  {
    int seed;
    #pragma omp single copyprivate(seed)
    seed = 17;
    seed += omp_get_thread_num();
    out[omp_get_thread_num()] = seed;
  }
  return out[0];
}
`,
    },
    {
        name: 'a control variable the region declares, stored after its loop',
        covers: 't',
        message: "the loop 'for (t = 3; t > 0; t--)' has barriers inside and every thread runs it; MetaFork splits it into " +
            "loops over thread ids only when every thread runs the same iterations, and its header reads 't', private to each thread",
        program: `#include <omp.h>
int a[16], last[2];
int main(void) {
  #pragma omp parallel num_threads(2)
  {
    int t;
    for (t = 3; t > 0; t--) {
      #pragma omp for
      for (int i = 0; i < 16; i++)
        a[i] += t * i;
    }
    t = omp_get_thread_num();
    last[t] = t;
  }
  return a[1] + last[0];
}
`,
    },
    {
        // Named before the barrier (through a pointer): its values cross it.
        name: 'a private array filled before a barrier through a pointer and read after it',
        covers: '#pragma omp barrier',
        message: "'acc' is private to each thread and lives across the '#pragma omp barrier': MetaFork splits the region there " +
            "into loops over thread ids, and 'acc' cannot be recomputed after it (it has no initializer)",
        program: `#include <omp.h>
int out[2];
static void fill(int *a) { a[0] = 1; a[1] = 2; }
int main(void) {
  #pragma omp parallel num_threads(2)
  {
    int acc[2];
    int *q = acc;
    fill(q);
    #pragma omp barrier
    out[omp_get_thread_num()] = acc[0] + acc[1];
  }
  return out[0];
}
`,
    },
    {
        name: "a time loop bounded by a thread's own value",
        covers: 'n',
        message: BOUND_PRIVATE,
        program: boundedTimeLoop('', '    n = omp_get_thread_num() + 2;\n'),
    },
    {
        name: 'a time loop bounded by a size stored twice',
        covers: 'n',
        message: BOUND_PRIVATE,
        program: boundedTimeLoop(', big', '    n = 2;\n    if (big) n = 4;\n'),
    },
    {
        // Stored in a loop that may not run: the value from before the barrier may be read after it.
        name: 'a private variable stored after a barrier only inside a loop, then read',
        covers: '#pragma omp barrier',
        message: "'k' is private to each thread and lives across the '#pragma omp barrier': MetaFork splits the region there " +
            "into loops over thread ids, and 'k' cannot be recomputed after it (it is assigned after its declaration)",
        program: `#include <omp.h>
int a[8], out[2];
int main(void) {
  #pragma omp parallel num_threads(2)
  {
    int k;
    k = omp_get_thread_num();
    #pragma omp barrier
    for (int t = 0; t < a[0]; t++)
      k = t;
    out[omp_get_thread_num()] = k;
  }
  return out[1];
}
`,
    },
    {
        name: 'a thread array living across a barrier whose address is taken (not expanded)',
        covers: '#pragma omp for',
        message: "'local' is private to each thread and lives across the implicit barrier ending '#pragma omp for': " +
            "MetaFork splits the region there into loops over thread ids, and 'local' cannot be recomputed after it " +
            '(it is assigned after its declaration)',
        program: `#include <omp.h>
int hist[4];
int main(void) {
  #pragma omp parallel num_threads(2)
  {
    int local[4] = {0};
    #pragma omp for
    for (int i = 0; i < 40; i++) local[i % 4]++;
    int *p = local;
    #pragma omp barrier
    hist[omp_get_thread_num()] += p[1];
  }
  return hist[0];
}
`,
    },
];
for (const c of refusals) {
    (0, node_test_1.test)(`SPMD refused: ${c.name}`, async () => {
        const r = await (0, index_1.translateText)(c.program, 'metafork', { fileName: 'case.c' });
        strict_1.default.equal(r.text, undefined);
        const errors = r.diagnostics.filter(d => d.severity === 'error');
        strict_1.default.deepEqual(errors.map(d => ({ code: d.code, text: c.program.slice(d.start, d.end), message: d.message })), [{ code: 'MF602', text: c.covers, message: c.message }]);
    });
}
const programs = fs.readdirSync((0, helpers_1.fixture)('spmd')).filter(f => f.endsWith('.c'));
(0, node_test_1.test)('the SPMD fixtures are there', () => strict_1.default.equal(programs.length >= 12, true, programs.join(', ')));
for (const file of programs) {
    const name = `SPMD program ${file}: MetaFork, CilkPlus and back to OpenMP compute what it computes`;
    (0, node_test_1.test)(name, { skip: gcc ? false : 'gcc not found' }, async () => {
        const text = fs.readFileSync((0, helpers_1.fixture)('spmd', file), 'utf8');
        const base = file.replace(/\W/g, '_');
        const original = (0, run_1.build)(work, text, base, ['-fopenmp']);
        const truth = (0, gcc_1.run)(original, 1);
        for (const threads of gcc_1.THREADS)
            strict_1.default.equal((0, gcc_1.run)(original, threads), truth, `the original at ${threads} threads`);
        const metafork = await (0, run_1.translated)(text, 'metafork', file);
        for (const [to, out] of [['metafork', metafork], ['cilkplus', await (0, run_1.translated)(text, 'cilkplus', file)]]) {
            // The runtime's omp_get_max_threads() stays: the elision links it, and runs as many
            // iterations of each loop over thread ids as OMP_NUM_THREADS says.
            const serial = (0, run_1.build)(work, await (0, run_1.elision)(out, `${base}_${to}.c`), `${base}_${to}_serial`, ['-fopenmp']);
            for (const threads of gcc_1.THREADS)
                strict_1.default.equal((0, gcc_1.run)(serial, threads), truth, `${to} elision at ${threads} threads\n${out}`);
        }
        const back = await (0, run_1.translated)(metafork, 'openmp', `${base}.mfc`);
        const exe = (0, run_1.build)(work, back, `${base}_back`, ['-fopenmp']);
        for (const threads of gcc_1.THREADS)
            strict_1.default.equal((0, gcc_1.run)(exe, threads), truth, `back to OpenMP at ${threads} threads\n${back}`);
        const most = gcc_1.THREADS[gcc_1.THREADS.length - 1];
        const unoptimized = (0, run_1.build)(work, back, `${base}_back_O0`, ['-fopenmp', gcc_1.UNOPTIMIZED]);
        strict_1.default.equal((0, gcc_1.run)(unoptimized, most), truth, `back to OpenMP at ${gcc_1.UNOPTIMIZED}, ${most} threads\n${back}`);
    });
}
//# sourceMappingURL=spmd.test.js.map