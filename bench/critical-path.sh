#!/usr/bin/env bash
# Critical-path benchmark: generates a level-4 synthetic run with deps.json (1M tasks by default; cached under
# bench/out/ or $PTOTRACE_BENCH_DIR), then runs, alternately, `ptotrace critical-path RUN` (whole process) and the
# yardstick that only reads the same inputs the same way (critpath's test class bench.ReadInputs), each under
# /usr/bin/time -v, and prints wall seconds, peak RSS and the ratio per pair. The target: the analysis takes at most
# 1.5 times the reading.
#   bench/critical-path.sh [TASKS] [PAIRS]      e.g. bench/critical-path.sh 1000000 3
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${PTOTRACE_BENCH_DIR:-$here/bench/out}"
jar="$here/cli/target/ptotrace.jar"
classes="$here/critpath/target/test-classes"
heap="${PTOTRACE_BENCH_HEAP:-4g}"
n="${1:-1000000}"
pairs="${2:-3}"
mkdir -p "$out"
[ -f "$jar" ] && [ -f "$classes/io/ptotrace/critpath/bench/ReadInputs.class" ] \
  || (cd "$here" && mvn -q -B -ntp -DskipTests -pl cli -am package && mvn -q -B -ntp -pl critpath test-compile)
command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
run="$out/run_$n"
[ -f "$run/deps.json" ] || java -Xmx4g -jar "$jar" synth -n "$n" --level 4 --seed 7 --hb-share 0.01 -o "$run" >/dev/null
rm -f "$run"/merged_swimlane*.json # the anonymised copies of a 5 GB trace would be a benchmark of their own

measure() { # -> "wall rss"
  local log; log="$(mktemp)"
  /usr/bin/time -v "$@" >/dev/null 2>"$log"
  awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; w = s }
              /Maximum resident set size/ { r = $2 / 1024 } END { printf "%.2f %.0f\n", w, r }' "$log"
  rm -f "$log"
}
java=(java "-Xmx$heap" -XX:FreqInlineSize=100)
printf '%-6s %14s %10s %14s %10s %7s\n' pair critical-path_s rss_MB read-inputs_s rss_MB ratio
for i in $(seq 1 "$pairs"); do
  read -r aw ar < <(measure "${java[@]}" -jar "$jar" critical-path "$run")
  read -r bw br < <(measure "${java[@]}" -cp "$jar:$classes" io.ptotrace.critpath.bench.ReadInputs "$run")
  printf '%-6s %14s %10s %14s %10s %7.2f\n' "$i" "$aw" "$ar" "$bw" "$br" "$(awk -v a="$aw" -v b="$bw" 'BEGIN { print a / b }')"
done
