#!/usr/bin/env bash
# The JSON trace's rendering alone (ChromeJsonWriter on one thread), timed in one JVM: a synthetic run is read and
# drawn once, then its JSON trace rendered REPEAT times into a byte counter (no file).
#   bench/json-render.sh [TASKS] [REPEAT]      defaults: 100000 tasks (synth --level 4 --seed 7, cached in bench/out), 9
# To compare two builds, run it in each checkout (git worktree add DIR REV) one after the other, a few times over.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tasks="${1:-100000}"
repeat="${2:-9}"
jar="$here/cli/target/ptotrace.jar"
[ -f "$jar" ] || (cd "$here" && mvn -q -B -DskipTests package)
(cd "$here" && mvn -q -B -o -pl converter test-compile -Dspotless.check.skip=true)
run="$here/bench/out/run_$tasks"
if [ ! -f "$run/deps.json" ]; then
  mkdir -p "$here/bench/out"
  java -jar "$jar" synth -n "$tasks" --level 4 --seed 7 --hb-share 0.01 -o "$run" >/dev/null
fi
exec java ${BENCH_JAVA_OPTS:-} -Xmx8g -cp "$here/converter/target/classes:$here/converter/target/test-classes:$jar" \
  io.ptotrace.convert.json.JsonRenderBench "$run" "$repeat"
