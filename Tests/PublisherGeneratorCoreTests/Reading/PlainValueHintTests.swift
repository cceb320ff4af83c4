import PublisherGeneratorCore
import Testing

/// The hint for `': ' inside a plain value` ends with the line to paste; pasted in place of the
/// line it fixes, that line reads back as the value the user wrote.
@Suite struct PlainValueHintTests {
    /// A declaration with `line` in it, and `output: Int` unless `line` gives the output.
    static func schema(_ line: String) -> String {
        let output = line.hasPrefix("output:") ? "" : "    output: Int\n"
        return "version: 1\npublishers:\n  - name: A\n    kind: callback\n\(output)    \(line)\n"
    }

    /// The value of `key` in the first declaration, read by the YAML composer.
    static func value(of key: String, in text: String) throws -> String? {
        let result = YAMLComposer(path: "x.publishers.yaml").compose(Array(text.utf8))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        guard case let .mapping(file)? = result.root?.content,
            case let .sequence(declarations)? = file.first(where: { $0.key.scalarText == "publishers" })?.value.content,
            case let .mapping(declaration)? = declarations.first?.content,
            case let .scalar(value, _, _)? = declaration.first(where: { $0.key.scalarText == key })?.value.content
        else { return nil }
        return value
    }

    @Test(arguments: [
        ("register", #"observe(every: 0.5) { send($0) }"#, false),
        ("register", #"observe(named: "tick") { send($0.value) }"#, true),
        ("register", #"observe(named: "it's", every: 1) { send($0) }"#, true),
        ("register", #"observe(path: a\b, every: 1) { send($0) }"#, true),
        ("register", #"observe(every: 1) { send("\($0)") }"#, true),
        ("register", #"observe(every: 1) { send(isn't) }"#, false),
        ("output", #"(cell: UITableViewCell, indexPath: IndexPath)"#, false),
    ])
    func pastedSuggestionReadsAsTheValueWritten(key: String, value: String, singleQuoted: Bool) throws {
        let outcome = SchemaLoader().load(bytes: Array(Self.schema("\(key): \(value)").utf8), path: "x.publishers.yaml")
        let hint = try #require(outcome.diagnostics.diagnostics.first?.hint)
        let start = try #require(hint.range(of: ": \(key): ", options: .backwards))
        let suggestion = String(hint[hint.index(start.lowerBound, offsetBy: 2)...])
        #expect(suggestion.dropFirst(key.count + 2).first == (singleQuoted ? "'" : "\""), "\(hint)")
        #expect(try Self.value(of: key, in: Self.schema(suggestion)) == value, "\(suggestion)")
    }

    /// Where the line may not hold the whole value, the hint shows `…` in the quotes the line needs.
    @Test(arguments: [
        (#"register: observe(every: 0.5)"# + "\n      { send($0) }", #"register: "…""#),
        (#"register: observe(named: "a", sel: #selector(x)) { send($0) }"#, #"register: '…'"#),
    ])
    func partialValueGetsAPlaceholder(lines: String, expected: String) throws {
        let outcome = SchemaLoader().load(bytes: Array(Self.schema(lines).utf8), path: "x.publishers.yaml")
        let hint = try #require(outcome.diagnostics.diagnostics.first?.hint)
        #expect(hint.hasSuffix(": " + expected), "\(hint)")
    }
}

extension YAMLNode {
    fileprivate var scalarText: String? {
        if case let .scalar(text, _, _) = content { return text }
        return nil
    }
}
