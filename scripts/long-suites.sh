#!/usr/bin/env bash
# The long suites in full: every plugin end-to-end package (the suites of the PluginEndToEndTests
# target that `swift test` skips) and every mutant (ScaffoldMutationTests, its target's two suites).
# `swift test` runs a slice of each, which the suites' doc comments and Contributing describe; this
# runs the rest, as CI does after `swift test`.
# Extra arguments go to `swift test` (CI passes --skip-build, after the README's `swift test`).
# --after-swift-test (CI's) leaves out the mutants of the slice that `swift test` of the same build
# has just run and checked (`LONG_SUITES=rest`); the baseline is still built beside the rest.
#
#   bash scripts/long-suites.sh [--after-swift-test] [--skip-build]
set -euo pipefail
cd "$(dirname "$0")/.."
mode=1
arguments=()
for argument in "$@"; do
    if [[ $argument == --after-swift-test ]]; then mode=rest; else arguments+=("$argument"); fi
done
# One after the other: the mutants' tests wait on a short patience (ten seconds), which the plugin
# packages' builds beside them on two cores made a test the mutation does not touch run out of once.
# (Within ScaffoldMutationTests, the mutants' runs hold every process slot, so that no build of
# DeclarationMutationTests goes beside them either.)
# Of the plugin target, only the suites that run in the long run alone: `swift test` runs the
# others (GettingStartedTests, XcodePluginParseTests) whole, and GettingStarted's build is minutes.
LONG_SUITES=$mode swift test --filter 'PluginEndToEndTests\.(PluginEndToEndTests|EmbeddedCodeErrorTests)/' ${arguments[@]+"${arguments[@]}"}
LONG_SUITES=$mode swift test --filter 'ScaffoldMutationTests\.' ${arguments[@]+"${arguments[@]}"}
