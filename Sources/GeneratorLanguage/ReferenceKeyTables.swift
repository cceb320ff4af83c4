/// Writes the key tables of the DocC article "Schema reference" from ``SchemaLanguage``. Each table
/// sits between two marker comments, `<!-- generated: <region> begin -->` and
/// `<!-- generated: <region> end -->`; the prose around them is written by hand.
public struct ReferenceKeyTables: Sendable {
    /// The path of the article, relative to the package root.
    public static let path = "Sources/publisher-generator/Documentation.docc/SchemaReference.md"

    /// The language tabulated, with the kinds of the registry it was made for.
    public let language: SchemaLanguage

    public init(_ language: SchemaLanguage) {
        self.language = language
    }

    public struct Region: Sendable {
        public var name: String
        public var markdown: String
    }

    /// Every generated region, in the order they appear in the article.
    public func regions() -> [Region] {
        [
            Region(name: "schema-file-keys", markdown: fileTable()),
            Region(name: "schema-declaration-keys", markdown: declarationTable()),
            Region(name: "schema-parameter-keys", markdown: keyTable(language.parameter)),
            Region(name: "schema-no-demand-policies", markdown: noDemandTable()),
        ]
    }

    public static func beginMarker(_ region: String) -> String { "<!-- generated: \(region) begin -->" }
    public static func endMarker(_ region: String) -> String { "<!-- generated: \(region) end -->" }

    public struct MarkerProblem: Error, CustomStringConvertible {
        public var description: String
    }

    /// `article` with every region's text replaced by the current one.
    public func updating(_ article: String) throws -> String {
        var lines = article.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for region in regions() {
            let begins = lines.indices.filter { lines[$0] == Self.beginMarker(region.name) }
            let ends = lines.indices.filter { lines[$0] == Self.endMarker(region.name) }
            guard begins.count == 1, ends.count == 1, let begin = begins.first, let end = ends.first, begin < end
            else {
                throw MarkerProblem(
                    description:
                        "\(Self.path) must have the line '\(Self.beginMarker(region.name))' once, followed later by '\(Self.endMarker(region.name))' once; found \(begins.count) and \(ends.count)"
                )
            }
            let body = [""] + region.markdown.split(separator: "\n").map(String.init) + [""]
            lines.replaceSubrange((begin + 1)..<end, with: body)
        }
        return lines.joined(separator: "\n")
    }

    // MARK: Tables

    private func fileTable() -> String {
        var table = keyTable(SchemaLanguage.file)
        if let extensions = SchemaLanguage.file.extensions {
            table += row(["`\(extensions.prefix)…`", "no", extensions.summary])
        }
        return table
    }

    /// One row per key, required keys first: `| key | required | value |`.
    private func keyTable(_ scope: LanguageScope) -> String {
        var requiredRows = ""
        var optionalRows = ""
        for key in scope.keys {
            if key.presence.requirement(for: nil) == .required {
                requiredRows += row(["`\(key.name)`", "yes", value(of: key)])
            } else {
                optionalRows += row(["`\(key.name)`", "no", value(of: key)])
            }
        }
        return row(["key", "required", "value"]) + row(["---", "---", "---"]) + requiredRows + optionalRows
    }

    /// One row per declaration key, one column per kind.
    private func declarationTable() -> String {
        let kinds = language.kinds
        var table = row(["key"] + kinds.map(\.rawValue)) + row(Array(repeating: "---", count: kinds.count + 1))
        for key in language.declaration.keys {
            let cells = kinds.map { kind in
                switch key.presence.requirement(for: kind) {
                case .required: "**required**"
                case .optional: "optional"
                case nil: "—"
                }
            }
            table += row(["`\(key.name)` — \(value(of: key))"] + cells)
        }
        return table
    }

    /// One row per form `whenNoDemand` takes.
    private func noDemandTable() -> String {
        guard let key = language.declaration.key("whenNoDemand"), case let .either(forms) = key.shape else {
            return ""
        }
        var table = row(["`\(key.name):`", "meaning"]) + row(["---", "---"])
        for form in forms {
            switch form {
            case let .choice(words):
                for word in words {
                    let isDefault = word.spelling == key.defaultWord
                    table += row(["`\(word.spelling)`" + (isDefault ? " (default)" : ""), word.meaning ?? ""])
                }
            case let .mapping(scope):
                var meaning = scope.summary
                for inner in scope.keys {
                    guard case let .choice(words) = inner.shape else { continue }
                    let choices = words.map { word in
                        "`\(word.spelling)`\(word.spelling == inner.defaultWord ? " (default)" : "")"
                            + (word.meaning.map { " — \($0)" } ?? "")
                    }
                    meaning += "; `\(inner.name)`, \(inner.summary): " + choices.joined(separator: "; ")
                }
                table += row(["`\(scope.example ?? scope.name)`", meaning])
            default:
                continue
            }
        }
        return table
    }

    // MARK: Cells

    /// The key's summary, followed by the words it accepts when it is a choice.
    func value(of key: LanguageKey) -> String {
        switch key.shape {
        case let .choice(words):
            let spellings = words.map { "`\($0.spelling)`" + ($0.spelling == key.defaultWord ? " (default)" : "") }
            return key.summary + ": " + list(spellings)
        case let .integer(_, oneOf?):
            return key.summary + ": " + list(oneOf.map { "`\($0)`" })
        default:
            return key.summary
        }
    }

    /// `a`, `a or b`, `a, b or c`.
    private func list(_ items: [String]) -> String {
        guard let last = items.last else { return "" }
        return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " or " + last
    }

    private func row(_ cells: [String]) -> String {
        "| " + cells.map { cell in String(cell.flatMap { $0 == "|" ? ["\\", "|"] : [$0] }) }.joined(separator: " | ")
            + " |\n"
    }
}
