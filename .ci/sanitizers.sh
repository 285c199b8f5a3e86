#!/usr/bin/env bash
# Sanitizer and fuzzing CI for libgex (docs/diagnostics.md). Builds with clang in separate trees
# and runs a smaller configuration of the suite:
#   build-asan  -fsanitize=address,undefined: the SPMD AM/RMA/PAR/barrier jobs on 2 ranks, the
#               soak jobs (shorter) and the diagnostics tests
#   build-tsan  -fsanitize=thread: the multi-threaded (PAR) jobs only. ThreadSanitizer sees only
#               the threads of one process; the smp rings and segments are written by other
#               processes through shared memory, which it cannot see, so single-threaded jobs
#               prove nothing and cross-process ring traffic can look unsynchronized.
#               .ci/tsan.supp lists what is suppressed and why.
# Usage: .ci/sanitizers.sh [asan|tsan|fuzz]...   (default: all three)
#   env: CLANG_VERSION (14), JOBS (2), GEX_SOAK_SECONDS (3), GEX_FUZZ_SECONDS (20),
#        BUILD_PREFIX (build-: the trees are build-asan, build-tsan, build-fuzz)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

ver=${CLANG_VERSION:-14}
jobs=${JOBS:-2}
soak_seconds=${GEX_SOAK_SECONDS:-3}
fuzz_seconds=${GEX_FUZZ_SECONDS:-20}
prefix=${BUILD_PREFIX:-build-}
stages=("$@")
[ ${#stages[@]} -gt 0 ] || stages=(asan tsan fuzz)

# clang and its sanitizer/libFuzzer runtimes (Debian: clang-14, libclang-rt-14-dev)
scripts/install-deps.sh "clang-$ver" "libclang-rt-$ver-dev"
export CC="clang-$ver" CXX="clang++-$ver"
export GEX_SOAK_SECONDS="$soak_seconds"

# configure <dir> <sanitizer flags> [cmake args...]
configure() {
  local dir=$1 flags=$2
  shift 2
  cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_FLAGS="$flags -fno-omit-frame-pointer" -DCMAKE_CXX_FLAGS="$flags -fno-omit-frame-pointer" \
    -DCMAKE_EXE_LINKER_FLAGS="$flags" -DGEX_BUILD_BENCH=OFF "$@"
}

status=0
run() {  # run <label> <command...>: keeps going after a failure, reports it at the end
  echo "== $1"
  shift
  if ! "$@"; then
    echo "== FAILED: $*"
    status=1
  fi
}

# The crash tests (diag.backtrace.*) die of their signal on purpose: the sanitizers must not
# catch those signals first.
san_signals="handle_segv=0:handle_abort=0:handle_sigfpe=0:handle_sigbus=0:handle_sigill=0"

for stage in "${stages[@]}"; do
  case "$stage" in
    asan)
      configure "${prefix}asan" "-fsanitize=address,undefined -fno-sanitize-recover=undefined" -DGEX_BUILD_FUZZ=OFF
      cmake --build "${prefix}asan" -j"$jobs" --target gexrun test_am test_rma test_par test_barrier \
        soak_am soak_am_rel soak_par soak_par_rel diag_ops diag_crash exit_threads test_immediate_long hello \
        test_firehose_local test_segment_everything test_rma_inline bootstrap_probe
      # detect_leaks=0: ranks end with _exit (gasnet_exit), where LeakSanitizer does not run anyway
      run "asan: spmd + soak + diag" env ASAN_OPTIONS="detect_leaks=0:abort_on_error=0:$san_signals" \
        UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
        ctest --test-dir "${prefix}asan" --output-on-failure --timeout 300 -j"$jobs" \
        -R '^(spmd_(am|rma|par|barrier|immediate_long|rma_inline)_np2|soak\.(am\.np2|am\.np4|am\.detects.*|par\.np2|par\.force_am\.np2)|diag\..*|exit\.threads\.(return|thread_exit)\.4\.np2|bootstrap\.hosts3?\..*)$'
      ;;
    tsan)
      configure "${prefix}tsan" "-fsanitize=thread" -DGEX_BUILD_FUZZ=OFF
      cmake --build "${prefix}tsan" -j"$jobs" --target gexrun test_par soak_par exit_threads
      run "tsan: PAR jobs" env TSAN_OPTIONS="halt_on_error=1:exitcode=66:suppressions=$root/.ci/tsan.supp:$san_signals" \
        ctest --test-dir "${prefix}tsan" --output-on-failure --timeout 300 -j1 \
        -R '^(spmd_par_np2|soak\.par\.np2|soak\.par\.force_am\.np2|exit\.threads\.thread_exit\.4\.np2)$'
      ;;
    fuzz)
      configure "${prefix}fuzz" "" -DGEX_BUILD_FUZZ=ON -DGEX_FUZZ_SECONDS="$fuzz_seconds"
      cmake --build "${prefix}fuzz" -j"$jobs" --target fuzz_env_values fuzz_gexrun_args fuzz_am_record
      run "fuzz: every target for ${fuzz_seconds}s" ctest --test-dir "${prefix}fuzz" --output-on-failure -L fuzz
      ;;
    *) echo "sanitizers.sh: unknown stage '$stage' (asan|tsan|fuzz)" >&2; exit 2 ;;
  esac
done
exit $status
