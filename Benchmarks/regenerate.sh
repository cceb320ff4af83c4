#!/usr/bin/env bash
# Regenerates the benchmarked code with the main package's CLI. Generated/GeneratedPublisherSupport.swift
# is a symlink to the engine in Templates/Engine, which the tool emits verbatim, so it is not written here.
set -euo pipefail
cd "$(dirname "$0")"
# TOOL (an absolute path) uses a CLI built elsewhere instead of `swift run` in the main package.
if [[ -n "${TOOL:-}" ]]; then
    "$TOOL" generate Schemas --output Sources/BenchSubjects/Generated --no-support-file
else
    swift run --package-path .. publisher-generator generate Schemas --output Sources/BenchSubjects/Generated --no-support-file
fi
