import Foundation
import GeneratorEmitting
import Testing

/// The rules of the DocC article ApplePlatforms that can be read off the generated text, held against every
/// committed golden and every file emitted verbatim (which the goldens' targets compile through
/// links into `Templates/`). The goldens are what the generator writes (``ReferenceTests`` compares them byte
/// for byte), so these rules hold for the generator's output.
@Suite struct ApplePlatformRulesTests {
    static let availability = "@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)"
    /// What the clock-driven sequences of periodic declarations need instead: `Clock` and `Duration`.
    static let clockAvailability = "@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)"
    /// The Observation module's first releases: what `kind: observation` extends its models with.
    static let observationAvailability = "@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)"

    /// One generated file: its path relative to the package root, and its text.
    struct GeneratedText: CustomStringConvertible, Sendable {
        var path: String
        var text: String
        var description: String { path }
        var lines: [Substring] { text.split(separator: "\n", omittingEmptySubsequences: false) }
        /// A file of comments only: what is emitted in place of the engine or test support of a form
        /// that no schema emits.
        var isStub: Bool { lines.allSatisfy { $0.isEmpty || $0.hasPrefix("//") } }
    }

    /// Every golden, each file once (links into `Templates/` are followed and counted once).
    static let files: [GeneratedText] = {
        let root = ReferenceTests.packageRoot
        var seen = Set<String>()
        var files: [GeneratedText] = []
        for set in ReferenceTests.sets {
            for url in (try? ReferenceTests.compiledFiles(of: set)) ?? [] {
                let resolved = url.resolvingSymlinksInPath().path
                guard seen.insert(resolved).inserted, let text = try? String(contentsOf: url, encoding: .utf8)
                else { continue }
                let path = String(url.path.dropFirst(root.path.count + 1))
                files.append(GeneratedText(path: path, text: text))
            }
        }
        return files
    }()

    @Test func everyGoldenIsRead() {
        let names = Set(Self.files.map { ($0.path as NSString).lastPathComponent })
        for name in ["ImageFeed.publishers.swift", "Fixtures.publisherTests.swift"] {
            #expect(names.contains(name), "\(name)")
        }
        // Every part of every file emitted verbatim.
        let templates = RuntimeFiles(directory: ReferenceTests.packageRoot.appending(path: "Templates"))
        for file in RuntimeFile.all {
            for path in (try? templates.partPaths(of: file)) ?? ["\(file.folder) (unreadable)"] {
                #expect(names.contains((path as NSString).lastPathComponent), "\(path)")
            }
        }
        // Both assertion files: the XCTest one and the Swift Testing one (besides stubs that say why
        // a module has none).
        #expect(
            Self.files.filter {
                $0.path.hasSuffix("GeneratedPublisherTestAssertions.swift") && !$0.isStub
            }.count == 2)
    }

    // MARK: - Rule 4: @available on every top-level declaration

    /// A line that starts a declaration at the top level (column 0), after any attributes and
    /// modifiers on the same line.
    static var topLevelDeclaration: Regex<AnyRegexOutput> {
        try! Regex(
            #"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|open|final|nonisolated)\s+)*(?:struct|class|enum|extension|func|typealias|protocol|actor|let|var|init)\b"#
        )
    }

    /// Every top-level declaration (types, extensions, functions, type aliases) carries
    /// ``availability`` (``clockAvailability`` for what needs `Clock`, ``observationAvailability``
    /// for what needs the Observation module), on its own line among the
    /// attributes right above it or on its line. The
    /// check is textual: a top-level declaration is a line at column 0 that starts with a
    /// declaration keyword (after attributes and modifiers); generated code never starts one
    /// inside a multi-line string at column 0. Swift Testing suites are the one exception.
    @Test(arguments: files)
    func everyTopLevelDeclarationIsAvailableWhereCombineIs(file: GeneratedText) {
        let lines = file.lines
        var declarations = 0
        for (index, line) in lines.enumerated() where line.firstMatch(of: Self.topLevelDeclaration) != nil {
            declarations += 1
            // Swift Testing's `@Suite` and `@Test` macros refuse `@available`; Swift Testing's own
            // minimum deployment targets are Combine's, so such a suite needs none.
            if line.hasPrefix("@Suite ") { continue }
            var attributes = [line]
            var above = index - 1
            while above >= 0, lines[above].hasPrefix("@") {
                attributes.append(lines[above])
                above -= 1
            }
            #expect(
                attributes.contains {
                    $0.contains(Self.availability) || $0.contains(Self.clockAvailability)
                        || $0.contains(Self.observationAvailability)
                },
                "\(file.path):\(index + 1): `\(line)` lacks \(Self.availability)")
        }
        #expect(declarations > 0 || file.isStub, "\(file.path): no top-level declaration found")
    }

    // MARK: - Rule 1: every type and extension states its isolation

    /// A line that declares a type or an extension, at any depth, with its attributes and modifiers.
    static var typeDeclaration: Regex<AnyRegexOutput> {
        try! Regex(
            #"^\s*(?<modifiers>(?:@\w+(?:\([^)]*\))?\s+|(?:public|package|internal|fileprivate|private|open|final|nonisolated)\s+)*)(?:struct|class|enum|extension|protocol|actor)\s+\w"#
        )
    }

    /// Every generated type and extension, nested ones included, says `nonisolated` (or names its
    /// actor), so that a module whose default isolation is `MainActor` (SE-0466) infers nothing for
    /// it. Members inherit their type's or extension's isolation; nested types do not, so they are
    /// checked too.
    @Test(arguments: files)
    func everyTypeAndExtensionStatesItsIsolation(file: GeneratedText) {
        for (index, line) in file.lines.enumerated() {
            guard !line.trimmingCharacters(in: .whitespaces).hasPrefix("//"),
                let match = line.firstMatch(of: Self.typeDeclaration)
            else { continue }
            let modifiers = match.output["modifiers"]?.substring.map(String.init) ?? ""
            #expect(
                modifiers.contains("nonisolated") || modifiers.contains("@MainActor"),
                "\(file.path):\(index + 1): `\(line)` does not state its isolation")
        }
    }

    // MARK: - Rule 3: no typed-throws function type where it needs runtime metadata

    /// Below macOS 15 / iOS 18 / tvOS 18 / watchOS 11 there is no runtime metadata for a function
    /// type with a thrown error type, so the compiler rejects any use that needs it: a stored
    /// property of such a type inside a generic type or an `Optional`, a generic argument (a tuple
    /// holding one given to `withExtendedLifetime`), an existential, a cast, `.self`. The generated
    /// code therefore spells `throws(` only where no function type's metadata can be involved:
    ///
    /// - the effects clause of a function or initializer it declares (`func next() throws(Failure)`);
    /// - a `do throws(…)` statement;
    /// - the one parameter the polling publishers take from users, `init(next: @escaping ()
    ///   throws(Failure) -> Output?)`: a parameter's function type is passed as a plain function
    ///   value (a fixed-size pair of pointers), and in the body the parameter may only be called
    ///   (checked below), inside a closure of the non-generic publisher that returns a `Result`.
    ///
    /// Limits, because this reads text rather than types: a type the compiler infers is invisible
    /// (a value of a typed-throws function type handed to a generic function without its type
    /// being spelled, as `withExtendedLifetime(next)` would be); so is a type alias declared
    /// outside the generated files. The first is why a parameter may only be called, and why the
    /// engine and the test support spell no typed-throws function type at all; the second cannot
    /// happen in files that import only Combine and Foundation. Declarations whose parameter list
    /// spans several lines are read as one logical line up to the `{` that opens their body.
    @Test(arguments: files)
    func noTypedThrowsFunctionTypeNeedsMetadata(file: GeneratedText) {
        let text = Array(file.text.utf8)
        var searchFrom = 0
        while let range = Self.find(Array("throws(".utf8), in: text, from: searchFrom) {
            searchFrom = range.upperBound
            // `throws(` inside a comment says nothing about the code.
            let lineStart = text[..<range.lowerBound].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            let linePrefix = String(decoding: text[lineStart..<range.lowerBound], as: UTF8.self)
            if linePrefix.contains("//") { continue }
            let line = text[..<range.lowerBound].count(where: { $0 == UInt8(ascii: "\n") }) + 1
            let place = "\(file.path):\(line)"
            switch Self.classify(typedThrowsAt: range.lowerBound, in: text) {
            case .effectsClause, .doStatement:
                continue
            case let .parameter(name, bodyStart):
                let uses = Self.usesOf(name, inBodyFrom: bodyStart, in: text)
                #expect(!uses.isEmpty, "\(place): typed-throws parameter `\(name)` is never called")
                for use in uses {
                    #expect(use.isCall, "\(place): typed-throws parameter `\(name)` used other than by calling it")
                }
            case let .functionType(context):
                Issue.record("\(place): typed-throws function type in `\(context)`; store a `Result`-returning closure")
            }
        }
    }

    enum TypedThrowsUse: Equatable {
        case effectsClause
        case doStatement
        /// The whole type of a parameter named `name` of a declaration whose body starts at `bodyStart`.
        case parameter(name: String, bodyStart: Int)
        case functionType(context: String)
    }

    /// What the `throws(` at `position` belongs to.
    static func classify(typedThrowsAt position: Int, in text: [UInt8]) -> TypedThrowsUse {
        var before = position - 1
        while before >= 0, text[before] == UInt8(ascii: " ") { before -= 1 }
        // `(…) async throws(E)`: skip `async` to reach the parameter list's `)`.
        if before >= 4, String(decoding: text[(before - 4)...before], as: UTF8.self) == "async" {
            before -= 5
            while before >= 0, text[before] == UInt8(ascii: " ") { before -= 1 }
        }
        // `do throws(E) {`
        if before >= 1, text[before - 1] == UInt8(ascii: "d"), text[before] == UInt8(ascii: "o") {
            return .doStatement
        }
        let lineStart = text[..<position].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let context = String(decoding: text[lineStart..<position], as: UTF8.self) + "throws(…"
        // Otherwise `throws(` follows the `)` of a parameter list: a declaration's, or a function type's.
        guard before >= 0, text[before] == UInt8(ascii: ")"), let open = matchingOpen(of: before, in: text) else {
            return .functionType(context: context)
        }
        // The declaration's head ends at the `(` its parameter list opens, which may be lines before.
        let headStart = text[..<open].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let head = String(decoding: text[headStart..<open], as: UTF8.self)
        if head.firstMatch(of: #/(?:\bfunc\s+\w+|\binit)(?:<[^>]*>)?$/#) != nil {
            return .effectsClause
        }
        // `name: @escaping (…) throws(E) -> T` directly in a declaration's parameter list, followed
        // by `,` or `)`: a parameter whose whole type is the function type.
        guard let enclosing = enclosingOpen(of: open, in: text),
            let parameterName = String(decoding: text[..<open].suffix(80), as: UTF8.self)
                .firstMatch(of: #/(?:^|[(,\s])(\w+)\s*:\s*@escaping\s*$/#)?.output.1,
            let closeOfList = matchingClose(of: enclosing, in: text)
        else { return .functionType(context: context) }
        let listStart = text[..<enclosing].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let declarationHead = String(decoding: text[listStart..<enclosing], as: UTF8.self)
        guard declarationHead.firstMatch(of: #/(?:\bfunc\s+\w+|\binit)(?:<[^>]*>)?$/#) != nil,
            let arrow = find(Array("->".utf8), in: text, from: position)?.lowerBound,
            let typeEnd = text[arrow...].firstIndex(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: ")") }),
            typeEnd == closeOfList || text[typeEnd] == UInt8(ascii: ","),
            let bodyStart = text[closeOfList...].firstIndex(of: UInt8(ascii: "{"))
        else { return .functionType(context: context) }
        // No generic or optional wrapping after the arrow's result type.
        let result = String(decoding: text[(arrow + 2)..<typeEnd], as: UTF8.self)
        guard !result.contains("<"), !result.contains("throws(") else { return .functionType(context: context) }
        return .parameter(name: String(parameterName), bodyStart: bodyStart)
    }

    struct Use {
        var isCall: Bool
    }

    /// Each whole-word use of `name` in the body that opens at `bodyStart` (up to its matching `}`),
    /// and whether it is a call (`name(`).
    static func usesOf(_ name: String, inBodyFrom bodyStart: Int, in text: [UInt8]) -> [Use] {
        guard let bodyEnd = matchingClose(of: bodyStart, in: text) else { return [] }
        let body = String(decoding: text[bodyStart...bodyEnd], as: UTF8.self)
        let word = try! Regex(#"(?:^|[^\w.])"# + name + #"\b\s*\(?"#)
        return body.matches(of: word).map { match in
            Use(isCall: body[match.range].hasSuffix("("))
        }
    }

    static func find(_ needle: [UInt8], in text: [UInt8], from start: Int) -> Range<Int>? {
        guard start <= text.count - needle.count else { return nil }
        for index in start...(text.count - needle.count)
        where text[index..<(index + needle.count)].elementsEqual(needle) {
            return index..<(index + needle.count)
        }
        return nil
    }

    static let pairs: [UInt8: UInt8] = [
        UInt8(ascii: ")"): UInt8(ascii: "("), UInt8(ascii: "]"): UInt8(ascii: "["),
        UInt8(ascii: "}"): UInt8(ascii: "{"), UInt8(ascii: ">"): UInt8(ascii: "<"),
    ]

    /// The `(` that the `)` at `close` closes.
    static func matchingOpen(of close: Int, in text: [UInt8]) -> Int? {
        var depth = 0
        var index = close
        while index >= 0 {
            if text[index] == UInt8(ascii: ")") { depth += 1 }
            if text[index] == UInt8(ascii: "(") {
                depth -= 1
                if depth == 0 { return index }
            }
            index -= 1
        }
        return nil
    }

    /// The `(` of the parenthesised list that contains the position `inner`.
    static func enclosingOpen(of inner: Int, in text: [UInt8]) -> Int? {
        var depth = 0
        var index = inner - 1
        while index >= 0 {
            switch text[index] {
            case UInt8(ascii: ")"): depth += 1
            case UInt8(ascii: "("):
                if depth == 0 { return index }
                depth -= 1
            default: break
            }
            index -= 1
        }
        return nil
    }

    /// The bracket that closes the `(` or `{` at `open`.
    static func matchingClose(of open: Int, in text: [UInt8]) -> Int? {
        let opening = text[open]
        let closing = opening == UInt8(ascii: "(") ? UInt8(ascii: ")") : UInt8(ascii: "}")
        var depth = 0
        for index in open..<text.count {
            if text[index] == opening { depth += 1 }
            if text[index] == closing {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    // MARK: - The checks catch what they are for

    @Test func theTypedThrowsCheckRejectsStoredGenericAndAliasedUses() {
        let rejected = [
            "struct P {\n    private let next: () throws(Failure) -> Output?\n}",
            "typealias Next = () throws(Failure) -> Output?",
            "let released = (downstream, Optional<() throws(E) -> Int>.none)",
            "let type = (() throws(E) -> Void).self",
            "init(next: @escaping () throws(Failure) -> Output?) {\n    self.next = next\n}",
        ]
        for source in rejected {
            let verdicts = Self.verdicts(source)
            #expect(verdicts.contains(false), "accepted: \(source)")
        }
        let accepted = [
            "func next() throws(Failure) -> Output? {\n    nil\n}",
            "init<T>(x: T) throws(E) {}",
            "do throws(Failure) {\n    try f()\n} catch {}",
            "init(next: @escaping () throws(Failure) -> Output?) {\n    self.init(pulling: { .success(try next()) })\n}",
        ]
        for source in accepted {
            #expect(!Self.verdicts(source).contains(false), "rejected: \(source)")
        }
    }

    /// For each `throws(` in `source`: whether the rule accepts it.
    static func verdicts(_ source: String) -> [Bool] {
        let text = Array(source.utf8)
        var verdicts: [Bool] = []
        var from = 0
        while let range = find(Array("throws(".utf8), in: text, from: from) {
            from = range.upperBound
            switch classify(typedThrowsAt: range.lowerBound, in: text) {
            case .effectsClause, .doStatement: verdicts.append(true)
            case let .parameter(name, bodyStart):
                let uses = usesOf(name, inBodyFrom: bodyStart, in: text)
                verdicts.append(!uses.isEmpty && uses.allSatisfy(\.isCall))
            case .functionType: verdicts.append(false)
            }
        }
        return verdicts
    }

    @Test func theAvailabilityAndIsolationChecksSeeDeclarations() {
        for line in ["nonisolated struct A {", "@Suite nonisolated struct B {", "extension C {", "typealias D = Int"] {
            #expect(line.firstMatch(of: Self.topLevelDeclaration) != nil, "\(line)")
        }
        for line in ["import Combine", "#if canImport(Combine)", "    struct Nested {", "// struct Comment"] {
            #expect(line.firstMatch(of: Self.topLevelDeclaration) == nil, "\(line)")
        }
        let nested = "    fileprivate final class Target: NSObject {"
        #expect(
            nested.firstMatch(of: Self.typeDeclaration)?.output["modifiers"]?.substring?.contains("nonisolated")
                == false)
    }
}
