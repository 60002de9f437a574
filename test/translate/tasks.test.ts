// OpenMP tasks -> MetaFork: taskloop, taskgroup, task reductions, depend kinds (translate/tasks).
// Exact MetaFork text for each form, then complete programs (test/fixtures/sync) proven by running
// them: the original at 1, 2 and 4 threads, the MetaFork and CilkPlus translations' elisions, and
// both translated back to OpenMP at 1, 2 and 4 threads, all printing the same.

import { provenPrograms, translationCases, type TranslationCase } from './run';

const FORMS: TranslationCase[] = [
  {
    // MetaFork shares a pointer with a fork: without the copy, each fork read the walk's later
    // node, or none (the OpenMP validation suite's linked-list task_reduction, once in CilkPlus).
    name: 'a task reading a pointer the thread then moves on (firstprivate by default): copied when the fork is made; not where it is read only as a call spawn\'s argument, nor where only written through',
    input: `struct node { int val; struct node *next; };
void visit(struct node *p);
void walk(struct node *p, int *out) {
  struct node *temp = p;
  while (temp != 0) {
    #pragma omp task
    { visit(temp); }
    #pragma omp task
    visit(temp);
    temp = temp->next;
  }
  #pragma omp taskwait
  #pragma omp task
  { out[0] = p->val; }
  out[1] = 0;
}
`,
    output: `#include <stdint.h>
struct node { int val; struct node *next; };
void visit(struct node *p);
void walk(struct node *p, int *out) {
  struct node *temp = p;
  while (temp != 0) {
    uintptr_t _fip_temp = (uintptr_t) temp; /* temp as it is now */
    meta_fork
    {
      struct node *temp = (struct node *) _fip_temp;
      { visit(temp); }
    }
    meta_fork visit(temp);
    temp = temp->next;
  }
  meta_join;
  meta_fork
  { out[0] = p->val; }
  out[1] = 0;
  meta_join;
}
`,
    diagnostics: [],
  },
  {
    // The task's own copies: MetaFork shares a pointer or an array with a fork, and a call spawn's
    // arguments are the parent's, so each change here was made to the parent's variable.
    name: 'tasks changing their firstprivate (by default) pointer, array or value: copied when the fork is made, and a call changing one stays a block',
    input: `void take(long *slot, int *q);
void put(long *slot, int v);
long got[4];
int a[16];
long scan(void) {
  int *p = a;
  int n = 3, win[2] = {1, 2};
  #pragma omp task
  {
    while (*p) p++;
    win[0] = 7;
    got[0] = p - a + win[0];
  }
  #pragma omp task
  take(&got[1], p++);
  #pragma omp task
  put(&got[2], n++);
  #pragma omp taskwait
  return (p - a) * 100 + n + win[0];
}
`,
    output: `#include <string.h>
#include <stdlib.h>
#include <stdint.h>
void take(long *slot, int *q);
void put(long *slot, int v);
long got[4];
int a[16];
long scan(void) {
  int *p = a;
  int n = 3, win[2] = {1, 2};
  uintptr_t _fip_p = (uintptr_t) p; /* p as it is now */
  uintptr_t _fip_win = (uintptr_t) malloc(sizeof(win)); /* win as it is now */
  memcpy((void *) _fip_win, win, sizeof(win));
  meta_fork
  {
    int *p = (int *) _fip_p;
    int win[2];
    memcpy(win, (void *) _fip_win, sizeof(win));
    free((void *) _fip_win);
    {
      while (*p) p++;
      win[0] = 7;
      got[0] = p - a + win[0];
    }
  }
  uintptr_t _fip_p2 = (uintptr_t) p; /* p as it is now */
  meta_fork
  {
    int *p = (int *) _fip_p2;
    take(&got[1], p++);
  }
  meta_fork
  { put(&got[2], n++); }
  meta_join;
  return (p - a) * 100 + n + win[0];
}
`,
    diagnostics: [],
  },
  {
    name: 'stacked forks (single nowait + task + a loop, BOTS\'s sparselu): the outer fork\'s statement is a block holding the inner one',
    input: `int a[8];
void fill(void) {
  int k;
  #pragma omp parallel
  #pragma omp single nowait
  #pragma omp task
  for (k = 0; k < 8; k++) {
    #pragma omp task firstprivate(k)
    { a[k] = k; }
  }
}
`,
    output: `int a[8];
void fill(void) {
  int k;
  meta_fork shared(k)
  {
    meta_fork shared(k)
    {
      for (k = 0; k < 8; k++) {
        meta_fork
        { a[k] = k; }
      }
      meta_join;
    }
    meta_join;
  }
  meta_join;
}
`,
    diagnostics: [],
  },
  {
    name: "taskloops: grainsize, num_tasks and nogroup noted, lastprivate on a collapsed nest",
    input: `void fill(int n, double *a, double *b) {
  int last = -1, lj = -1;
  #pragma omp parallel
  #pragma omp single
  {
    #pragma omp taskloop grainsize(16)
    for (int i = 0; i < n; i++)
      a[i] = 2 * b[i];
    #pragma omp taskloop num_tasks(4) nogroup
    for (int i = 0; i < n; i++)
      b[i] = a[i] + 1;
    #pragma omp taskwait
    #pragma omp taskloop collapse(2) lastprivate(last, lj)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < 8; j += 2) {
        last = i;
        lj = j;
      }
  }
}
`,
    output: `void fill(int n, double *a, double *b) {
  int last = -1, lj = -1;
  {
    #pragma meta grainsize = 16
    meta_for (int i = 0; i < n; i++)
      a[i] = 2 * b[i];
    meta_for (int i = 0; i < n; i++)
      b[i] = a[i] + 1;
    meta_join;
    int (*_lp_last) = &last;
    int (*_lp_lj) = &lj;
    meta_for (int i = 0; i < n; i++)
      meta_for (int j = 0; j < 8; j += 2) {
        int last;
        int lj;
        {
          last = i;
          lj = j;
        }
        if (!((i + (1)) < n) && !((j + (2)) < 8)) *_lp_last = last; /* the last iteration's value (lastprivate) */
        if (!((i + (1)) < n) && !((j + (2)) < 8)) *_lp_lj = lj; /* the last iteration's value (lastprivate) */
      }
  }
}
`,
    diagnostics: [
      { code: 'MF604', text: "num_tasks(4)", message: "'num_tasks' fixes how many tasks run the loop; meta_for chooses its own chunks: dropped" },
      { code: 'MF604', text: "nogroup", message: "'nogroup': the meta_for still joins its iterations at its end (stronger): dropped" },
    ],
  },
  {
    name: "taskgroup: its body, then a join where forks may be pending",
    input: `int work(int);

void group(int n, int *out) {
  #pragma omp parallel
  #pragma omp single
  {
    #pragma omp taskgroup
    {
      for (int i = 0; i < n; i++) {
        #pragma omp task firstprivate(i)
        out[i] = work(i);
      }
    }
    #pragma omp taskgroup
    {
      out[0] = work(0);
    }
  }
}
`,
    output: `int work(int);

void group(int n, int *out) {
  {
    {
      for (int i = 0; i < n; i++) {
        out[i] = meta_fork work(i);
      }
    }
    meta_join;
    {
      out[0] = work(0);
    }
  }
}
`,
    diagnostics: [

    ],
  },
  {
    name: "a taskloop run by every thread of a parallel region: every thread's loop, in a loop over thread ids",
    input: `void each(int n, int *a) {
  #pragma omp parallel
  #pragma omp taskloop
  for (int i = 0; i < n; i++)
    a[i]++;
}
`,
    output: `#include <omp.h>
void each(int n, int *a) {
  {
    const int mf_nthreads = omp_get_max_threads();
    meta_for (int mf_tid = 0; mf_tid < mf_nthreads; mf_tid++) {
      meta_for (int i = 0; i < n; i++)
        a[i]++;
    }
  }
}
`,
    diagnostics: [],
  },
];

const FORMS5: TranslationCase[] = [
  {
    name: "task reductions: a private partial combined atomically",
    input: `void reduce(int n, const int *a) {
  long sum = 0;
  double product = 1.0;
  #pragma omp parallel
  #pragma omp single
  #pragma omp taskgroup task_reduction(+: sum) task_reduction(*: product)
  {
    for (int i = 0; i < n; i++) {
      #pragma omp task in_reduction(+: sum) in_reduction(*: product) firstprivate(i)
      {
        sum += a[i];
        product *= 1.5;
      }
    }
  }
}
`,
    output: `void reduce(int n, const int *a) {
  long sum = 0;
  double product = 1.0;
  {
    for (int i = 0; i < n; i++) {
      long (*_ir_sum) = &sum;
      double (*_ir_product) = &product;
      meta_fork
      {
        long sum = 0;
        double product = 1;
        {
          sum += a[i];
          product *= 1.5;
        }
        __atomic_fetch_add(_ir_sum, sum, __ATOMIC_RELAXED);
        {
          double mf_old, mf_new;
          __atomic_load(_ir_product, &mf_old, __ATOMIC_RELAXED);
          do
            mf_new = mf_old * product;
          while (!__atomic_compare_exchange(_ir_product, &mf_old, &mf_new, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED));
        }
      }
    }
  }
  meta_join;
}
`,
    diagnostics: [

    ],
  },
  {
    name: "in_reduction refused where the variable is read",
    input: `void reduce(int n, const int *a) {
  long sum = 0;
  #pragma omp parallel
  #pragma omp single
  #pragma omp taskgroup task_reduction(+: sum)
  {
    #pragma omp task in_reduction(+: sum)
    {
      sum += a[0];
      if (sum > 10)
        sum = 0;
    }
  }
}
`,
    output: undefined,
    diagnostics: [
      { code: 'MF601', text: "sum", message: "'in_reduction(+: sum)' cannot be translated: 'sum' is read here, not only accumulated with '+'" },
    ],
  },
  {
    name: "detach refused with its reason",
    input: `#include <omp.h>

void events(int *x) {
  omp_event_handle_t ev;
  #pragma omp parallel
  #pragma omp single
  {
    #pragma omp task detach(ev)
    *x = 1;
  }
}
`,
    output: undefined,
    diagnostics: [
      { code: 'MF601', text: "detach(ev)", message: "clause 'detach' of '#pragma omp task' cannot be translated: the task completes only when the program fulfils its event (omp_fulfill_event), which may be after its body ends; a MetaFork fork completes when its body ends, and nothing in MetaFork waits for an event" },
    ],
  },
  {
    name: "depend kinds and taskwait depend",
    input: `void chain(int *a) {
  int x = 0, y = 0;
  #pragma omp parallel
  #pragma omp single
  {
    #pragma omp task depend(out: x)
    x = a[0];
    #pragma omp task depend(mutexinoutset: x)
    x += a[1];
    #pragma omp task depend(in: x) depend(out: y)
    y = x;
    #pragma omp taskwait depend(in: y)
    a[2] = y;
  }
}
`,
    output: `void chain(int *a) {
  int x = 0, y = 0;
  {
    meta_fork shared(x)
    x = a[0];
    meta_join; /* depend(x) */
    meta_fork shared(x)
    x += a[1];
    meta_join; /* depend(x, y) */
    meta_fork shared(y, x)
    y = x;
    meta_join;
    a[2] = y;
  }
}
`,
    diagnostics: [
      { code: 'MF604', text: "depend(in: y)", message: "'depend' on taskwait: meta_join waits for every child instead (stronger)" },
    ],
  },
  {
    name: "taskloop reduction and grainsize(strict), parallel master taskloop",
    input: `void loops(int n, long *s) {
  long sum = 0;
  #pragma omp parallel
  #pragma omp single
  #pragma omp taskloop reduction(+: sum) grainsize(strict: 8)
  for (int i = 0; i < n; i++)
    sum += i;
  #pragma omp parallel master taskloop num_threads(2)
  for (int i = 0; i < n; i++)
    s[i] = i;
  *s = sum;
}
`,
    output: `void loops(int n, long *s) {
  long sum = 0;
  #pragma meta grainsize = 8
  meta_for reduction(+: sum) (int i = 0; i < n; i++)
    sum += i;
  meta_set_nworkers(2);
  meta_for (int i = 0; i < n; i++)
    s[i] = i;
  *s = sum;
}
`,
    diagnostics: [
      { code: 'MF604', text: 'num_threads(2)', message: "'num_threads(2)' became 'meta_set_nworkers(2)', which holds for the rest of the program, not this region alone: the file's other parallel code runs with as many workers once this has run" },
    ],
  },
  {
    name: "depend objects: ordered as an inout on any location",
    input: `#include <omp.h>

void objects(int *a) {
  omp_depend_t o;
  #pragma omp parallel
  #pragma omp single
  {
    #pragma omp depobj(o) depend(inout: a[0])
    #pragma omp task depend(out: a[1])
    a[1] = 1;
    #pragma omp task depend(depobj: o)
    a[0] = 2;
    #pragma omp taskwait
    #pragma omp depobj(o) destroy
  }
}
`,
    output: `#include <omp.h>

void objects(int *a) {
  omp_depend_t o;
  {
    meta_fork
    a[1] = 1;
    meta_join; /* depend(o) */
    meta_fork
    a[0] = 2;
    meta_join;
  }
}
`,
    diagnostics: [
      { code: 'MF604', text: "depobj", message: "'depobj' only sets up a depend object; a task with depend(depobj: ...) is ordered as an inout on any location: dropped" },
      { code: 'MF604', text: "depobj", message: "'depobj' only sets up a depend object; a task with depend(depobj: ...) is ordered as an inout on any location: dropped" },
    ],
  },
  {
    name: "in_reduction on a taskloop is refused",
    input: `void partial(int n, long *s) {
  #pragma omp parallel
  #pragma omp single
  #pragma omp taskgroup task_reduction(+: s[0])
  #pragma omp taskloop in_reduction(+: s[0])
  for (int i = 0; i < n; i++)
    s[0] += i;
}
`,
    output: undefined,
    diagnostics: [
      { code: 'MF601', text: "in_reduction(+: s[0])", message: "clause 'in_reduction' of '#pragma omp taskloop' is translated on a task only (a private partial combined at the task's end); write reduction(...) on a taskloop" },
    ],
  },
];

translationCases('OpenMP 4.5 forms', FORMS);
translationCases('OpenMP 5.x forms', FORMS5);

provenPrograms('sync', ['taskloop', 'depend', 'taskloop-reduction', 'taskgroup-reduction', 'depobj', 'stacked-forks']);
