#!/usr/bin/env bash
# Builds the documentation with warnings as errors: the DocC catalog of the publisher-generator
# target (Sources/publisher-generator/Documentation.docc) and the bundled examples' generated API
# (the GeneratedExamples target, whose own catalog is Tests/GeneratedExamples/GeneratedExamples.docc),
# combined into one archive: one site whose first page is the catalog's root, which leads to the
# articles and to the examples' API.
# - Several examples are internal, hence the access level. The tool's own types are internal too;
#   `@_documentation(visibility: private)` keeps them, the command-line parser's internals, off the
#   site, and --exclude-extended-types drops the page for the one conformance it adds to a core type.
# - --experimental-skip-synthesized-symbols leaves out the operators every publisher and sequence
#   inherits (map, filter, ...: 34 copies of about 70 pages), which say nothing about the examples.
# - --enable-experimental-code-block-annotations gives every listing a copy button and lets a
#   listing of long lines (a diagnostic, a command) wrap at the page's width: ```text, wrap=80.
# .spi.yml asks the Swift Package Index for the same, built on macOS.
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
    --experimental-skip-synthesized-symbols \
    --exclude-extended-types \
    --enable-experimental-code-block-annotations \
    --warnings-as-errors \
    --output-path "$output"

# The archive's own first page ("/") is the renderer's "can't be found"; send a browser to the
# catalog's root instead, which lists the articles and links to the examples' API.
cat > "$output/index.html" <<'HTML'
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>swift-publisher-generator</title>
<meta http-equiv="refresh" content="0; url=documentation/publisher_generator">
<link rel="canonical" href="documentation/publisher_generator">
</head>
<body><a href="documentation/publisher_generator">swift-publisher-generator documentation</a></body>
</html>
HTML
