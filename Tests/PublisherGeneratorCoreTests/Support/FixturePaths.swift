import Foundation
import PublisherGeneratorCore

/// Locates test fixtures next to the test sources, so tests need no bundled resources.
enum FixturePaths {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = testsDirectory.appending(path: "Fixtures")
    static let packageRoot = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
    /// The DocC catalog: the folder of the schema reference, whose path the generator owns.
    static let catalog = packageRoot.appending(path: ReferenceKeyTables.path).deletingLastPathComponent()

    /// Files in `directory` whose names end in `suffix`, sorted by name.
    static func files(in directory: URL, endingWith suffix: String) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(suffix) }.sorted().map { directory.appending(path: $0) }
    }

    /// Whether golden files should be rewritten instead of compared (`RECORD_GOLDENS=1`).
    static var isRecording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" }
}
