// swift-tools-version: 6.1
// Benchmarks of generated publishers against PassthroughSubject, a hand-written subscription and a
// bare closure call, in one run. Kept apart from the main package so its build stays lean.
//
//     cd Benchmarks && swift package --allow-writing-to-package-directory benchmark
import PackageDescription

let package = Package(
    name: "PublisherGeneratorBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    ],
    targets: [
        // Code generated from Schemas/Subjects (see regenerate.sh), the owner doubles
        // it runs against, and the baselines.
        .target(
            name: "BenchSubjects",
            dependencies: [
                .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux]))
            ]
        ),
        // The target/action contestant on a main-actor sender (Schemas/MainActor), apart from
        // BenchSubjects so that the optimizer does not merge its code with the same code there.
        .target(
            name: "BenchMainActorSubjects",
            dependencies: [
                .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux]))
            ]
        ),
        // The same contestants without the harness, for valgrind --tool=callgrind (callgrind.sh).
        .executableTarget(
            name: "BenchDriver",
            dependencies: [
                "BenchSubjects", "BenchMainActorSubjects",
                .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux])),
            ]
        ),
        .executableTarget(
            name: "PublisherBenchmarks",
            dependencies: [
                "BenchSubjects",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux])),
            ],
            path: "Benchmarks/PublisherBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
