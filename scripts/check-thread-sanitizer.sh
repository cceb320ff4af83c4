#!/usr/bin/env bash
# The concurrency stress tests (ConcurrencyStressTests) under ThreadSanitizer, as CI runs them:
# fails on a failing test or on any race report. `scripts/tsan-suppressions.txt` says which reports
# are the standard library's and why. Builds in `.build-tsan`.
#
#   bash scripts/check-thread-sanitizer.sh
set -euo pipefail
cd "$(dirname "$0")/.."
log=.ci-tsan.log
TSAN_OPTIONS="suppressions=$PWD/scripts/tsan-suppressions.txt${TSAN_OPTIONS:+ $TSAN_OPTIONS}" \
    swift test --sanitize=thread --scratch-path .build-tsan --filter ConcurrencyStressTests 2>&1 | tee "$log"
grep -Eq "Test run with [0-9]+ tests? .*passed" "$log"
if grep -q "WARNING: ThreadSanitizer" "$log"; then
    echo "ThreadSanitizer reported a data race (see $log)" >&2
    exit 1
fi
