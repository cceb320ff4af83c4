#!/usr/bin/env bash
# Fuzzes the generator's front end and renderers with libFuzzer for a bounded time.
#
#   Fuzz/run.sh [seconds]      (default 60)
#
# Seeds are the schema files the project already keeps (the examples, the generation fixtures and
# every diagnostic fixture), copied into a scratch corpus at the start, and Fuzz/Regressions
# (inputs that once crashed, hung or leaked: each must stay fixed). New inputs go to the scratch
# corpus; a crash is written to Fuzz/artifacts/ and fails the run.
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-60}"
swift build -c debug -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
mkdir -p artifacts
seeds=(../Schemas/Examples ../Tests/Fixtures/Generation ../Tests/PublisherGeneratorCoreTests/Fixtures)
find "${seeds[@]}" -type f \( -name '*.publishers.yaml' -o -name '*.publishers.yml' \) -exec cp {} "$scratch" \;
# One-time allocations of the language description look leaked to LeakSanitizer (see the file).
export LSAN_OPTIONS="suppressions=$PWD/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
# Regressions first, on their own: each must pass.
if compgen -G "Regressions/*" > /dev/null; then
    .build/debug/FuzzSchema -runs=0 Regressions
fi
.build/debug/FuzzSchema "$scratch" Regressions \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -artifact_prefix=artifacts/ -print_final_stats=1
