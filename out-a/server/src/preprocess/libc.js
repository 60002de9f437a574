"use strict";
// The C library's headers as tables (C11 7.x, with what glibc adds in GNU C mode, gnu17: _DEFAULT_SOURCE,
// so the POSIX and BSD additions are visible too), in a form of our own: each function with its
// parameter count and purity, object-like macros with their values, function-like macros, types,
// variables. preprocess/system reads them.
Object.defineProperty(exports, "__esModule", { value: true });
exports.C_TABLE = exports.words = void 0;
exports.fns = fns;
const words = (s) => (s ?? '').split(/\s+/).filter(Boolean);
exports.words = words;
/** Functions sharing a return type and purity: `name/N`, `name/N+` (N fixed, then `...`). */
function fns(returns, purity, spec) {
    return (0, exports.words)(spec).map(w => {
        const m = /^(\w+)\/(\d+)(\+?)$/.exec(w);
        if (!m)
            throw new Error(`bad function spec '${w}'`);
        return { name: m[1], params: Number(m[2]), variadic: m[3] === '+', returns, purity };
    });
}
/** C11 7.12: each <math.h> function comes for double, float (`f`) and long double (`l`). With
 * `returns`, the three return that type (ilogb, lrint); else each its own floating type. */
function math3(purity, spec, returns) {
    return fns('double', purity, spec).flatMap(f => [
        { ...f, returns: returns ?? 'double' },
        { ...f, name: f.name + 'f', returns: returns ?? 'float' },
        { ...f, name: f.name + 'l', returns: returns ?? 'long double' },
    ]);
}
/** <complex.h>: the same three, of complex type (`creal` and its kin return the real type). */
const complex3 = (spec, real) => math3('pure', spec).map(f => ({ ...f, returns: real ? f.returns : `${f.returns} _Complex` }));
const PURE_MATH_1 = 'acos/1 asin/1 atan/1 cos/1 sin/1 tan/1 acosh/1 asinh/1 atanh/1 cosh/1 sinh/1 tanh/1 exp/1 exp2/1 expm1/1 log/1 ' +
    'log10/1 log1p/1 log2/1 logb/1 cbrt/1 fabs/1 sqrt/1 erf/1 erfc/1 tgamma/1 ceil/1 floor/1 ' +
    'nearbyint/1 rint/1 round/1 trunc/1 significand/1 j0/1 j1/1 y0/1 y1/1';
const PURE_MATH_2 = 'atan2/2 hypot/2 pow/2 fmod/2 remainder/2 drem/2 copysign/2 nextafter/2 nexttoward/2 fdim/2 fmax/2 fmin/2 ' +
    'ldexp/2 scalbn/2 scalbln/2 scalb/2 jn/2 yn/2 fma/3';
const STDIO_FNS = [
    ...fns('int', 'impure', 'remove/1 rename/2 renameat/4 fclose/1 fflush/1 fflush_unlocked/1 setvbuf/4 fprintf/2+ printf/1+ sprintf/2+ ' +
        'snprintf/3+ dprintf/2+ vfprintf/3 vprintf/2 vsprintf/3 vsnprintf/4 vdprintf/3 fscanf/2+ scanf/1+ sscanf/2+ ' +
        'vfscanf/3 vscanf/2 vsscanf/3 fgetc/1 getc/1 getchar/0 fgetc_unlocked/1 getc_unlocked/1 getchar_unlocked/0 ' +
        'fputc/2 putc/2 putchar/1 fputc_unlocked/2 putc_unlocked/2 putchar_unlocked/1 getw/1 putw/2 fputs/2 puts/1 ' +
        'ungetc/2 fseek/3 fseeko/3 fgetpos/2 fsetpos/2 feof/1 ferror/1 feof_unlocked/1 ferror_unlocked/1 fileno/1 ' +
        'fileno_unlocked/1 pclose/1 ftrylockfile/1'),
    ...fns('void', 'impure', 'setbuf/2 setbuffer/3 setlinebuf/1 rewind/1 clearerr/1 clearerr_unlocked/1 perror/1 ' +
        'flockfile/1 funlockfile/1'),
    ...fns('FILE *', 'impure', 'fopen/2 freopen/3 fdopen/2 fmemopen/3 open_memstream/2 popen/2 tmpfile/0'),
    ...fns('char *', 'impure', 'fgets/3 tmpnam/1 tmpnam_r/1 tempnam/2 ctermid/1'),
    ...fns('size_t', 'impure', 'fread/4 fwrite/4 fread_unlocked/4 fwrite_unlocked/4'),
    ...fns('long', 'impure', 'ftell/1'), ...fns('off_t', 'impure', 'ftello/1'),
    ...fns('ssize_t', 'impure', 'getline/3 getdelim/4'),
];
exports.C_TABLE = {
    'stddef.h': {
        macros: 'NULL=((void*)0)', fmacros: 'offsetof/2', types: 'size_t ptrdiff_t wchar_t max_align_t',
    },
    'stdarg.h': { fmacros: 'va_start/2 va_arg/2 va_end/1 va_copy/2', types: 'va_list' },
    'stdbool.h': { macros: 'bool=_Bool true=1 false=0 __bool_true_false_are_defined=1' },
    'assert.h': { macros: 'static_assert=_Static_assert', fmacros: 'assert/1' },
    'stdio.h': {
        includes: 'stddef.h',
        fns: STDIO_FNS,
        macros: 'BUFSIZ=8192 EOF=(-1) FILENAME_MAX=4096 FOPEN_MAX=16 L_ctermid=9 L_tmpnam=20 P_tmpdir="/tmp" ' +
            'SEEK_SET=0 SEEK_CUR=1 SEEK_END=2 TMP_MAX=238328 _IOFBF=0 _IOLBF=1 _IONBF=2 stdin stdout stderr',
        types: 'FILE fpos_t off_t ssize_t va_list', vars: 'stdin stdout stderr',
    },
    'stdlib.h': {
        includes: 'stddef.h sys/types.h alloca.h',
        fns: [
            ...fns('int', 'pure', 'abs/1'), ...fns('long', 'pure', 'labs/1'), ...fns('long long', 'pure', 'llabs/1'),
            ...fns('div_t', 'pure', 'div/2'), ...fns('ldiv_t', 'pure', 'ldiv/2'), ...fns('lldiv_t', 'pure', 'lldiv/2'),
            ...fns('int', 'reads', 'atoi/1 mblen/2'), ...fns('long', 'reads', 'atol/1'),
            ...fns('long long', 'reads', 'atoll/1'), ...fns('double', 'reads', 'atof/1'),
            ...fns('double', 'impure', 'strtod/2 drand48/0 erand48/1'), ...fns('float', 'impure', 'strtof/2'),
            ...fns('long double', 'impure', 'strtold/2'),
            ...fns('long', 'impure', 'strtol/3 random/0 lrand48/0 nrand48/1 mrand48/0 jrand48/1 a64l/1'),
            ...fns('unsigned long', 'impure', 'strtoul/3'),
            ...fns('long long', 'impure', 'strtoll/3 strtoq/3'),
            ...fns('unsigned long long', 'impure', 'strtoull/3 strtouq/3'),
            ...fns('void *', 'impure', 'malloc/1 calloc/2 realloc/2 reallocarray/3 aligned_alloc/2 valloc/1 bsearch/5'),
            ...fns('void', 'impure', 'free/1 abort/0 exit/1 _Exit/1 quick_exit/1 srand/1 srandom/1 srand48/1 ' +
                'lcong48/1 qsort/4 arc4random_buf/2'),
            ...fns('int', 'impure', 'rand/0 rand_r/1 atexit/1 at_quick_exit/1 on_exit/2 system/1 posix_memalign/3 ' +
                'setenv/3 unsetenv/1 putenv/1 clearenv/0 mkstemp/1 mkstemps/2 mbtowc/3 wctomb/2 getloadavg/2 getsubopt/3 ' +
                'rpmatch/1 random_r/2 srandom_r/2 initstate_r/4 setstate_r/2 drand48_r/2 erand48_r/3 lrand48_r/2 ' +
                'nrand48_r/3 mrand48_r/2 jrand48_r/3 srand48_r/2 seed48_r/2 lcong48_r/2 ecvt_r/6 fcvt_r/6 qecvt_r/6 ' +
                'qfcvt_r/6'),
            ...fns('char *', 'impure', 'getenv/1 realpath/2 mkdtemp/1 mktemp/1 initstate/3 setstate/1 l64a/1 ecvt/4 ' +
                'fcvt/4 gcvt/3 qecvt/4 qfcvt/4 qgcvt/3'),
            ...fns('unsigned short *', 'impure', 'seed48/1'),
            ...fns('size_t', 'impure', 'mbstowcs/3 wcstombs/3'),
            ...fns('uint32_t', 'impure', 'arc4random/0 arc4random_uniform/1'),
        ],
        macros: 'EXIT_SUCCESS=0 EXIT_FAILURE=1 RAND_MAX=2147483647 MB_CUR_MAX WNOHANG=1 WUNTRACED=2 WSTOPPED=2 ' +
            'WEXITED=4 WCONTINUED=8 WNOWAIT=0x01000000',
        fmacros: 'WEXITSTATUS/1 WTERMSIG/1 WSTOPSIG/1 WIFEXITED/1 WIFSIGNALED/1 WIFSTOPPED/1 WIFCONTINUED/1',
        types: 'div_t ldiv_t lldiv_t',
    },
    'alloca.h': { includes: 'stddef.h', fns: fns('void *', 'impure', 'alloca/1') },
    'string.h': {
        includes: 'stddef.h strings.h',
        fns: [
            ...fns('int', 'reads', 'memcmp/3 strcmp/2 strncmp/3 strcoll/2 strcoll_l/3'),
            ...fns('size_t', 'reads', 'strlen/1 strnlen/2 strspn/2 strcspn/2'),
            ...fns('void *', 'reads', 'memchr/3'),
            ...fns('char *', 'reads', 'strchr/2 strrchr/2 strstr/2 strpbrk/2'),
            ...fns('void *', 'impure', 'memcpy/3 memmove/3 memset/3 memccpy/4'),
            ...fns('char *', 'impure', 'strcpy/2 strncpy/3 strcat/2 strncat/3 stpcpy/2 stpncpy/3 strdup/1 strndup/2 ' +
                'strtok/2 strtok_r/3 strsep/2 strerror/1 strerror_l/2 strsignal/1'),
            ...fns('size_t', 'impure', 'strxfrm/3 strxfrm_l/4'),
            ...fns('int', 'impure', 'strerror_r/3'), ...fns('void', 'impure', 'explicit_bzero/2'),
        ],
    },
    'strings.h': {
        includes: 'stddef.h',
        fns: [
            ...fns('int', 'reads', 'bcmp/3 strcasecmp/2 strncasecmp/3 strcasecmp_l/3 strncasecmp_l/4'),
            ...fns('char *', 'reads', 'index/2 rindex/2'), ...fns('int', 'pure', 'ffs/1 ffsl/1 ffsll/1'),
            ...fns('void', 'impure', 'bcopy/3 bzero/2'),
        ],
        types: 'locale_t',
    },
    'memory.h': { includes: 'string.h' },
    'math.h': {
        fns: [
            ...math3('pure', PURE_MATH_1 + ' ' + PURE_MATH_2), ...math3('pure', 'nan/1'),
            // isinf and isnan are type-generic macros (C11 7.12.3); glibc's isinff, isnanl... are functions.
            ...math3('pure', 'ilogb/1 finite/1 isinf/1 isnan/1', 'int').filter(f => f.name !== 'isinf' && f.name !== 'isnan'),
            ...math3('pure', 'lrint/1 lround/1', 'long'), ...math3('pure', 'llrint/1 llround/1', 'long long'),
            // These write through a pointer argument (frexp, modf, remquo) or set signgam (lgamma, gamma).
            ...math3('impure', 'frexp/2 modf/2 remquo/3 lgamma/1 gamma/1'), ...fns('double', 'impure', 'lgamma_r/2'),
            ...fns('float', 'impure', 'lgammaf_r/2'), ...fns('long double', 'impure', 'lgammal_r/2'),
        ],
        macros: 'M_E=2.7182818284590452354 M_LOG2E=1.4426950408889634074 M_LOG10E=0.43429448190325182765 ' +
            'M_LN2=0.69314718055994530942 M_LN10=2.30258509299404568402 M_PI=3.14159265358979323846 ' +
            'M_PI_2=1.57079632679489661923 M_PI_4=0.78539816339744830962 M_1_PI=0.31830988618379067154 ' +
            'M_2_PI=0.63661977236758134308 M_2_SQRTPI=1.12837916709551257390 M_SQRT2=1.41421356237309504880 ' +
            'M_SQRT1_2=0.70710678118654752440 HUGE_VAL HUGE_VALF HUGE_VALL INFINITY NAN FP_NAN=0 FP_INFINITE=1 ' +
            'FP_ZERO=2 FP_SUBNORMAL=3 FP_NORMAL=4 FP_ILOGB0 FP_ILOGBNAN MATH_ERRNO=1 MATH_ERREXCEPT=2 math_errhandling',
        fmacros: 'fpclassify/1 isfinite/1 isinf/1 isnan/1 isnormal/1 signbit/1 isgreater/2 isgreaterequal/2 ' +
            'isless/2 islessequal/2 islessgreater/2 isunordered/2',
        types: 'float_t double_t', vars: 'signgam',
    },
    'complex.h': {
        fns: [
            ...complex3('cacos/1 casin/1 catan/1 ccos/1 csin/1 ctan/1 cacosh/1 casinh/1 catanh/1 ccosh/1 csinh/1 ' +
                'ctanh/1 cexp/1 clog/1 csqrt/1 cpow/2 conj/1 cproj/1', false),
            ...complex3('cabs/1 carg/1 cimag/1 creal/1', true),
        ],
        macros: 'complex=_Complex I _Complex_I', fmacros: 'CMPLX/2 CMPLXF/2 CMPLXL/2',
    },
    'ctype.h': {
        fns: fns('int', 'pure', 'isalnum/1 isalpha/1 isblank/1 iscntrl/1 isdigit/1 isgraph/1 islower/1 isprint/1 ispunct/1 isspace/1 ' +
            'isupper/1 isxdigit/1 tolower/1 toupper/1 isascii/1 toascii/1 isalnum_l/2 isalpha_l/2 isblank_l/2 ' +
            'iscntrl_l/2 isdigit_l/2 isgraph_l/2 islower_l/2 isprint_l/2 ispunct_l/2 isspace_l/2 isupper_l/2 ' +
            'isxdigit_l/2 tolower_l/2 toupper_l/2'),
        fmacros: 'isascii_l/2 toascii_l/2', types: 'locale_t',
    },
    'errno.h': { macros: 'errno', vars: 'errno', patterns: [/^E[A-Z0-9]+$/] },
    'limits.h': {
        macros: 'CHAR_BIT=8 SCHAR_MIN=(-128) SCHAR_MAX=127 UCHAR_MAX=255 CHAR_MIN=(-128) CHAR_MAX=127 ' +
            'SHRT_MIN=(-32768) SHRT_MAX=32767 USHRT_MAX=65535 INT_MIN=(-2147483647-1) INT_MAX=2147483647 ' +
            'UINT_MAX=4294967295U LONG_MIN=(-9223372036854775807L-1) LONG_MAX=9223372036854775807L ' +
            'ULONG_MAX=18446744073709551615UL LLONG_MIN=(-9223372036854775807LL-1) LLONG_MAX=9223372036854775807LL ' +
            'ULLONG_MAX=18446744073709551615ULL MB_LEN_MAX=16 SSIZE_MAX=9223372036854775807L PATH_MAX=4096 ' +
            'NAME_MAX=255 PIPE_BUF=4096 LINE_MAX=2048 HOST_NAME_MAX=64 LOGIN_NAME_MAX=256 TTY_NAME_MAX=32 ' +
            'NGROUPS_MAX=65536 RTSIG_MAX=32 PTHREAD_KEYS_MAX=1024 PTHREAD_STACK_MIN=16384 ' +
            'PTHREAD_DESTRUCTOR_ITERATIONS=4 AIO_PRIO_DELTA_MAX=20 DELAYTIMER_MAX=2147483647 MQ_PRIO_MAX=32768 ' +
            'SEM_VALUE_MAX=2147483647 MAX_CANON=255 MAX_INPUT=255 RE_DUP_MAX=0x7fff BC_BASE_MAX=99 BC_DIM_MAX=2048 ' +
            'BC_SCALE_MAX=99 BC_STRING_MAX=1000 COLL_WEIGHTS_MAX=255 EXPR_NEST_MAX=32 CHARCLASS_NAME_MAX=2048 ' +
            'XATTR_NAME_MAX=255 XATTR_SIZE_MAX=65536 XATTR_LIST_MAX=65536',
    },
    'float.h': {
        macros: 'FLT_RADIX=2 FLT_ROUNDS=1 FLT_EVAL_METHOD=0 DECIMAL_DIG=21 ' +
            'FLT_MAX=3.40282346638528859811704183484516925e+38F ' +
            'DBL_MAX=1.79769313486231570814527423731704357e+308 FLT_MIN=1.17549435082228750796873653722224568e-38F ' +
            'DBL_MIN=2.22507385850720138309023271733240406e-308 FLT_EPSILON=1.19209289550781250000000000000000000e-7F ' +
            'DBL_EPSILON=2.22044604925031308084726333618164062e-16 FLT_DIG=6 DBL_DIG=15 FLT_MANT_DIG=24 DBL_MANT_DIG=53',
        patterns: [/^(FLT|DBL|LDBL)_[A-Z0-9_]+$/],
    },
    'stdint.h': {
        types: 'intmax_t uintmax_t intptr_t uintptr_t',
        macros: 'INT8_MAX=127 INT16_MAX=32767 INT32_MAX=2147483647 INT64_MAX=9223372036854775807L UINT8_MAX=255 ' +
            'UINT16_MAX=65535 UINT32_MAX=4294967295U UINT64_MAX=18446744073709551615UL SIZE_MAX=18446744073709551615UL',
        patterns: [/^u?int(_least|_fast)?(8|16|32|64)_t$/, /^U?INT(_LEAST|_FAST)?(8|16|32|64|MAX|PTR)_(MAX|MIN|C)$/,
            /^U?INTMAX_C$/, /^(PTRDIFF|SIG_ATOMIC|SIZE|WCHAR|WINT)_(MAX|MIN)$/],
    },
    'inttypes.h': {
        includes: 'stdint.h',
        fns: [...fns('intmax_t', 'pure', 'imaxabs/1'), ...fns('imaxdiv_t', 'pure', 'imaxdiv/2'),
            ...fns('intmax_t', 'impure', 'strtoimax/3 wcstoimax/3'),
            ...fns('uintmax_t', 'impure', 'strtoumax/3 wcstoumax/3')],
        types: 'imaxdiv_t', patterns: [/^(PRI|SCN)[diouxX](8|16|32|64|LEAST(8|16|32|64)|FAST(8|16|32|64)|MAX|PTR)$/],
    },
    'setjmp.h': {
        fns: [...fns('void', 'impure', 'longjmp/2 siglongjmp/2')],
        fmacros: 'setjmp/1 sigsetjmp/2', types: 'jmp_buf sigjmp_buf',
    },
};
//# sourceMappingURL=libc.js.map