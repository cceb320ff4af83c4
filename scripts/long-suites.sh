#!/usr/bin/env bash
# The long suites in full: every plugin end-to-end package (the suites of the PluginEndToEndTests
# target that `swift test` skips) and every mutant (ScaffoldMutationTests, its target's two suites).
# `swift test` runs a slice of each, which the suites' doc comments and Contributing describe; this
# runs the rest, as CI does after `swift test`.
# Extra arguments go to `swift test` (CI passes --skip-build, after the README's `swift test`).
#
#   bash scripts/long-suites.sh [--skip-build]
set -euo pipefail
cd "$(dirname "$0")/.."
# One after the other: the mutants' tests wait on a short patience (ten seconds), which the plugin
# packages' builds beside them on two cores made a test the mutation does not touch run out of once.
# Of the plugin target, only the suites that run in the long run alone: `swift test` runs the
# others (GettingStartedTests, XcodePluginParseTests) whole, and GettingStarted's build is minutes.
LONG_SUITES=1 swift test --filter 'PluginEndToEndTests\.(PluginEndToEndTests|EmbeddedCodeErrorTests)/' "$@"
LONG_SUITES=1 swift test --filter 'ScaffoldMutationTests\.' "$@"
