#!/usr/bin/env bash
# Multi-rank benchmark: generates a streams-era dfx_outputs/ tree (RANKS ranks x TASKS tasks each, one
# dispatch, level 4, tmr, with deps.json and per-rank Host logs; ptotrace synth --ranks), then times
#   1. one rank's capture converted alone (rank0/d0, .pftrace), and
#   2. the whole tree merged into one trace (convert dfx_outputs --dispatch d0, .pftrace),
# each with the built jar (java -XX:FreqInlineSize=100 -jar, as the launcher runs it; $PTOTRACE_JAVA picks
# the java) and the heap capped (PTOTRACE_BENCH_HEAP, default 4g), printing wall seconds,
# peak RSS, the inputs' total size and the trace's size. The tree is cached under bench/out/ (or
# $PTOTRACE_BENCH_DIR); traces are deleted after measuring.
#   bench/ranks.sh [RANKS [TASKS]]        e.g. bench/ranks.sh 16 100000
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${PTOTRACE_BENCH_DIR:-$here/bench/out}"
jar="$here/cli/target/ptotrace.jar"
heap="${PTOTRACE_BENCH_HEAP:-4g}"
ranks="${1:-16}"
tasks="${2:-100000}"
mkdir -p "$out"
[ -f "$jar" ] || (cd "$here" && mvn -q -B -DskipTests package)
java="${PTOTRACE_JAVA:-java}"
command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 2; }

tree="$out/tree_${ranks}x${tasks}"
if [ ! -f "$tree/host.$((5000 + ranks - 1)).log" ]; then
  rm -rf "$tree"
  "$java" -Xmx4g -jar "$jar" synth --ranks "$ranks" -n "$tasks" --level 4 --seed 7 --hb-share 0.01 -o "$tree" >/dev/null
fi

mb() { awk -v b="$1" 'BEGIN { printf "%.1f MB", b / 1e6 }'; }
measure() { # id, label, trace, command...
  local id="$1" label="$2" trace="$3"; shift 3
  local log="$out/time_ranks_${id}.log"
  rm -f "$trace"
  if ! /usr/bin/time -v "$java" -XX:FreqInlineSize=100 "-Xmx$heap" -jar "$jar" "$@" >/dev/null 2>"$log"; then
    printf '%-22s failed: %s\n' "$label" "$(grep -m1 -E 'Error|Exception' "$log" || head -1 "$log")"
    return
  fi
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s }' "$log")
  rss=$(awk -F': ' '/Maximum resident set size/ { printf "%.0f", $2 / 1024 }' "$log")
  printf '%-22s %9.2f %10s %14s %14s\n' "$label" "$wall" "$rss" "$(mb "$inputs")" "$(mb "$(stat -c %s "$trace")")"
  rm -f "$trace"
}

printf '%-22s %9s %10s %14s %14s\n' run wall_s rss_MB inputs trace
inputs=$(du -cb "$tree"/rank0/d0/*.json | tail -1 | cut -f1)
measure one "one rank (rank0/d0)" "$out/rank0.pftrace" convert "$tree/rank0/d0" -o "$out/rank0.pftrace"
inputs=$(du -cb "$tree"/rank*/d0/*.json | tail -1 | cut -f1)
measure merged "$ranks ranks merged" "$out/l3_merged.pftrace" convert "$tree" --dispatch d0 -o "$out/l3_merged.pftrace"
