#!/usr/bin/env bash
# Benchmark of `ptotrace deps` (text view) on synthetic graphs, beside the time of only reading the same deps.json.
#
#   bench/deps.sh [WORKDIR]        (default WORKDIR: ${TMPDIR:-/tmp}/ptotrace-bench-deps; about 3.3 GB for 1M tasks)
#
# For every size N in SIZES the input is `ptotrace synth -n N --level 4 --seed 7` (generated once, reused): a
# deps.json of ~5 annotated edges per task, with its records file (the perf sidecar) and name map beside it.
# Timed in REPEAT rounds of all four (the best run of each counts), every run a fresh `java -Xmx$HEAP -jar cli/target/ptotrace.jar`:
#   read      `diff X X --projected`: both sides read (in parallel, one thread each), projected detail, no report
#   text      `deps X -o OUT`                           (full edge mode)
#   reduced   `deps X --edge-mode reduced -o OUT`
#   dataflow  `deps X --edge-mode reduced_dataflow -o OUT` (reads every member: args, slice geometry)
# Prints wall seconds, peak RSS, the ratio to `read`, and the viewer's own phase timings (-v).
# Then the HTML view, REPEAT times per size: `deps X --format html -v -o OUT.html` with a heap of HTML_HEAP (wall time,
# peak RSS, page size, the layout time from -v), and the page opened in headless Chromium at 1440x900
# (/usr/bin/chromium; skipped when absent) by io.ptotrace.viewer.browser.PageProbe: the time until the page is ready
# (window.ptotraceGraph.firstFrameMs, the overview drawn), the frame rate while the page is panned programmatically
# for 3 s, once at the fitted view and once zoomed in to scale ZOOM on the middle node (1: node labels drawn), and
# the scripted tour (fit, zoom to the middle task, drag, wheel zoom, arrow keys, fit, drag, search the task, f, search
# QK, n, n, p, every path, + + +, fit) with the longest main-thread task the browser reported (a longtask
# PerformanceObserver: it counts the raster too) and the longest script time of each part of the page's work.
# The -v phases of the HTML run: read, page model (building the page's arrays and strings), layout, write (deflate).
# Targets: 100k page <= 30 MB and drawn <= 5 s, 1M page drawn <= 60 s, panning the 100k page > 30 fps (both views),
# the 100k HTML run within 2x the 100k text view, the 1M page built in a 2 GiB heap, no main-thread task over 100 ms
# during the tour at any size.
# Environment: SIZES (default "100000 1000000"), REPEAT (default 3), HEAP (default 4g), JAVA (default java),
# HTML (default 1; 0 skips the HTML part), TEXT (default 1; 0 skips the text part), ZOOM (default 1),
# HTML_HEAP (default 2g).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="${1:-${TMPDIR:-/tmp}/ptotrace-bench-deps}"
sizes="${SIZES:-100000 1000000}"
repeat="${REPEAT:-3}"
heap="${HEAP:-4g}"
java="${JAVA:-java}"
jar="$here/cli/target/ptotrace.jar"
mkdir -p "$work"

if [ ! -f "$jar" ] || [ ! -f "$here/viewer/target/test-classes/io/ptotrace/viewer/browser/PageProbe.class" ]; then
  echo "bench: building $jar (mvn -q -B -DskipTests package)..." >&2
  (cd "$here" && mvn -q -B -DskipTests package)
fi
if ! "$java" -jar "$jar" deps --help >/dev/null 2>&1; then
  echo "bench: $jar has no 'deps' subcommand" >&2
  exit 2
fi
probe_cp=""
if [ "${HTML:-1}" = 1 ]; then
  # the page probe lives in the viewer's test classes and needs Jackson's databind
  # (in the reactor, with package, so the project's own modules resolve without being installed; viewer is the
  # last module of the set, so the file ends up with its classpath)
  cp_goal=(-q -B -pl viewer -am -DskipTests package dependency:build-classpath -Dmdep.includeScope=test
    -Dmdep.outputFile="$work/viewer.cp" -Dstyle.color=never)
  (cd "$here" && mvn -o "${cp_goal[@]}" >/dev/null) || (cd "$here" && mvn "${cp_goal[@]}" >/dev/null)
  probe_cp="$here/viewer/target/test-classes:$jar:$(cat "$work/viewer.cp")"
fi
echo "machine: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg); java -Xmx$heap; best of $repeat"

# time LABEL CMD...: one run of CMD; keeps the best wall time per label (with its peak RSS and phase timings)
declare -A wall rss phases failed
time_one() {
  local label="$1"; shift
  local log="$work/time.log" err="$work/stderr.log" rc=0
  /usr/bin/time -o "$log" -f '%e %M' "$@" >/dev/null 2>"$err" || rc=$?
  if [ "$rc" -ne 0 ]; then
    failed[$label]="exit $rc: $(grep -v '^Command' "$err" | tail -1)"
    return
  fi
  local w k
  read -r w k <"$log"
  if [ -z "${wall[$label]:-}" ] || awk -v a="$w" -v b="${wall[$label]}" 'BEGIN { exit !(a < b) }'; then
    wall[$label]="$w"; rss[$label]="$k"; phases[$label]="$(grep '^timings: ' "$err" || true)"
  fi
}

report() { # LABEL
  local label="$1"
  if [ -n "${failed[$label]:-}" ]; then printf '  %-9s FAILED (%s)\n' "$label" "${failed[$label]}"; return; fi
  local ratio=""
  [ "$label" != read ] && ratio="$(awk -v a="${wall[$label]}" -v b="${wall[read]}" 'BEGIN { printf "%.2f x read", a / b }')"
  printf '  %-9s %7.2f s   peak RSS %5.2f GiB   %s\n' "$label" "${wall[$label]}" "$(awk -v k="${rss[$label]}" 'BEGIN { print k / 1048576 }')" "$ratio"
  [ -n "${phases[$label]}" ] && echo "            ${phases[$label]#timings: }"
  return 0
}

for n in $sizes; do
  dir="$work/synth-$n"
  if [ ! -f "$dir/.complete" ]; then
    rm -rf "$dir"
    echo "bench: generating $n tasks..." >&2
    "$java" -Xmx8g -jar "$jar" synth -n "$n" --level 4 --seed 7 -o "$dir" >&2
    touch "$dir/.complete"
  fi
  deps="$dir/deps.json"
  echo "$n tasks: $deps ($(du -h "$deps" | cut -f1)), sidecar $(du -h "$dir/l2_swimlane_records.json" | cut -f1)"
  wall=(); rss=(); phases=(); failed=()
  if [ "${TEXT:-1}" = 1 ]; then
  # rounds interleave the variants, so a burst of load from elsewhere hits all of them alike
  for _ in $(seq 1 "$repeat"); do
    time_one read "$java" "-Xmx$heap" -jar "$jar" diff "$deps" "$deps" --projected
    time_one text "$java" "-Xmx$heap" -jar "$jar" deps "$deps" -v -o "$work/text.txt"
    time_one reduced "$java" "-Xmx$heap" -jar "$jar" deps "$deps" --edge-mode reduced -v -o "$work/reduced.txt"
    time_one dataflow "$java" "-Xmx$heap" -jar "$jar" deps "$deps" --edge-mode reduced_dataflow -v -o "$work/dataflow.txt"
  done
  for v in read text reduced dataflow; do report "$v"; done
  echo "  output: text $(du -h "$work/text.txt" | cut -f1), $(head -4 "$work/reduced.txt" | tail -1 | sed 's/^ *//') after reduction"
  fi
  if [ "${HTML:-1}" = 1 ]; then
    html="$work/page-$n.html"
    for _ in $(seq 1 "$repeat"); do
      time_one html "$java" "-Xmx${HTML_HEAP:-2g}" -jar "$jar" deps "$deps" --format html -v -o "$html"
    done
    if [ -n "${failed[html]:-}" ]; then
      echo "  html      FAILED (${failed[html]})"
    else
      printf '  html      %7.2f s   peak RSS %5.2f GiB   page %.1f MB%s\n' "${wall[html]}" "$(awk -v k="${rss[html]}" 'BEGIN { print k / 1048576 }')" \
        "$(awk -v b="$(stat -c %s "$html")" 'BEGIN { print b / 1e6 }')" \
        "$([ -n "${wall[text]:-}" ] && awk -v a="${wall[html]}" -v b="${wall[text]}" 'BEGIN { printf "   %.2f x text", a / b }')"
      echo "            ${phases[html]//$'\n'/; }" | sed 's/timings: //g'
      if [ -x /usr/bin/chromium ]; then
        echo "  browser   $(java -cp "$probe_cp" io.ptotrace.viewer.browser.PageProbe "$html" --size 1440x900 --pan-seconds 3 --zoom "${ZOOM:-1}" \
          --tour "$((n / 2))" QK 2>&1 | tr '\n' ' ')"
      else
        echo "  browser   skipped (no /usr/bin/chromium)"
      fi
    fi
  fi
done
