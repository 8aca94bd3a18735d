#!/usr/bin/env bash
# Byte-identity check between two builds: converts every sample run of testdata/ and a few generated runs with
# both jars (JSON and .pftrace, with and without --overhead), diffs generated graph pairs in every report format,
# renders the deps views (text in every edge mode, HTML pages) of every sample deps.json, inspects the traces, and
# compares stdout, stderr, exit status and output bytes.
#   bench/identical.sh OLD_JAR [NEW_JAR]     NEW_JAR defaults to this checkout's cli/target/ptotrace.jar
# Build an older jar with: git worktree add /tmp/old REV && (cd /tmp/old && mvn -q -DskipTests package)
# Prints one line per difference and "identical: N cases" at the end; exit 1 when anything differs.
# Cases that write a .pftrace give the new jar --full-args (its default .pftrace is the lean one, which differs
# on purpose), so those cases prove the full trace unchanged; PTOTRACE_IDENTICAL_LEAN=1 compares the lean ones.
# They also give it --compress none (a jar from before packets were deflated wrote them plain).
# A jar from before the events' times became deltas on the sequence's clock (1d33c1b and older) writes another
# .pftrace by design, and its inspect misreads the new one: against such a jar only the cases that write or inspect
# a .pftrace differ (LeanArgsTest holds the full trace, clock undone, to the older bytes).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
old="$(realpath "${1:?usage: bench/identical.sh OLD_JAR [NEW_JAR]}")"
new="$(realpath "${2:-$here/cli/target/ptotrace.jar}")"
java="${PTOTRACE_JAVA:-java}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cases=0 differ=0
full_args=--full-args
[ "${PTOTRACE_IDENTICAL_LEAN:-0}" = 1 ] && full_args=
# the new jar deflates the .pftrace's packets by default; PTOTRACE_IDENTICAL_PLAIN=0 for an old jar that does too
[ "${PTOTRACE_IDENTICAL_PLAIN:-1}" = 1 ] && full_args="$full_args --compress none"

# run NAME ARGS...: runs both jars in their own copy of the inputs folder and compares everything;
# $new_extra (set per case) goes to the new jar only
new_extra=
run_both() {
  local name="$1"; shift
  local side
  for side in old new; do
    rm -rf "$work/$side"; cp -r "$work/in" "$work/$side"
    local jar="$old" extra=; [ "$side" = new ] && { jar="$new"; extra="$new_extra"; }
    (cd "$work/$side" && set +e; "$java" -jar "$jar" "$@" $extra >"$work/$side.out" 2>"$work/$side.err"; echo $? >"$work/$side.rc")
    # the paths printed differ only by the folder name
    sed -i "s#$work/$side#DIR#g" "$work/$side.out" "$work/$side.err"
  done
  cases=$((cases + 1))
  local what
  for what in out err rc; do
    if ! cmp -s "$work/old.$what" "$work/new.$what"; then
      echo "DIFFERS ($what): $name"; { diff "$work/old.$what" "$work/new.$what" || true; } | head -5; differ=$((differ + 1))
    fi
  done
  if ! diff -r -q "$work/old" "$work/new" >/dev/null; then
    echo "DIFFERS (files): $name"; { diff -r -q "$work/old" "$work/new" || true; } | head -5; differ=$((differ + 1))
  fi
}

inputs_from() { rm -rf "$work/in"; mkdir -p "$work/in"; cp -r "$@" "$work/in/"; }

for d in "$here"/testdata/runs/* "$here"/testdata/conformance/*/; do
  [ -d "$d" ] || continue
  n="$(basename "$d")"
  inputs_from "$d"
  for f in json pftrace; do
    [ "$f" = pftrace ] && new_extra="$full_args"
    run_both "convert $n $f" convert "$n" -o "trace.$f" --format "$f"
    run_both "convert $n $f --overhead" convert "$n" -o "trace.$f" --format "$f" --overhead
    new_extra=
  done
done

# the deps views (text in every edge mode, the HTML page) of every sample deps.json
for d in "$here"/testdata/runs/* "$here"/testdata/conformance/*/ "$here"/testdata/viewer/*/input/; do
  [ -f "$d/deps.json" ] || continue
  n="$(basename "$(dirname "$d/x")")"; [ "$n" = input ] && n="viewer/$(basename "$(dirname "$d")")"
  inputs_from "$d"/*
  for mode in full reduced omitted reduced_dataflow omitted_dataflow; do
    run_both "deps $n $mode" deps deps.json --edge-mode "$mode"
  done
  run_both "deps $n html" deps deps.json --format html
  run_both "deps $n html tensors" deps deps.json --format html --show-tensor-info --edge-mode reduced
done

for spec in "2000 4 1 l2" "3000 3 2 chip" "1500 2 3 l2" "800 1 4 chip" "1200 4 5 streams"; do
  set -- $spec
  "$java" -jar "$new" synth -n "$1" --level "$2" --seed "$3" --era "$4" --rings 2 -o "$work/gen/a" >/dev/null
  "$java" -jar "$new" synth -n "$1" --level "$2" --seed "$(( $3 + 10 ))" --era "$4" --rings 2 -o "$work/gen/b" >/dev/null
  inputs_from "$work/gen/a" "$work/gen/b"
  tag="synth n=$1 level=$2 seed=$3 $4"
  new_extra="$full_args"
  run_both "$tag convert both" convert a --format both
  run_both "$tag convert overhead" convert a -o t.json --format both --overhead
  new_extra=
  for fmt in text json markdown; do
    run_both "$tag diff $fmt" diff a b --format "$fmt"
    run_both "$tag diff --align $fmt" diff a b --align --match-tensors structure --format "$fmt"
  done
  run_both "$tag diff --projected" diff a b --projected
  run_both "$tag diff html" diff a b --format html -o d.html
  "$java" -jar "$new" convert "$work/gen/a" --format both >/dev/null 2>&1
  inputs_from "$work/gen/a"
  run_both "$tag inspect json" inspect a/merged_swimlane.json --format json
  run_both "$tag inspect pftrace" inspect a/merged_swimlane.pftrace
  rm -rf "$work/gen"
done

echo "identical: $((cases)) cases, $differ difference(s)"
[ "$differ" -eq 0 ]
