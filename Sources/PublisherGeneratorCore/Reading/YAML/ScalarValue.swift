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
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .float(.infinity)
        case "-.inf", "-.Inf", "-.INF": return .float(-.infinity)
        case ".nan", ".NaN", ".NAN": return .float(.nan)
        default: break
        }
        if let integer = resolveInteger(text) { return .int(integer) }
        if looksLikeDecimal(text), let number = Double(text) { return .float(number) }
        return .string(text)
    }

    private static func resolveInteger(_ text: String) -> Int? {
        if text.hasPrefix("0x") { return Int(text.dropFirst(2), radix: 16) }
        if text.hasPrefix("0o") { return Int(text.dropFirst(2), radix: 8) }
        let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit) else { return nil }
        return Int(text)
    }

    /// `[-+]? ( \. [0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?`, the core schema's float.
    private static func looksLikeDecimal(_ text: String) -> Bool {
        var rest = Substring(text)
        if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
        let mantissaEnd = rest.firstIndex { $0 == "e" || $0 == "E" } ?? rest.endIndex
        let mantissa = rest[..<mantissaEnd]
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
            parts.contains(where: { !$0.isEmpty })
        else { return false }
        guard mantissaEnd != rest.endIndex else { return true }
        var exponent = rest[rest.index(after: mantissaEnd)...]
        if exponent.first == "-" || exponent.first == "+" { exponent = exponent.dropFirst() }
        return !exponent.isEmpty && exponent.allSatisfy(\.isASCIIDigit)
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
