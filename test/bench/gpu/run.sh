#!/usr/bin/env bash
# MetaFork Studio bench:gpu (issue 24): builds the programs of this folder for the GPU present and
# measures them (runner.py; manifest.json says what runs). Needs bash, python3 and nvcc; the
# checks need compute-sanitizer. Options: --build-only [--arch sm_XX], --quick, --budget SECONDS,
# --out FILE, -j N. See README.md.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# The fixtures keep their arrays on the stack (VLAs of up to hundreds of MB at the measured sizes).
ulimit -s unlimited 2>/dev/null || ulimit -s "$(ulimit -H -s)"
exec python3 "$here/runner.py" "$@"
