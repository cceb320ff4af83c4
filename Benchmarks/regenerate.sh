#!/usr/bin/env bash
# Regenerates the benchmarked code with the main package's CLI.
set -euo pipefail
cd "$(dirname "$0")"
swift run --package-path .. publisher-generator generate Schemas --output Sources/BenchSubjects/Generated
