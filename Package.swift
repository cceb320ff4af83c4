// swift-tools-version: 6.1
import PackageDescription

let openCombineOnLinux = Target.Dependency.product(
    name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux]))

/// What every kind's module builds on: the stages whose protocols a kind conforms to.
let kindDependencies: [Target.Dependency] = [
    "GeneratorDiagnostics", "SwiftTypeSyntax", "GeneratorModel", "GeneratorLanguage", "GeneratorReading",
    "GeneratorValidating", "GeneratorEmitting",
]

/// Generated code must compile without a single warning.
let generatedCodeSettings: [SwiftSetting] = [.unsafeFlags(["-warnings-as-errors"])]

let package = Package(
    name: "swift-publisher-generator",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "publisher-generator", targets: ["publisher-generator"]),
        .library(name: "PublisherGeneratorCore", targets: ["PublisherGeneratorCore"]),
        .plugin(name: "PublisherGeneratorPlugin", targets: ["PublisherGeneratorPlugin"]),
        .plugin(name: "GeneratePublishersCommand", targets: ["GeneratePublishersCommand"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Generated code imports Combine where it exists and OpenCombine elsewhere; the tests
        // compile and run generated code on Linux against it.
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
        // `swift package generate-documentation`: the DocC catalog in Sources/publisher-generator and
        // the bundled examples' API reference (scripts/build-documentation.sh, run by CI).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The generator's stages, one module each, listed bottom up: a module depends only on modules
        // listed before it, and only on those of a lower layer (ArchitectureTests.layers, which
        // checks this manifest; Architecture.md draws the graph). Every stage reports through
        // GeneratorDiagnostics; the kinds (one module each) conform to the stages' protocols; the
        // pipeline assembles the kinds' registry and passes it down.
        //
        // The file names the plugins share (also compiled into both plugins through a link in
        // Plugins/PluginsShared, so it uses nothing but Foundation), the generated-file header and
        // the rendered file.
        .target(name: "GeneratedFiles"),
        .target(name: "GeneratorDiagnostics"),
        // Swift's type syntax: the grammar of a type written in a schema, and the tree it parses it
        // into. The one place that knows how a Swift type is spelt; it depends on nothing.
        .target(name: "SwiftTypeSyntax"),
        // Schema files and declarations as decoded; kinds only as identities.
        .target(name: "GeneratorModel", dependencies: ["GeneratorDiagnostics"]),
        // The one description of the schema language, as data, and what it asks of a kind.
        .target(name: "GeneratorLanguage", dependencies: ["GeneratorModel"]),
        // Files and YAML: it judges nothing but YAML.
        .target(
            name: "GeneratorReading",
            dependencies: ["GeneratedFiles", "GeneratorDiagnostics", .product(name: "Yams", package: "Yams")]),
        // Decoding and validation, where each field's Swift type may appear, and what it asks of a kind.
        .target(
            name: "GeneratorValidating",
            dependencies: [
                "GeneratorDiagnostics", "SwiftTypeSyntax", "GeneratorModel", "GeneratorLanguage", "GeneratorReading",
            ]),
        // Swift text: the printer, the text kinds share, the scaffolds, the verbatim files.
        .target(
            name: "GeneratorEmitting",
            dependencies: [
                "GeneratedFiles", "GeneratorDiagnostics", "SwiftTypeSyntax", "GeneratorModel", "GeneratorLanguage",
            ]),
        .target(name: "GeneratorWriting", dependencies: ["GeneratedFiles", "GeneratorDiagnostics"]),
        // One module per kind of source, each a unit conforming to the stages' protocols.
        .target(name: "KindCallback", dependencies: kindDependencies, path: "Sources/Kinds/Callback"),
        .target(name: "KindPolling", dependencies: kindDependencies, path: "Sources/Kinds/Polling"),
        .target(name: "KindTargetAction", dependencies: kindDependencies, path: "Sources/Kinds/TargetAction"),
        .target(name: "KindPeriodic", dependencies: kindDependencies, path: "Sources/Kinds/Periodic"),
        .target(name: "KindDelegate", dependencies: kindDependencies, path: "Sources/Kinds/Delegate"),
        .target(name: "KindObservation", dependencies: kindDependencies, path: "Sources/Kinds/Observation"),
        // The stages in order, and the registry of kinds they are given.
        .target(
            name: "GeneratorPipeline",
            dependencies: [
                "GeneratedFiles", "GeneratorDiagnostics", "SwiftTypeSyntax", "GeneratorModel", "GeneratorLanguage",
                "GeneratorReading", "GeneratorValidating", "GeneratorEmitting", "GeneratorWriting", "KindCallback",
                "KindPolling", "KindTargetAction", "KindPeriodic", "KindDelegate", "KindObservation",
            ]),
        // The library product: every stage re-exported (`@_exported import`), and the files emitted
        // verbatim as its resources. `Templates` is a symlink to the package's `Templates/`: the Swift
        // files emitted verbatim, read at run time from the resource bundle SwiftPM copies next to
        // the tool (`_PublisherGeneratorCore`, the name GeneratorEmitting's `RuntimeFiles` looks for).
        .target(
            name: "PublisherGeneratorCore",
            dependencies: [
                "GeneratedFiles", "GeneratorDiagnostics", "SwiftTypeSyntax", "GeneratorModel", "GeneratorLanguage",
                "GeneratorReading", "GeneratorValidating", "GeneratorEmitting", "GeneratorWriting", "KindCallback",
                "KindPolling", "KindTargetAction", "KindPeriodic", "KindDelegate", "KindObservation",
                "GeneratorPipeline",
            ],
            exclude: ["Templates/README.md"],
            // Copied folder by folder: SwiftPM would copy the symlink itself, which breaks there.
            resources: [.copy("Templates/Engine"), .copy("Templates/TestSupport")]
        ),
        // The `publisher-generator` command-line tool: argument parsing and exit codes only. It
        // depends on the library product, not on the stages, for the resources it carries.
        .executableTarget(
            name: "publisher-generator",
            dependencies: [
                "PublisherGeneratorCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Generates publishers during the build from the target's *.publishers.yaml files.
        .plugin(
            name: "PublisherGeneratorPlugin",
            capability: .buildTool(),
            dependencies: ["publisher-generator"]
        ),
        // `swift package generate-publishers`: writes generated files into the package to commit.
        .plugin(
            name: "GeneratePublishersCommand",
            capability: .command(
                intent: .custom(
                    verb: "generate-publishers",
                    description:
                        "Generate Combine publishers and async sequences from each target's "
                        + "*.publishers.yaml files into Sources/<target>/Generated."),
                permissions: [
                    .writeToPackageDirectory(reason: "Writes generated publishers into Sources/<target>/Generated.")
                ]),
            dependencies: ["publisher-generator"]
        ),

        // Helpers the test targets share: text diffs for golden files, child processes awaited
        // without blocking a thread.
        .target(name: "TestHelpers", path: "Tests/TestHelpers"),
        // Tests of the library through its product; those that reach a stage's internals
        // `@testable import` that stage's module.
        .testTarget(
            name: "PublisherGeneratorCoreTests",
            dependencies: [
                "PublisherGeneratorCore", "SwiftTypeSyntax", "GeneratorReading", "GeneratorLanguage",
                "GeneratorValidating", "GeneratorEmitting", "GeneratorWriting", "KindTargetAction", "KindDelegate",
                "TestHelpers",
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "PublisherGeneratorCLITests",
            dependencies: ["publisher-generator", "PublisherGeneratorCore", "TestHelpers"]
        ),
        // Golden files: every example and fixture schema rendered and compared byte for byte, and
        // the goldens' text checked (parses, formatted, keeps the Apple platform rules).
        .testTarget(
            name: "GoldenFileTests",
            dependencies: [
                "PublisherGeneratorCore", "SwiftTypeSyntax", "GeneratorValidating", "GeneratorEmitting", "TestHelpers",
            ]
        ),

        // Generated code, compiled with warnings as errors in Swift 6. The same files in Swift 5 mode
        // and with default MainActor isolation are compiled and tested by the nested packages
        // Tests/LanguageModeCheck and Tests/IsolationCheck (scripts/check-language-mode.sh,
        // scripts/check-isolation.sh), so that this package builds each file once.
        // Each target of generated code compiles the files emitted verbatim through a link to their
        // folder in `Templates/` (`Engine`, `TestSupport`, `TestAssertions`), where the generator
        // would write them beside its `Generated/` goldens (ReferenceTests.GoldenSet.verbatim).
        // The engine's parts, compiled where they are written (emitted joined, as the three
        // GeneratedPublisherSupport files: Templates/README.md).
        .target(
            name: "RuntimeEngine",
            dependencies: [openCombineOnLinux],
            path: "Templates/Engine",
            swiftSettings: generatedCodeSettings
        ),
        .target(
            name: "GeneratedExamples",
            dependencies: [openCombineOnLinux],
            path: "Tests/GeneratedExamples",
            swiftSettings: generatedCodeSettings
        ),
        .target(
            name: "GeneratedFixtures",
            dependencies: [openCombineOnLinux],
            path: "Tests/GeneratedFixtures",
            swiftSettings: generatedCodeSettings
        ),
        // Builds a package that uses both plugins, from a copy of Tests/Fixtures/PluginPackage.
        // Also runs the command-line tool on a copy of Tests/Fixtures/EmbeddedCodePackage.
        .testTarget(name: "PluginEndToEndTests", dependencies: ["TestHelpers", "publisher-generator"]),
        // The XCTest scaffolds generated for the fixture and example publishers, run as they are.
        .testTarget(
            name: "GeneratedScaffoldTests",
            dependencies: ["GeneratedExamples", "GeneratedFixtures", openCombineOnLinux],
            swiftSettings: generatedCodeSettings
        ),
        // The same scaffolds written for Swift Testing (`--test-framework swift-testing`).
        .testTarget(
            name: "GeneratedSwiftTestingScaffoldTests",
            dependencies: ["GeneratedFixtures", openCombineOnLinux],
            swiftSettings: generatedCodeSettings
        ),
        // Compiles the scaffolds against deliberately broken bookkeeping: each break must fail them.
        .testTarget(name: "ScaffoldMutationTests", dependencies: ["TestHelpers", "publisher-generator"]),
        // Random schemas within the language, and the Swift declarations their expressions refer to.
        .target(name: "RandomSchemas", dependencies: ["PublisherGeneratorCore"], path: "Tests/RandomSchemas"),
        // Random schemas validated, generated and compiled with swiftc against this build's modules in
        // Swift 6, Swift 5 and default-MainActor modules. The compile pass runs only when asked for
        // (`GENERATIVE_SCHEMAS=…`, see scripts/generative-compile.sh); the generator's own tests always.
        .testTarget(
            name: "GenerativeCompileTests",
            dependencies: [
                "RandomSchemas", "PublisherGeneratorCore", "GeneratorEmitting", "TestHelpers", openCombineOnLinux,
            ]
        ),
        // A module whose schemas say `emit: [async]`, and its generated tests: they depend on neither
        // Combine nor OpenCombine (the proof that the async form needs neither).
        // Its `Engine` and `TestSupport` are links to all of a folder of `Templates/`; the Combine
        // form's parts are left out, and the generated stub in `Generated/` stands in for them.
        .target(
            name: "GeneratedAsyncOnly",
            path: "Tests/GeneratedAsyncOnly",
            exclude: ["Engine/Combine"],
            swiftSettings: generatedCodeSettings
        ),
        .testTarget(
            name: "GeneratedAsyncOnlyScaffoldTests",
            dependencies: ["GeneratedAsyncOnly"],
            exclude: ["TestSupport/Combine"],
            swiftSettings: generatedCodeSettings
        ),
        // Hand-written tests of the engine and the generated code running on it: every demand
        // obligation, for every kind and both forms, and the concurrency stress tests (TSan in CI).
        .testTarget(
            name: "EngineBehaviourTests",
            dependencies: ["GeneratedExamples", "GeneratedFixtures", "DelegateCallHarness", openCombineOnLinux]
        ),
        // C functions returning what the delegate sink's C functions return, and callers of each
        // type an Objective-C caller expects: the calling-convention proof Linux can give
        // (DelegateCallSinkHarnessTests; scripts/check-calling-conventions.sh runs it for arm64).
        .target(name: "DelegateCallHarness", path: "Tests/DelegateCallHarness"),
    ]
)
