#!/usr/bin/env bash
# Compare benchmark: for each task count, generates two level-4 runs of one graph (synth seed 7, timing
# seeds 1 and 2, the second with QK 30 % slower), then times, alternating, PAIRS times each:
#   A: ptotrace compare OLD NEW                  (the report alone)
#   B: ptotrace convert OLD, then convert NEW    (both runs' JSON and .pftrace, as a user converts them)
# and once: compare with --format html --trace, and the page's load time in headless Chromium.
# Prints medians (and ranges) of wall seconds and peak RSS, and the ratio compare / (convert both).
#   bench/compare.sh [TASKS...]          e.g. bench/compare.sh 100000; PAIRS=5 bench/compare.sh 1000000
# The heap is capped at PTOTRACE_BENCH_HEAP (default 4g). Runs are cached under bench/out/.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${PTOTRACE_BENCH_DIR:-$here/bench/out}"
jar="$here/cli/target/ptotrace.jar"
heap="${PTOTRACE_BENCH_HEAP:-4g}"
pairs="${PAIRS:-5}"
[ $# -gt 0 ] || set -- 100000
mkdir -p "$out"
[ -f "$jar" ] || (cd "$here" && mvn -q -B -DskipTests package)
"$here/bin/ptotrace" --version >/dev/null
command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 2; }

timed() { # log, command... -> "wall rss_MB"
  local log="$1"; shift
  sync
  PTOTRACE_JAVA_OPTS="-Xmx$heap" /usr/bin/time -v "$@" >/dev/null 2>"$log" || true
  awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; w = s }
              /Maximum resident set size/ { r = $2 / 1024 } END { printf "%.2f %.0f\n", w, r }' "$log"
}
median() { sort -g | awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.2f (%.2f-%.2f)", m, v[1], v[NR] }'; }

for n in "$@"; do
  a="$out/cmp_old_$n" b="$out/cmp_new_$n"
  [ -f "$a/deps.json" ] || java -Xmx6g -jar "$jar" synth -n "$n" --level 4 --seed 7 --set timing-seed=1 -o "$a" >/dev/null
  [ -f "$b/deps.json" ] || java -Xmx6g -jar "$jar" synth -n "$n" --level 4 --seed 7 --set timing-seed=2 \
    --set kernel-scale=QK:1.3 -o "$b" >/dev/null
  : >"$out/cmp_$n.a"; : >"$out/cmp_$n.b"; : >"$out/cmp_$n.ratio"
  for i in $(seq 1 "$pairs"); do
    ra=$(timed "$out/cmp_$n.log" "$here/bin/ptotrace" compare "$a" "$b")
    c1=$(timed "$out/cnv1_$n.log" "$here/bin/ptotrace" convert "$a" -o "$out/cnv_$n.json" --format both)
    c2=$(timed "$out/cnv2_$n.log" "$here/bin/ptotrace" convert "$b" -o "$out/cnv_$n.json" --format both)
    rm -f "$out/cnv_$n.json" "$out/cnv_$n.pftrace"
    wa=${ra% *} wb=$(awk -v x="${c1% *}" -v y="${c2% *}" 'BEGIN { print x + y }')
    echo "$ra" >>"$out/cmp_$n.a"
    echo "$wb ${c1#* } ${c2#* }" >>"$out/cmp_$n.b"
    awk -v x="$wa" -v y="$wb" 'BEGIN { print x / y }' >>"$out/cmp_$n.ratio"
  done
  echo "tasks $n, $pairs pairs, heap $heap"
  echo "  compare:              wall $(cut -d' ' -f1 "$out/cmp_$n.a" | median) s, peak RSS $(cut -d' ' -f2 "$out/cmp_$n.a" | median) MB"
  echo "  convert OLD + NEW:    wall $(cut -d' ' -f1 "$out/cmp_$n.b" | median) s"
  echo "  compare / convert both: $(median <"$out/cmp_$n.ratio")"
  page="$out/cmp_$n.html" trace="$out/cmp_$n.pftrace"
  r=$(timed "$out/cmp_html_$n.log" "$here/bin/ptotrace" compare "$a" "$b" --format html -o "$page" --trace "$trace")
  echo "  compare --format html --trace: wall ${r% *} s, peak RSS ${r#* } MB, page $(stat -c %s "$page") bytes, trace $(stat -c %s "$trace") bytes"
  if [ -x /usr/bin/chromium ]; then
    prof="$(mktemp -d)"
    t0=$(date +%s.%N)
    /usr/bin/chromium --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking \
      --disable-component-update --disable-sync --user-data-dir="$prof" --dump-dom "file://$page" >/dev/null 2>&1
    t1=$(date +%s.%N)
    rm -rf "$prof"
    echo "  the page in headless Chromium (start, load, dump): $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }') s"
  fi
  rm -f "$page" "$trace"
done
