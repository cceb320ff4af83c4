#!/usr/bin/env bash
# The one place that says which files compile together on Apple platforms. For each Apple-only golden
# in Tests/GeneratedApple/Generated (*.publishers.swift):
#
#   module AppleControls       = the golden + every engine file (Templates/Engine/**/*.swift)
#   module AppleControlsTests  = its generated XCTest scaffold (*.publisherTests.swift) + the test
#                                support (Templates/TestSupport/Common, .../XCTest) + the hand-written
#                                sender tests of the Tests/ApplePlatforms package that links the golden
#
# type-checked in Swift 5, Swift 6, and Swift 6 with default MainActor isolation (SE-0466, with the
# upcoming features Tests/IsolationCheck also enables). The golden's `import UIKit` or `import AppKit`
# says its platform; the module name comes from the scaffold's `@testable import`.
#
#   --sdk stubs   (default on Linux) against the stub Apple modules in Tests/AppleStubs, with
#                 `swiftc -frontend -typecheck -enable-objc-interop`.
#   --sdk apple   (default on macOS) against Xcode's SDKs: UIKit goldens for the iOS 13 simulator,
#                 AppKit goldens for macOS 10.15, so availability and the real signatures are checked.
#
# Any error or warning fails the check, except one stub artifact, excused only where proven: on Linux
# the standard library is built without Objective-C interop, so under -enable-objc-interop an `&x`
# argument converted to a pointer fails with "broken standard library: cannot find intrinsic
# operations on UnsafeMutablePointer". A probe that imports nothing shows the message comes from the
# standard library alone; only that message, on a line that takes an address, is excused.
#
# Environment: APPLE_CHECK_GOLDENS overrides the golden directory and APPLE_CHECK_ENGINE the engine's
# (Templates/Engine; the mutation tests use both); APPLE_CHECK_MODES limits the modes
# ("5 6 6-main-actor").
set -euo pipefail
cd "$(dirname "$0")/.."

sdk=stubs
[[ "$(uname -s)" == Darwin ]] && sdk=apple
while (($#)); do
    case "$1" in
        --sdk) sdk=$2; shift 2 ;;
        *) echo "usage: $0 [--sdk stubs|apple]" >&2; exit 2 ;;
    esac
done
goldens_dir=${APPLE_CHECK_GOLDENS:-Tests/GeneratedApple/Generated}
# The packages' links are compared with what is compiled here; they are made from the manifest.
bash scripts/link-nested-packages.sh
read -r -a modes <<<"${APPLE_CHECK_MODES:-5 6 6-main-actor}"
scratch=.build/apple-check
rm -rf "$scratch" && mkdir -p "$scratch"

errors=0 warnings=0 excused=0 checked=0
artifact="broken standard library: cannot find intrinsic operations on UnsafeMutablePointer"

# The compiler for one platform ("ios" or "macos"), as an array in `compiler`.
set_compiler() {
    if [[ "$sdk" == stubs ]]; then
        compiler=(swiftc -frontend -enable-objc-interop -I "$stubs")
        return
    fi
    local name target
    case "$1" in
        ios) name=iphonesimulator target="$(uname -m)-apple-ios13.0-simulator" ;;
        macos) name=macosx target="$(uname -m)-apple-macos10.15" ;;
    esac
    local sdk_path platform
    sdk_path=$(xcrun --sdk "$name" --show-sdk-path)
    platform=$(xcrun --sdk "$name" --show-sdk-platform-path)
    # XCTest lives in the platform, not the SDK.
    compiler=(xcrun swiftc -frontend -sdk "$sdk_path" -target "$target"
        -F "$platform/Developer/Library/Frameworks" -I "$platform/Developer/usr/lib")
}

mode_flags() {
    case "$1" in
        5) echo "-swift-version 5" ;;
        6) echo "-swift-version 6" ;;
        6-main-actor)
            echo "-swift-version 6 -default-isolation MainActor" \
                "-enable-upcoming-feature InferIsolatedConformances" \
                "-enable-upcoming-feature NonisolatedNonsendingByDefault" ;;
    esac
}

# Counts the diagnostics in the log $1 (LLVM style: `file:line:col: kind: message`); excuses the
# stub artifact only when the probe proved it and the line takes an address.
tally() {
    local log=$1 status=$2 file line kind message source
    local e=0 w=0 x=0
    local located='^([^ ]+):([0-9]+):[0-9]+: (error|warning): (.*)$'
    while IFS= read -r diagnostic; do
        if [[ "$diagnostic" =~ $located ]]; then
            file=${BASH_REMATCH[1]} line=${BASH_REMATCH[2]} kind=${BASH_REMATCH[3]} message=${BASH_REMATCH[4]}
        else # no line (`<unknown>:0: error: …`): never excused
            file="" line=0 message=""
            kind=error && [[ "$diagnostic" == *": warning: "* ]] && kind=warning
        fi
        if [[ "$kind" == warning ]]; then
            w=$((w + 1)); echo "  $diagnostic"
        elif [[ "$artifact_proven" == 1 && "$message" == "$artifact"* && -n "$file" ]] \
            && source=$(sed -n "${line}p" "$file" 2>/dev/null) && [[ "$source" == *"&"* ]]; then
            x=$((x + 1))
        else
            e=$((e + 1)); echo "  $diagnostic"
        fi
    done < <(grep -E ': (error|warning): ' "$log" || true)
    # A failure without a diagnostic (a crash, a missing module) is an error too.
    if ((status != 0 && e == 0 && x == 0)); then
        e=1; echo "  the compiler failed without a diagnostic:"; sed 's/^/    /' "$log" | head -20
    fi
    errors=$((errors + e)) warnings=$((warnings + w)) excused=$((excused + x))
    printf '  %d errors, %d warnings, %d excused\n' "$e" "$w" "$x"
}

run() { # run LOG COMMAND...: runs a compiler, then tallies its diagnostics
    local log=$1 status=0
    shift
    "$@" -diagnostic-style llvm >"$log" 2>&1 || status=$?
    tally "$log" "$status"
}

artifact_proven=0
if [[ "$sdk" == stubs ]]; then
    stubs=$(bash scripts/build-apple-stubs.sh)
    # The probe: the same code compiles without Objective-C interop and fails with exactly the
    # artifact with it, importing nothing, so the stubs play no part.
    probe=$scratch/probe.swift
    printf '%s\n' 'var key: UInt8 = 0' 'func take(_ pointer: UnsafeRawPointer) {}' 'func probe() { take(&key) }' >"$probe"
    swiftc -frontend -typecheck "$probe"
    if ! swiftc -frontend -typecheck -enable-objc-interop "$probe" 2>"$scratch/probe.log" \
        && grep -q "probe.swift:3:.*error: $artifact" "$scratch/probe.log"; then
        artifact_proven=1
        echo "probe: '&key' as a pointer compiles without -enable-objc-interop and fails with it (\"$artifact\") in a file that imports nothing: excused on lines that take an address"
    else
        echo "probe: the artifact does not reproduce here; nothing is excused"
    fi
fi

shopt -s nullglob globstar
goldens=("$goldens_dir"/*.publishers.swift)
((${#goldens[@]})) || { echo "no goldens in $goldens_dir" >&2; exit 1; }
engine=("${APPLE_CHECK_ENGINE:-Templates/Engine}"/**/*.swift)
support=(Templates/TestSupport/Common/**/*.swift Templates/TestSupport/XCTest/*.swift)

for golden in "${goldens[@]}"; do
    name=$(basename "$golden" .publishers.swift)
    scaffold=$goldens_dir/$name.publisherTests.swift
    if grep -q '^import UIKit' "$golden"; then platform=ios
    elif grep -q '^import AppKit' "$golden"; then platform=macos
    else echo "$golden imports neither UIKit nor AppKit" >&2; exit 1; fi
    module=$(sed -nE 's/^@testable import ([A-Za-z_]+)$/\1/p' "$scaffold")
    # The package that links this golden; its own (not linked) test files are the sender tests.
    link=$(find Tests/ApplePlatforms -lname "*/$name.publishers.swift" | head -1)
    package=${link%%/Sources/*} senders=() package_modes="" pairs=()
    if [[ -z "$link" ]]; then
        echo "  no package in Tests/ApplePlatforms links $name.publishers.swift: a Mac would not run it"
        errors=$((errors + 1))
    else
        for file in "$package"/Tests/*/*.swift; do [[ -L "$file" ]] || senders+=("$file"); done
        # The sender tests are compiled in the language modes their package declares (".v6": Swift
        # 6, with and without default isolation); the generated files in every mode.
        package_modes=$(grep -o 'swiftLanguageModes: \[[^]]*\]' "$package/Package.swift" || true)
        # The package links the same files (scripts/nested-package-links.txt), so the Mac's
        # `swift test` / `xcodebuild test` builds what is checked here; a link added or missing
        # there is an error here. (Not for the mutation tests' copies, which no package links.)
        [[ -n "${APPLE_CHECK_GOLDENS:-}" ]] || pairs=("Sources:${engine[*]} $golden" "Tests:$scaffold ${support[*]}")
    fi
    for pair in "${pairs[@]}"; do
        # A link to a folder stands for the Swift files in it.
        linked=$(find "$package/${pair%%:*}" -type l | while read -r link; do
            if [[ -d "$link" ]]; then find -L "$link" -name '*.swift' -exec realpath {} +; else realpath "$link"; fi
        done | sort)
        # shellcheck disable=SC2086
        listed=$(realpath ${pair#*:} | sort)
        if [[ "$linked" != "$listed" ]]; then
            echo "  $package/${pair%%:*} links other files than this check compiles:"
            diff <(echo "$linked") <(echo "$listed") | sed 's/^/    /' || true
            errors=$((errors + 1))
        fi
    done
    set_compiler "$platform"
    for mode in "${modes[@]}"; do
        # shellcheck disable=SC2207
        flags=($(mode_flags "$mode"))
        out=$scratch/$name-$mode
        mkdir -p "$out"
        echo "$name ($platform, Swift $mode): $module = $(basename "$golden") + ${#engine[@]} engine files"
        run "$out/sources.log" "${compiler[@]}" -typecheck "${flags[@]}" -module-name "$module" \
            "${engine[@]}" "$golden"
        # The module the tests import; bodies were checked above.
        "${compiler[@]}" -emit-module -experimental-skip-all-function-bodies -enable-testing "${flags[@]}" \
            -module-name "$module" "${engine[@]}" "$golden" -o "$out/$module.swiftmodule" \
            >"$out/emit.log" 2>&1 || true
        tests=("$scaffold" "${support[@]}") also=""
        if [[ -n "$package_modes" && "$package_modes" == *".v${mode:0:1}"* ]]; then
            tests+=("${senders[@]}") also=" + ${senders[*]##*/}"
        fi
        echo "$name ($platform, Swift $mode): ${module}Tests = $(basename "$scaffold") + ${#support[@]} test support files$also"
        run "$out/tests.log" "${compiler[@]}" -typecheck "${flags[@]}" -module-name "${module}Tests" -I "$out" \
            "${tests[@]}"
        checked=$((checked + 2))
    done
done

echo "check-apple ($sdk): $checked compilations, $errors errors, $warnings warnings, $excused excused stub artifacts"
((errors == 0 && warnings == 0))
