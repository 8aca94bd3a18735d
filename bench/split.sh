#!/usr/bin/env bash
# --split benchmark: converts a generated level-4 run with deps (300k tasks by default) to a .pftrace with
# and without --split BUDGET through bin/ptotrace (heap capped at 4 GiB), and prints wall seconds, peak RSS,
# the number of parts and the largest part's estimate.
#   bench/split.sh [TASKS [BUDGET]]        e.g. bench/split.sh 300000 1.5G
# Runs are cached under bench/out/ (or $PTOTRACE_BENCH_DIR); outputs are deleted after measuring.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${PTOTRACE_BENCH_DIR:-$here/bench/out}"
jar="$here/cli/target/ptotrace.jar"
heap="${PTOTRACE_BENCH_HEAP:-4g}"
n="${1:-300000}" budget="${2:-1.5G}"
mkdir -p "$out"
[ -f "$jar" ] || (cd "$here" && mvn -q -B -DskipTests package)
"$here/bin/ptotrace" --version >/dev/null
command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
run="$out/run_$n"
[ -f "$run/deps.json" ] || java -Xmx4g -jar "$jar" synth -n "$n" --level 4 --seed 7 -o "$run" >/dev/null
printf '%-9s %-14s %9s %10s %6s %16s %16s\n' tasks mode wall_s rss_MB parts whole_est max_part_est
for mode in whole split; do
  dir="$out/split_$n"; rm -rf "$dir"; mkdir -p "$dir"
  args=(convert "$run" -o "$dir/t.pftrace")
  label=whole
  if [ "$mode" = split ]; then args+=(--split "$budget"); label="split $budget"; fi
  log="$out/split_${n}_$mode.log"
  PTOTRACE_JAVA_OPTS="-Xmx$heap" /usr/bin/time -v "$here/bin/ptotrace" "${args[@]}" >"$dir/stdout" 2>"$log" \
    || { printf '%-9s %-14s failed: %s\n' "$n" "$mode" "$(head -1 "$log")"; continue; }
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s }' "$log")
  rss=$(awk -F': ' '/Maximum resident set size/ { printf "%.0f", $2 / 1024 }' "$log")
  parts=$(ls "$dir" | grep -c '\.part-' || true)
  whole=$(sed -n 's/^t\.pftrace: .*est\. \(.*\) in Perfetto.*/\1/p' "$dir/stdout")
  maxpart=$(sed -n 's/^t\.part-[0-9]*\.pftrace: .*est\. \(.*\) in Perfetto.*/\1/p' "$dir/stdout" | sort -h | tail -1)
  printf '%-9s %-14s %9.2f %10s %6s %16s %16s\n' "$n" "$label" "$wall" "$rss" "$parts" "$whole" "${maxpart:--}"
  rm -rf "$dir"
done
