#!/usr/bin/env bash
# Benchmark of the deps viewer's graph layout (viewer/.../layout) on synthetic graphs.
#
#   bench/layout.sh [WORKDIR]      (default WORKDIR: ${TMPDIR:-/tmp}/ptotrace-bench-layout; about 3.5 GB for 1M tasks)
#
# For every size N in SIZES: `ptotrace synth -n N --level 4 --seed 7` (generated once, reused), its deps.json read
# through TaskGraph and its unique (pred, succ) pairs saved as a layout graph; then, unless RANDOM_DAG=0, a
# random DAG of RANDOM_NODES nodes and ~4 edges per node (shuffled numbers, a tenth of the edges long).
# Each graph is laid out in a fresh JVM with -Xmx$HEAP (default 1g) by LayoutBench (viewer test sources): FAST,
# LAYERED as requested (it falls back to FAST above its node limit) and, above the limit, LAYERED without the
# fallback; best wall and CPU time of REPEAT runs (default 3), peak RSS of that JVM, and the crossings between
# adjacent ranks: nodes in number order on the same ranks, FAST, LAYERED.
# Environment: SIZES (default "100000 1000000"), REPEAT, HEAP, RANDOM_DAG, RANDOM_NODES (default 1000000), JAVA.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="${1:-${TMPDIR:-/tmp}/ptotrace-bench-layout}"
sizes="${SIZES:-100000 1000000}"
repeat="${REPEAT:-3}"
heap="${HEAP:-1g}"
java="${JAVA:-java}"
jar="$here/cli/target/ptotrace.jar"
mkdir -p "$work"

if [ ! -f "$jar" ]; then
  echo "bench: building $jar (mvn -q -B -DskipTests package)..." >&2
  (cd "$here" && mvn -q -B -DskipTests package)
fi
echo "bench: compiling the viewer's test classes..." >&2
(cd "$here" && mvn -q -B -pl viewer -am test-compile)
cp="$here/viewer/target/classes:$here/viewer/target/test-classes:$jar"
echo "machine: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg); layout in java -Xmx$heap; best of $repeat"

layout() { # LABEL FILE
  echo "$1"
  /usr/bin/time -o "$work/time.log" -f '%M' "$java" "-Xmx$heap" -cp "$cp" io.ptotrace.viewer.layout.LayoutBench layout "$2" "$repeat"
  awk '{ printf "  peak RSS of the layout JVM %.2f GiB\n", $1 / 1048576 }' "$work/time.log"
}

for n in $sizes; do
  dir="$work/synth-$n"
  if [ ! -f "$dir/.complete" ]; then
    rm -rf "$dir"
    echo "bench: generating $n tasks..." >&2
    "$java" -Xmx8g -jar "$jar" synth -n "$n" --level 4 --seed 7 -o "$dir" >&2
    touch "$dir/.complete"
  fi
  if [ ! -f "$dir/pairs.bin" ]; then
    "$java" -Xmx8g -cp "$cp" io.ptotrace.viewer.layout.LayoutBench pairs "$dir/deps.json" "$dir/pairs.tmp" >&2
    mv "$dir/pairs.tmp" "$dir/pairs.bin"
  fi
  layout "synth $n tasks ($(du -hL "$dir/deps.json" | cut -f1) deps.json), unique pairs:" "$dir/pairs.bin"
done

if [ "${RANDOM_DAG:-1}" = 1 ]; then
  nodes="${RANDOM_NODES:-1000000}"
  file="$work/random-$nodes.bin"
  [ -f "$file" ] || "$java" -Xmx4g -cp "$cp" io.ptotrace.viewer.layout.LayoutBench random "$nodes" 8 "$file" >&2
  layout "random DAG, $nodes nodes:" "$file"
fi
