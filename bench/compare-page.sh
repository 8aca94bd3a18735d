#!/usr/bin/env bash
# Makes docs/compare-page.png, the README's picture of the compare page: two generated 10k-task runs of one
# graph (the second with QK 30 % slower and other noise), compared as HTML, shot in headless Chromium.
#   bench/compare-page.sh
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
pt="$here/bin/ptotrace"
"$pt" synth -o "$work/before" -n 10000 --seed 3 --set timing-seed=1 >/dev/null
"$pt" synth -o "$work/after" -n 10000 --seed 3 --set timing-seed=2 --set kernel-scale=QK:1.3 >/dev/null
(cd "$work" && "$pt" compare before after --format html -o page.html) || [ $? -eq 1 ]
/usr/bin/chromium --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking \
  --disable-component-update --disable-sync --hide-scrollbars --user-data-dir="$work/profile" \
  --window-size=1100,1500 --screenshot="$here/docs/compare-page.png" "file://$work/page.html" 2>/dev/null
echo "wrote $here/docs/compare-page.png"
