// swift-tools-version: 6.1
// A libFuzzer target over the generator's front end and renderers: YAML bytes → model →
// validation → generated Swift. Built with instrumentation, so it lives apart from the main
// package:
//
//     swift build --package-path Fuzz -c debug -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
//     Fuzz/run.sh 60    # seeds from the examples and fixtures, then Fuzz/.build/debug/FuzzSchema
import PackageDescription

let package = Package(
    name: "PublisherGeneratorFuzz",
    // Through a link with the package's own name, so its identity does not depend on the
    // directory the repository was cloned into.
    dependencies: [.package(path: "swift-publisher-generator")],
    targets: [
        .executableTarget(
            name: "FuzzSchema",
            dependencies: [.product(name: "PublisherGeneratorCore", package: "swift-publisher-generator")]
        )
    ]
)
