#!/usr/bin/env bash
# Compiles the committed generated code (Tests/GeneratedExamples, Tests/GeneratedFixtures, with their
# doubles and the generated test scaffolds) the way a new Xcode 26 app target compiles its own code:
# Swift 6 mode, `.defaultIsolation(MainActor.self)` (SE-0466), warnings as errors. The package is
# Tests/IsolationCheck (tools version 6.2, so the main package keeps 6.1); on Linux it builds against
# OpenCombine, on a Mac against Combine at the generated code's minimum deployment targets. Its
# targets link the main package's (the links are made first, from scripts/nested-package-links.txt).
#
# `.ci/run` runs `bash scripts/check-isolation.sh --test`, which also runs the generated scaffolds
# (XCTest and Swift Testing) in that setting.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/link-nested-packages.sh
if [[ "${1:-}" == "--test" ]]; then
    swift test --package-path Tests/IsolationCheck
else
    swift build --package-path Tests/IsolationCheck --build-tests
fi
