#!/usr/bin/env bash
# Checks (or with --fix, applies) the project's swift-format rules to hand-written Swift.
# Generated code under Tests/*/Generated is held to the same rules by the reference tests.
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(
    Sources Plugins Package.swift
    Tests/PublisherGeneratorCoreTests Tests/PublisherGeneratorCLITests Tests/GoldenFileTests
    Tests/EngineBehaviourTests Tests/TestSupport Tests/GeneratedExamples/Doubles Tests/GeneratedFixtures/Doubles
    Tests/PluginEndToEndTests Tests/ScaffoldMutationTests Tests/IsolationCheck/Package.swift
    Tests/LanguageModeCheck/Package.swift Fuzz/Sources Fuzz/Package.swift
    Tests/ApplePlatforms/UIKitApp/Package.swift Tests/ApplePlatforms/UIKitApp/Tests/AppleControlsTests/UIKitSenderTests.swift
    Tests/ApplePlatforms/CombineCocoaApp/Package.swift Tests/ApplePlatforms/UIKitDelegatesApp/Package.swift
    Tests/ApplePlatforms/CombineCocoaControlsApp/Package.swift
    Tests/ApplePlatforms/CombineCocoaControlsApp/Tests/AppleControlsTests/ScrollViewReachedBottomTests.swift
    Tests/ApplePlatforms/UIKitDelegatesApp/Tests/AppleControlsTests/UIKitDelegateTests.swift
    Tests/ApplePlatforms/UIKitDataSourcesApp/Package.swift
    Tests/ApplePlatforms/UIKitDataSourcesApp/Tests/AppleControlsTests/UIKitDataSourceTests.swift
    Tests/ApplePlatforms/AppKitApp/Package.swift Tests/ApplePlatforms/AppKitApp/Tests/AppleControlsTests/AppKitSenderTests.swift
    Tests/ApplePlatforms/RxCocoaControlsApp/Package.swift Tests/ApplePlatforms/RxCocoaDelegatesApp/Package.swift
    Tests/ApplePlatforms/RxCocoaMacApp/Package.swift
    Tests/RandomSchemas Tests/GenerativeCompileTests Tests/GeneratedAsyncOnly/Doubles Tests/AppleStubs
)
if [[ "${1:-}" == "--fix" ]]; then
    swift format format --in-place --recursive "${paths[@]}"
else
    swift format lint --strict --recursive "${paths[@]}"
fi
