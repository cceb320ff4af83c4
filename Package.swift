// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "swift-publisher-generator",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "publisher-generator", targets: ["publisher-generator"]),
        .library(name: "PublisherGeneratorCore", targets: ["PublisherGeneratorCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/stencilproject/Stencil", from: "0.15.1"),
    ],
    targets: [
        // Model, YAML front end, validation and rendering. No I/O beyond reading and writing files.
        .target(
            name: "PublisherGeneratorCore",
            dependencies: [
                .product(name: "Yams", package: "Yams"),
                .product(name: "Stencil", package: "Stencil"),
            ],
            plugins: ["EmbedTemplates"]
        ),
        // The `publisher-generator` command-line tool: argument parsing and exit codes only.
        .executableTarget(
            name: "publisher-generator",
            dependencies: [
                "PublisherGeneratorCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Turns `Templates/*.stencil` into Swift string literals at build time, so the tool needs
        // no files at run time and the templates stay the single source of truth.
        .executableTarget(name: "embed-templates"),
        .plugin(name: "EmbedTemplates", capability: .buildTool(), dependencies: ["embed-templates"]),

        .testTarget(
            name: "PublisherGeneratorCoreTests",
            dependencies: ["PublisherGeneratorCore"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "PublisherGeneratorCLITests",
            dependencies: ["publisher-generator"]
        ),
    ]
)
