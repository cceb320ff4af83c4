#!/usr/bin/env bash
# The generative compile test (Tests/GenerativeCompileTests): random schemas within the language
# (Tests/RandomSchemas), validated and generated as the CLI does (publishers, XCTest and Swift Testing
# scaffolds, the support files), and compiled in batches with swiftc against this build's OpenCombine,
# in Swift 6, Swift 5 and Swift 6 with default MainActor isolation, warnings as errors. A schema that
# validates but does not compile fails the test and is printed with the seed that makes it again; its
# files are kept in .build/generative-compile/Failures (MutatedBatchFailures for mutated schemas).
#
#   bash scripts/generative-compile.sh                           # the bounded pass CI runs
#   GENERATIVE_SCHEMAS=5000 bash scripts/generative-compile.sh   # a long pass (about 1.5 s a schema: 2 hours)
#
# Settings (environment):
#   GENERATIVE_SCHEMAS   how many schemas (default here 80, as CI)
#   GENERATIVE_MUTATIONS how many mutated schemas (default here 200, as CI): random schemas with one
#                        typo in a type or default (MutatedSchemaCompileTests), each rejected at the
#                        edited line or compiled; 0 skips them
#   GENERATIVE_BATCH     schemas per compiled module (default 40)
#   GENERATIVE_SEED      the pass's seed, or `random` (default fixed); the same seed, count and batch
#                        size give the same schemas
#   GENERATIVE_MODES     comma-separated subset of swift6,swift5,mainActor, or all (default all)
#   GENERATIVE_SWIFT_TESTING_MODES   the modes that also compile the Swift Testing scaffolds, whose
#                        macros cost five times the XCTest ones (default swift6; `all` for every mode)
set -euo pipefail
cd "$(dirname "$0")/.."
export GENERATIVE_SCHEMAS="${GENERATIVE_SCHEMAS:-80}"
export GENERATIVE_MUTATIONS="${GENERATIVE_MUTATIONS:-200}"
swift build --build-tests
swift test --skip-build --filter GenerativeCompileTests
