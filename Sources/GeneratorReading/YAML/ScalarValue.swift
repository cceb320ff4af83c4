/// A scalar resolved by the YAML 1.2 core schema: plain `1` is an integer, `"1"` is a string.
///
/// The 1.1 spellings `yes`, `no`, `on`, `off` stay strings, as in YAML 1.2.
public enum ScalarValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case float(Double)
    case string(String)

    public init(_ node: YAMLNode) {
        guard case let .scalar(text, style, tag) = node.content else {
            self = .string("")
            return
        }
        self.init(text: text, style: style, tag: tag)
    }

    init(text: String, style: YAMLNode.ScalarStyle, tag: String?) {
        // Nearly every scalar has no tag; comparing a `nil` tag with each one costs a debug build
        // an optional comparison apiece.
        guard let tag else {
            self = style.isPlain ? Self.resolvePlain(text) : .string(text)
            return
        }
        switch tag {
        case "tag:yaml.org,2002:str", "!":
            self = .string(text)
            return
        case "tag:yaml.org,2002:int":
            self = Int(text).map { .int($0) } ?? .string(text)
            return
        case "tag:yaml.org,2002:float":
            self = Double(text).map { .float($0) } ?? .string(text)
            return
        default:
            break
        }
        guard style.isPlain else {
            self = .string(text)
            return
        }
        self = Self.resolvePlain(text)
    }

    private static func resolvePlain(_ text: String) -> ScalarValue {
        // Every spelling below starts with a digit, `+`, `-` or `.` (numbers) or with `~`, `n`, `N`,
        // `t`, `T`, `f` or `F` (null and booleans), so most scalars (names, types, code) are strings
        // at their first byte, without the comparisons that follow. Bytes are compared as numbers:
        // a debug build calls a function for each character pattern.
        guard let first = text.utf8.first else { return .null }
        let startsNumber = (first >= 0x30 && first <= 0x39) || first == 0x2B || first == 0x2D || first == 0x2E
        if !startsNumber {
            let startsWord =
                first == 0x7E || first == 0x6E || first == 0x4E || first == 0x74 || first == 0x54 || first == 0x66
                || first == 0x46
            // Words such as `targetAction` or `next()`: none of the spellings is longer than `false`.
            guard startsWord, text.utf8.count <= 5 else { return .string(text) }
        }
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .float(.infinity)
        case "-.inf", "-.Inf", "-.INF": return .float(-.infinity)
        case ".nan", ".NaN", ".NAN": return .float(.nan)
        default: break
        }
        guard startsNumber else { return .string(text) }
        if let integer = resolveInteger(text) { return .int(integer) }
        if looksLikeDecimal(text), let number = Double(text) { return .float(number) }
        return .string(text)
    }

    private static func resolveInteger(_ text: String) -> Int? {
        if text.hasPrefix("0x") { return Int(text.dropFirst(2), radix: 16) }
        if text.hasPrefix("0o") { return Int(text.dropFirst(2), radix: 8) }
        guard NumberGrammar.matches(text, NumberGrammar.isInteger) else { return nil }
        return Int(text)
    }

    private static func looksLikeDecimal(_ text: String) -> Bool {
        NumberGrammar.matches(text, NumberGrammar.isDecimal)
    }
}

/// The core schema's number grammar, matched on bytes. Only ASCII digits, signs, `.`, `e` and `E`
/// match, each a `Character` of its own, so bytes match exactly the texts that characters would;
/// matching characters costs a debug build about ten times as much.
private enum NumberGrammar {
    static func matches(_ text: String, _ grammar: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        var text = text
        return text.withUTF8(grammar)
    }

    /// `[-+]? [0-9]+`
    static func isInteger(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = afterSign(bytes, at: 0)
        let end = afterDigits(bytes, from: start)
        return end > start && end == bytes.count
    }

    /// `[-+]? ( \. [0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?`, the core schema's float.
    static func isDecimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = afterSign(bytes, at: 0)
        var position = afterDigits(bytes, from: start)
        var digits = position - start
        if position < bytes.count, bytes[position] == 0x2E {  // .
            let fractionEnd = afterDigits(bytes, from: position + 1)
            digits += fractionEnd - position - 1
            position = fractionEnd
        }
        guard digits > 0 else { return false }
        guard position < bytes.count else { return true }
        guard bytes[position] == 0x65 || bytes[position] == 0x45 else { return false }  // e E
        let exponentStart = afterSign(bytes, at: position + 1)
        let exponentEnd = afterDigits(bytes, from: exponentStart)
        return exponentEnd > exponentStart && exponentEnd == bytes.count
    }

    private static func afterSign(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Int {
        position < bytes.count && (bytes[position] == 0x2B || bytes[position] == 0x2D) ? position + 1 : position
    }

    private static func afterDigits(_ bytes: UnsafeBufferPointer<UInt8>, from position: Int) -> Int {
        var position = position
        while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39 { position += 1 }
        return position
    }
}
