#!/usr/bin/env bash
# Convert benchmark: generates level-4 synthetic runs with deps.json (100k and 1M tasks by default),
# converts each through bin/ptotrace (its JVM options) with the heap capped at 2 GiB, and prints wall
# seconds, peak RSS and sizes.
#   bench/convert.sh [TASKS...]        e.g. bench/convert.sh 100000 1000000
# Runs are cached under bench/out/ (or $PTOTRACE_BENCH_DIR); outputs are deleted after measuring.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${PTOTRACE_BENCH_DIR:-$here/bench/out}"
jar="$here/cli/target/ptotrace.jar"
heap="${PTOTRACE_BENCH_HEAP:-2g}"
formats="${PTOTRACE_BENCH_FORMATS:-json pftrace}"
[ $# -gt 0 ] || set -- 100000 1000000
mkdir -p "$out"
[ -f "$jar" ] || (cd "$here" && mvn -q -B -DskipTests package)
"$here/bin/ptotrace" --version >/dev/null # any build or warm-up-cache training happens here, not in a timed run
command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 2; }

mb() { awk -v b="$1" 'BEGIN { printf "%.1f MB", b / 1e6 }'; }
size() { stat -c %s "$1"; }

printf '%-9s %-8s %9s %10s %12s %12s %12s\n' tasks format wall_s rss_MB records deps.json trace
for n in "$@"; do
  run="$out/run_$n"
  if [ ! -f "$run/deps.json" ]; then
    java -Xmx4g -jar "$jar" synth -n "$n" --level 4 --seed 7 --hb-share 0.01 -o "$run" >/dev/null
  fi
  for f in $formats; do
    trace="$out/trace_$n.$f"
    rm -f "$trace"
    log="$out/time_${n}_${f}.log"
    if ! PTOTRACE_JAVA_OPTS="-Xmx$heap" /usr/bin/time -v "$here/bin/ptotrace" convert "$run" -o "$trace" --format "$f" >/dev/null 2>"$log"; then
      printf '%-9s %-8s failed: %s\n' "$n" "$f" "$(head -1 "$log")"
      continue
    fi
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s }' "$log")
    rss=$(awk -F': ' '/Maximum resident set size/ { printf "%.0f", $2 / 1024 }' "$log")
    printf '%-9s %-8s %9.2f %10s %12s %12s %12s\n' "$n" "$f" "$wall" "$rss" \
      "$(mb "$(size "$run/l2_swimlane_records.json")")" "$(mb "$(size "$run/deps.json")")" "$(mb "$(size "$trace")")"
    rm -f "$trace"
  done
done
