#!/usr/bin/env bash
# The .pftrace layout's k-way merge of the tracks' events (TrackMerge) on synthetic tracks, timed in one JVM:
# each merge's wall time, whole and in two halves on two threads, and the best and median of REPEAT merges.
#   bench/merge.sh [TRACKS] [EVENTS] [REPEAT]      defaults: 110 tracks, 15000000 events (about a 1M-task run's), 7
# To compare two builds, run it in each checkout (git worktree add DIR REV) one after the other, a few times over.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
jar="$here/cli/target/ptotrace.jar"
[ -f "$jar" ] || (cd "$here" && mvn -q -B -DskipTests package)
(cd "$here" && mvn -q -B -o -pl converter test-compile -Dspotless.check.skip=true)
exec java -Xmx3g -cp "$here/converter/target/classes:$here/converter/target/test-classes:$jar" \
  io.ptotrace.convert.pftrace.TrackMergeBench "$@"
