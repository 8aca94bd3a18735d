#!/usr/bin/env bash
# What the .pftrace asks Perfetto's trace processor to store, lean (the default) against --full-args: file size,
# debug annotations, the arg rows they become, distinct string values, and convert wall seconds (3 runs each).
#   bench/pftrace-size.sh [TASKS]        default 100000 (a level-4 run with deps.json, seed 7)
# The run is cached under bench/out/ (or $PTOTRACE_BENCH_DIR); the traces are deleted after measuring.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${PTOTRACE_BENCH_DIR:-$here/bench/out}"
jar="$here/cli/target/ptotrace.jar"
n="${1:-100000}"
[ -f "$jar" ] || (cd "$here" && mvn -q -B -DskipTests package)
mkdir -p "$out"
run="$out/size_run_$n"
[ -f "$run/deps.json" ] || java -Xmx4g -jar "$jar" synth -n "$n" --level 4 --seed 7 -o "$run" >/dev/null
for mode in lean full; do
  extra=; [ "$mode" = full ] && extra=--full-args
  trace="$out/size_${n}_$mode.pftrace"
  walls=()
  for i in 1 2 3; do
    rm -f "$trace"
    s=$(date +%s.%N)
    java -Xmx4g -jar "$jar" convert "$run" -o "$trace" $extra >/dev/null
    walls+=("$(awk -v a="$s" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')")
  done
  printf '%-5s %s  wall s: %s\n' "$mode" "$(java -cp "$jar" io.ptotrace.convert.pftrace.PftraceCensus "$trace" | sed 's/^[^:]*: //')" "${walls[*]}"
  rm -f "$trace"
done
