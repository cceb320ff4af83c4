import Foundation
import TestHelpers

/// Runs the built `publisher-generator` executable the way a user or a build system does.
struct ToolRunner {
    /// The tool sits beside the test bundle in the build products directory.
    static let executable = BuiltExecutable.url(named: "publisher-generator")

    /// Runs the tool in `directory` with `arguments`.
    static func run(
        _ arguments: [String], in directory: URL, executable: URL = executable
    ) async throws -> ChildProcess.Outcome {
        try await ChildProcess.run(executable, arguments, in: directory)
    }
}

/// A fresh directory per test, removed afterwards.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appending(path: "publisher-generator-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    @discardableResult
    func write(_ text: String, to name: String) throws -> URL {
        let file = url.appending(path: name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file
    }

    func read(_ name: String) -> String? {
        FileManager.default.contents(atPath: url.appending(path: name).path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Every file below the directory with its bytes, to prove a run changed nothing.
    func snapshot() -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: url.path)
        while let relative = enumerator?.nextObject() as? String {
            files[relative] = FileManager.default.contents(atPath: url.appending(path: relative).path) ?? Data()
        }
        return files
    }
}
