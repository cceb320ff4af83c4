/// Random edits to a schema's type and expression fields, the typos of issue 26: a bracket, angle
/// bracket, parenthesis, `?`, `:`, `;` or quote deleted or inserted. The caller finds the scalar
/// to edit (where it was written, and its text) with a YAML reader; the mutator edits its text and
/// writes it back in the same place as a double-quoted YAML scalar, so that the schema stays YAML
/// and the edit reaches the generator's own checks.
public enum SchemaMutator {
    /// A scalar to edit: the line and column (1-based, in Unicode scalars) of its first character,
    /// quote included, and its text as YAML read it.
    public struct Spot: Sendable {
        public let key: String
        public let line: Int
        public let column: Int
        public let text: String
        /// Whether the field holds Swift expression code (`default:`) rather than a type.
        public let isExpression: Bool

        public init(key: String, line: Int, column: Int, text: String, isExpression: Bool) {
            self.key = key
            self.line = line
            self.column = column
            self.text = text
            self.isExpression = isExpression
        }
    }

    /// One edit and the schema it made.
    public struct Mutation: Sendable {
        public let schema: RandomSchema
        public let spot: Spot
        public let edited: String
        /// The edit, in words: `inserted '?' at 4`, `deleted ']' at 3`.
        public let edit: String
    }

    /// What a type may gain or lose. An expression loses or gains only what the expression check
    /// judges (brackets, quotes, `;`): a `?` or `:` in an expression changes its meaning, which only
    /// the compiler can judge, in generated code.
    static let typeTypos: [Character] = ["[", "]", "<", ">", "(", ")", "?", ":", ";", "\"", "'"]
    static let expressionTypos: [Character] = ["[", "]", "(", ")", "{", "}", ";", "\""]

    /// Edits one of `spots` of `schema`; `nil` when no spot can be edited.
    public static func mutate(_ schema: RandomSchema, spots: [Spot], seed: UInt64) -> Mutation? {
        var random = SeededRandom(seed: seed)
        let editable = spots.filter { !$0.text.contains("\n") }
        guard !editable.isEmpty else { return nil }
        let spot = random.pick(editable)
        let typos = spot.isExpression ? expressionTypos : typeTypos
        var characters = Array(spot.text)
        let deletable = characters.indices.filter { typos.contains(characters[$0]) }
        let edit: String
        if !deletable.isEmpty, random.chance(0.4) {
            let index = random.pick(deletable)
            edit = "deleted '\(characters[index])' at \(index)"
            characters.remove(at: index)
        } else {
            let index = random.int(in: 0...characters.count)
            let typo = random.pick(typos)
            edit = "inserted '\(typo)' at \(index)"
            characters.insert(typo, at: index)
        }
        let edited = String(characters)
        guard let yaml = replace(spot, with: edited, in: schema.yaml) else { return nil }
        let mutated = RandomSchema(
            index: schema.index, fileName: schema.fileName, yaml: yaml, invalidBecause: schema.invalidBecause)
        return Mutation(schema: mutated, spot: spot, edited: edited, edit: edit)
    }

    /// The YAML with the scalar at `spot` replaced by `text`, double-quoted: for edits the caller
    /// makes itself (the escapes of `CodeEscapeTests`).
    public static func replacing(_ spot: Spot, with text: String, in yaml: String) -> String? {
        replace(spot, with: text, in: yaml)
    }

    /// The YAML with the literal block scalar at `spot` (`key: |`, its lines below) given `text`'s
    /// lines instead, at the block's indentation; the indicator line is kept. `nil` when `spot` is
    /// no block scalar. For edits of multi-line code, which stays a block so that each of its
    /// lines keeps a schema line of its own.
    public static func replacingBlock(_ spot: Spot, with text: String, in yaml: String) -> String? {
        var lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard spot.line >= 1, spot.line < lines.count else { return nil }
        let indicator = Array(lines[spot.line - 1].unicodeScalars)
        guard spot.column - 1 < indicator.count, indicator[spot.column - 1] == "|" else { return nil }
        let first = lines[spot.line]
        let indentation = String(first.prefix { $0 == " " })
        guard !indentation.isEmpty else { return nil }
        var end = spot.line
        while end < lines.count, lines[end].hasPrefix(indentation) || lines[end].allSatisfy({ $0 == " " }) {
            end += 1
        }
        // Blank lines after the block belong to what follows it.
        while end > spot.line, lines[end - 1].allSatisfy({ $0 == " " }) { end -= 1 }
        let replacement = text.split(separator: "\n", omittingEmptySubsequences: false).map { indentation + $0 }
        lines.replaceSubrange(spot.line..<end, with: replacement)
        return lines.joined(separator: "\n")
    }

    /// The YAML with the scalar at `spot` replaced by `text`, double-quoted.
    static func replace(_ spot: Spot, with text: String, in yaml: String) -> String? {
        var lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard spot.line >= 1, spot.line <= lines.count else { return nil }
        let line = Array(lines[spot.line - 1].unicodeScalars)
        let start = spot.column - 1
        guard start < line.count, let end = scalarEnd(in: line, from: start, text: spot.text) else { return nil }
        var replaced = String.UnicodeScalarView(line[..<start])
        replaced.append(contentsOf: doubleQuoted(text).unicodeScalars)
        replaced.append(contentsOf: line[end...])
        lines[spot.line - 1] = String(replaced)
        return lines.joined(separator: "\n")
    }

    /// Where the scalar written at `start` ends: after its closing quote, or after its plain text.
    private static func scalarEnd(in line: [Unicode.Scalar], from start: Int, text: String) -> Int? {
        var index = start
        switch line[start] {
        case "\"":
            index += 1
            while index < line.count, line[index] != "\"" { index += line[index] == "\\" ? 2 : 1 }
            return index < line.count ? index + 1 : nil
        case "'":
            index += 1
            while index < line.count {
                if line[index] == "'" {
                    if index + 1 < line.count, line[index + 1] == "'" {
                        index += 2
                        continue
                    }
                    return index + 1
                }
                index += 1
            }
            return nil
        case "|", ">":
            return nil
        default:
            let plain = Array(text.unicodeScalars)
            guard start + plain.count <= line.count, Array(line[start..<start + plain.count]) == plain else {
                return nil
            }
            return start + plain.count
        }
    }

    static func doubleQuoted(_ text: String) -> String {
        var quoted = "\""
        for character in text {
            switch character {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            default: quoted.append(character)
            }
        }
        return quoted + "\""
    }
}
