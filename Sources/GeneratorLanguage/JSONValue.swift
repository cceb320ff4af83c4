/// A JSON value whose objects keep their members in the order they were written, so that a
/// rendered document is the same bytes on every run and reads top-down.
public indirect enum JSONValue: Sendable, Equatable {
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([Member])

    public struct Member: Sendable, Equatable {
        public var key: String
        public var value: JSONValue

        public init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// An object from key-value pairs, in order.
    public static func fields(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(pairs.map { Member($0.key, $0.value) })
    }

    /// An array of strings.
    public static func strings(_ values: [String]) -> JSONValue {
        .array(values.map(JSONValue.string))
    }

    /// `{ "$ref": "#/definitions/<name>" }`.
    public static func reference(_ definition: String) -> JSONValue {
        .fields(["$ref": .string("#/definitions/" + definition)])
    }
}

/// Prints a ``JSONValue`` with two-space indentation. A value that fits on the rest of its line
/// (objects and arrays included) is written on one line; a long array of scalars is wrapped.
public struct JSONPrinter {
    public var lineWidth = 100

    public init() {}

    /// The document followed by a newline.
    public func print(_ value: JSONValue) -> String {
        var output = ""
        write(value, indent: 0, used: 0, into: &output)
        output += "\n"
        return output
    }

    private func write(_ value: JSONValue, indent: Int, used: Int, into output: inout String) {
        let inline = Self.inline(value)
        if indent * 2 + used + inline.count <= lineWidth || !Self.isContainer(value) || Self.isEmpty(value) {
            output += inline
            return
        }
        let inner = String(repeating: "  ", count: indent + 1)
        let outer = String(repeating: "  ", count: indent)
        switch value {
        case let .object(members):
            output += "{\n"
            for (index, member) in members.enumerated() {
                let prefix = Self.quoted(member.key) + ": "
                output += inner + prefix
                write(member.value, indent: indent + 1, used: prefix.count, into: &output)
                output += index == members.count - 1 ? "\n" : ",\n"
            }
            output += outer + "}"
        case let .array(elements):
            output += "[\n"
            if elements.allSatisfy({ !Self.isContainer($0) }) {
                // Scalars are packed into lines of at most `lineWidth` characters.
                var line = ""
                for (index, element) in elements.enumerated() {
                    let item = Self.inline(element) + (index == elements.count - 1 ? "" : ",")
                    if !line.isEmpty, inner.count + line.count + 1 + item.count > lineWidth {
                        output += inner + line + "\n"
                        line = ""
                    }
                    line += line.isEmpty ? item : " " + item
                }
                output += inner + line + "\n"
            } else {
                for (index, element) in elements.enumerated() {
                    output += inner
                    write(element, indent: indent + 1, used: 0, into: &output)
                    output += index == elements.count - 1 ? "\n" : ",\n"
                }
            }
            output += outer + "]"
        default:
            output += inline
        }
    }

    private static func isContainer(_ value: JSONValue) -> Bool {
        switch value {
        case .object, .array: true
        default: false
        }
    }

    private static func isEmpty(_ value: JSONValue) -> Bool {
        switch value {
        case let .object(members): members.isEmpty
        case let .array(elements): elements.isEmpty
        default: false
        }
    }

    /// The value on one line: `{ "a": 1 }`, `[1, 2]`.
    static func inline(_ value: JSONValue) -> String {
        switch value {
        case let .string(text): quoted(text)
        case let .integer(number): String(number)
        case let .number(number): "\(number)"
        case let .bool(flag): flag ? "true" : "false"
        case .null: "null"
        case let .array(elements): "[" + elements.map(inline).joined(separator: ", ") + "]"
        case let .object(members):
            members.isEmpty
                ? "{}" : "{ " + members.map { quoted($0.key) + ": " + inline($0.value) }.joined(separator: ", ") + " }"
        }
    }

    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
