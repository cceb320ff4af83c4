#!/usr/bin/env bash
# Type-checks each plugin's sources against this toolchain's PackagePlugin module, as SwiftPM
# compiles them (tools version 6.1, Swift 6 mode), without building a package that uses them.
# The Xcode-only files compile to nothing here (`#if canImport(XcodeProjectPlugin)`).
set -euo pipefail
cd "$(dirname "$0")/.."
swiftc=$(dirname "$(readlink -f "$(command -v swift)")")/swiftc
api=$(dirname "$swiftc")/../lib/swift/pm/PluginAPI
for plugin in PublisherGeneratorPlugin GeneratePublishersCommand; do
    "$swiftc" -typecheck -swift-version 6 -package-description-version 6.1 -I "$api" \
        Plugins/"$plugin"/*.swift Plugins/"$plugin"/PluginsShared/*.swift
done
echo "plugins type-check"
