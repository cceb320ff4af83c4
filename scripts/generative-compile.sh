#!/usr/bin/env bash
# The generative compile test (GenerativeCompile/): random schemas within the language, validated,
# generated (publishers, XCTest and Swift Testing scaffolds, test support) and compiled in batches in
# Swift 6, Swift 5 and Swift 6 with default MainActor isolation, warnings as errors. A schema that
# validates but does not compile fails the run and is printed with its seed; its files are kept in
# GenerativeCompile/.build-batches/Failures.
#
#   bash scripts/generative-compile.sh                           # the bounded pass CI runs
#   GENERATIVE_SCHEMAS=5000 bash scripts/generative-compile.sh   # a long pass
#
# Settings (environment):
#   GENERATIVE_SCHEMAS   how many schemas (default 200)
#   GENERATIVE_BATCH     schemas per compiled module (default 50)
#   GENERATIVE_SEED      the run's seed, or `random` (default fixed); the same seed, count and batch
#                        size give the same schemas
#   GENERATIVE_MODES     comma-separated subset of swift6,swift5,mainActor (default all)
#   GENERATIVE_KNOWN_ISSUES=1   also generate what RandomSchemas/KnownIssues.swift steers around
set -euo pipefail
cd "$(dirname "$0")/../GenerativeCompile"
swift build --product generative-compile
# The random schemas themselves: reproducible, mostly valid, every key of the language written.
swift test 2>&1 | tail -3
.build/debug/generative-compile
