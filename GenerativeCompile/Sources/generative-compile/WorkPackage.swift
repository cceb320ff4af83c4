import Foundation

/// The package each batch is compiled in: per mode, a library target with the declarations file,
/// the engine and the generated publishers, and a test target per framework with the test support
/// and the scaffolds. Its build folder is kept between batches and runs, so OpenCombine is built
/// once and each batch recompiles only the generated modules.
struct WorkPackage {
    let root: URL
    let modes: [CompileMode]

    func libraryDirectory(_ mode: CompileMode) -> URL {
        root.appendingPathComponent("Sources/\(mode.module)")
    }

    func testDirectory(_ mode: CompileMode, _ framework: ScaffoldFramework) -> URL {
        root.appendingPathComponent("Tests/\(testTarget(mode, framework))")
    }

    func testTarget(_ mode: CompileMode, _ framework: ScaffoldFramework) -> String {
        mode.module + framework.targetSuffix
    }

    /// Writes the manifest (only when it changes, so SwiftPM keeps its cache) and empties the
    /// source folders.
    func prepare() throws {
        let manager = FileManager.default
        try manager.createDirectory(at: root, withIntermediateDirectories: true)
        let manifestURL = root.appendingPathComponent("Package.swift")
        let manifest = self.manifest
        if (try? String(contentsOf: manifestURL, encoding: .utf8)) != manifest {
            try manifest.write(to: manifestURL, atomically: true, encoding: .utf8)
        }
        for folder in ["Sources", "Tests"] {
            try? manager.removeItem(at: root.appendingPathComponent(folder))
        }
        for mode in modes {
            try manager.createDirectory(at: libraryDirectory(mode), withIntermediateDirectories: true)
            for framework in ScaffoldFramework.allCases {
                try manager.createDirectory(at: testDirectory(mode, framework), withIntermediateDirectories: true)
            }
        }
    }

    /// The same OpenCombine dependency as the main Package.swift, through the same mirror.
    private var manifest: String {
        var targets: [String] = []
        for mode in modes {
            targets.append(
                ".target(name: \"\(mode.module)\", dependencies: [openCombineOnLinux], swiftSettings: \(mode.settings)),")
            for framework in ScaffoldFramework.allCases {
                targets.append(
                    ".testTarget(name: \"\(testTarget(mode, framework))\", dependencies: [\"\(mode.module)\", openCombineOnLinux], swiftSettings: \(mode.settings)),"
                )
            }
        }
        return """
            // swift-tools-version: 6.2
            // Written by GenerativeCompile/Sources/generative-compile/WorkPackage.swift; rewritten each run.
            import PackageDescription

            let openCombineOnLinux = Target.Dependency.product(
                name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux]))

            /// Generated code must compile without a single warning.
            let strict: [SwiftSetting] = [.unsafeFlags(["-warnings-as-errors"])]

            /// What a new Xcode 26 app target uses (as Tests/IsolationCheck does).
            let mainActorByDefault: [SwiftSetting] = [
                .defaultIsolation(MainActor.self),
                .enableUpcomingFeature("InferIsolatedConformances"),
                .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
            ]

            let package = Package(
                name: "GenerativeBatch",
                platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6)],
                dependencies: [.package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0")],
                targets: [
                    \(targets.joined(separator: "\n        "))
                ],
                swiftLanguageModes: [.v6]
            )

            """
    }
}
