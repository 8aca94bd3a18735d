#!/usr/bin/env bash
# convert side by side with the Python swimlane converter: one level-4 synthetic run with deps.json, converted
# alternately (ptotrace through bin/ptotrace with its default outputs, JSON and .pftrace; then the Python
# converter, which writes JSON), PAIRS times; prints each run's wall and CPU seconds and peak RSS, the medians, and
# the median of the pair-by-pair wall and CPU ratios (Python / ptotrace).
#   bench/vs-python.sh PATH/TO/swimlane_converter.py [TASKS] [PAIRS]      defaults: 100000 tasks, 5 pairs
# The Python converter is not part of this project: point to a copy of the runtime's tools.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
py="${1:?usage: bench/vs-python.sh PATH/TO/swimlane_converter.py [TASKS] [PAIRS]}"
[ -f "$py" ] || { echo "bench/vs-python.sh: no Python converter at $py (usage: PATH/TO/swimlane_converter.py [TASKS] [PAIRS])" >&2; exit 2; }
n="${2:-100000}"
pairs="${3:-5}"
out="${PTOTRACE_BENCH_DIR:-$here/bench/out}"
jar="$here/cli/target/ptotrace.jar"
command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
mkdir -p "$out"
[ -f "$jar" ] || (cd "$here" && mvn -q -B -DskipTests package)
"$here/bin/ptotrace" --version >/dev/null # any build or warm-up-cache training happens here, not in a timed run
run="$out/run_$n"
if [ ! -f "$run/deps.json" ]; then
  java -Xmx4g -jar "$jar" synth -n "$n" --level 4 --seed 7 --hb-share 0.01 -o "$run" >/dev/null
fi
# each tool reads its own copy and writes beside it
for who in java py; do
  mkdir -p "$out/vs_$who"
  for f in "$run"/*.json; do cp -u "$f" "$out/vs_$who/"; done
  rm -f "$out/vs_$who"/merged_swimlane.*
done

timed() { # $1 = log; rest = command -> "wall cpu rss_MB"
  local log="$1"
  shift
  /usr/bin/time -v "$@" >/dev/null 2>"$log"
  awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; w = s }
    /User time/ { u = $2 } /System time/ { y = $2 } /Maximum resident set size/ { r = $2 / 1024 }
    END { printf "%.2f %.2f %.0f\n", w, u + y, r }' "$log"
}
median() { sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

printf '%-5s %-9s %8s %8s %8s\n' pair tool wall_s cpu_s rss_MB
rows=()
# each run starts with no write-back of the other tool's output pending: the Python converter's JSON (written
# through the page cache) would otherwise reach the disk during the next ptotrace run, whose direct writes wait for it
for k in $(seq "$pairs"); do
  rm -f "$out/vs_java"/merged_swimlane.*
  sync
  j=$(timed "$out/vs_java.log" "$here/bin/ptotrace" convert "$out/vs_java/l2_swimlane_records.json")
  sync
  p=$(timed "$out/vs_py.log" python3 "$py" "$out/vs_py/l2_swimlane_records.json" -o "$out/vs_py/merged_swimlane.json")
  printf '%-5s %-9s %8s %8s %8s\n' "$k" ptotrace $j
  printf '%-5s %-9s %8s %8s %8s\n' "$k" python $p
  rows+=("$j $p")
done
printf '%s\n' "${rows[@]}" >"$out/vs_pairs.txt"
echo "medians (ptotrace | python | paired ratio python/ptotrace):"
printf '  wall %s s | %s s | %s x\n' "$(awk '{ print $1 }' "$out/vs_pairs.txt" | median)" \
  "$(awk '{ print $4 }' "$out/vs_pairs.txt" | median)" "$(awk '{ printf "%.2f\n", $4 / $1 }' "$out/vs_pairs.txt" | median)"
printf '  cpu  %s s | %s s | %s x\n' "$(awk '{ print $2 }' "$out/vs_pairs.txt" | median)" \
  "$(awk '{ print $5 }' "$out/vs_pairs.txt" | median)" "$(awk '{ printf "%.2f\n", $5 / $2 }' "$out/vs_pairs.txt" | median)"
printf '  peak %s MB | %s MB\n' "$(awk '{ print $3 }' "$out/vs_pairs.txt" | median)" "$(awk '{ print $6 }' "$out/vs_pairs.txt" | median)"
rm -f "$out/vs_java"/merged_swimlane.* "$out/vs_py"/merged_swimlane.*
