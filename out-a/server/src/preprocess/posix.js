"use strict";
// POSIX's headers (POSIX.1-2017, as glibc declares them in GNU C mode), OpenMP's omp.h (OpenMP 5.1
// §3), Cilk's headers, CUDA's runtime and the C++ library, as tables in the form of libc.ts. Families
// too large to list (signal numbers, `O_` flags, `pthread_` functions beyond the common ones) are
// patterns; what cannot be listed at all is `open`.
Object.defineProperty(exports, "__esModule", { value: true });
exports.POSIX_TABLE = void 0;
const libc_1 = require("./libc");
const SYS_TYPES = 'blkcnt_t blksize_t caddr_t clock_t clockid_t daddr_t dev_t fd_mask fd_set fsblkcnt_t fsfilcnt_t fsid_t gid_t ' +
    'id_t ino_t int8_t int16_t int32_t int64_t key_t loff_t mode_t nlink_t off_t pid_t quad_t register_t sigset_t ' +
    'size_t ssize_t suseconds_t time_t timer_t u_char u_int u_int8_t u_int16_t u_int32_t u_int64_t u_long u_quad_t ' +
    'u_short uid_t uint ulong ushort ' +
    'pthread_t pthread_attr_t pthread_barrier_t pthread_barrierattr_t pthread_cond_t pthread_condattr_t ' +
    'pthread_key_t pthread_mutex_t pthread_mutexattr_t pthread_once_t pthread_rwlock_t pthread_rwlockattr_t ' +
    'pthread_spinlock_t struct_timeval struct_timespec';
const TIME_FNS = [
    ...(0, libc_1.fns)('clock_t', 'impure', 'clock/0'), ...(0, libc_1.fns)('time_t', 'impure', 'time/1 mktime/1 timegm/1 timelocal/1'),
    ...(0, libc_1.fns)('double', 'pure', 'difftime/2'),
    ...(0, libc_1.fns)('char *', 'impure', 'asctime/1 asctime_r/2 ctime/1 ctime_r/2'),
    ...(0, libc_1.fns)('struct tm *', 'impure', 'gmtime/1 gmtime_r/2 localtime/1 localtime_r/2'),
    ...(0, libc_1.fns)('size_t', 'impure', 'strftime/4 strftime_l/5'), ...(0, libc_1.fns)('void', 'impure', 'tzset/0'),
    ...(0, libc_1.fns)('int', 'impure', 'clock_getres/2 clock_gettime/2 clock_settime/2 clock_nanosleep/4 ' +
        'clock_getcpuclockid/2 nanosleep/2 timer_create/3 timer_delete/1 timer_gettime/2 timer_settime/4 ' +
        'timer_getoverrun/1 timespec_get/2 dysize/1'),
];
const UNISTD_FNS = [
    ...(0, libc_1.fns)('int', 'impure', 'access/2 faccessat/4 close/1 dup/1 dup2/2 pipe/1 chdir/1 fchdir/1 chown/3 fchown/3 lchown/3 fchownat/5 ' +
        'chroot/1 execv/2 execve/3 execvp/2 fexecve/3 execl/2+ execle/2+ execlp/2+ nice/1 pause/0 setpgid/2 ' +
        'setpgrp/0 setuid/1 setgid/1 seteuid/1 setegid/1 setreuid/2 setregid/2 getgroups/2 isatty/1 link/2 linkat/5 ' +
        'symlink/2 symlinkat/3 unlink/1 unlinkat/3 rmdir/1 fsync/1 fdatasync/1 truncate/2 ftruncate/2 usleep/1 ' +
        'gethostname/2 sethostname/2 getdomainname/2 setdomainname/2 sethostid/1 getlogin_r/2 setlogin/1 ' +
        'ttyname_r/3 ttyslot/0 tcsetpgrp/2 getpagesize/0 getdtablesize/0 daemon/2 acct/1 brk/1 lockf/3 revoke/1 ' +
        'vhangup/0 profil/4 getentropy/2'),
    ...(0, libc_1.fns)('unsigned', 'impure', 'alarm/1 sleep/1 ualarm/2'),
    ...(0, libc_1.fns)('ssize_t', 'impure', 'read/3 write/3 pread/4 pwrite/4 readlink/3 readlinkat/4'),
    ...(0, libc_1.fns)('off_t', 'impure', 'lseek/3'),
    ...(0, libc_1.fns)('pid_t', 'impure', 'fork/0 vfork/0 getpid/0 getppid/0 getpgrp/0 getpgid/1 getsid/1 setsid/0 tcgetpgrp/1'),
    ...(0, libc_1.fns)('uid_t', 'impure', 'getuid/0 geteuid/0'), ...(0, libc_1.fns)('gid_t', 'impure', 'getgid/0 getegid/0'),
    ...(0, libc_1.fns)('long', 'impure', 'sysconf/1 pathconf/2 fpathconf/2 gethostid/0 syscall/1+'),
    ...(0, libc_1.fns)('size_t', 'impure', 'confstr/3'),
    ...(0, libc_1.fns)('char *', 'impure', 'getcwd/2 getwd/1 getlogin/0 ttyname/1 getpass/1 crypt/2 getusershell/0'),
    ...(0, libc_1.fns)('void', 'impure', 'sync/0 closefrom/1 setusershell/0 endusershell/0 _exit/1'),
    ...(0, libc_1.fns)('void *', 'impure', 'sbrk/1'),
];
// Functions an OpenMP program calls (OpenMP 5.1 §3.2-§3.10); the other `omp_` names are a pattern.
const OMP_FNS = [
    ...(0, libc_1.fns)('int', 'impure', 'omp_get_num_threads/0 omp_get_max_threads/0 omp_get_thread_num/0 omp_get_num_procs/0 ' +
        'omp_in_parallel/0 omp_get_dynamic/0 omp_get_nested/0 omp_get_thread_limit/0 omp_get_max_active_levels/0 ' +
        'omp_get_level/0 omp_get_ancestor_thread_num/1 omp_get_team_size/1 omp_get_active_level/0 omp_in_final/0 ' +
        'omp_get_cancellation/0 omp_get_num_places/0 omp_get_place_num/0 omp_get_num_devices/0 ' +
        'omp_get_default_device/0 omp_is_initial_device/0 omp_get_initial_device/0 omp_get_num_teams/0 ' +
        'omp_get_team_num/0 omp_get_max_task_priority/0 omp_get_device_num/0 omp_test_lock/1 omp_test_nest_lock/1'),
    ...(0, libc_1.fns)('void', 'impure', 'omp_set_num_threads/1 omp_set_dynamic/1 omp_set_nested/1 omp_set_max_active_levels/1 ' +
        'omp_set_schedule/2 omp_get_schedule/2 omp_set_default_device/1 omp_init_lock/1 omp_destroy_lock/1 ' +
        'omp_set_lock/1 omp_unset_lock/1 omp_init_nest_lock/1 omp_destroy_nest_lock/1 omp_set_nest_lock/1 ' +
        'omp_unset_nest_lock/1 omp_init_lock_with_hint/2 omp_init_nest_lock_with_hint/2 omp_display_env/1'),
    ...(0, libc_1.fns)('double', 'impure', 'omp_get_wtime/0 omp_get_wtick/0'),
    ...(0, libc_1.fns)('void *', 'impure', 'omp_alloc/2 omp_target_alloc/2'), ...(0, libc_1.fns)('void', 'impure', 'omp_free/2'),
];
const PTHREAD_FNS = [
    ...(0, libc_1.fns)('int', 'impure', 'pthread_create/4 pthread_join/2 pthread_detach/1 pthread_equal/2 pthread_cancel/1 ' +
        'pthread_once/2 pthread_attr_init/1 pthread_attr_destroy/1 pthread_attr_setdetachstate/2 ' +
        'pthread_attr_setstacksize/2 pthread_attr_getstacksize/2 pthread_mutex_init/2 pthread_mutex_destroy/1 ' +
        'pthread_mutex_lock/1 pthread_mutex_trylock/1 pthread_mutex_unlock/1 pthread_cond_init/2 ' +
        'pthread_cond_destroy/1 pthread_cond_wait/2 pthread_cond_timedwait/3 pthread_cond_signal/1 ' +
        'pthread_cond_broadcast/1 pthread_barrier_init/3 pthread_barrier_destroy/1 pthread_barrier_wait/1 ' +
        'pthread_key_create/2 pthread_key_delete/1 pthread_setspecific/2 pthread_spin_init/2 pthread_spin_destroy/1 ' +
        'pthread_spin_lock/1 pthread_spin_trylock/1 pthread_spin_unlock/1 pthread_rwlock_init/2 ' +
        'pthread_rwlock_destroy/1 pthread_rwlock_rdlock/1 pthread_rwlock_wrlock/1 pthread_rwlock_unlock/1 ' +
        'pthread_setcancelstate/2 pthread_setcanceltype/2 ' +
        'sched_yield/0 sched_get_priority_max/1 sched_get_priority_min/1 sched_getparam/2 sched_setparam/2 ' +
        'sched_getscheduler/1 sched_setscheduler/3 sched_rr_get_interval/2'),
    ...(0, libc_1.fns)('pthread_t', 'impure', 'pthread_self/0'), ...(0, libc_1.fns)('void *', 'impure', 'pthread_getspecific/1'),
    ...(0, libc_1.fns)('void', 'impure', 'pthread_exit/1 pthread_testcancel/0'),
];
exports.POSIX_TABLE = {
    'sys/types.h': {
        includes: 'stddef.h',
        fns: (0, libc_1.fns)('int', 'impure', 'select/5 pselect/6'),
        macros: 'FD_SETSIZE=1024 NFDBITS=64 LITTLE_ENDIAN=1234 BIG_ENDIAN=4321 PDP_ENDIAN=3412 BYTE_ORDER=1234',
        fmacros: 'FD_SET/2 FD_CLR/2 FD_ISSET/2 FD_ZERO/1 htobe16/1 htole16/1 be16toh/1 le16toh/1 htobe32/1 htole32/1 ' +
            'be32toh/1 le32toh/1 htobe64/1 htole64/1 be64toh/1 le64toh/1',
        types: SYS_TYPES,
    },
    'time.h': {
        includes: 'stddef.h',
        fns: TIME_FNS,
        macros: 'CLOCKS_PER_SEC=1000000 TIME_UTC=1 TIMER_ABSTIME=1',
        types: 'clock_t time_t clockid_t timer_t locale_t pid_t struct_tm struct_timespec struct_itimerspec',
        vars: 'timezone daylight tzname',
        patterns: [/^CLOCK_[A-Z_]+$/],
    },
    'sys/time.h': {
        includes: 'sys/types.h time.h',
        fns: (0, libc_1.fns)('int', 'impure', 'gettimeofday/2 settimeofday/2 adjtime/2 getitimer/2 setitimer/3 utimes/2 ' +
            'lutimes/2 futimes/2'),
        macros: 'ITIMER_REAL=0 ITIMER_VIRTUAL=1 ITIMER_PROF=2',
        fmacros: 'timerisset/1 timerclear/1 timercmp/3 timeradd/3 timersub/3',
        types: 'struct_timeval struct_timezone struct_itimerval',
    },
    'sys/resource.h': {
        includes: 'sys/types.h sys/time.h',
        fns: (0, libc_1.fns)('int', 'impure', 'getrlimit/2 setrlimit/2 getrusage/2 getpriority/2 setpriority/3'),
        macros: 'RUSAGE_SELF=0 RUSAGE_CHILDREN=(-1) PRIO_MIN=(-20) PRIO_MAX=20 PRIO_PROCESS=0 PRIO_PGRP=1 PRIO_USER=2',
        types: 'rlim_t struct_rlimit struct_rusage',
        patterns: [/^RLIMIT_[A-Z]+$/, /^RLIM_[A-Z_]+$/],
    },
    'sys/stat.h': {
        includes: 'sys/types.h time.h',
        fns: [...(0, libc_1.fns)('int', 'impure', 'stat/2 fstat/2 lstat/2 fstatat/4 chmod/2 fchmod/2 lchmod/2 fchmodat/4 mkdir/2 ' +
                'mkdirat/3 mkfifo/2 mkfifoat/3 mknod/3 mknodat/4 futimens/2 utimensat/4'), ...(0, libc_1.fns)('mode_t', 'impure', 'umask/1')],
        types: 'struct_stat',
        macros: 'ACCESSPERMS ALLPERMS DEFFILEMODE S_BLKSIZE=512 UTIME_NOW UTIME_OMIT st_atime st_mtime st_ctime',
        patterns: [/^S_I[A-Z]+$/, /^S_TYPEIS[A-Z]+$/],
    },
    'fcntl.h': {
        includes: 'sys/types.h sys/stat.h',
        fns: (0, libc_1.fns)('int', 'impure', 'open/2+ openat/3+ creat/2 fcntl/2+ lockf/3 posix_fadvise/4 posix_fallocate/3'),
        macros: 'SEEK_SET=0 SEEK_CUR=1 SEEK_END=2 R_OK=4 W_OK=2 X_OK=1 F_OK=0 FD_CLOEXEC=1 FAPPEND FASYNC FFSYNC ' +
            'FNDELAY FNONBLOCK',
        patterns: [/^(O|F|AT|LOCK|POSIX_FADV)_[A-Z0-9_]+$/],
    },
    'unistd.h': {
        includes: 'stddef.h getopt.h',
        fns: UNISTD_FNS,
        macros: 'STDIN_FILENO=0 STDOUT_FILENO=1 STDERR_FILENO=2 R_OK=4 W_OK=2 X_OK=1 F_OK=0 SEEK_SET=0 SEEK_CUR=1 ' +
            'SEEK_END=2 F_ULOCK=0 F_LOCK=1 F_TLOCK=2 F_TEST=3 L_SET=0 L_INCR=1 L_XTND=2',
        types: 'ssize_t uid_t gid_t off_t pid_t useconds_t intptr_t socklen_t',
    },
    'getopt.h': {
        fns: (0, libc_1.fns)('int', 'impure', 'getopt/3 getopt_long/5 getopt_long_only/5'),
        macros: 'no_argument=0 required_argument=1 optional_argument=2', types: 'struct_option',
        vars: 'optarg optind opterr optopt',
    },
    'pthread.h': {
        includes: 'sys/types.h time.h',
        fns: PTHREAD_FNS,
        macros: 'PTHREAD_MUTEX_INITIALIZER PTHREAD_COND_INITIALIZER PTHREAD_RWLOCK_INITIALIZER PTHREAD_ONCE_INIT=0 ' +
            'PTHREAD_CANCELED PTHREAD_BARRIER_SERIAL_THREAD=(-1) PTHREAD_STACK_MIN=16384 sched_priority',
        fmacros: 'pthread_cleanup_push/2 pthread_cleanup_pop/1',
        types: 'cpu_set_t struct_sched_param',
        patterns: [/^pthread_\w+$/, /^PTHREAD_[A-Z_]+$/, /^sched_\w+$/, /^SCHED_[A-Z_]+$/, /^CPU_[A-Z_]+$/],
    },
    'signal.h': {
        includes: 'sys/types.h time.h',
        fns: [...(0, libc_1.fns)('int', 'impure', 'raise/1 kill/2 killpg/2 sigaction/3 sigemptyset/1 sigfillset/1 sigaddset/2 ' +
                'sigdelset/2 sigismember/2 sigprocmask/3 sigpending/1 sigsuspend/1 sigwait/2 sigwaitinfo/2 sigtimedwait/3 ' +
                'sigqueue/3 siginterrupt/2 sigaltstack/2 sigstack/2 sigreturn/1 gsignal/1 sigblock/1 sigsetmask/1 ' +
                'siggetmask/0 pthread_kill/2 pthread_sigmask/3'),
            ...(0, libc_1.fns)('void', 'impure', 'psignal/2 psiginfo/2'), ...(0, libc_1.fns)('void (*)(int)', 'impure', 'signal/2 ssignal/2')],
        types: 'sig_atomic_t sig_t siginfo_t stack_t ucontext_t mcontext_t sigval_t sigevent_t greg_t ' +
            'gregset_t fpregset_t struct_sigaction',
        fmacros: 'sigmask/1',
        patterns: [/^SIG[A-Z0-9_]+$/, /^(SA|SI|ILL|FPE|SEGV|BUS|TRAP|CLD|POLL|SS|FP_XSTATE)_[A-Z0-9_]+$/,
            /^(NSIG|NGREG|MINSIGSTKSZ|SIGSTKSZ)$/, /^(sa|si|sigev)_\w+$/],
    },
    'malloc.h': {
        includes: 'stdio.h stddef.h',
        fns: [...(0, libc_1.fns)('void *', 'impure', 'malloc/1 calloc/2 realloc/2 reallocarray/3 memalign/2 valloc/1 pvalloc/1'),
            ...(0, libc_1.fns)('void', 'impure', 'free/1 malloc_stats/0'),
            ...(0, libc_1.fns)('int', 'impure', 'mallopt/2 malloc_trim/1 malloc_info/2'),
            ...(0, libc_1.fns)('size_t', 'impure', 'malloc_usable_size/1'),
            ...(0, libc_1.fns)('struct mallinfo', 'impure', 'mallinfo/0'), ...(0, libc_1.fns)('struct mallinfo2', 'impure', 'mallinfo2/0')],
        types: 'struct_mallinfo struct_mallinfo2',
        patterns: [/^M_[A-Z_]+$/],
    },
    'omp.h': {
        fns: OMP_FNS,
        types: 'omp_lock_t omp_nest_lock_t omp_sched_t omp_proc_bind_t omp_lock_hint_t omp_sync_hint_t',
        patterns: [/^omp_\w+$/],
    },
    // OpenCilk: the keywords as macros (cilk_spawn -> _Cilk_spawn), the runtime's worker queries (open: the
    // runtime's API varies between Cilk Plus and OpenCilk versions, and gcc cannot check it).
    'cilk/cilk.h': {
        macros: 'cilk_spawn=_Cilk_spawn cilk_sync=_Cilk_sync cilk_for=_Cilk_for cilk_scope=_Cilk_scope ' +
            'cilk_reducer=_Hyperobject',
    },
    'cilk/cilk_api.h': {
        open: true,
        fns: (0, libc_1.fns)('unsigned', 'impure', '__cilkrts_get_nworkers/0 __cilkrts_get_worker_number/0'),
        patterns: [/^__cilkrts_\w+$/],
    },
    // Cilk Plus reducers (C interface): each header a family of CILK_C_REDUCER_ macros and helpers.
    ...Object.fromEntries(['opadd', 'opmul', 'opand', 'opor', 'opxor', 'min', 'max', 'min_max', 'list', 'ostream',
        'string'].map(r => [`cilk/reducer_${r}.h`, { patterns: [/^CILK_C_\w+$/, /^__cilkrts_\w+$/], open: true }])),
    'cilk/reducer.h': { patterns: [/^CILK_C_\w+$/, /^__cilkrts_\w+$/], open: true },
    'cuda_runtime.h': {
        open: true,
        fns: (0, libc_1.fns)('cudaError_t', 'impure', 'cudaMalloc/2 cudaFree/1 cudaMemcpy/4 cudaMemset/3 cudaDeviceSynchronize/0 ' +
            'cudaGetLastError/0 cudaPeekAtLastError/0 cudaSetDevice/1 cudaGetDevice/1 cudaGetDeviceCount/1 ' +
            'cudaDeviceReset/0'),
        types: 'cudaError_t dim3 cudaStream_t cudaEvent_t',
        patterns: [/^cuda\w+$/],
    },
    ...Object.fromEntries(['cstdio', 'cstdlib', 'cmath', 'cstring', 'ctime', 'cassert', 'climits', 'cstdint', 'iostream',
        'vector', 'algorithm', 'string', 'map', 'set', 'memory', 'utility', 'functional', 'numeric', 'chrono',
        'thread', 'atomic', 'mutex', 'array', 'list', 'deque', 'queue', 'stack', 'sstream', 'fstream', 'iomanip',
        'random', 'limits', 'tuple', 'unordered_map', 'unordered_set']
        .map(h => [h, { open: true }])),
};
//# sourceMappingURL=posix.js.map