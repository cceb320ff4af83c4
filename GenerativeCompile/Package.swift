// swift-tools-version: 6.1
// The generative compile test: random schemas within the language, validated, generated
// (publishers, both scaffolds, the test support) and compiled in batches in Swift 5, Swift 6 and
// Swift 6 with default MainActor isolation. A schema that validates but does not compile fails the
// run and is printed. Apart from the main package so that `swift test` stays quick:
//
//     bash scripts/generative-compile.sh                              # the bounded pass CI runs
//     GENERATIVE_SCHEMAS=5000 bash scripts/generative-compile.sh      # a long pass
import PackageDescription

let package = Package(
    name: "GenerativeCompile",
    platforms: [.macOS(.v13)],
    // Through a link with the package's own name, as Fuzz/ does, so its identity does not depend
    // on the directory the repository was cloned into.
    dependencies: [.package(path: "swift-publisher-generator")],
    targets: [
        // Random schemas and the Swift declarations their expressions refer to. No dependency on
        // the generator: it writes YAML as a user would.
        .target(name: "RandomSchemas"),
        // Validates, generates and compiles batches of random schemas; prints what failed.
        .executableTarget(
            name: "generative-compile",
            dependencies: [
                "RandomSchemas",
                .product(name: "PublisherGeneratorCore", package: "swift-publisher-generator"),
            ]
        ),
        .testTarget(
            name: "RandomSchemasTests",
            dependencies: [
                "RandomSchemas",
                .product(name: "PublisherGeneratorCore", package: "swift-publisher-generator"),
            ]
        ),
    ]
)
