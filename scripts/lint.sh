#!/usr/bin/env bash
# Checks (or with --fix, applies) the project's swift-format rules to every tracked Swift file:
# hand-written code, the emitted runtime under Templates/, and the generated goldens, which are what
# users read. A symbolic link is checked where it points, once. Files the rules cannot fit are
# listed in scripts/lint-ignore.txt, each with its reason.
set -euo pipefail
cd "$(dirname "$0")/.."
ignored() { grep -vE '^[[:space:]]*(#|$)' scripts/lint-ignore.txt | sed 's/[[:space:]]*#.*//'; }
files=()
while IFS= read -r -d '' path; do files+=("$path"); done < <(
    git ls-files -s -z -- '*.swift' | tr '\0' '\n' | awk '$1 != "120000" { sub(/^[^\t]*\t/, ""); print }' \
        | grep -vxF -f <(ignored) | tr '\n' '\0'
)
if [[ "${1:-}" == "--fix" ]]; then
    # Never the goldens: they are what the generator writes, byte for byte (swift format would, for
    # one, part `@testable import` from the imports above it), so only the generator may change them.
    hand_written=()
    for path in "${files[@]}"; do [[ "$path" == */Generated/* ]] || hand_written+=("$path"); done
    swift format format --in-place "${hand_written[@]}"
else
    swift format lint --strict "${files[@]}"
fi
