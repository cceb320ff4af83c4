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
        // Every spelling below starts with one of these characters, so most scalars (names, types,
        // code) are strings at their first byte, without the comparisons that follow.
        guard let first = text.utf8.first else { return .null }
        let startsNumber: Bool
        switch Unicode.Scalar(first) {
        case "0"..."9", "+", "-", ".": startsNumber = true
        case "~", "n", "N", "t", "T", "f", "F":
            // Words such as `targetAction` or `next()`: none of the spellings is longer than `false`.
            guard text.utf8.count <= 5 else { return .string(text) }
            startsNumber = false
        default: return .string(text)
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
        let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCIIDigit }) else { return nil }
        return Int(text)
    }

    /// `[-+]? ( \. [0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?`, the core schema's float.
    private static func looksLikeDecimal(_ text: String) -> Bool {
        var rest = Substring(text)
        if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
        let mantissaEnd = rest.firstIndex { $0 == "e" || $0 == "E" } ?? rest.endIndex
        let mantissa = rest[..<mantissaEnd]
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy({ $0.allSatisfy { $0.isASCIIDigit } }),
            parts.contains(where: { !$0.isEmpty })
        else { return false }
        guard mantissaEnd != rest.endIndex else { return true }
        var exponent = rest[rest.index(after: mantissaEnd)...]
        if exponent.first == "-" || exponent.first == "+" { exponent = exponent.dropFirst() }
        return !exponent.isEmpty && exponent.allSatisfy { $0.isASCIIDigit }
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
