#!/usr/bin/env bash
# diff, deps, check and critical-path against the floor any Python tool pays: Python's json.load of the files each
# command reads, on one level-4 synthetic run (and, for diff, a second graph of another seed), through bin/ptotrace
# with the heap capped at 4 GiB. Each pair runs, one after the other: json.load of deps.json, deps, check; json.load
# of records and deps.json, critical-path; json.load of both deps.json, diff. Prints each run (wall and CPU seconds,
# peak RSS), then per command the median (and range) of its pair-by-pair ratio to the json.load of its inputs.
#   bench/commands-vs-json-load.sh [TASKS] [PAIRS]        defaults: 100000 tasks, 3 pairs
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
n="${1:-100000}"
pairs="${2:-3}"
out="${PTOTRACE_BENCH_DIR:-$here/bench/out}"
jar="$here/cli/target/ptotrace.jar"
command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
mkdir -p "$out"
[ -f "$jar" ] || (cd "$here" && mvn -q -B -DskipTests package)
"$here/bin/ptotrace" --version >/dev/null # any build or warm-up-cache training happens here, not in a timed run
run="$out/run_$n" other="$out/run_${n}_seed8"
[ -f "$run/deps.json" ] || java -Xmx6g -jar "$jar" synth -n "$n" --level 4 --seed 7 --hb-share 0.01 -o "$run" >/dev/null
[ -f "$other/deps.json" ] || java -Xmx6g -jar "$jar" synth -n "$n" --level 4 --seed 8 --hb-share 0.01 -o "$other" >/dev/null
work="$out/cmdload_$n"
mkdir -p "$work"
export PTOTRACE_JAVA_OPTS="-Xmx4g"

timed() { # $1 = name; rest = command -> prints a line, sets W (wall seconds)
  local name="$1"; shift
  local log="$work/$name.time"
  set +e; /usr/bin/time -v "$@" >/dev/null 2>"$log"; local rc=$?; set -e
  # diff and check exit 1 on differences and findings: a status of 2 or more is a failure
  [ $rc -lt 2 ] || { echo "failed ($rc): $* (see $log)" >&2; exit 1; }
  read -r W C R < <(awk -F': ' '
    /Elapsed \(wall clock\)/ { n = split($2, p, ":"); w = 0; for (i = 1; i <= n; i++) w = w * 60 + p[i] }
    /User time/ { u = $2 } /System time/ { s = $2 }
    /Maximum resident set size/ { r = $2 / 1024 }
    END { printf "%.2f %.2f %.0f\n", w, u + s, r }' "$log")
  printf '%-5s %-22s %8s %8s %8s\n' "$k" "$name" "$W" "$C" "$R"
}
load=(python3 -c 'import json, sys; [json.load(open(f)) for f in sys.argv[1:]]')

declare -A ratios
ratio() { ratios[$1]="${ratios[$1]:-} $(awk -v a="$2" -v b="$3" 'BEGIN { printf "%.3f", a / b }')"; }
printf '%-5s %-22s %8s %8s %8s\n' pair run wall_s cpu_s rss_MB
for k in $(seq 1 "$pairs"); do
  timed "json.load deps" "${load[@]}" "$run/deps.json"; base=$W
  timed deps "$here/bin/ptotrace" deps "$run/deps.json" -o "$work/deps.txt"; ratio deps "$W" "$base"
  timed check "$here/bin/ptotrace" check "$run" --format json -o "$work/check.json"; ratio check "$W" "$base"
  timed "json.load records+deps" "${load[@]}" "$run/l2_swimlane_records.json" "$run/deps.json"; base=$W
  timed critical-path "$here/bin/ptotrace" critical-path "$run"; ratio critical-path "$W" "$base"
  timed "json.load both deps" "${load[@]}" "$run/deps.json" "$other/deps.json"; base=$W
  timed diff "$here/bin/ptotrace" diff "$run/deps.json" "$other/deps.json" -o "$work/diff.txt"; ratio diff "$W" "$base"
done
rm -rf "$work"/deps.txt "$work"/check.json "$work"/diff.txt
for c in deps check critical-path diff; do
  set -- ${ratios[$c]}
  printf '%-14s ratio to json.load of its inputs: median %s (range %s), %s pairs\n' "$c" \
    "$(printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }')" \
    "$(printf '%s\n' "$@" | sort -g | awk 'NR == 1 { lo = $1 } { hi = $1 } END { print lo "-" hi }')" "$pairs"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
