#!/usr/bin/env bash
# convert against the floor any Python tool pays: Python's json.load of the two inputs (records and deps.json) of one
# level-4 synthetic run, alternating the two, PAIRS times. Prints each run's wall and CPU seconds and peak RSS, the
# medians, and the median (and range) of the pair-by-pair ratios ptotrace / json.load.
#   bench/vs-json-load.sh [TASKS] [PAIRS] [CONVERT OPTIONS...]     defaults: 1000000 tasks, 3 pairs
#   e.g. bench/vs-json-load.sh 1000000 3 --format pftrace         (the .pftrace alone)
#        bench/vs-json-load.sh 100000 5 --compress none          (its packets plain)
# PTOTRACE_BENCH_OLD=DIR also runs the checkout DIR's bin/ptotrace (an older build: git worktree add DIR REV) in each
# pair, before this one in odd pairs and after it in even ones, and prints its median and the ratio new / old.
# Without a --format option convert writes both files, JSON and the .pftrace, as it does by default without -o (the
# script names its output with -o, which alone would write JSON only).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
n="${1:-1000000}"
pairs="${2:-3}"
shift $(($# < 2 ? $# : 2))
case " $* " in *" --format "* | *" --format="*) ;; *) set -- "$@" --format both ;; esac
out="${PTOTRACE_BENCH_DIR:-$here/bench/out}"
jar="$here/cli/target/ptotrace.jar"
command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
mkdir -p "$out"
[ -f "$jar" ] || (cd "$here" && mvn -q -B -DskipTests package)
"$here/bin/ptotrace" --version >/dev/null # any build or warm-up-cache training happens here, not in a timed run
old="${PTOTRACE_BENCH_OLD:-}"
if [ -n "$old" ]; then
  [ -x "$old/bin/ptotrace" ] || { echo "PTOTRACE_BENCH_OLD=$old has no bin/ptotrace" >&2; exit 2; }
  "$old/bin/ptotrace" --version >/dev/null
fi
run="$out/run_$n"
if [ ! -f "$run/deps.json" ]; then
  java -Xmx6g -jar "$jar" synth -n "$n" --level 4 --seed 7 --hb-share 0.01 -o "$run" >/dev/null
fi
dest="$out/vsload_$n"
mkdir -p "$dest"

timed() { # $1 = log; rest = command -> "wall cpu rss_MB"
  local log="$1"; shift
  /usr/bin/time -v "$@" >/dev/null 2>"$log" || { echo "failed: $* (see $log)" >&2; exit 1; }
  awk -F': ' '
    /Elapsed \(wall clock\)/ { n = split($2, p, ":"); w = 0; for (i = 1; i <= n; i++) w = w * 60 + p[i] }
    /User time/ { u = $2 } /System time/ { s = $2 }
    /Maximum resident set size/ { r = $2 / 1024 }
    END { printf "%.2f %.2f %.0f\n", w, u + s, r }' "$log"
}

printf '%-5s %-9s %8s %8s %8s\n' pair who wall_s cpu_s rss_MB
ratios=() jw=() pw=() ow=() newold=()
run_old() {
  rm -f "$dest"/merged_swimlane.*
  read -r ow_ oc_ or_ < <(timed "$out/vsload_old.log" "$old/bin/ptotrace" convert "$run" -o "$dest/merged_swimlane.json" "$@")
  printf '%-5s %-9s %8s %8s %8s\n' "$k" old "$ow_" "$oc_" "$or_"
  ow+=("$ow_")
}
# The run right after json.load (which frees gigabytes) measured 3-13 % slower at 100k tasks, whichever build it
# was: with an older build, the two builds take turns in that place.
for k in $(seq 1 "$pairs"); do
  [ -n "$old" ] && [ $((k % 2)) = 1 ] && run_old "$@"
  rm -f "$dest"/merged_swimlane.*
  read -r w c r < <(timed "$out/vsload_java.log" "$here/bin/ptotrace" convert "$run" -o "$dest/merged_swimlane.json" "$@")
  printf '%-5s %-9s %8s %8s %8s\n' "$k" ptotrace "$w" "$c" "$r"
  jw+=("$w")
  [ -n "$old" ] && [ $((k % 2)) = 0 ] && run_old "$@"
  [ -n "$old" ] && newold+=("$(awk -v a="$w" -v b="${ow[-1]}" 'BEGIN { printf "%.3f", a / b }')")
  read -r w2 c2 r2 < <(timed "$out/vsload_py.log" python3 -c \
    'import json, sys; [json.load(open(f)) for f in sys.argv[1:]]' "$run/l2_swimlane_records.json" "$run/deps.json")
  printf '%-5s %-9s %8s %8s %8s\n' "$k" json.load "$w2" "$c2" "$r2"
  pw+=("$w2")
  ratios+=("$(awk -v a="$w" -v b="$w2" 'BEGIN { printf "%.3f", a / b }')")
done
rm -f "$dest"/merged_swimlane.*
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
range() { printf '%s\n' "$@" | sort -g | awk 'NR == 1 { lo = $1 } { hi = $1 } END { print lo "-" hi }'; }
echo "convert $*"
echo "ptotrace median ${n} tasks: $(median "${jw[@]}") s; json.load median: $(median "${pw[@]}") s"
echo "paired ratio ptotrace / json.load: median $(median "${ratios[@]}") (range $(range "${ratios[@]}")), $pairs pairs, load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
if [ -n "$old" ]; then
  echo "old build median: $(median "${ow[@]}") s; paired ratio new / old: median $(median "${newold[@]}") (range $(range "${newold[@]}"))"
fi
