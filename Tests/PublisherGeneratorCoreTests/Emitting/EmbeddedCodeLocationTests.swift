import Foundation
import PublisherGeneratorCore
import Testing

/// Swift code taken from a schema is located where its text starts, and generated code wraps it in
/// `#sourceLocation` directives that give every line of it the schema line it was written on.
@Suite struct EmbeddedCodeLocationTests {
    static let path = "Sources/App/Player.publishers.yaml"

    static func load(_ yaml: String) throws -> PublisherDeclaration {
        let outcome = SchemaLoader().load(bytes: Array(yaml.utf8), path: path)
        #expect(outcome.diagnostics.diagnostics.isEmpty, "\(outcome.diagnostics.diagnostics)")
        return try #require(outcome.files.first?.publishers.first)
    }

    static func render(_ yaml: String, paths: SourceLocationPaths = .currentDirectory) throws -> String {
        let sink = CollectingDiagnosticSink()
        let outcome = try GenerationPipeline(includeSupport: false, sourceLocationPaths: paths).run(
            .source(bytes: Array(yaml.utf8), path: path), through: .render, diagnostics: sink)
        #expect(sink.diagnostics.isEmpty, "\(sink.diagnostics)")
        return try #require(outcome.outputs.first?.contents)
    }

    static func callback(register: String, unregister: String = "stop(token)") -> String {
        """
        version: 1
        publishers:
          - name: Progress
            kind: callback
            on: Player
            output: Double
            register: \(register)
            unregister: \(unregister)
        """
    }

    static func register(of declaration: PublisherDeclaration) throws -> Located<String> {
        guard let source = declaration.source as? CallbackSource else { throw CallbackExpected() }
        return source.register
    }

    struct CallbackExpected: Error {}

    // MARK: Where the code starts

    @Test func aLiteralBlockStartsOnItsFirstLineOfText() throws {
        let yaml = Self.callback(register: "|\n      observe { seconds in\n          send(seconds)\n      }")
        let register = try Self.register(of: Self.load(yaml))
        #expect(register.value == "observe { seconds in\n    send(seconds)\n}")
        #expect(register.location == SourceLocation(path: Self.path, line: 8, column: 7))
    }

    @Test func blankLinesBeforeABlockAreSkipped() throws {
        let yaml = Self.callback(register: "|+ # a comment\n\n\n        observe()")
        let register = try Self.register(of: Self.load(yaml))
        #expect(register.value == "observe()")
        #expect(register.location == SourceLocation(path: Self.path, line: 10, column: 9))
    }

    @Test func aFoldedBlockStartsOnItsFirstLineOfText() throws {
        let register = try Self.register(of: Self.load(Self.callback(register: ">\n      observe(\n        1)")))
        #expect(register.location == SourceLocation(path: Self.path, line: 8, column: 7))
    }

    @Test func aPlainScalarStartsWhereItIsWritten() throws {
        let register = try Self.register(of: Self.load(Self.callback(register: "observe()")))
        #expect(register.location == SourceLocation(path: Self.path, line: 7, column: 15))
    }

    @Test func aQuotedScalarStartsAfterItsQuote() throws {
        let single = try Self.register(of: Self.load(Self.callback(register: "'observe(\"a: b\")'")))
        #expect(single.location == SourceLocation(path: Self.path, line: 7, column: 16))
        let double = try Self.register(of: Self.load(Self.callback(register: "\"observe(1)\"")))
        #expect(double.location == SourceLocation(path: Self.path, line: 7, column: 16))
    }

    @Test func anAliasIsLocatedWhereItsAnchorWasWritten() throws {
        let yaml = """
            version: 1
            x-shared:
              stop: &stop |
                stop(token)
            publishers:
              - { name: A, kind: callback, output: Int, register: start(), unregister: *stop }
            """
        guard let source = try Self.load(yaml).source as? CallbackSource else { throw CallbackExpected() }
        #expect(source.unregister?.location == SourceLocation(path: Self.path, line: 4, column: 5))
    }

    // MARK: What the generated code says

    @Test func everyLineOfABlockMapsToItsSchemaLine() throws {
        let yaml = Self.callback(
            register: "|\n      observe { seconds in\n\n          send(seconds)\n      }", unregister: "'stop(token)'")
        let generated = try Self.render(yaml)
        #expect(
            generated.contains(
                """
                            let token = {
                                #sourceLocation(file:"Sources/App/Player.publishers.yaml",line:8)
                                observe { seconds in

                                    send(seconds)
                                }
                                #sourceLocation()
                            }()
                            func publisherDetach() {
                                #sourceLocation(file:"Sources/App/Player.publishers.yaml",line:12)
                                stop(token)
                                #sourceLocation()
                            }
                """))
        try expectEveryMappedLineMatchesTheSchema(generated, schema: yaml)
    }

    @Test func blankLinesThePrinterDropsDoNotShiftLaterLines() throws {
        // Two blank lines print as one, and none follows `{`: the directive is repeated after each gap.
        let code = "|\n      observe {\n\n          send(1)\n\n\n          send(2)\n      }"
        let yaml = Self.callback(register: code)
        let generated = try Self.render(yaml)
        // Printed once, though both forms are emitted: two directives for the code, and one for
        // each gap; and one for the output, written once in the publisher's typealias.
        #expect(generated.components(separatedBy: "#sourceLocation(file:").count - 1 == 5)
        #expect(generated.components(separatedBy: "#sourceLocation()").count - 1 == 3)
        try expectEveryMappedLineMatchesTheSchema(generated, schema: yaml)
    }

    @Test func everyKindsCodeIsMapped() throws {
        let yaml = """
            version: 1
            publishers:
              - name: Ticks
                kind: periodic
                output: Int
                interval: 1
                value: >
                  1 + 2
              - name: Feed
                kind: polling
                on: Source
                output: Int
                next: |
                  try fetch()
                sample: 'Int(index) * 2'
              - name: Level
                kind: targetAction
                sender: native
                on: Dial
                output: Int
                event: Dial.Event
                value: |
                  level * 2
            """
        let generated = try Self.render(yaml)
        // A target/action value is a method of the sender's extension: one level less, as without an owner.
        #expect(generated.contains("#sourceLocation(file:\"\(Self.path)\",line:23)\n        level * 2\n"))
        // Without an owner, in a file-private function: one level less.
        #expect(generated.contains("#sourceLocation(file:\"\(Self.path)\",line:8)\n        1 + 2\n"))
        #expect(generated.contains("#sourceLocation(file:\"\(Self.path)\",line:14)\n            try fetch()\n"))
        try expectEveryMappedLineMatchesTheSchema(generated, schema: yaml)
        let sink = CollectingDiagnosticSink()
        let tests = try GenerationPipeline(product: .tests(module: "App", framework: .xctest), includeSupport: false)
            .run(.source(bytes: Array(yaml.utf8), path: Self.path), through: .render, diagnostics: sink)
        let scaffold = try #require(tests.outputs.first?.contents)
        #expect(
            scaffold.contains(
                "#sourceLocation(file:\"\(Self.path)\",line:15)\n    func sample(_ index: Int) -> Subject.Output { Int(index) * 2 }\n"
            ))
        try expectEveryMappedLineMatchesTheSchema(scaffold, schema: yaml)
    }

    @Test func parameterDefaultsStayInTheSignature() throws {
        let yaml = """
            version: 1
            publishers:
              - name: Ticks
                kind: periodic
                output: Int
                parameters: [{ name: step, type: Int, default: "1" }]
                interval: 1
                value: step
            """
        let generated = try Self.render(yaml)
        #expect(generated.contains("step: Int = 1"))
        try expectEveryMappedLineMatchesTheSchema(generated, schema: yaml)
    }

    // MARK: How the schema is named

    @Test func pathsAreRelativeToTheDirectoryAskedFor() {
        #expect(
            SourceLocationPaths.relative(to: "/w/pkg").directivePath(for: "/w/pkg/Sources/A/A.publishers.yaml")
                == "Sources/A/A.publishers.yaml")
        #expect(
            SourceLocationPaths.relative(to: "/w/pkg/").directivePath(for: "/w/other/./A.publishers.yaml")
                == "../other/A.publishers.yaml")
        #expect(
            SourceLocationPaths.relative(to: "/w/pkg/Sources").directivePath(
                for: "/w/pkg/Sources/A/../A.publishers.yaml")
                == "A.publishers.yaml")
        #expect(
            SourceLocationPaths.currentDirectory.directivePath(for: "Sources/./A/A.publishers.yaml")
                == "Sources/A/A.publishers.yaml")
        #expect(
            SourceLocationPaths.absolute.directivePath(for: "/w//pkg/A.publishers.yaml") == "/w/pkg/A.publishers.yaml")
        #expect(SourceLocationPaths.absolute.directivePath(for: "A.publishers.yaml")?.hasPrefix("/") == true)
    }

    @Test func aDirectoryReachedThroughALinkDoesNotClimbOut() throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "source-location-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appending(path: "real"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: root.appending(path: "link"), withDestinationURL: root.appending(path: "real"))
        let paths = SourceLocationPaths.relative(to: root.appending(path: "link").path)
        #expect(paths.directivePath(for: root.appending(path: "real/A.publishers.yaml").path) == "A.publishers.yaml")
    }

    @Test func aPathNoDirectiveCanSpellGetsNoDirectives() throws {
        #expect(SourceLocationPaths.currentDirectory.directivePath(for: "a\"b.publishers.yaml") == nil)
        #expect(SourceLocationPaths.currentDirectory.directivePath(for: "a\\b.publishers.yaml") == nil)
        let sink = CollectingDiagnosticSink()
        let outcome = try GenerationPipeline(includeSupport: false).run(
            .source(bytes: Array(Self.callback(register: "observe()").utf8), path: "we\"ird.publishers.yaml"),
            through: .render, diagnostics: sink)
        let generated = try #require(outcome.outputs.first?.contents)
        #expect(generated.contains("let token = {\n                observe()\n            }()"))
        #expect(!generated.contains("#sourceLocation"))
    }

    /// Reads `generated` as the compiler does: after `#sourceLocation(file:…,line:N)` the next line
    /// is line N of the schema, until `#sourceLocation()`. Every such line must be the schema's
    /// line, re-indented.
    /// The schema's code in a generated line: the line itself, or the one line of code that a
    /// scaffold's one-line declaration wraps (`let owner = <code>`, `func fire(_ value: V) { <code> }`,
    /// a sample's `{ madeOnMainActor { <code> } }`).
    static func code(in line: Substring) -> Substring {
        // The typealias that writes the output as its first generic argument: `typealias P = POf<Type>`
        // or `typealias P = PushPublisher<Type, Never, Tag>`, or wrapped, `POf<Type>`, or one
        // argument a line, `Type,`.
        if let match = line.wholeMatch(of: /(?:(?:public|package) )?typealias \w+ = \w+<(.+)>/) {
            return firstArgument(match.1)
        }
        if let match = line.wholeMatch(of: /\w+<(.+)>/) { return firstArgument(match.1) }
        if let match = line.wholeMatch(of: /let \w+ = (.+)/) { return match.1 }
        if let match = line.wholeMatch(of: /(?:@MainActor )?func [^{]+\{ (?:madeOnMainActor \{ (.+) \}|(.+)) \}/) {
            return match.1 ?? match.2 ?? line
        }
        return line
    }

    /// The first of `arguments`, a generic argument list: up to its first comma outside brackets.
    static func firstArgument(_ arguments: Substring) -> Substring {
        var depth = 0
        for index in arguments.indices {
            switch arguments[index] {
            case "<", "(", "[": depth += 1
            case ">", ")", "]": depth -= 1
            case "," where depth == 0: return arguments[..<index]
            default: continue
            }
        }
        return arguments
    }

    func expectEveryMappedLineMatchesTheSchema(
        _ generated: String, schema: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let schemaLines = schema.split(separator: "\n", omittingEmptySubsequences: false)
        var next: Int?
        var mapped = 0
        for line in generated.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = line.trimmingPrefix(while: { $0 == " " })
            if text.hasPrefix("#sourceLocation(file:") {
                next = Int(try #require(text.split(separator: ":").last?.dropLast()))
                continue
            }
            if text == "#sourceLocation()" {
                next = nil
                continue
            }
            guard let schemaLine = next else { continue }
            next = schemaLine + 1
            // The output's typealias is mapped from the lines above its type: its doc comment, its
            // attribute and the head of a wrapped declaration are the generator's.
            let aliasFrame =
                text.hasPrefix("///") || text.hasPrefix("@available(") || text.hasSuffix(" =") || text.hasSuffix("<")
                || text == ">"
            guard !text.isEmpty, !aliasFrame else { continue }
            let written = schemaLines[schemaLine - 1]
            // One argument a line: the output's, then the generator's failure and tag.
            let code = text.hasSuffix(",") ? text.dropLast() : Self.code(in: text)
            #expect(
                written.contains(code), "generated '\(text)' maps to line \(schemaLine): '\(written)'",
                sourceLocation: sourceLocation)
            mapped += 1
            // The typealias's other arguments, after the output, are the generator's.
            if text.contains("typealias ") || text.hasSuffix(",") || text.wholeMatch(of: /\w+<.+>/) != nil {
                next = nil
            }
        }
        #expect(mapped > 0, "no line of code is mapped", sourceLocation: sourceLocation)
    }
}
