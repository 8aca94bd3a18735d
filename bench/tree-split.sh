#!/usr/bin/env bash
# A big multi-rank tree cut into browser-sized windows: generates a streams-era dfx_outputs/ tree (RANKS ranks x
# TASKS tasks each, level 4, with deps.json; cached under bench/out/), converts it with `--split BUDGET` (the
# .pftrace, heap capped at PTOTRACE_BENCH_HEAP, default 4g) under /usr/bin/time -v, then loads every window in
# Perfetto's trace processor and prints, per window, its file size, the index's planned estimate (made as if the
# window were stored plain: convert prints the deflated one), the processor's peak RSS,
# load seconds, slices, arrows and import errors.
#   bench/tree-split.sh [RANKS [TASKS [BUDGET]]]      e.g. bench/tree-split.sh 16 1000000 1.5G
#   bench/tree-split.sh --windows OUT_DIR             only the trace processor's part, on a split already written
# Needs about 3.4 GB of disk a rank of 1M tasks for the inputs, and for the outputs and their temporary files
# about 0.6 GB a rank of 1M tasks. PTOTRACE_JAVA picks the java (default: the launcher's choice, bin/ptotrace).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bench="${PTOTRACE_BENCH_DIR:-$here/bench/out}"
tp="${TP:-$here/../shared/tools/perfetto/trace_processor_shell}"
heap="${PTOTRACE_BENCH_HEAP:-4g}"
command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
[ -x "$tp" ] || { echo "no trace processor at $tp (set TP=)" >&2; exit 2; }

windows() { # OUT_DIR: every window of l3.parts.json through the trace processor
  local dir="$1" q="$1/counts.sql"
  cat >"$q" <<'SQL'
select (select count(*) from slice) || ' ' || (select count(*) from flow) || ' '
    || (select count(*) from stats where severity in ('error', 'data_loss') and value > 0) as c;
SQL
  printf '%-22s %8s %8s %8s %7s %10s %10s %6s\n' window file_MB est_MB tp_MB load_s slices arrows errors
  python3 - "$dir/l3.parts.json" <<'PY' | while read -r file est; do
import json, sys
for p in json.load(open(sys.argv[1]))["parts"]:
    print(p["file"], p["estimated_bytes"])
PY
    local log="$dir/tp.log"
    /usr/bin/time -v "$tp" -q "$q" "$dir/$file" >"$dir/tp.out" 2>"$log"
    local rss load counts
    rss=$(awk -F': ' '/Maximum resident set size/ { printf "%.0f", $2 / 1024 }' "$log")
    load=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s }' "$log")
    counts=$(tail -1 "$dir/tp.out" | tr -d '"')
    [ -n "$counts" ] || counts="? ? ?"
    set -- $counts
    printf '%-22s %8.0f %8.0f %8s %7s %10s %10s %6s\n' "$file" "$(($(stat -c %s "$dir/$file") / 1000000))" \
      "$((est / 1000000))" "$rss" "$load" "$1" "$2" "$3"
  done
}

if [ "${1:-}" = --windows ]; then windows "$2"; exit 0; fi

ranks="${1:-16}" tasks="${2:-1000000}" budget="${3:-1.5G}"
tree="$bench/tree_${ranks}x${tasks}"
out="$bench/tree_split_${ranks}x${tasks}"
launcher=("$here/bin/ptotrace")
[ -n "${PTOTRACE_JAVA:-}" ] && launcher=("$PTOTRACE_JAVA" -XX:FreqInlineSize=100 "-Xmx$heap" -jar "$here/cli/target/ptotrace.jar")
if [ ! -f "$tree/host.$((5000 + ranks - 1)).log" ]; then
  rm -rf "$tree"
  "${launcher[@]}" synth --ranks "$ranks" -n "$tasks" --level 4 --seed 7 --hb-share 0.01 -o "$tree" >/dev/null
fi
rm -rf "$out" && mkdir -p "$out"
PTOTRACE_JAVA_OPTS="-Xmx$heap ${PTOTRACE_JAVA_OPTS:-}" /usr/bin/time -v "${launcher[@]}" convert "$tree" --dispatch d0 \
  -o "$out/l3.pftrace" --split "$budget" >"$out/convert.out" 2>"$out/convert.log"
awk -F': ' '/Elapsed \(wall clock\)|Maximum resident|User time|System time/ { print "convert " $0 }' "$out/convert.log"
grep -E '^  (Parts|Output):|l3.pftrace:' "$out/convert.out" || true
windows "$out"
