#!/usr/bin/env bash
# Makes the deps viewer's pictures in docs/: the fitted page of the 100k-task synthetic graph
# (docs/deps-fit-100k.png), task 50000 of it searched (docs/deps-selected-100k.png), and task 21 of the sample run
# of testdata/viewer searched, top to bottom (docs/deps-selected-sample.png); each page shot at 1440x900 in headless
# Chromium by io.ptotrace.viewer.browser.PageProbe (the viewer's test classes), as bench/deps.sh drives it.
#   bench/deps-pictures.sh
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
jar="$here/cli/target/ptotrace.jar"
cp_goal=(-q -B -pl viewer -am -DskipTests package dependency:build-classpath -Dmdep.includeScope=test
  -Dmdep.outputFile="$work/viewer.cp" -Dstyle.color=never)
(cd "$here" && mvn -o "${cp_goal[@]}" >/dev/null) || (cd "$here" && mvn "${cp_goal[@]}" >/dev/null)
[ -f "$jar" ] || (cd "$here" && mvn -q -B -DskipTests package)
probe() { java -cp "$here/viewer/target/test-classes:$jar:$(cat "$work/viewer.cp")" io.ptotrace.viewer.browser.PageProbe "$@"; }

java -jar "$jar" synth -o "$work/run" -n 100000 --level 4 --seed 7 >/dev/null
java -jar "$jar" deps "$work/run" --format html -o "$work/page-100000.html" >/dev/null
probe "$work/page-100000.html" --pan-seconds 0 --size 1440x900 --shot "$here/docs/deps-fit-100k.png"
probe "$work/page-100000.html" --pan-seconds 0 --size 1440x900 --search 50000 --shot "$here/docs/deps-selected-100k.png"

java -jar "$jar" deps "$here/testdata/viewer/level4_full_a2a3/input" --format html --direction TB \
  -o "$work/sample.html" >/dev/null
probe "$work/sample.html" --pan-seconds 0 --size 1440x900 --search 21 --shot "$here/docs/deps-selected-sample.png"
echo "wrote $here/docs/deps-fit-100k.png, deps-selected-100k.png, deps-selected-sample.png"
