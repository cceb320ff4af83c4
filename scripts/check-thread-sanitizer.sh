#!/usr/bin/env bash
# The concurrency stress tests (ConcurrencyStressTests) under ThreadSanitizer, as CI runs them:
# fails on a failing test or on any race report. They are built in the package
# Tests/ThreadSanitizerCheck, which links the stress tests' target and what it imports (made first,
# from scripts/nested-package-links.txt), so that the sanitized build leaves out the generator and
# every other test target. `scripts/tsan-suppressions.txt` says which reports are the standard
# library's and why.
#
#   bash scripts/check-thread-sanitizer.sh
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/link-nested-packages.sh
log=.ci-tsan.log
TSAN_OPTIONS="suppressions=$PWD/scripts/tsan-suppressions.txt${TSAN_OPTIONS:+ $TSAN_OPTIONS}" \
    swift test --package-path Tests/ThreadSanitizerCheck --sanitize=thread --filter ConcurrencyStressTests 2>&1 |
    tee "$log"
grep -Eq "Test run with [0-9]+ tests? .*passed" "$log"
if grep -q "WARNING: ThreadSanitizer" "$log"; then
    echo "ThreadSanitizer reported a data race (see $log)" >&2
    exit 1
fi
