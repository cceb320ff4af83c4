#!/usr/bin/env bash
# Tests of scripts/check-apple.sh: it must pass on the committed goldens and fail, with the expected
# diagnostic, on each mutated copy below. A mutation edits a copy of one golden (and its scaffold)
# under .build/apple-mutations and runs the check on that copy only.
#
# Isolation mistakes: a main-actor UIControl method called from a nonisolated context, a wrong
# addTarget label, a dropped @objc, a dropped main-actor hop, a dropped nonisolated (reported only
# with default MainActor isolation: the run without it must pass). API shapes: one mistake per stub
# module (optionality, isolation, names as Apple declares them), so a stub looser than Apple's SDK
# would let it through and fail this script, and Foundation's `@Sendable` key-value observation
# handler, with the read of a scroll view's geometry outside the main actor that it would let
# through in ScrollViewReachedBottom, and Foundation's `NSAttributedString`, not `Sendable`, which
# `MainActor.assumeIsolated` would reject as TextFieldAttributedText's sample (hence the test support's
# `madeOnMainActor`); two in the delegate proxies generated for
# CombineCocoa's publishers (an optional parameter, a nonisolated TextKit delegate), one in RxCocoa's
# (a main-actor proxy of that delegate without @preconcurrency); and two in those
# of the Delegates golden (nonisolated NSObject overrides, an optional requirement called with `?`).
set -euo pipefail
cd "$(dirname "$0")/.."
goldens=Tests/GeneratedApple/Generated
work=.build/apple-mutations
failures=0 passed=0

# The check itself, on the committed goldens, with its whole report: CI runs it only here.
echo "== unmutated"
if bash scripts/check-apple.sh --sdk stubs >"$work.log" 2>&1; then
    cat "$work.log"
else
    cat "$work.log"; echo "check-apple-mutations: the unmutated check fails" >&2; exit 1
fi

# mutate NAME GOLDEN EXPECTED MODES PERL [FILE]: applies PERL (a `perl -0pe` program) to a copy of
# GOLDEN's publishers file, of its scaffold when FILE is "tests", or of the engine's part when FILE is
# "engine/<path under Templates/Engine>", then requires the check of GOLDEN, compiled with that copy
# of the engine, in MODES to fail with a diagnostic matching EXPECTED (an extended regular expression).
mutate() {
    local name=$1 golden=$2 expected=$3 modes=$4 program=$5 file=${6:-publishers}
    rm -rf "$work" && mkdir -p "$work/goldens"
    cp "$goldens/$golden.publishers.swift" "$goldens/$golden.publisherTests.swift" "$work/goldens/"
    cp -R Templates/Engine "$work/engine"
    local target=$work/goldens/$golden.publishers.swift original=$goldens/$golden.publishers.swift
    case $file in
        tests) target=$work/goldens/$golden.publisherTests.swift original=$goldens/$golden.publisherTests.swift ;;
        engine/*) target=$work/$file original=Templates/Engine/${file#engine/} ;;
    esac
    perl -0pi -e "$program" "$target"
    if cmp -s "$target" "$original"; then
        echo "FAIL $name: the mutation did not apply"; failures=$((failures + 1)); return
    fi
    if APPLE_CHECK_GOLDENS=$work/goldens APPLE_CHECK_ENGINE=$work/engine APPLE_CHECK_MODES=$modes \
        bash scripts/check-apple.sh --sdk stubs >"$work.log" 2>&1
    then
        echo "FAIL $name: not reported (Swift $modes)"; failures=$((failures + 1))
    elif grep -Eq "$expected" "$work.log"; then
        echo "ok   $name: $(grep -Em1 "$expected" "$work.log" | sed -E 's/^ *[^ ]*: (error|warning): /\1: /')"
        passed=$((passed + 1))
    else
        echo "FAIL $name: failed, but not with /$expected/:"; grep -E 'error|warning' "$work.log" | head -5
        failures=$((failures + 1))
    fi
}

# passes NAME GOLDEN MODES PERL: the same mutation must not be reported in MODES.
passes() {
    local name=$1 golden=$2 modes=$3 program=$4
    rm -rf "$work" && mkdir -p "$work"
    cp "$goldens/$golden.publishers.swift" "$goldens/$golden.publisherTests.swift" "$work/"
    perl -0pi -e "$program" "$work/$golden.publishers.swift"
    if APPLE_CHECK_GOLDENS=$work APPLE_CHECK_MODES=$modes bash scripts/check-apple.sh --sdk stubs >"$work.log" 2>&1; then
        echo "ok   $name: passes in Swift $modes"; passed=$((passed + 1))
    else
        echo "FAIL $name: reported in Swift $modes too:"; grep -E 'error|warning' "$work.log" | head -5
        failures=$((failures + 1))
    fi
}

all="5 6 6-main-actor"
# A perl program that appends the Swift text $1 to the file.
append() { printf 's/\\z/\\n%s\\n/' "$1"; }

echo "== isolation and target/action"
mutate "main-actor UIControl method from a nonisolated context" Controls \
    "main actor-isolated instance method 'sendActions\(for:\)'" "$all" \
    's/^(        )return (ButtonTapsPublisher\(sender: self, event: event\))$/$1sendActions(for: event)\n$1return $2/m'
# The call is one statement of the multi-statement closure the main-actor attachment type-checks
# whole, so the compiler may blame the statement before it, the target made for the sender.
mutate "wrong addTarget label" Controls \
    "argument label|extraneous argument|no exact matches|cannot convert value of type 'UIButton' to expected argument type 'Sender'" \
    "$all" \
    's/(sender\.addTarget\(target, action: #selector\(MainActorActionTarget\.handle\(_:\)\), )for:/${1}forControlEvents:/'
# The target every UIKit declaration adds is the engine's: its action without `@objc`.
mutate "dropped @objc" Controls "not exposed to Objective-C" "$all" \
    's/\@objc func handle\(_: Any\)/func handle(_: Any)/' engine/Shared/TargetAction/ActionTarget.swift
mutate "dropped main-actor hop" Controls "main actor-isolated" "$all" \
    's/MainActorTargetAttachment\.attach \{/withoutHop {/; $_ .= "\nfunc withoutHop(_ body: () -> () -> Void) -> () -> Void { body() }\n"'
drop_nonisolated='s/^nonisolated struct ButtonTapsPublisher<Sender: UIButton>: Publisher/struct ButtonTapsPublisher<Sender: UIButton>: Publisher/m'
mutate "dropped nonisolated" Controls "main actor|MainActor" "6-main-actor" "$drop_nonisolated"
passes "dropped nonisolated, without default isolation" Controls "5 6" "$drop_nonisolated"

echo "== the stub artifact's excuse is narrow"
mutate "another error on a line that takes an address" Controls "'Any\?' is not convertible to 'Int'" "6" \
    "$(append 'func mutant(_ object: NSObject) { var key: UInt8 = 0; _ = objc_getAssociatedObject(object, &key) as Int }')"

echo "== API shapes, one per stub module"
mutate "ObjectiveC: objc_getAssociatedObject returns Any?" Controls "Any\?" "6" \
    "$(append 'func mutant(_ object: NSObject, _ key: UnsafeRawPointer) -> NSObject { objc_getAssociatedObject(object, key) }')"
mutate "Foundation: NSLock has try(), not tryLock()" Controls "has no member 'tryLock'" "6" \
    "$(append 'func mutant(_ lock: NSLock) -> Bool { lock.tryLock() }')"
# The SDK's handler is `@preconcurrency` and `@Sendable`: in Swift 6 a warning, an error without
# `@preconcurrency`.
mutate "Foundation: the key-value observation handler is @Sendable" Controls \
    "mutation of captured var 'changes' in concurrently-executing code" "6" \
    "$(append '@MainActor func mutant(_ view: UIScrollView) -> NSKeyValueObservation { var changes = 0; return view.observe(\\.contentOffset) { _, _ in changes += 1 } }')"
mutate "reached bottom: the geometry read in the handler, not on the main actor" CombineCocoaControls \
    "main actor-isolated property 'contentInset' can not be referenced from a nonisolated context" "6" \
    's/let arrived = MainActor\.assumeIsolated \{(.*?\n)( *)\}\n/let arrived = { () -> Bool in$1$2}()\n/gs'
mutate "Foundation: NSAttributedString is not Sendable (a sample made with MainActor.assumeIsolated)" \
    CombineCocoaControls "type 'NSAttributedString' does not conform to the 'Sendable' protocol" "6" \
    's/madeOnMainActor \{( NSAttributedString\(string:)/MainActor.assumeIsolated {$1/' tests
mutate "Combine: Demand.max is Int?" Controls "Int\?" "6" \
    "$(append 'func mutant(_ demand: Subscribers.Demand) -> Int { demand.max }')"
mutate "UIKit: UIBarButtonItem.action is Selector?" Controls "Selector\?" "6" \
    "$(append '@MainActor func mutant(_ item: UIBarButtonItem) -> Selector { item.action }')"
mutate "AppKit: NSControl.target is weak and optional" MacControls "AnyObject\?" "6" \
    "$(append '@MainActor func mutant(_ control: NSControl) -> AnyObject { control.target }')"
mutate "CoreLocation: delegate methods are optional requirements" Controls "must be unwrapped|optional type" "6" \
    "$(append 'import CoreLocation
func mutant(_ manager: CLLocationManager, _ delegate: any CLLocationManagerDelegate) { delegate.locationManagerDidChangeAuthorization(manager) }')"
mutate "WebKit: WKWebView is main-actor isolated" Controls "main actor-isolated property 'isLoading'" "6" \
    "$(append 'import WebKit
nonisolated func mutant(_ view: WKWebView) -> Bool { view.isLoading }')"
mutate "UIKit: tableView(_:didEndEditingRowAt:) passes IndexPath?" CombineCocoaDelegates "different optionality" "6" \
    's/(func tableView\(_ tableView: UITableView, didEndEditingRowAt indexPath: IndexPath)\?\)/$1)/'
mutate "UIKit: NSTextStorageDelegate is nonisolated" CombineCocoaDelegates "main actor|MainActor" "6" \
    's/^nonisolated final class NSTextStorageDelegateProxy:/\@MainActor final class NSTextStorageDelegateProxy:/m'
mutate "UIKit: a main-actor proxy of NSTextStorageDelegate conforms with @preconcurrency" RxCocoaDelegates \
    "crosses into main actor-isolated code" "6" 's/\@preconcurrency NSTextStorageDelegate/NSTextStorageDelegate/'
# The delegate kind's proxies (Delegates): NSObject's `responds(to:)` and `forwardingTarget(for:)` are
# nonisolated, and an override keeps its superclass method's isolation (SE-0434), so a `@MainActor`
# proxy's overrides are nonisolated (written so; without the word they are inferred so, and reading
# main-actor state in them is an error); and an optional requirement of the app's delegate is called
# with `?`.
mutate "delegate proxy: a main-actor proxy cannot isolate NSObject's responds(to:)" Delegates \
    "different actor isolation from nonisolated overridden declaration" "6" \
    's/nonisolated override func responds\(to selector: Selector!\)/\@MainActor override func responds(to selector: Selector!)/'
mutate "delegate proxy: the app delegate's optional method is called with ?" Delegates \
    "must be unwrapped|optional type" "6" \
    's/textFieldShouldReturn\?\(textField\)/textFieldShouldReturn(textField)/'
mutate "XCTest: an assertion's message is unlabeled" Controls "extraneous argument label 'message:'" "6" \
    "$(append 'func mutant() { XCTAssertTrue(true, message: "unlabeled in XCTest") }')" tests

echo "check-apple-mutations: $passed passed, $failures failed"
((failures == 0))
