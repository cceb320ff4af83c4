#!/usr/bin/env bash
# Builds the documentation with warnings as errors: the DocC catalog of the publisher-generator
# target (Sources/publisher-generator/Documentation.docc) and the bundled examples' generated API
# (the GeneratedExamples target, whose own catalog is Tests/GeneratedExamples/GeneratedExamples.docc),
# combined into one archive so that the articles link to the examples' symbols. Several examples
# are internal, hence the access level; .spi.yml asks the Swift Package Index for the same.
#
#   bash scripts/build-documentation.sh [output directory, default .build/documentation]
#
# Open the archive with `docc preview`, or Xcode; CI runs this script.
set -euo pipefail
cd "$(dirname "$0")/.."
output=${1:-.build/documentation}
mkdir -p "$output"
swift package --allow-writing-to-directory "$output" generate-documentation \
    --target publisher-generator --target GeneratedExamples \
    --enable-experimental-combined-documentation \
    --symbol-graph-minimum-access-level internal \
    --warnings-as-errors \
    --output-path "$output"
