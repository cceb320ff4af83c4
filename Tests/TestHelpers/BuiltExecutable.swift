import Foundation

/// Executables of this package that a test target depends on: SwiftPM builds them into the build
/// products directory, beside the test bundle.
public enum BuiltExecutable {
    public static func url(named name: String) -> URL {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        for directory in candidates {
            let url = directory.appending(path: name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        fatalError("\(name) not found near \(candidates.map(\.path))")
    }
}
