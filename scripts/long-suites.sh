#!/usr/bin/env bash
# The long suites in full: every plugin end-to-end package (PluginEndToEndTests, its target's suites)
# and every mutant (ScaffoldMutationTests, its target's two suites). `swift test` runs a slice of
# each, which the suites' doc comments and Contributing describe; this runs all of them, as CI does.
# Extra arguments go to `swift test` (CI passes --skip-build, after the README's `swift test`).
#
#   bash scripts/long-suites.sh [--skip-build]
set -euo pipefail
cd "$(dirname "$0")/.."
# One after the other: the mutants' tests wait on a short patience (ten seconds), which the plugin
# packages' builds beside them on two cores made a test the mutation does not touch run out of once.
LONG_SUITES=1 swift test --filter 'PluginEndToEndTests\.' "$@"
LONG_SUITES=1 swift test --filter 'ScaffoldMutationTests\.' "$@"
