// Runtime calls between the dialects. The OpenMP runtime calls MetaFork keeps as written (locks, the
// clock, the worker count: openmpToMetafork), in CilkPlus, which links no OpenMP runtime: a lock is a
// POSIX mutex (a nest lock a recursive one), the clock is clock_gettime's, the worker count the Cilk
// runtime's, the processor count sysconf's, memory from a predefined allocator the C library's. What
// has no counterpart (other allocators, omp_test_nest_lock's nesting count, any other omp_ name of
// the runtime) is refused, so that no output needs libgomp to link. The other way, the Cilk
// runtime's worker count is MetaFork's (OpenMP's call); its other calls are refused.

import { child, named, walk } from '../syntax/ast';
import { remove, replace } from '../base/edits';
import { systemIncludes } from '../syntax/includes';
import type { SNode } from '../syntax/parser';
import type { ItemModel } from '../model/constructs';
import type { Stage } from '../base/stage';

/** The calls rewritten in place: the new callee, and the header it needs. */
const RENAMED: Record<string, [string, string]> = {
  omp_destroy_lock: ['pthread_mutex_destroy', 'pthread.h'],
  omp_destroy_nest_lock: ['pthread_mutex_destroy', 'pthread.h'],
  omp_set_lock: ['pthread_mutex_lock', 'pthread.h'],
  omp_set_nest_lock: ['pthread_mutex_lock', 'pthread.h'],
  omp_unset_lock: ['pthread_mutex_unlock', 'pthread.h'],
  omp_unset_nest_lock: ['pthread_mutex_unlock', 'pthread.h'],
  omp_get_max_threads: ['__cilkrts_get_nworkers', 'cilk/cilk_api.h'],
};

/** The types rewritten: locks are mutexes; a depend object is used by no directive once they are translated. */
const TYPES: Record<string, [string, string | undefined]> = {
  omp_lock_t: ['pthread_mutex_t', 'pthread.h'],
  omp_nest_lock_t: ['pthread_mutex_t', 'pthread.h'],
  omp_depend_t: ['int', undefined],
};

/** The allocator API with a predefined allocator: the C library call, the arguments it keeps, where the allocators are. */
const ALLOCATION: Record<string, { arity: number; call: string; kept: number[]; allocators: number[] }> = {
  omp_alloc: { arity: 2, call: 'malloc', kept: [0], allocators: [1] },
  omp_calloc: { arity: 3, call: 'calloc', kept: [0, 1], allocators: [2] },
  omp_realloc: { arity: 4, call: 'realloc', kept: [0, 1], allocators: [2, 3] },
  omp_free: { arity: 2, call: 'free', kept: [0], allocators: [1] },
};
const PREDEFINED = /^(omp_\w+_mem_alloc|omp_null_allocator)$/;

/** `mf_wtime()`, defined before each item using it unless one is defined before it already: the guard
 * makes the copies one (a later stage may translate an item above an earlier one's). */
const WTIME_GUARD = '#ifndef MF_WTIME_DEFINED';
const WTIME = [
  WTIME_GUARD,
  '#define MF_WTIME_DEFINED',
  'static inline double mf_wtime(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }',
  '#endif',
  '',
  '',
].join('\n');

/** Rewrites the item's OpenMP runtime calls and lock types for CilkPlus (see above). */
export function runtimeForCilk(stage: Stage, model: ItemModel): void {
  const text = model.text;
  let wtime = false;
  // Code this stage removes or rewrites already (a worker count's statement) is not rewritten again.
  const replaced = stage.edits.filter(e => e.end > e.start && e.start >= model.item.start && e.end <= model.item.end);
  walk(model.item, n => {
    if (replaced.some(e => e.start <= n.start && n.end <= e.end)) return false;
    const word = n.type === 'type_identifier' || n.type === 'identifier' ? text.slice(n.start, n.end) : '';
    if (n.type === 'type_identifier' && word.startsWith('omp_')) {
      const [type, header] = TYPES[word] ?? [];
      if (!type) refuse(stage, n, word);
      else {
        stage.edit(replace(n, type));
        if (header) stage.includes.add(header);
      }
      return false;
    }
    // A name of the runtime (a constant, a routine passed as a value); the file's own omp_ names stay.
    if (n.type === 'identifier' && word.startsWith('omp_') && !isCallee(n) && !ownName(model, n)) {
      refuse(stage, n, word);
      return false;
    }
    if (n.type !== 'call_expression') return true;
    const f = child(n, 'function');
    const name = f?.type === 'identifier' ? text.slice(f.start, f.end) : '';
    if (!name.startsWith('omp_')) return true;
    const args = child(n, 'arguments');
    const list = args ? named(args).filter(a => a.type !== 'comment').map(a => text.slice(a.start, a.end)) : [];
    const first = list[0] ?? '';
    if (RENAMED[name]) {
      stage.edit(replace(f!, RENAMED[name][0]));
      stage.includes.add(RENAMED[name][1]);
      return true; // its arguments may call the runtime too
    }
    const allocation = ALLOCATION[name];
    if (allocation && list.length === allocation.arity && allocation.allocators.every(i => PREDEFINED.test(list[i]))) {
      // A predefined allocator only says where memory lives: the C library's is as good.
      const kept = allocation.kept.map(i => list[i]);
      if (kept.some(a => /\bomp_/.test(a))) refuse(stage, n, name);
      else {
        stage.edit(replace(n, `${allocation.call}(${kept.join(', ')})`));
        stage.includes.add('stdlib.h');
      }
      return false;
    }
    // The calls rewritten whole copy their arguments as written: none may name the runtime.
    if (args && namesRuntime(model, args)) {
      refuse(stage, n, name);
      return false;
    }
    if (name === 'omp_init_lock' || name === 'omp_init_lock_with_hint') {
      stage.edit(replace(n, `pthread_mutex_init(${first}, NULL)`));
      stage.includes.add('pthread.h');
    } else if ((name === 'omp_init_nest_lock' || name === 'omp_init_nest_lock_with_hint') && n.parent?.type === 'expression_statement') {
      // A recursive mutex: its owner may take it again, as a nest lock's may.
      stage.edit(replace(n.parent, `{ pthread_mutexattr_t mf_attr; pthread_mutexattr_init(&mf_attr); pthread_mutexattr_settype(&mf_attr, PTHREAD_MUTEX_RECURSIVE); pthread_mutex_init(${first}, &mf_attr); pthread_mutexattr_destroy(&mf_attr); }`));
      stage.includes.add('pthread.h');
    } else if (name === 'omp_test_lock') {
      stage.edit(replace(n, `(pthread_mutex_trylock(${first}) == 0)`));
      stage.includes.add('pthread.h');
    } else if (name === 'omp_get_wtime') {
      stage.edit(replace(n, 'mf_wtime()'));
      stage.includes.add('time.h');
      wtime = true;
    } else if (name === 'omp_get_wtick') {
      stage.edit(replace(n, '1e-9'));
    } else if (name === 'omp_get_num_procs') {
      stage.edit(replace(n, '((int)sysconf(_SC_NPROCESSORS_ONLN))'));
      stage.includes.add('unistd.h');
    } else refuse(stage, n, name);
    return false;
  });
  if (!wtime) return;
  // The guard is looked for in the user's text (the analysed one has conditional lines blank), and
  // in the stage's edits (its items come in order: a copy it wrote stands before this one).
  const before = stage.map.toSource({ start: model.item.start, end: model.item.start }).start;
  if (stage.map.source.lastIndexOf(WTIME_GUARD, before) < 0 && !stage.edits.some(e => e.newText === WTIME))
    stage.edit({ start: model.item.start, end: model.item.start, newText: WTIME });
}

function declaredHere(model: ItemModel, n: SNode): boolean {
  return model.scopes.references.some(r => r.node === n && r.variable);
}

/** A name the file itself declares (Rodinia's `extern int omp_num_threads;`) where it is declared or used. */
function ownName(model: ItemModel, n: SNode): boolean {
  const name = model.text.slice(n.start, n.end);
  return (
    declaredHere(model, n) ||
    model.scopes.variables.some(v => v.span.start === n.start) ||
    model.fileScope.variables.get(name)?.span.start === n.start
  );
}

/** Whether `node` names something of the OpenMP runtime (an `omp_` name the file does not declare). */
function namesRuntime(model: ItemModel, node: SNode): boolean {
  let found = false;
  walk(node, n => {
    if (n.type === 'identifier' && model.text.startsWith('omp_', n.start) && !ownName(model, n)) found = true;
    return !found;
  });
  return found;
}

function isCallee(n: SNode): boolean {
  return n.parent?.type === 'call_expression' && child(n.parent, 'function') === n;
}

function refuse(stage: Stage, at: SNode, name: string): void {
  stage.refuse(
    'MF601',
    at,
    `'${name}' has no CilkPlus counterpart (a CilkPlus program links no OpenMP runtime): translate to OpenMP instead`,
    { construct: name, target: 'cilkplus' },
  );
}

/** The Cilk runtime's calls (`<cilk/cilk_api.h>`) in MetaFork, which has only the worker count. */
export function cilkRuntimeToMetafork(stage: Stage, models: ItemModel[]): void {
  if (stage.partial) return; // a construct translated alone: the rest of the file stays CilkPlus
  for (const model of models) {
    const text = model.text;
    walk(model.item, n => {
      const f = n.type === 'call_expression' ? child(n, 'function') : undefined;
      const name = f?.type === 'identifier' ? text.slice(f.start, f.end) : '';
      if (!name.startsWith('__cilkrts_')) return true;
      if (name === '__cilkrts_get_nworkers') {
        stage.edit(replace(f!, 'omp_get_max_threads'));
        stage.includes.add('omp.h');
      } else
        stage.refuse(
          'MF601',
          n,
          `'${name}' has no MetaFork counterpart (MetaFork has no workers to ask about or tune): only __cilkrts_get_nworkers translates`,
          { construct: name, target: 'metafork' },
        );
      return true;
    });
  }
  for (const line of systemIncludes(stage.map.fileText, h => h === 'cilk/cilk_api.h')) stage.edit(remove(line));
}
