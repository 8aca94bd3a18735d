#!/usr/bin/env bash
# Benchmark of `ptotrace diff` on two 1M-task graphs (~5M annotated edges, ~2.3 GB of deps.json each).
#
#   bench/diff.sh [WORKDIR]        (default WORKDIR: ${TMPDIR:-/tmp}/ptotrace-bench-diff; about 5 GB)
#
# OLD is a synthetic run (SynthRun: 1M submits, 2 rings, newer era, ~5 edges per task); NEW is OLD
# with known changes (one submit inserted early on ring 1, one arg shape changed, one reader turned
# TRACKED_INPUT with a WAR edge, three edges removed). The inputs are generated once and reused.
# Each diff runs as `PTOTRACE_JAVA_OPTS=-Xmx4g bin/ptotrace diff ...` under /usr/bin/time -v;
# the script prints wall seconds, peak RSS and the diff's summary line.
# Environment: TASKS (default 1000000), JAVA (default java), REPEAT (runs per variant, default 1).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="${1:-${TMPDIR:-/tmp}/ptotrace-bench-diff}"
tasks="${TASKS:-1000000}"
java="${JAVA:-java}"
repeat="${REPEAT:-1}"
jar="$here/cli/target/ptotrace.jar"
mkdir -p "$work"

if [ ! -f "$jar" ]; then
  echo "bench: building $jar (mvn -q -B -DskipTests package)..." >&2
  (cd "$here" && mvn -q -B -DskipTests package)
fi
# the generator/mutator lives in diff's test sources
if [ ! -f "$here/diff/target/test-classes/io/ptotrace/diff/BenchData.class" ]; then
  echo "bench: compiling diff test classes..." >&2
  (cd "$here" && mvn -q -B -pl diff -am test-compile -DskipTests)
fi
"$here/bin/ptotrace" --version >/dev/null # any build or warm-up-cache training happens here, not in a timed run
cp="$here/diff/target/test-classes:$jar"
if ! "$java" -jar "$jar" diff --version >/dev/null 2>&1; then
  echo "bench: $jar has no 'diff' subcommand (DiffCommand is not registered in Main yet?)" >&2
  exit 2
fi

old="$work/old"
new="$work/new"
stamp="$work/.inputs-$tasks"
if [ ! -f "$stamp" ] || [ ! -f "$old/deps.json" ] || [ ! -f "$new/deps.json" ]; then
  rm -rf "$old" "$new" "$work"/.inputs-*
  echo "bench: generating OLD ($tasks tasks)..." >&2
  generated=no
  if [ -x "$here/bin/ptotrace" ] && "$here/bin/ptotrace" synth --help >/dev/null 2>&1; then
    if "$here/bin/ptotrace" synth --tasks "$tasks" --level 1 --rings 2 --era chip --seed 7 -o "$old" >&2 2>/dev/null \
       && [ -f "$old/deps.json" ]; then
      generated=yes
    fi
  fi
  if [ "$generated" = no ]; then
    "$java" -Xmx8g -cp "$cp" io.ptotrace.diff.BenchData synth "$old" "$tasks" 7 >&2
  fi
  echo "bench: deriving NEW (known changes)..." >&2
  "$java" -Xmx14g -cp "$cp" io.ptotrace.diff.BenchData mutate "$old/deps.json" "$new" >&2
  touch "$stamp"
fi

size() { du -h "$1" | cut -f1; }
echo "inputs: OLD $old/deps.json ($(size "$old/deps.json")), NEW $new/deps.json ($(size "$new/deps.json"))"
echo "machine: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"

run() { # label, extra diff options...
  local label="$1"; shift
  for i in $(seq 1 "$repeat"); do
    local log="$work/time.log" out="$work/report.txt" rc=0
    PTOTRACE_JAVA="$java" PTOTRACE_JAVA_OPTS=-Xmx4g /usr/bin/time -v "$here/bin/ptotrace" diff "$old" "$new" --max-list 5 -v "$@" >"$out" 2>"$log" || rc=$?
    local wall rss phases summary
    wall="$(grep 'Elapsed (wall clock)' "$log" | awk '{print $NF}' | awk -F: '{ if (NF == 3) print $1 * 3600 + $2 * 60 + $3; else print $1 * 60 + $2 }')"
    rss="$(grep 'Maximum resident set size' "$log" | awk '{printf "%.2f GiB", $NF / 1048576}')"
    phases="$(grep '^diff: ' "$log" || true)"
    summary="$(grep -m1 '^Graphs ' "$out" || true)"
    printf '%-22s wall %6.1f s   peak RSS %s   exit %d\n' "$label" "$wall" "$rss" "$rc"
    [ -n "$phases" ] && echo "    $phases"
    [ -n "$summary" ] && echo "    $summary"
    if [ "$rc" -ge 2 ]; then sed 's/^/    /' "$log" | grep -v '^\s*\(Command\|User\|System\|Percent\|Average\|Exit\|Socket\|Signals\|Swaps\|File\|Page\|Voluntary\|Involuntary\|Minor\|Major\|Maximum\|Elapsed\)' | head -5; fi
  done
}

run "diff (by id)"
run "diff --align" --align
run "diff --align --structure" --align --match-tensors structure
run "diff --projected" --projected
