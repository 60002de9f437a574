#!/usr/bin/env python3
"""MetaFork Studio bench:gpu runner (issue 24): python3 standard library only.

Builds every program of manifest.json (nvcc -O3 -arch=ARCH for .cu, gcc -O2 for the serial .c,
in parallel), then on a GPU:
  1. runs the serial references (their output is what every GPU program must print; their time is
     the denominator of the speedups);
  2. runs each CUDA program once under compute-sanitizer --tool racecheck and --tool memcheck at
     its default (small) size, in parallel;
  3. measures every run of the manifest in order, one at a time: one process runs the program
     REPEAT times (the first is the warm-up), each run printing its kernel time; the median of
     the others is kept, and every run's output is compared with the serial program's.
With --stream, each run's launches are timed as one span issued back to back (the programs read
the manifest's streamVariable), and every run says so (timing: stream).
A program that fails is recorded, never fatal; runs not started when the time budget is spent are
recorded as skipped. results.json is written after each phase.
"""

import argparse
import concurrent.futures
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
KERNEL_LINE = re.compile(r'^metafork-kernel-ms: ([0-9.]+) launches: (\d+)$', re.M)
SERIAL_LINE = re.compile(r'^metafork-serial-ms: ([0-9.]+)$', re.M)
# The dispatcher's choice (METAFORK_DISPATCH_LOG=1): its case and the block sizes it chose.
DISPATCH_LINE = re.compile(r'^metafork: schedule at line \d+: case (\d+)((?: \w+=-?\d+)*) estimate=', re.M)
# Keeps one CUDA context alive for the whole run: where the driver is not persistent, every
# process would otherwise pay its initialization again.
HOLDER = r'''#include <stdio.h>
int main(void)
{
    if (cudaFree(0) != cudaSuccess) return 1;
    puts("holding");
    fflush(stdout);
    return getchar() == EOF ? 0 : 0;
}
'''
CUBLAS_PROBE = '#include <cublas_v2.h>\nint main(void) { return 0; }\n'


def tail(text, lines=12):
    return '\n'.join(text.strip().splitlines()[-lines:])


def failure(rc, err):
    """Why a program failed: its exit status and the end of what it said besides its timing lines."""
    said = tail('\n'.join(l for l in err.splitlines() if not l.startswith('metafork-')))
    status = 'time-out' if rc is None else f'exit status {rc}'
    return f'{status}: {said}' if said else status


def run(cmd, env=None, timeout=None, stdin=subprocess.DEVNULL):
    """(returncode, stdout, stderr, seconds); a time-out is returncode None."""
    t0 = time.monotonic()
    try:
        p = subprocess.run(cmd, env=env, timeout=timeout, stdin=stdin, capture_output=True, text=True, errors='replace')
        return p.returncode, p.stdout, p.stderr, time.monotonic() - t0
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode(errors='replace') if isinstance(e.stdout, bytes) else (e.stdout or '')
        err = e.stderr.decode(errors='replace') if isinstance(e.stderr, bytes) else (e.stderr or '')
        return None, out, err, time.monotonic() - t0
    except OSError as e:
        return -1, '', str(e), time.monotonic() - t0


class Bench:
    def __init__(self, args):
        self.args = args
        self.start = time.monotonic()
        with open(os.path.join(HERE, 'manifest.json')) as f:
            self.manifest = json.load(f)
        self.build_dir = os.path.join(HERE, 'build')
        self.programs = {p['name']: p for p in self.manifest['programs']}
        self.results = {
            'device': None,
            'arch': args.arch,
            'quick': args.quick,
            'only': args.only,
            'timing': 'stream' if args.stream else 'launch',
            'budget_s': args.budget,
            'repeat': self.manifest['repeat'],
            'benchmarks': self.manifest['benchmarks'],
            'refusals': self.manifest['refusals'],
            'notes': self.manifest['notes'],
            'commit': self.manifest.get('commit'),
            'builds': {},
            'references': [],
            'checks': [],
            'runs': [],
        }

    def elapsed(self):
        return time.monotonic() - self.start

    def left(self):
        return self.args.budget - self.elapsed()

    def save(self):
        self.results['elapsed_s'] = round(self.elapsed(), 1)
        out = self.args.out
        os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
        with open(out + '.tmp', 'w') as f:
            json.dump(self.results, f, indent=1)
            f.write('\n')
        os.replace(out + '.tmp', out)

    def exe(self, name):
        return os.path.join(self.build_dir, name)

    # ---- build ------------------------------------------------------------------------------

    def build(self):
        os.makedirs(self.build_dir, exist_ok=True)
        nvcc = shutil.which('nvcc') or ('/usr/local/cuda/bin/nvcc' if os.path.exists('/usr/local/cuda/bin/nvcc') else None)
        arch = '-arch=' + self.args.arch
        with open(os.path.join(self.build_dir, 'holder.cu'), 'w') as f:
            f.write(HOLDER)
        with open(os.path.join(self.build_dir, 'cublas_probe.cu'), 'w') as f:
            f.write(CUBLAS_PROBE)
        cublas = nvcc is not None and run([nvcc, '-E', os.path.join(self.build_dir, 'cublas_probe.cu'), '-o', os.devnull])[0] == 0
        jobs = []
        for p in self.manifest['programs']:
            src = os.path.join(HERE, p['source'])
            if p['compiler'] == 'gcc':
                jobs.append((p['name'], ['gcc', '-O2', '-o', self.exe(p['name']), src, '-lm'], None))
            elif nvcc is None:
                jobs.append((p['name'], None, 'nvcc not found'))
            elif '-lcublas' in p['libraries'] and not cublas:
                jobs.append((p['name'], None, 'cuBLAS headers not found by nvcc'))
            else:
                jobs.append((p['name'], [nvcc, '-O3', arch, '-o', self.exe(p['name']), src] + p['libraries'], None))
        if nvcc is not None:
            jobs.append(('holder', [nvcc, '-O3', arch, '-o', self.exe('holder'), os.path.join(self.build_dir, 'holder.cu')], None))

        def one(job):
            name, cmd, skipped = job
            if skipped:
                return name, {'ok': False, 'skipped': skipped}
            rc, out, err, seconds = run(cmd, timeout=600)
            entry = {'ok': rc == 0, 'seconds': round(seconds, 2)}
            if rc != 0:
                entry['error'] = tail(out + err, 30) or 'time-out'
            return name, entry

        with concurrent.futures.ThreadPoolExecutor(max_workers=self.args.jobs) as pool:
            for name, entry in pool.map(one, jobs):
                self.results['builds'][name] = entry
        built = sum(1 for e in self.results['builds'].values() if e['ok'])
        failed = [n for n, e in self.results['builds'].items() if not e['ok'] and 'skipped' not in e]
        skipped = [f"{n} ({e['skipped']})" for n, e in self.results['builds'].items() if 'skipped' in e]
        print(f'built {built} of {len(jobs)} programs in {self.elapsed():.1f} s ({self.args.jobs} at a time, {arch})', flush=True)
        for n in failed:
            print(f'  failed: {n}\n' + '\n'.join('    ' + l for l in self.results['builds'][n]['error'].splitlines()), flush=True)
        for s in skipped:
            print(f'  skipped: {s}', flush=True)
        return not failed

    def built(self, name):
        return self.results['builds'].get(name, {}).get('ok', False)

    # ---- runs ------------------------------------------------------------------------------

    def env(self, repeat, dispatch_log=False):
        env = dict(os.environ)
        env[self.manifest['repeatVariable']] = str(repeat)
        if self.args.stream:
            env[self.manifest['streamVariable']] = '1'
        if dispatch_log:
            env['METAFORK_DISPATCH_LOG'] = '1'
        return env

    def reference(self, ref):
        """The serial program's output lines and times for (program, argv, repeat), run once."""
        key = (ref['program'], tuple(ref['argv']), ref['repeat'])
        if key not in self.references:
            self.references[key] = None
        return key

    def run_reference(self, key):
        program, argv, repeat = key
        entry = {'program': program, 'argv': list(argv), 'repeat': repeat}
        if not self.built(program):
            entry['error'] = 'not built'
            return key, entry
        rc, out, err, seconds = run([self.exe(program)] + list(argv), env=self.env(repeat), timeout=max(30, self.left()))
        times = [float(m.group(1)) for m in SERIAL_LINE.finditer(err)]
        entry.update({'rc': rc, 'wall_s': round(seconds, 2), 'output': out.splitlines(), 'times_ms': times})
        if rc != 0 or len(times) != repeat:
            entry['error'] = failure(rc, err) if rc != 0 else f'{len(times)} times printed, not {repeat}'
        else:
            entry['median_ms'] = statistics.median(times)
        return key, entry

    def expected(self, ref):
        """The lines a program checked against `ref` must print, or None when the reference failed."""
        entry = self.references.get((ref['program'], tuple(ref['argv']), ref['repeat']))
        if not entry or 'error' in entry:
            return None
        return entry['output']

    def matches(self, output, ref, repeat):
        expected = self.expected(ref)
        if expected is None:
            return None
        lines = output.splitlines()
        # A reference run once stands for every run of a program that starts afresh each time.
        want = expected * repeat if ref['repeat'] == 1 else expected[:repeat]
        return lines == want

    def check(self, item, tool):
        program = item['program']
        entry = {'program': program, 'tool': tool, 'argv': item['argv']}
        if not self.built(program):
            entry['error'] = 'not built'
            return entry
        if not self.sanitizer:
            entry['error'] = 'compute-sanitizer not found'
            return entry
        # The checks have a share of the budget: the measurements must still fit after them.
        left = self.args.budget * self.args.check_share - self.elapsed()
        if left <= 0:
            entry['skipped'] = 'time budget spent'
            return entry
        timeout = min(self.args.check_timeout, left + 30)
        cmd = [self.sanitizer, '--tool', tool, '--error-exitcode', '99'] + (['--racecheck-report', 'all'] if tool == 'racecheck' else []) + [self.exe(program)] + item['argv']
        rc, out, err, seconds = run(cmd, env=self.env(1), timeout=timeout)
        summary = [re.sub(r'^=+\s*', '', l.strip()) for l in (out + err).splitlines() if 'SUMMARY' in l]
        entry.update({'rc': rc, 'wall_s': round(seconds, 1), 'summary': summary[-1] if summary else None})
        # The program's own lines are its standard output without the sanitizer's (========= ...).
        own = '\n'.join(l for l in out.splitlines() if not l.startswith('========='))
        entry['output_ok'] = self.matches(own, item['reference'], 1)
        entry['clean'] = rc == 0 and entry['output_ok'] is True
        if rc != 0:
            entry['error'] = tail(out + err, 20) if rc is not None else f'time-out after {timeout:.0f} s'
        return entry

    def measure(self, item):
        repeat = self.manifest['repeat']
        entry = {k: item[k] for k in ('program', 'benchmark', 'kind', 'size', 'format', 'argv')}
        if self.args.stream:
            entry['timing'] = 'stream'
        if not self.built(item['program']):
            entry['error'] = 'not built'
            return entry
        if self.left() <= 0:
            entry['skipped'] = 'time budget spent'
            return entry
        dispatcher = item['kind'] == 'dispatcher'
        rc, out, err, seconds = run([self.exe(item['program'])] + item['argv'], env=self.env(repeat, dispatcher),
                                    timeout=max(10, min(self.args.run_timeout, self.left() + 10)))
        found = [(float(m.group(1)), int(m.group(2))) for m in KERNEL_LINE.finditer(err)]
        times = [t for t, _ in found]
        entry.update({'rc': rc, 'wall_s': round(seconds, 2), 'times_ms': times, 'launches': found[0][1] if found else None})
        entry['checksum_ok'] = self.matches(out, item['reference'], repeat)
        if dispatcher:
            chosen = DISPATCH_LINE.search(err)
            if chosen:
                entry['dispatch'] = {'case': int(chosen.group(1)), 'values': dict(kv.split('=') for kv in chosen.group(2).split())}
        if rc != 0 or len(times) != repeat:
            entry['error'] = failure(rc, err) if rc != 0 else f'{len(times)} times printed, not {repeat}'
        else:
            entry['warmup_ms'] = times[0]
            entry['median_ms'] = statistics.median(times[1:])
        return entry

    def measure_all(self):
        self.references = {}
        only = re.compile(self.args.only) if self.args.only else None
        runs = [r for r in self.manifest['runs'] if (r['quick'] or not self.args.quick) and (not only or only.search(f"{r['program']} {r['format']}"))]
        checks = [c for c in self.manifest['checks'] if not only or only.search(c['program'])]
        for r in runs:
            self.reference(r['reference'])
        for c in checks:
            self.reference(c['reference'])
        self.results['device'] = self.device()

        # 1. The serial references, a few at a time (their times are the speedups' denominators).
        with concurrent.futures.ThreadPoolExecutor(max_workers=self.args.serial_jobs) as pool:
            for key, entry in pool.map(self.run_reference, list(self.references)):
                self.references[key] = entry
        self.results['references'] = list(self.references.values())
        print(f'{len(self.references)} serial references in {self.elapsed():.1f} s', flush=True)
        self.save()

        # 2. The sanitizers, in parallel: nothing is timed meanwhile.
        self.sanitizer = shutil.which('compute-sanitizer') or next(
            (p for p in ('/usr/local/cuda/bin/compute-sanitizer', '/usr/local/cuda/compute-sanitizer/compute-sanitizer') if os.path.exists(p)), None)
        items = [(c, tool) for c in checks for tool in ('racecheck', 'memcheck')] if not self.args.no_checks else []
        with concurrent.futures.ThreadPoolExecutor(max_workers=self.args.check_jobs) as pool:
            self.results['checks'] = list(pool.map(lambda ct: self.check(*ct), items))
        clean = sum(1 for c in self.results['checks'] if c.get('clean'))
        print(f'{clean} of {len(items)} sanitizer runs clean, at {self.elapsed():.1f} s', flush=True)
        self.save()

        # 3. The measurements, one at a time, in the manifest's order.
        holder = None
        if self.built('holder') and self.compute_mode() == 'Default':
            holder = subprocess.Popen([self.exe('holder')], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for i, item in enumerate(runs):
                self.results['runs'].append(self.measure(item))
                if i % 20 == 19:
                    self.save()
        finally:
            if holder:
                holder.stdin.close()
                holder.wait(timeout=30)
        measured = sum(1 for r in self.results['runs'] if 'median_ms' in r)
        wrong = sum(1 for r in self.results['runs'] if r.get('checksum_ok') is False)
        skipped = sum(1 for r in self.results['runs'] if 'skipped' in r)
        print(f'{measured} of {len(runs)} measured ({wrong} wrong results, {skipped} skipped by the budget) in {self.elapsed():.1f} s', flush=True)
        self.save()

    @staticmethod
    def query(field):
        rc, out, _, _ = run(['nvidia-smi', f'--query-gpu={field}', '--format=csv,noheader'], timeout=30)
        return out.strip().splitlines()[0].strip() if rc == 0 and out.strip() else None

    def device(self):
        return self.query('name')

    def compute_mode(self):
        return self.query('compute_mode')


def main():
    ap = argparse.ArgumentParser(description='Build and measure the programs of manifest.json.')
    ap.add_argument('--build-only', action='store_true', help='compile everything and stop (no GPU needed)')
    ap.add_argument('--arch', default='native', help='nvcc -arch (default: native, the GPU present)')
    ap.add_argument('--quick', action='store_true', help="each benchmark's first size and three block formats")
    ap.add_argument('--budget', type=float, default=540, help='seconds from the start; later measurements are skipped')
    ap.add_argument('--out', default=os.path.join(HERE, 'results.json'))
    ap.add_argument('-j', '--jobs', type=int, default=os.cpu_count() or 1, help='parallel compilations')
    ap.add_argument('--serial-jobs', type=int, default=2, help='serial references run at once')
    ap.add_argument('--check-jobs', type=int, default=max(1, min(8, (os.cpu_count() or 1) // 2)))
    ap.add_argument('--check-timeout', type=float, default=180, help='seconds for one program under a sanitizer')
    ap.add_argument('--check-share', type=float, default=0.35, help='share of the budget by which the sanitizer runs must have started')
    ap.add_argument('--run-timeout', type=float, default=120)
    ap.add_argument('--no-checks', action='store_true', help='skip the sanitizers')
    ap.add_argument('--stream', action='store_true', help="time each run's launches as one span, back to back, not each waited for (its runs are kept apart in the report)")
    ap.add_argument('--only', help="a regular expression: the runs whose 'PROGRAM FORMAT' it finds, the checks whose program")
    args = ap.parse_args()
    bench = Bench(args)
    ok = bench.build()
    if args.build_only:
        return 0 if ok else 1
    bench.save()
    bench.measure_all()
    print(f'results: {args.out}', flush=True)
    return 0


if __name__ == '__main__':
    sys.exit(main())
