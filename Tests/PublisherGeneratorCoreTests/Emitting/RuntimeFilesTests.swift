import Foundation
import PublisherGeneratorCore
import Testing

@testable import GeneratorEmitting

/// The verbatim files reach the tool as a SwiftPM resource bundle; these tests pin how it is found
/// and what happens when it is not.
@Suite struct RuntimeFilesTests {
    static let templates = FixturePaths.packageRoot.appending(path: "Templates")

    @Test func theBuiltToolFindsItsResourcesAndTheyAreTheRuntime() throws {
        let files = try RuntimeFiles.located()
        let templates = RuntimeFiles(directory: Self.templates)
        for path in try RuntimeFile.all.flatMap(templates.partPaths) {
            let template = try String(contentsOf: Self.templates.appending(path: path), encoding: .utf8)
            #expect(try files.text(at: path) == template, "\(path)")
        }
    }

    @Test func aBundleBesideTheToolIsFound() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "emitted-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let bundle = directory.appending(path: "some-package_PublisherGeneratorCore.resources")
        let engine = RuntimeFile.engine
        // The head opens with the file's comment; the others follow by path.
        let parts = ["Lock", "A", "Kind/B"]
        try FileManager.default.createDirectory(
            at: bundle.appending(path: "\(engine.folder)/Kind"), withIntermediateDirectories: true)
        for part in parts {
            let text = part == "Lock" ? "//\n// Lock\n" : "// \(part)\n"
            try Data(text.utf8).write(to: bundle.appending(path: "\(engine.folder)/\(part).swift"))
        }

        let files = try RuntimeFiles.locate(near: [directory.appending(path: "elsewhere"), directory]).get()
        #expect(files.directory.standardizedFileURL == bundle.standardizedFileURL)
        let output = try engine.output(from: files)
        #expect(output.name == "GeneratedPublisherSupport.swift")
        #expect(try files.parts(of: engine) == parts)
        let joined = "//\n// Lock\n\n// A\n\n// Kind/B\n"
        #expect(output.contents == GeneratedFileHeader.text(source: nil) + "\n" + joined)
    }

    @Test func aMissingBundleIsAnErrorThatSaysWhatAndWhere() throws {
        let nowhere = URL(fileURLWithPath: "/nonexistent/publisher-generator")
        let result = RuntimeFiles.locate(near: [nowhere])
        guard case let .failure(missing) = result else {
            Issue.record("found emitted files in \(nowhere.path)")
            return
        }
        #expect(missing.description.contains("swift-publisher-generator_PublisherGeneratorCore.resources"))
        #expect(missing.description.contains("'/nonexistent/publisher-generator'"))
    }

    @Test func aMissingFileInsideTheBundleIsAnError() throws {
        let files = RuntimeFiles(directory: URL(fileURLWithPath: "/nonexistent"))
        #expect(throws: RuntimeFiles.Missing.self) { try files.text(at: "Engine/Shared/Lock.swift") }
        #expect(throws: RuntimeFiles.Missing.self) { try files.parts(of: RuntimeFile.engine) }
    }
}
