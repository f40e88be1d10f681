#!/bin/bash
# The server test files that read days, each run alone with Tokyo's midnight (15:00 UTC) falling a few
# seconds into it, under libfaketime (Debian's `faketime`: apt-get install faketime). Not part of
# `npm test`: a check to run after changing how tests or the demo pick their days (docs/decisions/testing.md,
# "The demo's day is the process's, not the clock's"). Usage: bash scripts/test-across-midnight.sh [file names without .test.ts]
set -u
cd "$(dirname "$0")/.."
command -v faketime > /dev/null || { echo "faketime is missing: apt-get install faketime" >&2; exit 2; }
files=${*:-allocation deliveries driver-time delivery-import driver-app work-reports cost-reports payroll-report realtime}
failed=0
for file in $files; do
  for lead in 2 3 4 5; do
    start=$(date -u -d "$(date -u +%F) 15:00:00 UTC - $lead seconds" '+%F %T')
    log=$(mktemp)
    # The monotonic clock stays real: timers and timeouts run as usual, only the date moves.
    FAKETIME_DONT_FAKE_MONOTONIC=1 TZ=UTC faketime -f "@$start" env TAP_TIMEOUT=300 node --import tsx "tests/server/$file.test.ts" > "$log" 2>&1
    summary=$(grep -a '^# {' "$log" | tail -n 1)
    echo "$file, midnight ${lead} s in: $summary"
    if ! grep -q 'fail' <<< "$summary" && [ -n "$summary" ]; then rm "$log"; else failed=1; echo "  log: $log"; fi
  done
done
exit $failed
