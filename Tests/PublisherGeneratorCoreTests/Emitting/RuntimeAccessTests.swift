import Foundation
import PublisherGeneratorCore
import Testing

@testable import GeneratorEmitting

/// The engine's types that a declaration's typealias names are written `public` in the templates
/// and emitted as visible as the module's widest `access:` asks, no more.
@Suite struct RuntimeAccessTests {
    static func schema(access: String?) -> String {
        """
        version: 1
        \(access.map { "access: \($0)\n" } ?? "")publishers:
          - name: Countdown
            description: Counts down.
            kind: polling
            on: Counter
            output: Int
            next: nextValue()
        """
    }

    /// The support files generated with `files`, joined.
    static func support(_ files: [(name: String, yaml: String)]) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appending(path: "access-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for file in files {
            try file.yaml.write(to: directory.appending(path: file.name), atomically: true, encoding: .utf8)
        }
        let sink = CollectingDiagnosticSink()
        let outcome = try GenerationPipeline(includeSupport: true).run(
            .paths([directory.path]), through: .render, diagnostics: sink)
        #expect(outcome.succeeded, "\(sink.diagnostics.map(\.description))")
        return outcome.outputs.filter { $0.name.hasPrefix("GeneratedPublisherSupport") }.map(\.contents).joined()
    }

    @Test func anInternalModuleGetsNoPublicDeclaration() throws {
        let support = try Self.support([("A.publishers.yaml", Self.schema(access: nil))])
        #expect(support.contains("\nnonisolated struct PullPublisher<"))
        #expect(support.contains("\nnonisolated protocol DeclaredSource {"))
        let publicLines = support.split(separator: "\n").filter { $0.drop { $0 == " " }.hasPrefix("public ") }
        #expect(publicLines.isEmpty, "\(publicLines.prefix(3))")
    }

    @Test func theWidestFileSetsTheEnginesAccess() throws {
        let support = try Self.support([
            ("A.publishers.yaml", Self.schema(access: "package")),
            ("B.publishers.yaml", Self.schema(access: "public").replacingOccurrences(of: "Countdown", with: "Other")),
        ])
        #expect(support.contains("\npublic nonisolated struct PullPublisher<"))
        #expect(support.contains("    public init(next: @escaping () throws(Failure) -> Output?) {"))
        #expect(support.contains("\npublic nonisolated protocol DeclaredSource {"))
    }

    @Test func aPackageModuleGetsPackageDeclarations() throws {
        let support = try Self.support([("A.publishers.yaml", Self.schema(access: "package"))])
        #expect(support.contains("\npackage nonisolated struct PullSequence<"))
        #expect(support.contains("        package mutating func next() async throws(Failure) -> Element? {"))
        #expect(!support.contains("public "))
    }

    @Test func onlyAFirstWordIsReplaced() {
        let text = "public struct A {\n    /// public in a comment\n    public let a = \"public \"\n}\n"
        #expect(
            RuntimeParts.withPublicDeclarations(at: "", in: text)
                == "struct A {\n    /// public in a comment\n    let a = \"public \"\n}\n")
        #expect(RuntimeParts.withPublicDeclarations(at: "public ", in: text) == text)
    }
}
