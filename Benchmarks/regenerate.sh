#!/usr/bin/env bash
# Regenerates the benchmarked code with the main package's CLI. Generated/GeneratedPublisherSupport.swift
# is a symlink to the engine in Templates/Engine, which the tool emits verbatim, so it is not written here.
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
