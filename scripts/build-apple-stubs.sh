#!/usr/bin/env bash
# Builds the stub Apple modules (Tests/AppleStubs/*.swift, one file per module) into .swiftmodule
# files under .build/apple-stubs (or $1), in dependency order read from their imports. Linux only:
# on a Mac the real SDK is used instead. Prints the directory.
#
# -enable-objc-interop: what Apple platforms compile with, so `@objc`, `#selector` and optional
#   protocol requirements are checked as there.
# -experimental-skip-all-function-bodies: the stubs' bodies are never run; skipping them also skips
#   lowering the `@objc` thunks, which needs Objective-C bridging that Linux's standard library
#   lacks (the compiler crashes on `isEqual(_: Any?)` otherwise).
# -disable-objc-attr-requires-foundation-module: only for ObjectiveC, which Foundation imports (Apple's
#   ObjectiveC is a Clang module, where the rule does not apply).
#
# A module whose stub has a C header beside it (Tests/AppleStubs/<Module>.h) is, like Apple's, a Clang
# module with a Swift overlay: the header joins $out/module.modulemap as a Clang module of that name,
# and the Swift file is built with -import-underlying-module and re-exports it. This is for the types
# Apple declares in C (CGPoint, NSRange, NS_OPTIONS such as NSTextStorage.EditActions): only a
# Clang-imported struct or option set can appear in an `@objc` signature, which a Swift struct cannot.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.build/apple-stubs}
stubs=(Tests/AppleStubs/*.swift)
headers=(Tests/AppleStubs/*.h)
# Up to date when no stub (nor this script) changed since the last full build; otherwise rebuild
# all, since a module must be rebuilt when a stub it imports changes.
stamp=$out/.built
if [[ -f "$stamp" ]] && ! find "${stubs[@]}" "${headers[@]}" "$0" -newer "$stamp" | grep -q .; then
    echo "$out"
    exit 0
fi
rm -rf "$out" && mkdir -p "$out"
for header in "${headers[@]}"; do
    cp "$header" "$out/"
    printf 'module %s [system] {\n    header "%s"\n    export *\n}\n' "$(basename "$header" .h)" "$(basename "$header")" \
        >>"$out/module.modulemap"
done
declare -A built=()
module_of() { basename "$1" .swift; }
is_stub() { [[ -f "Tests/AppleStubs/$1.swift" ]]; }
while ((${#built[@]} < ${#stubs[@]})); do
    progress=0
    for file in "${stubs[@]}"; do
        module=$(module_of "$file")
        [[ -n "${built[$module]:-}" ]] && continue
        ready=1
        for dependency in $(sed -nE 's/^(@_exported )?import ([A-Za-z]+).*/\2/p' "$file"); do
            # An overlay's import of its own Clang module is no dependency.
            [[ "$dependency" == "$module" ]] && continue
            if is_stub "$dependency" && [[ -z "${built[$dependency]:-}" ]]; then ready=0; fi
        done
        ((ready)) || continue
        extra=()
        [[ "$module" == ObjectiveC ]] && extra=(-disable-objc-attr-requires-foundation-module)
        [[ -f "Tests/AppleStubs/$module.h" ]] && extra+=(-import-underlying-module)
        swiftc -frontend -emit-module -enable-objc-interop -parse-as-library \
            -experimental-skip-all-function-bodies "${extra[@]}" -swift-version 6 \
            -module-name "$module" -I "$out" "$file" -o "$out/$module.swiftmodule"
        built[$module]=1
        progress=1
    done
    ((progress)) || { echo "build-apple-stubs: an import cycle among ${stubs[*]}" >&2; exit 1; }
done
touch "$stamp"
echo "$out"
