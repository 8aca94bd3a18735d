#!/usr/bin/env python3
"""Totals of a Maven test run, read from every module's Surefire reports, and the skips it allows.

    test-totals.py ALLOWED_SKIPS REPORT_DIR...

Prints the tests run, failed and skipped, and each skip with its reason. Exits 1 when a test failed, when
nothing ran, or when a test was skipped that ALLOWED_SKIPS does not list. Each line of it is "Class#method  why"
(a method name may end in * to cover its parameterised runs) or "reason:TEXT  why" (every skip whose reason
contains TEXT, where many tests share one fixture).
"""
import fnmatch
import glob
import os
import sys
import xml.etree.ElementTree as ET


def allowed(path):
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                out.append(line.split("  ")[0].strip())
    return out


def main():
    patterns = allowed(sys.argv[1])
    run = failed = 0
    skips = []
    for d in sys.argv[2:]:
        for report in sorted(glob.glob(os.path.join(d, "TEST-*.xml"))):
            suite = ET.parse(report).getroot()
            for case in suite.iter("testcase"):
                run += 1
                name = case.get("classname", "").rsplit(".", 1)[-1] + "#" + case.get("name", "")
                if case.find("failure") is not None or case.find("error") is not None:
                    failed += 1
                skipped = case.find("skipped")
                if skipped is not None:
                    text = (skipped.get("message") or skipped.text or "").strip()
                    first = text.splitlines()[0] if text else ""
                    skips.append((name, [first.split("Assumption failed: ", 1)[-1].split("Exception: ", 1)[-1]]))
    print(f"tests: {run} run, {failed} failed, {len(skips)} skipped")
    unexpected = []
    for name, why in skips:
        reason = why[0] if why else ""
        ok = any(
            reason and p[len("reason:"):] in reason if p.startswith("reason:") else fnmatch.fnmatchcase(name, p)
            for p in patterns)
        print(f"  skipped{'' if ok else ' (NOT ALLOWED)'}: {name}: {why[0] if why else 'no reason given'}")
        if not ok:
            unexpected.append(name)
    if run == 0:
        print("no test ran")
        return 1
    if failed or unexpected:
        if unexpected:
            print(f"{len(unexpected)} skip(s) not on {sys.argv[1]}: a CI run must run them")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
