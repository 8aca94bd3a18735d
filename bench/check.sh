#!/usr/bin/env bash
# Benchmark of `ptotrace check` on synthetic graphs: how long the check takes beside reading the same deps.json.
#
#   bench/check.sh [WORKDIR]       (default WORKDIR: ${TMPDIR:-/tmp}/ptotrace-bench-check; about 2.3 GB for 1M tasks)
#
# For every size N in SIZES the input is `ptotrace synth -n N --level 1 --seed 7` (generated once, reused); its
# deps.json alone is linked into a folder of its own, so no records are read. Each of REPEAT runs is a fresh
# `java -Xmx$HEAP -jar cli/target/ptotrace.jar check DIR -v --format json -o OUT --fail-on never`; its -v line splits
# the run into reading deps.json (every member: args, tensors, slice geometry, the task graph) and the check
# itself (the sweep of every buffer, the path searches, building the findings). Prints, for the best run: wall
# seconds, peak RSS, read and check seconds, and the check's time as a multiple of the read's — the target is
# read + check <= 2 x read, i.e. the check within the time of reading.
# Environment: SIZES (default "100000 1000000"), REPEAT (default 3), HEAP (default 4g), JAVA (default java).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="${1:-${TMPDIR:-/tmp}/ptotrace-bench-check}"
sizes="${SIZES:-100000 1000000}"
repeat="${REPEAT:-3}"
heap="${HEAP:-4g}"
java="${JAVA:-java}"
jar="$here/cli/target/ptotrace.jar"
mkdir -p "$work"
if [ ! -f "$jar" ]; then
  echo "bench: building $jar (mvn -q -B -DskipTests package)..." >&2
  (cd "$here" && mvn -q -B -DskipTests package)
fi
echo "machine: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg); java -Xmx$heap; best of $repeat"
printf '%-9s %9s %9s %8s %8s %7s %s\n' tasks wall_s rss_MB read_s check_s ratio findings
for n in $sizes; do
  run="$work/run-$n"
  if [ ! -f "$run/deps.json" ]; then
    "$java" -jar "$jar" synth -n "$n" --level 1 --seed 7 -o "$run" >/dev/null
  fi
  mkdir -p "$work/deps-$n"
  ln -f "$run/deps.json" "$work/deps-$n/deps.json"
  best=""
  for _ in $(seq "$repeat"); do
    /usr/bin/time -o "$work/time.log" -f '%e %M' "$java" -Xmx"$heap" -XX:FreqInlineSize=100 -jar "$jar" check "$work/deps-$n" -v \
      --format json -o "$work/check-$n.json" --fail-on never 2>"$work/stderr.log" >/dev/null
    read -r wall rss <"$work/time.log"
    line="$(grep '^check: read' "$work/stderr.log")"
    rd="$(sed -E 's/.*read deps.json ([0-9.]+) s.*/\1/' <<<"$line")"
    ck="$(sed -E 's/.*, check ([0-9.]+) s.*/\1/' <<<"$line")"
    if [ -z "$best" ] || awk "BEGIN{exit !($wall < ${best%% *})}"; then best="$wall $rss $rd $ck"; fi
  done
  read -r wall rss rd ck <<<"$best"
  findings="$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(" ".join(f"{k}={v}" for k,v in d["summary"].items() if v))' "$work/check-$n.json")"
  printf '%-9s %9s %9d %8s %8s %7s %s\n' "$n" "$wall" "$((rss / 1024))" "$rd" "$ck" "$(awk "BEGIN{printf \"%.2f\", ($rd + $ck) / $rd}")" "$findings"
done
