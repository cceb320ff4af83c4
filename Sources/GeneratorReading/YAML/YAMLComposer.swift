import CYaml
import GeneratorDiagnostics

/// Builds a ``YAMLNode`` tree from schema bytes with libyaml's event parser.
///
/// Written as a loop over an explicit stack rather than by recursion, so no input can exhaust the
/// call stack, and with the limits of ``YAMLLimits`` checked as events arrive, so a hostile file
/// fails at the place it crosses a limit instead of after it has been built.
///
/// Yams links libyaml; this composer uses it directly because Yams' own composer recurses per
/// nesting level, copies nothing about where aliases were used, and stops at the first duplicate key.
public struct YAMLComposer {
    public struct Result {
        /// `nil` for an empty document or when a fatal problem stopped composition.
        public var root: YAMLNode?
        public var diagnostics: [Diagnostic]
    }

    let path: String
    let limits: YAMLLimits
    /// The keys whose values are Swift code, for which a hint offers a block scalar; the language
    /// says which (``SchemaLanguage/swiftCodeKeys``), and the pipeline passes them in.
    let codeKeys: Set<String>

    public init(path: String, limits: YAMLLimits = .standard, codeKeys: Set<String> = []) {
        self.path = path
        self.limits = limits
        self.codeKeys = codeKeys
    }

    /// Composes the single document of `bytes`. Problems that stop parsing (syntax, encoding,
    /// limits) end composition with `root == nil`; duplicate keys are reported and parsing goes on.
    public func compose(_ bytes: [UInt8]) -> Result {
        if let tooLarge = limits.fileSizeProblem(size: bytes.count, path: path) {
            return Result(root: nil, diagnostics: [tooLarge])
        }
        if TextPosition.hasNonUTF8ByteOrderMark(bytes) {
            return failure(
                "file is encoded as UTF-16 or UTF-32; schema files must be UTF-8",
                hint: "save the file as UTF-8", at: .start(of: path))
        }
        if let offset = TextPosition.firstInvalidUTF8Offset(in: bytes) {
            let (line, column) = TextPosition.lineAndColumn(ofByteOffset: offset, in: bytes)
            let byte = String(bytes[offset], radix: 16, uppercase: true)
            return failure(
                "file is not valid UTF-8: byte 0x\(byte) at offset \(offset) cannot start or continue a character",
                hint: "save the file as UTF-8",
                at: SourceLocation(path: path, line: line, column: column))
        }
        return bytes.withUnsafeBufferPointer { buffer in
            var session = ComposeSession(path: path, limits: limits, codeKeys: codeKeys, bytes: buffer)
            return session.run()
        }
    }

    private func failure(_ message: String, hint: String?, at location: SourceLocation) -> Result {
        Result(root: nil, diagnostics: [.error(message, hint: hint, at: location)])
    }
}

/// One pass of libyaml over one buffer; owns the parser for exactly that pass.
private struct ComposeSession {
    /// A collection being built. A class, so appending to it never copies what it holds.
    ///
    /// Only its session, on one thread, touches it, so the runtime's exclusivity checks (a
    /// thread-local lookup per access in a debug build, several per node) are off.
    private final class Frame {
        let isMapping: Bool
        let location: SourceLocation
        let anchor: String?
        /// Expanded size of everything composed into this collection so far, itself included.
        @exclusivity(unchecked) var size = 1
        @exclusivity(unchecked) var items: [YAMLNode] = []
        @exclusivity(unchecked) var pairs: [YAMLNode.Pair] = []
        @exclusivity(unchecked) var pendingKey: YAMLNode?
        /// The text of each pair's key, in the order of ``pairs``.
        @exclusivity(unchecked) var keyTexts: [String] = []
        /// Where each key is in ``pairs``, once there are more than ``linearSearchLimit``: a debug
        /// build compares the few keys of a declaration one by one at a fraction of the cost of
        /// hashing each into generic dictionary code.
        @exclusivity(unchecked) var keyIndex: [String: Int] = [:]
        static let linearSearchLimit = 16

        /// The pair whose key is `text`, if any.
        func position(ofKey text: String) -> Int? {
            guard keyTexts.count <= Self.linearSearchLimit else { return keyIndex[text] }
            var position = 0
            while position < keyTexts.count {
                if keyTexts[position] == text { return position }
                position += 1
            }
            return nil
        }

        func append(_ pair: YAMLNode.Pair, key text: String) {
            if keyTexts.count == Self.linearSearchLimit {
                var position = 0
                while position < keyTexts.count {
                    keyIndex[keyTexts[position]] = position
                    position += 1
                }
            }
            if keyTexts.count >= Self.linearSearchLimit { keyIndex[text] = keyTexts.count }
            keyTexts.append(text)
            pairs.append(pair)
        }

        init(isMapping: Bool, location: SourceLocation, anchor: String?) {
            self.isMapping = isMapping
            self.location = location
            self.anchor = anchor
        }

        var node: YAMLNode {
            YAMLNode(isMapping ? .mapping(pairs) : .sequence(items), at: location, expandedSize: size)
        }
    }

    private struct Stop: Error {
        var diagnostic: Diagnostic
    }

    let path: String
    let limits: YAMLLimits
    let codeKeys: Set<String>
    let bytes: UnsafeBufferPointer<UInt8>
    private var stack: [Frame] = []
    private var anchors: [String: YAMLNode] = [:]
    private var root: YAMLNode?
    private var documentCount = 0
    /// Expanded size of the whole document so far: every node composed, aliases counted in full.
    private var expandedTotal = 0
    private var diagnostics: [Diagnostic] = []

    init(path: String, limits: YAMLLimits, codeKeys: Set<String>, bytes: UnsafeBufferPointer<UInt8>) {
        self.path = path
        self.limits = limits
        self.codeKeys = codeKeys
        self.bytes = bytes
    }

    mutating func run() -> YAMLComposer.Result {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            return .init(root: nil, diagnostics: [.error("out of memory while reading YAML", at: .start(of: path))])
        }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)
        do {
            var finished = false
            while !finished {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    throw Stop(diagnostic: syntaxError(from: parser))
                }
                defer { yaml_event_delete(&event) }
                finished = try handle(event)
            }
            return .init(root: root, diagnostics: diagnostics)
        } catch let stop as Stop {
            return .init(root: nil, diagnostics: diagnostics + [stop.diagnostic])
        } catch {
            preconditionFailure("unexpected error \(error)")
        }
    }

    /// Returns `true` at the end of the stream.
    private mutating func handle(_ event: yaml_event_t) throws -> Bool {
        let location = self.location(of: event.start_mark)
        // Cases in order of frequency: a debug build compares the type with each case in turn.
        switch event.type {
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
            try count(1, at: location, isAlias: false)
            let style = Self.style(scalar.style)
            let textStart = ScalarTextStart.location(
                of: style, at: location, startIndex: Int(event.start_mark.index), endIndex: Int(event.end_mark.index),
                in: bytes)
            let node = YAMLNode(
                .scalar(text, style: style, tag: Self.string(scalar.tag)), at: location, textStart: textStart,
                expandedSize: 1)
            register(node, anchor: Self.string(scalar.anchor))
            try add(node)
        case YAML_SEQUENCE_START_EVENT:
            try open(at: location)
            let anchor = Self.string(event.data.sequence_start.anchor)
            stack.append(Frame(isMapping: false, location: location, anchor: anchor))
        case YAML_MAPPING_START_EVENT:
            try open(at: location)
            let anchor = Self.string(event.data.mapping_start.anchor)
            stack.append(Frame(isMapping: true, location: location, anchor: anchor))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            let frame = stack.removeLast()
            let node = frame.node
            register(node, anchor: frame.anchor)
            try add(node)
        case YAML_STREAM_END_EVENT:
            return true
        case YAML_DOCUMENT_START_EVENT:
            documentCount += 1
            if documentCount > 1 {
                throw Stop(
                    diagnostic: .error(
                        "a schema file holds one YAML document, but a second one starts here",
                        hint: "remove the '---' separator or move the declarations into another file",
                        at: location))
            }
        case YAML_ALIAS_EVENT:
            let name = Self.string(event.data.alias.anchor) ?? ""
            guard let target = anchors[name] else {
                throw Stop(
                    diagnostic: .error(
                        "alias '*\(name)' refers to no anchor defined before it",
                        hint: "define '&\(name)' on an earlier value", at: location))
            }
            try count(target.expandedSize, at: location, isAlias: true)
            try add(target)
        default:
            break
        }
        return false
    }

    private mutating func open(at location: SourceLocation) throws {
        if stack.count >= limits.maximumDepth {
            throw Stop(diagnostic: Self.nestingError(maximumDepth: limits.maximumDepth, at: location))
        }
        try count(1, at: location, isAlias: false)
    }

    private mutating func count(_ size: Int, at location: SourceLocation, isAlias: Bool) throws {
        expandedTotal += size
        guard expandedTotal > limits.maximumExpandedNodes else { return }
        let message =
            isAlias
            ? "this alias expands the document past \(limits.maximumExpandedNodes) nodes"
            : "the document has more than \(limits.maximumExpandedNodes) nodes"
        throw Stop(
            diagnostic: .error(
                message,
                hint: isAlias
                    ? "aliases that repeat aliases grow exponentially; write the values out"
                    : "split the declarations over several schema files",
                at: location))
    }

    private mutating func register(_ node: YAMLNode, anchor: String?) {
        if let anchor { anchors[anchor] = node }
    }

    /// Adds a finished node to the collection being built, or makes it the root.
    private mutating func add(_ node: YAMLNode) throws {
        // Not `stack.last`: a debug build reaches it through generic collection code.
        guard !stack.isEmpty else {
            root = node
            return
        }
        let frame = stack[stack.count - 1]
        frame.size += node.expandedSize
        guard frame.isMapping else {
            frame.items.append(node)
            return
        }
        guard let key = frame.pendingKey else {
            frame.pendingKey = node
            return
        }
        frame.pendingKey = nil
        guard case let .scalar(text, _, _) = key.content else {
            diagnostics.append(
                .error("mapping keys must be plain words, but this key is \(key.kindDescription)", at: key.location))
            return
        }
        if let position = frame.position(ofKey: text) {
            let first = frame.pairs[position].key.location
            diagnostics.append(
                .error(
                    "duplicate key '\(text)'; it is already set at line \(first.line), column \(first.column)",
                    hint: "remove one of them", at: key.location))
        } else {
            frame.append(.init(key: key, value: node), key: text)
        }
    }

    private func location(of mark: yaml_mark_t) -> SourceLocation {
        SourceLocation(path: path, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    private func syntaxError(from parser: yaml_parser_t) -> Diagnostic {
        let problem = Self.string(parser.problem) ?? "malformed YAML"
        if parser.error == YAML_READER_ERROR {
            let offset = Int(parser.problem_offset)
            let (line, column) = TextPosition.lineAndColumn(ofByteOffset: offset, in: Array(bytes))
            let hex = String(parser.problem_value, radix: 16, uppercase: true)
            let value =
                parser.problem_value >= 0 ? " (U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex))" : ""
            return .error(
                "invalid YAML: \(problem)\(value)",
                at: SourceLocation(path: path, line: line, column: column))
        }
        let location = self.location(of: parser.problem_mark)
        let markIndex = Int(parser.problem_mark.index)
        let pointsAtTab = markIndex < bytes.count && bytes[markIndex] == UInt8(ascii: "\t")
        if problem.contains("tab") || pointsAtTab {
            return .error(
                "tab character in indentation; YAML indents with spaces only",
                hint: "replace the tab with spaces", at: location)
        }
        if problem.hasPrefix("Maximum nesting level") {
            return Self.nestingError(maximumDepth: limits.maximumDepth, at: location)
        }
        if problem == "mapping values are not allowed in this context" {
            return .error(
                "invalid YAML: ': ' inside a plain value starts a mapping here",
                hint: PlainValueHint.hint(at: markIndex, in: bytes, codeKeys: codeKeys), at: location)
        }
        var hint: String?
        if let context = Self.string(parser.context) {
            let mark = parser.context_mark
            hint = "\(context) that starts at line \(mark.line + 1), column \(mark.column + 1)"
        }
        return .error("invalid YAML: \(problem)", hint: hint, at: location)
    }

    /// libyaml's scanner may hit its own cap of 1000 levels while looking ahead in flow
    /// collections before our limit is checked; both read the same to the user.
    private static func nestingError(maximumDepth: Int, at location: SourceLocation) -> Diagnostic {
        .error(
            "lists and mappings nest too deeply here (the limit is \(maximumDepth) levels)",
            hint: "a schema needs about five levels; check for unbalanced '[' or '{'", at: location)
    }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }

    private static func style(_ style: yaml_scalar_style_t) -> YAMLNode.ScalarStyle {
        switch style {
        case YAML_PLAIN_SCALAR_STYLE: .plain
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: .literal
        case YAML_FOLDED_SCALAR_STYLE: .folded
        default: .plain
        }
    }
}
