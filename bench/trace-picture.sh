#!/usr/bin/env bash
# Makes docs/trace-picture.png, the README's picture of a trace: a 300-task generated run converted to a
# .pftrace, loaded by Perfetto's trace processor, and the Worker View of 44-104 µs drawn from the tables it imported
# (bench/trace_picture.py: every slice, grey dependency arrows, red hb_violation arrows), shot in headless Chromium.
#   bench/trace-picture.sh [TRACE_PROCESSOR]     default: ../shared/tools/perfetto/trace_processor_shell
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tp="$(realpath "${1:-$here/../shared/tools/perfetto/trace_processor_shell}")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
pt="$here/bin/ptotrace"
"$pt" synth -o "$work/run" -n 300 --seed 3 >/dev/null
"$pt" convert "$work/run" -o "$work/trace.pftrace" >/dev/null
python3 "$here/bench/trace_picture.py" "$tp" "$work/trace.pftrace" 44 104 "$work/page.html"
/usr/bin/chromium --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking \
  --disable-component-update --disable-sync --hide-scrollbars --user-data-dir="$work/profile" \
  --window-size=1400,640 --screenshot="$here/docs/trace-picture.png" "file://$work/page.html" 2>/dev/null
echo "wrote $here/docs/trace-picture.png"
