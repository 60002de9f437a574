"use strict";
// OpenMP synchronisation -> MetaFork: critical, atomic, flush, locks (translate/synchronise).
// Exact MetaFork text for each form, then complete programs (test/fixtures/sync) proven by running
// them: the original at 1, 2 and 4 threads, the MetaFork and CilkPlus translations' elisions, and
// both translated back to OpenMP at 1, 2 and 4 threads, all printing the same.
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
const fs = __importStar(require("fs"));
const helpers_1 = require("../helpers");
const index_1 = require("../../server/src/translate/index");
const run_1 = require("./run");
const FORMS = [
    {
        name: "critical sections: one mutex per name, the unnamed ones share one; hint dropped",
        input: `int bins[8];
long total;

void fill(int n) {
  #pragma omp parallel for
  for (int i = 0; i < n; i++) {
    #pragma omp critical
    bins[i % 8]++;
    #pragma omp critical(totals) hint(0)
    {
      total += i;
    }
    switch (i % 3) {
    case 0:
      #pragma omp critical
      total--;
      break;
    }
  }
}
`,
        output: `#include <pthread.h>
int bins[8];
long total;

static pthread_mutex_t mf_critical = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t mf_critical_totals = PTHREAD_MUTEX_INITIALIZER;

void fill(int n) {
  meta_for (int i = 0; i < n; i++) {
    pthread_mutex_lock(&mf_critical);
    bins[i % 8]++;
    pthread_mutex_unlock(&mf_critical);
    pthread_mutex_lock(&mf_critical_totals);
    {
      total += i;
    }
    pthread_mutex_unlock(&mf_critical_totals);
    switch (i % 3) {
    case 0:
      pthread_mutex_lock(&mf_critical);
      total--;
      pthread_mutex_unlock(&mf_critical);
      break;
    }
  }
}
`,
        diagnostics: [
            { code: 'MF604', text: "hint(0)", message: "'hint' only tunes scheduling; MetaFork has no counterpart, so it is dropped" },
        ],
    },
    {
        name: "atomic update: fetch-op builtins on integers, a compare-exchange loop otherwise",
        input: `int x, y;
unsigned m;
double d;

void update(int e) {
  #pragma omp atomic
  x++;
  #pragma omp atomic update
  --x;
  #pragma omp atomic
  x += e * 2;
  #pragma omp atomic
  x = x - e;
  #pragma omp atomic
  x = e + x;
  #pragma omp atomic
  x = e - x;
  #pragma omp atomic
  x *= 3;
  #pragma omp atomic
  m |= 1u << e;
  #pragma omp atomic
  x += d;
  #pragma omp atomic
  d += 0.5;
  #pragma omp atomic
  d = d / 2;
}
`,
        output: `int x, y;
unsigned m;
double d;

void update(int e) {
  __atomic_fetch_add(&x, 1, __ATOMIC_RELAXED);
  __atomic_fetch_sub(&x, 1, __ATOMIC_RELAXED);
  __atomic_fetch_add(&x, e * 2, __ATOMIC_RELAXED);
  __atomic_fetch_sub(&x, e, __ATOMIC_RELAXED);
  __atomic_fetch_add(&x, e, __ATOMIC_RELAXED);
  {
    int mf_old, mf_new;
    __atomic_load(&x, &mf_old, __ATOMIC_RELAXED);
    do
      mf_new = e - mf_old;
    while (!__atomic_compare_exchange(&x, &mf_old, &mf_new, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED));
  }
  {
    int mf_old, mf_new;
    __atomic_load(&x, &mf_old, __ATOMIC_RELAXED);
    do
      mf_new = mf_old * 3;
    while (!__atomic_compare_exchange(&x, &mf_old, &mf_new, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED));
  }
  __atomic_fetch_or(&m, 1u << e, __ATOMIC_RELAXED);
  {
    int mf_old, mf_new;
    __atomic_load(&x, &mf_old, __ATOMIC_RELAXED);
    do
      mf_new = mf_old + d;
    while (!__atomic_compare_exchange(&x, &mf_old, &mf_new, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED));
  }
  {
    double mf_old, mf_new;
    __atomic_load(&d, &mf_old, __ATOMIC_RELAXED);
    do
      mf_new = mf_old + 0.5;
    while (!__atomic_compare_exchange(&d, &mf_old, &mf_new, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED));
  }
  {
    double mf_old, mf_new;
    __atomic_load(&d, &mf_old, __ATOMIC_RELAXED);
    do
      mf_new = mf_old / 2;
    while (!__atomic_compare_exchange(&d, &mf_old, &mf_new, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED));
  }
}
`,
        diagnostics: [],
    },
    {
        name: "atomic capture, read and write",
        input: `int x, v;
long w;
double d, dv;

void capture(int e) {
  #pragma omp atomic capture
  v = x++;
  #pragma omp atomic capture
  v = --x;
  #pragma omp atomic capture
  v = x += e;
  #pragma omp atomic capture
  { v = x; x -= 2; }
  #pragma omp atomic capture
  { x = x * 2; v = x; }
  #pragma omp atomic capture
  { v = x; x = e; }
  #pragma omp atomic capture seq_cst
  { dv = d; d += 1.5; }
  #pragma omp atomic capture
  { d = 2.0; dv = d; }
  #pragma omp atomic read
  v = x;
  #pragma omp atomic read
  dv = d;
  #pragma omp atomic read
  w = x;
  #pragma omp atomic read
  v = d;
  #pragma omp atomic write
  x = e + 1;
  #pragma omp atomic write
  d = e * 0.5;
}
`,
        output: `int x, v;
long w;
double d, dv;

void capture(int e) {
  v = __atomic_fetch_add(&x, 1, __ATOMIC_RELAXED);
  v = __atomic_sub_fetch(&x, 1, __ATOMIC_RELAXED);
  v = __atomic_add_fetch(&x, e, __ATOMIC_RELAXED);
  v = __atomic_fetch_sub(&x, 2, __ATOMIC_RELAXED);
  {
    int mf_old, mf_new;
    __atomic_load(&x, &mf_old, __ATOMIC_RELAXED);
    do
      mf_new = mf_old * 2;
    while (!__atomic_compare_exchange(&x, &mf_old, &mf_new, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED));
    v = mf_new;
  }
  v = __atomic_exchange_n(&x, e, __ATOMIC_RELAXED);
  {
    double mf_old, mf_new;
    __atomic_load(&d, &mf_old, __ATOMIC_SEQ_CST);
    do
      mf_new = mf_old + 1.5;
    while (!__atomic_compare_exchange(&d, &mf_old, &mf_new, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST));
    dv = mf_old;
  }
  {
    double mf_old, mf_new;
    __atomic_load(&d, &mf_old, __ATOMIC_RELAXED);
    do
      mf_new = 2.0;
    while (!__atomic_compare_exchange(&d, &mf_old, &mf_new, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED));
    dv = mf_new;
  }
  v = __atomic_load_n(&x, __ATOMIC_RELAXED);
  __atomic_load(&d, &dv, __ATOMIC_RELAXED);
  w = __atomic_load_n(&x, __ATOMIC_RELAXED);
  {
    double mf_value;
    __atomic_load(&d, &mf_value, __ATOMIC_RELAXED);
    v = mf_value;
  }
  __atomic_store_n(&x, e + 1, __ATOMIC_RELAXED);
  __atomic_store(&d, &(double){ e * 0.5 }, __ATOMIC_RELAXED);
}
`,
        diagnostics: [],
    },
    {
        name: "atomic locations: pointers, array parameters, fields; flush",
        input: `struct point { int x; double y; };

void locations(int *p, int a[10], double b[4][4], struct point s, struct point *q, int i) {
  #pragma omp atomic
  *p += 1;
  #pragma omp atomic
  a[i]++;
  #pragma omp atomic
  b[i][i] *= 2.0;
  #pragma omp atomic
  s.x += 2;
  #pragma omp atomic
  q->y -= 1.0;
  #pragma omp flush
  #pragma omp flush(p, a)
}
`,
        output: `struct point { int x; double y; };

void locations(int *p, int a[10], double b[4][4], struct point s, struct point *q, int i) {
  __atomic_fetch_add(p, 1, __ATOMIC_RELAXED);
  __atomic_fetch_add(&a[i], 1, __ATOMIC_RELAXED);
  {
    double mf_old, mf_new;
    __atomic_load(&b[i][i], &mf_old, __ATOMIC_RELAXED);
    do
      mf_new = mf_old * 2.0;
    while (!__atomic_compare_exchange(&b[i][i], &mf_old, &mf_new, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED));
  }
  {
    __auto_type mf_at = &s.x;
    __typeof__(mf_at[0]) mf_old, mf_new;
    __atomic_load(mf_at, &mf_old, __ATOMIC_RELAXED);
    do
      mf_new = mf_old + 2;
    while (!__atomic_compare_exchange(mf_at, &mf_old, &mf_new, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED));
  }
  {
    __auto_type mf_at = &q->y;
    __typeof__(mf_at[0]) mf_old, mf_new;
    __atomic_load(mf_at, &mf_old, __ATOMIC_RELAXED);
    do
      mf_new = mf_old - 1.0;
    while (!__atomic_compare_exchange(mf_at, &mf_old, &mf_new, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED));
  }
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
}
`,
        diagnostics: [],
    },
    {
        name: "an atomic statement of no allowed form is refused",
        input: `int x, y;

void wrong(void) {
  #pragma omp atomic
  x = y;
}
`,
        output: undefined,
        diagnostics: [
            { code: 'MF601', text: "x = y;", message: "this statement is not one of the forms of '#pragma omp atomic update' that can be translated (OpenMP 5.2 §15.8.4)" },
        ],
    },
    {
        name: "an atomic capture block of no allowed form is refused",
        input: `int x;

void wrong(void) {
  #pragma omp atomic capture
  { x++; y = 2; }
}
`,
        output: undefined,
        diagnostics: [
            { code: 'MF601', text: "{ x++; y = 2; }", message: "this statement is not one of the forms of '#pragma omp atomic capture' that can be translated (OpenMP 5.2 §15.8.4)" },
        ],
    },
    {
        name: "lock API calls kept, team tuning calls dropped",
        input: `#include <omp.h>

int guarded(int n) {
  omp_lock_t lock;
  int count = 0;
  omp_set_dynamic(0);
  omp_set_nested(1);
  omp_set_max_active_levels(2);
  omp_init_lock(&lock);
  #pragma omp parallel for
  for (int i = 0; i < n; i++) {
    omp_set_lock(&lock);
    count++;
    omp_unset_lock(&lock);
  }
  omp_destroy_lock(&lock);
  return count;
}
`,
        output: `#include <omp.h>

int guarded(int n) {
  omp_lock_t lock;
  int count = 0;
  omp_init_lock(&lock);
  meta_for (int i = 0; i < n; i++) {
    omp_set_lock(&lock);
    count++;
    omp_unset_lock(&lock);
  }
  omp_destroy_lock(&lock);
  return count;
}
`,
        diagnostics: [
            { code: 'MF604', text: "omp_set_dynamic(0)", message: "'omp_set_dynamic' only tunes OpenMP's teams; MetaFork has none, so it is dropped" },
            { code: 'MF604', text: "omp_set_nested(1)", message: "'omp_set_nested' only tunes OpenMP's teams; MetaFork has none, so it is dropped" },
            { code: 'MF604', text: "omp_set_max_active_levels(2)", message: "'omp_set_max_active_levels' only tunes OpenMP's teams; MetaFork has none, so it is dropped" },
        ],
    },
    {
        name: "an ordered loop runs in order (a note)",
        input: `void ordered(int n, int *a) {
  #pragma omp parallel for ordered
  for (int i = 0; i < n; i++) {
    #pragma omp ordered
    a[i] = i;
  }
}
`,
        output: `void ordered(int n, int *a) {
  for (int i = 0; i < n; i++) {
    a[i] = i;
  }
}
`,
        diagnostics: [
            { code: 'MF604', text: "parallel for", message: "'ordered' has no MetaFork counterpart: the loop runs in order (its ordered parts, and any doacross dependence, hold; the loop is no longer parallel)" },
        ],
    },
    {
        name: "a return out of a critical section is refused where it is (the checks: MF312)",
        input: `int find(int *a, int n) {
  int found = -1;
  #pragma omp parallel for
  for (int i = 0; i < n; i++) {
    #pragma omp critical
    {
      for (int j = 0; j < 2; j++)
        if (a[j] == i) break;
      if (a[i] == 0) return i;
    }
  }
  return found;
}
`,
        output: undefined,
        diagnostics: [
            { code: 'MF312', text: "return", message: "'return' cannot leave the parallel region of '#pragma omp critical'" },
        ],
    },
    {
        name: "a goto out of a critical section is refused where it is (the checks: MF313)",
        input: `void loop(int n) {
  for (int i = 0; i < n; i++) {
    #pragma omp critical
    {
      if (i == 3) goto out;
    }
  }
out:
  return;
}
`,
        output: undefined,
        diagnostics: [
            { code: 'MF313', text: "goto out;", message: "'goto out' would leave the parallel region of '#pragma omp critical'" },
        ],
    },
    {
        name: "an atomic run by every thread of a parallel region: each thread's update, in a loop over thread ids",
        input: `int main(void) {
  int s = 0;
  #pragma omp parallel
  {
    #pragma omp atomic
    s++;
  }
  return s;
}
`,
        output: `#include <omp.h>
int main(void) {
  int s = 0;
  {
    const int mf_nthreads = omp_get_max_threads();
    meta_for (int mf_tid = 0; mf_tid < mf_nthreads; mf_tid++) {
      __atomic_fetch_add(&s, 1, __ATOMIC_RELAXED);
    }
  }
  return s;
}
`,
        diagnostics: [],
    },
    {
        name: "an atomic read of an expression that is no location is refused",
        input: `int x, v;
void f(void) {
  #pragma omp atomic read
  v = x + 1;
}
`,
        output: undefined,
        diagnostics: [
            { code: 'MF601', text: "v = x + 1;", message: "this statement is not one of the forms of '#pragma omp atomic read' that can be translated (OpenMP 5.2 §15.8.4)" },
        ],
    },
];
const FORMS5 = [
    {
        name: "atomic compare forms and memory orders (OpenMP 5.1)",
        input: `int mx, mn, eq, v;
double dmax;

void compare(int e) {
  #pragma omp atomic compare
  mx = mx < e ? e : mx;
  #pragma omp atomic compare
  if (e < mn) { mn = e; }
  #pragma omp atomic compare acq_rel
  if (eq == 5) { eq = e; }
  #pragma omp atomic compare capture
  { v = eq; if (eq == e) { eq = 0; } }
  #pragma omp atomic compare capture
  { if (mn > e) { mn = e; } v = mn; }
  #pragma omp atomic compare
  dmax = (double) e > dmax ? (double) e : dmax;
  #pragma omp atomic read acquire
  v = mx;
  #pragma omp atomic write release
  mx = e;
  #pragma omp atomic update acq_rel
  mx += e;
  #pragma omp flush release
}
`,
        output: `int mx, mn, eq, v;
double dmax;

void compare(int e) {
  {
    int mf_old, mf_new = e;
    __atomic_load(&mx, &mf_old, __ATOMIC_RELAXED);
    while (mf_old < e && !__atomic_compare_exchange(&mx, &mf_old, &mf_new, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
      continue;
  }
  {
    int mf_old, mf_new = e;
    __atomic_load(&mn, &mf_old, __ATOMIC_RELAXED);
    while (mf_old > e && !__atomic_compare_exchange(&mn, &mf_old, &mf_new, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
      continue;
  }
  {
    int mf_old, mf_new = e;
    __atomic_load(&eq, &mf_old, __ATOMIC_ACQUIRE);
    while (mf_old == 5 && !__atomic_compare_exchange(&eq, &mf_old, &mf_new, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
      continue;
  }
  {
    int mf_old, mf_new = 0;
    __atomic_load(&eq, &mf_old, __ATOMIC_RELAXED);
    while (mf_old == e && !__atomic_compare_exchange(&eq, &mf_old, &mf_new, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
      continue;
    v = mf_old;
  }
  {
    int mf_old, mf_new = e;
    __atomic_load(&mn, &mf_old, __ATOMIC_RELAXED);
    while (mf_old > e && !__atomic_compare_exchange(&mn, &mf_old, &mf_new, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
      continue;
    v = mf_old > e ? mf_new : mf_old;
  }
  {
    double mf_old, mf_new = (double) e;
    __atomic_load(&dmax, &mf_old, __ATOMIC_RELAXED);
    while (mf_old < ((double) e) && !__atomic_compare_exchange(&dmax, &mf_old, &mf_new, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
      continue;
  }
  v = __atomic_load_n(&mx, __ATOMIC_ACQUIRE);
  __atomic_store_n(&mx, e, __ATOMIC_RELEASE);
  __atomic_fetch_add(&mx, e, __ATOMIC_ACQ_REL);
  __atomic_thread_fence(__ATOMIC_RELEASE);
}
`,
        diagnostics: [],
    },
    {
        name: "an atomic compare with an else is refused",
        input: `int x;

void wrong(int e) {
  #pragma omp atomic compare
  if (x == e) { x = 1; } else { x = 2; }
}
`,
        output: undefined,
        diagnostics: [
            { code: 'MF601', text: "if (x == e) { x = 1; } else { x = 2; }", message: "this statement is not one of the forms of '#pragma omp atomic compare' that can be translated (OpenMP 5.2 §15.8.4)" },
        ],
    },
    {
        name: "fail(order) makes the whole compare at least that strong",
        input: `int mx;
void f(int e) {
  #pragma omp atomic compare release fail(acquire)
  mx = mx < e ? e : mx;
  #pragma omp atomic compare fail(seq_cst)
  mx = mx < e ? e : mx;
}
`,
        output: `int mx;
void f(int e) {
  {
    int mf_old, mf_new = e;
    __atomic_load(&mx, &mf_old, __ATOMIC_ACQUIRE);
    while (mf_old < e && !__atomic_compare_exchange(&mx, &mf_old, &mf_new, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
      continue;
  }
  {
    int mf_old, mf_new = e;
    __atomic_load(&mx, &mf_old, __ATOMIC_SEQ_CST);
    while (mf_old < e && !__atomic_compare_exchange(&mx, &mf_old, &mf_new, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
      continue;
  }
}
`,
        diagnostics: [],
    },
];
(0, run_1.translationCases)('OpenMP 4.5 forms', FORMS);
(0, run_1.translationCases)('OpenMP 5.x forms', FORMS5);
(0, run_1.provenPrograms)('sync', ['histogram-critical', 'counters-atomic', 'ticket', 'locks', 'atomic-compare']);
(0, node_test_1.test)('synchronisation is the same C in MetaFork and CilkPlus: MetaFork -> CilkPlus -> MetaFork is exact', async () => {
    // (Locks are OpenMP's calls in MetaFork, POSIX mutexes in CilkPlus: translate/runtime.)
    for (const name of ['histogram-critical', 'counters-atomic', 'ticket']) {
        const mf = await (0, index_1.translateText)(fs.readFileSync((0, helpers_1.fixture)('sync', `${name}.c`), 'utf8'), 'metafork', { fileName: `${name}.c` });
        strict_1.default.ok(mf.text !== undefined, name);
        const cilk = await (0, index_1.translateText)(mf.text, 'cilkplus', { fileName: `${name}.mfc` });
        strict_1.default.ok(cilk.text !== undefined, name);
        const back = await (0, index_1.translateText)(cilk.text, 'metafork', { fileName: `${name}_cilk.c` });
        strict_1.default.equal(back.text, mf.text, name);
    }
});
//# sourceMappingURL=synchronise.test.js.map