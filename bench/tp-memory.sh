#!/usr/bin/env bash
# What Perfetto's trace processor needs for the traces convert writes, against convert's estimate: for each run
# and trace form (lean .pftrace, the same with its packets plain (--compress none), --full-args .pftrace, JSON) the file size, convert's "est." line, the processor's
# peak RSS and load seconds (/usr/bin/time -v, query "select 1"), the ratio estimate / measured, and the rows the
# processor imported (slices, flows, args, counters, tracks, interned strings).
#   TP=/path/to/trace_processor_shell bench/tp-memory.sh RUN_DIR...     (default TP: ../shared/tools/perfetto/)
#   PTOTRACE_TP_FORMS="lean plain full json" (the default) picks the forms; traces are cached beside the runs' output
#   under bench/out/tp/ and deleted unless PTOTRACE_TP_KEEP=1.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tp="${TP:-$here/../shared/tools/perfetto/trace_processor_shell}"
out="${PTOTRACE_BENCH_DIR:-$here/bench/out}/tp"
jar="$here/cli/target/ptotrace.jar"
forms="${PTOTRACE_TP_FORMS:-lean plain full json}"
[ -f "$jar" ] || { echo "build the jar first: mvn -q -B -DskipTests package" >&2; exit 2; }
[ -x "$tp" ] || { echo "no trace processor at $tp (set TP=)" >&2; exit 2; }
mkdir -p "$out"
q="$out/counts.sql"
cat >"$q" <<'SQL'
select (select count(*) from slice) || ' ' || (select count(*) from flow) || ' ' || (select count(*) from args) || ' '
    || (select count(*) from counter) || ' ' || (select count(*) from track) || ' '
    || (select count(*) from stats where severity in ('error', 'data_loss') and value > 0) as c;
SQL
printf '%-28s %-5s %9s %9s %9s %6s %8s  %s\n' run form file_MB est_MB tp_MB est/tp load_s "slices flows args counters tracks import_errors"
for run in "$@"; do
  name="$(basename "$run")"
  for f in $forms; do
    case "$f" in
      lean) ext=pftrace; extra=() ;;
      plain) ext=pftrace; extra=(--compress none) ;;
      full) ext=pftrace; extra=(--full-args) ;;
      json) ext=json; extra=() ;;
    esac
    trace="$out/${name}_$f.$ext"
    log="$out/${name}_$f.convert"
    if [ ! -s "$trace" ]; then
      nice java -jar "$jar" convert "$run" -o "$trace" --format "$ext" "${extra[@]}" >"$log" 2>&1
    fi
    est=$(awk '/est\. / { for (i = 1; i <= NF; i++) if ($i == "est.") { v = $(i + 1); u = $(i + 2); print (u == "GB" ? v * 1000 : u == "KB" ? v / 1000 : v); exit } }' "$log")
    tlog="$out/${name}_$f.time"
    counts=$(nice /usr/bin/time -v "$tp" -q "$q" "$trace" 2>"$tlog" | tail -1 | tr -d '"')
    rss=$(awk -F': ' '/Maximum resident set size/ { printf "%.0f", $2 * 1024 / 1e6 }' "$tlog")
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; printf "%.1f", s }' "$tlog")
    size=$(stat -c %s "$trace" | awk '{ printf "%.1f", $1 / 1e6 }')
    printf '%-28s %-5s %9s %9s %9s %6s %8s  %s\n' "$name" "$f" "$size" "$est" "$rss" \
      "$(awk -v a="$est" -v b="$rss" 'BEGIN { if (b > 0) printf "%.2f", a / b }')" "$wall" "$counts"
    [ "${PTOTRACE_TP_KEEP:-0}" = 1 ] || rm -f "$trace"
  done
done
