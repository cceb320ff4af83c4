import Foundation
import PublisherGeneratorCore
import Testing

@testable import GeneratorEmitting

/// The verbatim files reach the tool as a SwiftPM resource bundle; these tests pin how it is found
/// and what happens when it is not.
@Suite struct RuntimeFilesTests {
    static let templates = FixturePaths.packageRoot.appending(path: "Runtime")

    @Test func theBuiltToolFindsItsResourcesAndTheyAreTheRuntime() throws {
        let files = try RuntimeFiles.located()
        for path in RuntimeFile.all.flatMap(\.partPaths) {
            let template = try String(contentsOf: Self.templates.appending(path: path), encoding: .utf8)
            #expect(try files.text(at: path) == template, "\(path)")
        }
    }

    @Test func aBundleBesideTheToolIsFound() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "emitted-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let bundle = directory.appending(path: "some-package_PublisherGeneratorCore.resources")
        let engine = RuntimeFile.engine
        try FileManager.default.createDirectory(
            at: bundle.appending(path: engine.folder), withIntermediateDirectories: true)
        for part in engine.parts {
            try Data("// \(part)\n".utf8).write(to: bundle.appending(path: "\(engine.folder)/\(part).swift"))
        }

        let files = try RuntimeFiles.locate(near: [directory.appending(path: "elsewhere"), directory]).get()
        #expect(files.directory.standardizedFileURL == bundle.standardizedFileURL)
        let output = try engine.output(from: files)
        #expect(output.name == "GeneratedPublisherSupport.swift")
        let parts = engine.parts.map { "// \($0)\n" }.joined(separator: "\n")
        #expect(output.contents == GeneratedFileHeader.text(source: nil) + "\n" + parts)
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
        #expect(throws: RuntimeFiles.Missing.self) { try files.text(at: RuntimeFile.engine.partPaths[0]) }
    }
}
