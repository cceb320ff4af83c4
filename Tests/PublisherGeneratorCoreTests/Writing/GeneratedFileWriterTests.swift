import Foundation
import PublisherGeneratorCore
import Testing

/// The writer never clobbers a file it did not generate, writes nothing when any destination is
/// refused, and leaves an unchanged file untouched so its modification time triggers no rebuild.
@Suite struct GeneratedFileWriterTests {
    /// A fresh directory for one test, removed by the caller.
    static func scratchDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "GeneratedFileWriterTests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func generated(_ name: String, _ body: String) -> OutputFile {
        OutputFile(name: name, contents: GeneratedFileHeader.text(source: "App.publishers.yaml") + body)
    }

    static func contents(_ directory: String, _ name: String) -> String? {
        FileManager.default.contents(atPath: directory + "/" + name).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func createsThenUpdatesThenLeavesUnchangedFilesAlone() throws {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let writer = GeneratedFileWriter()
        let first = Self.generated("A.swift", "let a = 1\n")
        #expect(try writer.write([first], to: directory) == ["A.swift": .created])
        let path = directory + "/A.swift"
        let past = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: path)
        #expect(try writer.write([first], to: directory) == ["A.swift": .unchanged])
        let untouched = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        #expect(untouched == past)
        let second = Self.generated("A.swift", "let a = 2\n")
        #expect(try writer.write([second], to: directory) == ["A.swift": .updated])
        #expect(Self.contents(directory, "A.swift") == second.contents)
    }

    @Test func refusesAUserFileAndWritesNothingElse() throws {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let mine = "// my own code\nlet mine = true\n"
        try mine.write(toFile: directory + "/B.swift", atomically: true, encoding: .utf8)
        let files = [Self.generated("A.swift", "let a = 1\n"), Self.generated("B.swift", "let b = 1\n")]
        #expect(throws: GeneratedFileWriter.Refusal.self) { try GeneratedFileWriter().write(files, to: directory) }
        #expect(Self.contents(directory, "B.swift") == mine)
        #expect(Self.contents(directory, "A.swift") == nil, "refused before anything was written")
        do {
            _ = try GeneratedFileWriter().write(files, to: directory)
        } catch {
            #expect(error.path == directory + "/B.swift")
            #expect(error.diagnostic.severity == .error)
            #expect(error.message.contains("not overwriting a file that publisher-generator did not generate"))
        }
    }

    @Test func refusesTwoFilesOfOneName() throws {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let files = [Self.generated("A.swift", "let a = 1\n"), Self.generated("A.swift", "let a = 2\n")]
        #expect(throws: GeneratedFileWriter.Refusal.self) { try GeneratedFileWriter().write(files, to: directory) }
        #expect(Self.contents(directory, "A.swift") == nil)
    }

    @Test func createsTheOutputDirectoryAndLeavesNoTemporaryFileBehind() throws {
        let root = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let directory = root + "/nested/Generated"
        _ = try GeneratedFileWriter().write([Self.generated("A.swift", "let a = 1\n")], to: directory)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["A.swift"])
    }
}
