// swift-tools-version: 6.1
// A package that adopts swift-publisher-generator both ways, used by the end-to-end tests:
// `Clock` generates during the build with the build-tool plugin; `Feed` commits the output of
// `swift package generate-publishers`; `FixtureTests` gets generated XCTest scaffolds for both. The tests copy it next to a link named
// `swift-publisher-generator` that points at the checkout under test.
import PackageDescription

let openCombineOnLinux = Target.Dependency.product(
    name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux]))

let package = Package(
    name: "PluginFixture",
    dependencies: [
        .package(path: "../swift-publisher-generator"),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    ],
    targets: [
        .target(
            name: "Clock",
            dependencies: [openCombineOnLinux],
            plugins: [.plugin(name: "PublisherGeneratorPlugin", package: "swift-publisher-generator")]
        ),
        .target(
            name: "Feed",
            dependencies: [openCombineOnLinux],
            // The command plugin reads the schema; the compiler does not need it.
            exclude: ["Feed.publishers.yaml"]
        ),
        // The build plugin on a test target generates XCTest scaffolds for the modules it tests.
        .testTarget(
            name: "FixtureTests",
            dependencies: ["Clock", "Feed", openCombineOnLinux],
            plugins: [.plugin(name: "PublisherGeneratorPlugin", package: "swift-publisher-generator")]
        ),
    ]
)
