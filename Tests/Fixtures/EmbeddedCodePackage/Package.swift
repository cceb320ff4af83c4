// swift-tools-version: 6.1
// A package whose schemas send a String where the output is Int, on purpose: one target per way of
// generating (`BuildTool`: the build-tool plugin; `Command`: `swift package generate-publishers`;
// `Tool`: the `publisher-generator` command line). Tests/PluginEndToEndTests/EmbeddedCodeErrorTests
// builds each and expects the compiler to report the error at the schema's line. The test copies
// it next to a link named `swift-publisher-generator` that points at the checkout under test.
import PackageDescription

let openCombineOnLinux = Target.Dependency.product(
    name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux]))

let package = Package(
    name: "EmbeddedCodeFixture",
    dependencies: [
        .package(path: "../swift-publisher-generator"),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    ],
    targets: [
        .target(
            name: "BuildTool",
            dependencies: [openCombineOnLinux],
            plugins: [.plugin(name: "PublisherGeneratorPlugin", package: "swift-publisher-generator")]
        ),
        .target(name: "Command", dependencies: [openCombineOnLinux], exclude: ["Command.publishers.yaml"]),
        .target(
            name: "Tool", dependencies: [openCombineOnLinux],
            exclude: ["Tool.publishers.yaml", "Delegate.publishers.yaml"]),
    ]
)
