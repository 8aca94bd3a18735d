#!/usr/bin/env bash
# The byte scan that reads convert's projection of a deps.json, on one thread, timed in one JVM: each scan's wall
# time and MB/s, and the best and median of REPEAT scans.
#   bench/deps-scan.sh [TASKS] [REPEAT]      defaults: the 100k-task level-4 synthetic run, 7 scans
# To compare two builds, run it in each checkout (git worktree add DIR REV) one after the other, a few times over.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
n="${1:-100000}"
repeat="${2:-7}"
jar="$here/cli/target/ptotrace.jar"
out="${PTOTRACE_BENCH_DIR:-$here/bench/out}"
[ -f "$jar" ] || (cd "$here" && mvn -q -B -DskipTests package)
(cd "$here" && mvn -q -B -o -pl model test-compile -Dspotless.check.skip=true)
run="$out/run_$n"
if [ ! -f "$run/deps.json" ]; then
  mkdir -p "$out"
  java -Xmx6g -jar "$jar" synth -n "$n" --level 4 --seed 7 --hb-share 0.01 -o "$run" >/dev/null
fi
exec java -Xmx1g -cp "$here/model/target/classes:$here/model/target/test-classes:$jar" \
  io.ptotrace.model.deps.DepsScanBench "$run/deps.json" "$repeat"
