#!/usr/bin/env bash
# Compiles the committed generated code (the engine, Tests/GeneratedExamples and Tests/GeneratedFixtures
# with their doubles, and the generated XCTest scaffolds) in Swift 5 language mode, warnings as
# errors, and with --test runs the scaffolds there. The package is Tests/LanguageModeCheck; its
# targets link the same files the main package compiles in Swift 6, so nothing is kept twice (the
# links are made first, from scripts/nested-package-links.txt).
#
# `.ci/run` runs `bash scripts/check-language-mode.sh --test`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/link-nested-packages.sh
if [[ "${1:-}" == "--test" ]]; then
    swift test --package-path Tests/LanguageModeCheck
else
    swift build --package-path Tests/LanguageModeCheck --build-tests
fi
