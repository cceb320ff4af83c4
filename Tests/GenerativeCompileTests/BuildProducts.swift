import Foundation

/// What this build already made that generated code compiles against: OpenCombine's module and its
/// C helpers, found beside the test binary, so batches need no package of their own.
struct BuildProducts {
    /// `.build/<triple>/debug`, where the test binary lives.
    let binDirectory: URL

    var modules: URL { binDirectory.appendingPathComponent("Modules") }
    var helpersModuleMap: URL { binDirectory.appendingPathComponent("COpenCombineHelpers.build/module.modulemap") }
    var scratch: URL { binDirectory.deletingLastPathComponent().deletingLastPathComponent() }
    var helpersHeaders: URL {
        scratch.appendingPathComponent("checkouts/OpenCombine/Sources/COpenCombineHelpers/include")
    }
    /// Where batches are written and failures kept.
    var work: URL { scratch.appendingPathComponent("generative-compile") }

    struct Missing: Error, CustomStringConvertible {
        let path: String
        var description: String { "the build has no \(path); run `swift build --build-tests` first" }
    }

    static func locate() throws -> BuildProducts {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let products = BuildProducts(binDirectory: binary.deletingLastPathComponent())
        for url in [
            products.modules.appendingPathComponent("OpenCombine.swiftmodule"), products.helpersModuleMap,
            products.helpersHeaders,
        ] where !FileManager.default.fileExists(atPath: url.path) {
            throw Missing(path: url.path)
        }
        return products
    }

    /// Flags every module of a batch needs: OpenCombine, the modules already compiled, no warnings.
    func commonFlags(searching batchModules: URL) -> [String] {
        [
            "-parse-as-library", "-Onone", "-wmo", "-warnings-as-errors", "-package-name", "GenerativeBatch",
            "-I", modules.path, "-I", batchModules.path,
            "-Xcc", "-fmodule-map-file=\(helpersModuleMap.path)", "-Xcc", "-I", "-Xcc", helpersHeaders.path,
            "-module-cache-path", work.appendingPathComponent("ModuleCache").path,
        ]
    }
}
