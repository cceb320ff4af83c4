#!/usr/bin/env bash
# Regenerates the benchmarked code with the main package's CLI. The engine, which the tool emits
# verbatim, is not written here: each target compiles Templates/Engine through its link `Engine`.
set -euo pipefail
cd "$(dirname "$0")"
# TOOL (an absolute path) uses a CLI built elsewhere instead of `swift run` in the main package.
if [[ -n "${TOOL:-}" ]]; then
    tool=("$TOOL")
else
    tool=(swift run --package-path .. publisher-generator)
fi
"${tool[@]}" generate Schemas/Subjects --output Sources/BenchSubjects/Generated --no-support-file
"${tool[@]}" generate Schemas/MainActor --output Sources/BenchMainActorSubjects/Generated --no-support-file
