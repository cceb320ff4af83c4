#!/usr/bin/env bash
# Fuzzes the generator's front end and renderers with libFuzzer for a bounded time.
#
#   Fuzz/run.sh [seconds]      (default 60)
#
# Seeds come from Fuzz/Corpus (the examples and every diagnostic fixture) and Fuzz/Regressions
# (inputs that once crashed, hung or leaked: each must stay fixed). New inputs go to a scratch
# corpus; a crash is written to Fuzz/artifacts/ and fails the run.
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-60}"
swift build -c debug -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
mkdir -p artifacts
# Regressions first, on their own: each must pass.
if compgen -G "Regressions/*" > /dev/null; then
    .build/debug/FuzzSchema -runs=0 Regressions
fi
.build/debug/FuzzSchema "$scratch" Corpus Regressions \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -artifact_prefix=artifacts/ -print_final_stats=1
