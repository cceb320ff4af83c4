#!/usr/bin/env bash
# Builds the documentation with warnings as errors: the DocC catalog of the publisher-generator
# target (Sources/publisher-generator/Documentation.docc) and the bundled examples' generated API
# (the GeneratedExamples target, whose own catalog is Tests/GeneratedExamples/GeneratedExamples.docc),
# combined into one archive: one site whose first page is the catalog's root, which leads to the
# articles and to the examples' API.
# - The examples' archive is built first and the catalog's against it (--dependency), so that the
#   root page links to the examples' module (``/GeneratedExamples``) in its text and in its Topics,
#   which puts the module in the articles' sidebar; then `docc merge` joins the two archives, as
#   the plugin's --enable-experimental-combined-documentation does for targets that depend on each
#   other (these two do not).
# - Several examples are internal, hence the access level. The tool's own types are internal too;
#   `@_documentation(visibility: private)` keeps them, the command-line parser's internals, off the
#   site, and --exclude-extended-types drops the page for the one conformance it adds to a core type.
# - --experimental-skip-synthesized-symbols leaves out the operators every publisher and sequence
#   inherits (map, filter, ...: 34 copies of about 70 pages), which say nothing about the examples.
# - --enable-experimental-code-block-annotations gives every listing a copy button and lets a
#   listing of long lines (a diagnostic, a command) wrap at the page's width: ```text, wrap=80.
# - scripts/documentation-site.css is added to every page: DocC's renderer lets inline code break
#   between the words of an identifier (Async/Sequence), and DocC offers no stylesheet of its own.
# .spi.yml asks the Swift Package Index for the same, built on macOS.
#
#   bash scripts/build-documentation.sh [output directory, default .build/documentation]
#
# Open the archive with `docc preview`, or Xcode; CI runs this script.
set -euo pipefail
cd "$(dirname "$0")/.."
output=${1:-.build/documentation}
archives=.build/documentation-archives
rm -rf "$archives"
mkdir -p "$archives"
options=(
    --symbol-graph-minimum-access-level internal
    --experimental-skip-synthesized-symbols
    --exclude-extended-types
    --enable-experimental-code-block-annotations
    --enable-experimental-external-link-support
    --warnings-as-errors
)
swift package --allow-writing-to-directory "$archives" generate-documentation \
    --target GeneratedExamples "${options[@]}" \
    --output-path "$archives/GeneratedExamples.doccarchive"
swift package --allow-writing-to-directory "$archives" generate-documentation \
    --target publisher-generator "${options[@]}" \
    --dependency "$PWD/$archives/GeneratedExamples.doccarchive" \
    --output-path "$archives/publisher-generator.doccarchive"
docc=$(command -v docc || xcrun --find docc 2>/dev/null || echo "$(dirname "$(command -v swift)")/docc")
rm -rf "$output"
"$docc" merge "$archives/publisher-generator.doccarchive" "$archives/GeneratedExamples.doccarchive" \
    --synthesized-landing-page-name swift-publisher-generator \
    --synthesized-landing-page-kind Package \
    --output-path "$output"

# The site's own style, in every page (each page of a static archive is a copy of index.html).
python3 - "$output" scripts/documentation-site.css <<'PYTHON'
import os, sys
site, stylesheet = sys.argv[1], sys.argv[2]
style = "<style>" + " ".join(open(stylesheet, encoding="utf-8").read().split()) + "</style>"
for directory, _, files in os.walk(site):
    if "index.html" in files:
        path = os.path.join(directory, "index.html")
        text = open(path, encoding="utf-8").read()
        open(path, "w", encoding="utf-8").write(text.replace("</head>", style + "</head>", 1))
PYTHON

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
