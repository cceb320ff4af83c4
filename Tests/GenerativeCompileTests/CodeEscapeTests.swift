import Foundation
import PublisherGeneratorCore
import RandomSchemas
import Testing

/// Every code key of the random schemas (`register:`, `next:`, `value:`, `initial:`, a method's
/// `body:`, `test:`'s code, `sample:`, …: each key the language says holds Swift code), mutated with
/// each way out of the generated code around it (issue 43): a closing brace and a new declaration,
/// an unbalanced quote, a line comment that swallows the closing brace of a closure, a
/// `#sourceLocation` directive. Each must be an error at the key's line (one of its lines, for a
/// multi-line `|` value, which stays a block). And the valid forms that look like escapes (braces in
/// string literals, closures, comments after the code) must validate. Keys on a line of their own,
/// in flow mappings (`{ method: …, body: … }`) and multi-line values are all edited.
///
/// Validation only, no compiler: it runs on `GENERATIVE_SCHEMAS` schemas (as many as the compile
/// pass) in seconds; that the generated code compiles is the compile pass's part.
@Suite struct CodeEscapeTests {
    static let count = ProcessInfo.processInfo.environment["GENERATIVE_SCHEMAS"].flatMap(Int.init) ?? 0

    /// The escapes, each made from the code it replaces.
    static let escapes: [(name: String, make: @Sendable (String) -> String)] = [
        ("a closing brace and a new declaration", { "\($0) }; func escaped() { print(1)" }),
        ("an unbalanced quote", { "\($0) + \"" }),
        ("a line comment that swallows the closing brace", { "{ \($0) // }" }),
        ("a #sourceLocation directive", { "\($0); #sourceLocation(file: \"elsewhere.swift\", line: 1)" }),
    ]

    /// Forms that look like escapes and are valid; the expression keys take only the first two.
    static let validForms: [(make: @Sendable (String) -> String, inExpression: Bool)] = [
        ({ "{ _ = \"}\"; return \($0) }()" }, true),
        ({ "{ _ = #\"{ \\#(\"}\") \"#; return \($0) }()" }, true),
        ({ "\($0) // } a brace in a comment" }, false),
        ({ "\($0) /* ) /* nested */ */" }, false),
    ]

    /// Keys that hold one expression, checked as such (printed without `#sourceLocation`).
    static let expressionKeys: Set = ["default", "answer", "failureSample"]

    @Test(.enabled(if: count > 0, "set GENERATIVE_SCHEMAS, see scripts/generative-compile.sh"))
    func everyEscapeOfEveryCodeKeyIsAnErrorAtItsLine() throws {
        // A delegate method's `method:` is a signature, checked by its own parser.
        let codeKeys = KindRegistry.standard.language.swiftCodeKeys.subtracting(["method"])
        var composer = SchemaComposer(runSeed: RunSettings.fromEnvironment().seed ^ 0x43)
        var keysSeen: Set<String> = []
        var escaped = 0
        var multiLine = 0
        var inFlow = 0
        for index in 0..<Self.count {
            let schema = composer.schema(index: index)
            guard schema.invalidBecause == nil else { continue }
            let lines = schema.yaml.split(separator: "\n", omittingEmptySubsequences: false)
            let allSpots = Self.spots(in: schema.yaml, fileName: schema.fileName, keys: codeKeys)
            for spot in allSpots {
                // A multi-line value stays a block, its lines at their schema lines; a one-line one
                // (on a line of its own or in a flow mapping such as `{ method: …, body: … }`)
                // becomes a double-quoted scalar where it was written.
                let isBlock = spot.text.contains("\n")
                let code = isBlock ? String(spot.text.reversed().drop { $0 == "\n" }.reversed()) : spot.text
                func edited(_ text: String) -> String? {
                    isBlock
                        ? SchemaMutator.replacingBlock(spot, with: text, in: schema.yaml)
                        : SchemaMutator.replacing(spot, with: text, in: schema.yaml)
                }
                // The lines the code is written on: a block's start below its `|`.
                func written(_ text: String) -> ClosedRange<Int> {
                    guard isBlock else { return spot.line...spot.line }
                    return
                        (spot.line + 1)...(spot.line
                        + text.split(separator: "\n", omittingEmptySubsequences: false).count)
                }
                guard !isBlock || SchemaMutator.replacingBlock(spot, with: code, in: schema.yaml) != nil else {
                    continue
                }
                keysSeen.insert(spot.key)
                if isBlock {
                    multiLine += 1
                } else if !lines[spot.line - 1].drop(while: { $0 == " " || $0 == "-" }).hasPrefix("\(spot.key): ") {
                    inFlow += 1
                }
                for escape in Self.escapes {
                    let escapedCode = escape.make(code)
                    guard let yaml = edited(escapedCode) else { continue }
                    escaped += 1
                    let verdict = try SchemaRendering.render(yaml, fileName: schema.fileName, modules: [])
                    let lines = written(escapedCode)
                    guard case let .rejected(errors) = verdict,
                        lines.contains(where: { errors.contains("\(schema.fileName):\($0):") })
                    else {
                        Issue.record(
                            "\(escape.name) in '\(spot.key)' (\(escapedCode)) is not an error at lines \(lines)")
                        continue
                    }
                }
                // Twin declarations share one delegate proxy, which gives one answer: the same valid
                // form goes into every `answer` written as this one, or they would disagree.
                let twins = Self.twins(of: spot, among: allSpots)
                for form in Self.validForms where form.inExpression || !Self.expressionKeys.contains(spot.key) {
                    let validCode = form.make(code)
                    let twinsEdited = Self.replacing(twins, with: validCode, in: schema.yaml)
                    guard let yaml = isBlock ? edited(validCode) : twinsEdited else { continue }
                    let verdict = try SchemaRendering.render(yaml, fileName: schema.fileName, modules: [])
                    if case let .rejected(errors) = verdict {
                        Issue.record("valid '\(spot.key)' (\(validCode)) is refused:\n\(errors)")
                    }
                }
            }
        }
        progress(
            "code escapes: \(escaped) escapes in \(keysSeen.count) code keys (\(keysSeen.sorted().joined(separator: ", "))), "
                + "\(multiLine) multi-line values, \(inFlow) values in flow mappings"
        )
        #expect(escaped > 0)
        // Teeth: the two shapes a one-line-per-key pass would miss are exercised.
        #expect(multiLine > 0 && inFlow > 0, "\(multiLine) multi-line values, \(inFlow) in flow mappings")
    }

    /// `spot` and, for a delegate method's `answer`, every other one-line `answer` written as it is:
    /// those of the declarations that share its proxy (which must agree) among them.
    static func twins(of spot: SchemaMutator.Spot, among spots: [SchemaMutator.Spot]) -> [SchemaMutator.Spot] {
        guard spot.key == "answer" else { return [spot] }
        return spots.filter { $0.key == "answer" && $0.text == spot.text && !$0.text.contains("\n") }
    }

    /// The YAML with each of `spots` (one-line values) replaced by `text`, the last first, so that
    /// the positions of the others stay where they were.
    static func replacing(_ spots: [SchemaMutator.Spot], with text: String, in yaml: String) -> String? {
        var result = yaml
        for spot in spots.sorted(by: { ($0.line, $0.column) > ($1.line, $1.column) }) {
            guard let edited = SchemaMutator.replacing(spot, with: text, in: result) else { return nil }
            result = edited
        }
        return result
    }

    /// The code scalars of a schema's declarations, at any depth (a method's `body:`, `test:`'s code).
    static func spots(in yaml: String, fileName: String, keys: Set<String>) -> [SchemaMutator.Spot] {
        guard let root = YAMLComposer(path: fileName).compose(Array(yaml.utf8)).root,
            case let .mapping(pairs) = root.content,
            let publishers = pairs.first(where: { text($0.key) == "publishers" })?.value
        else { return [] }
        var spots: [SchemaMutator.Spot] = []
        collect(publishers, keys: keys, into: &spots)
        return spots
    }

    private static func collect(_ node: YAMLNode, keys: Set<String>, into spots: inout [SchemaMutator.Spot]) {
        switch node.content {
        case .scalar:
            return
        case let .sequence(items):
            for item in items { collect(item, keys: keys, into: &spots) }
        case let .mapping(pairs):
            for pair in pairs {
                if let key = text(pair.key), keys.contains(key), case let .scalar(value, _, _) = pair.value.content {
                    spots.append(
                        SchemaMutator.Spot(
                            key: key, line: pair.value.location.line, column: pair.value.location.column,
                            text: value, isExpression: true))
                } else {
                    collect(pair.value, keys: keys, into: &spots)
                }
            }
        }
    }

    private static func text(_ node: YAMLNode) -> String? {
        if case let .scalar(text, _, _) = node.content { return text }
        return nil
    }
}
