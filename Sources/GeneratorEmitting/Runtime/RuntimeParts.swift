/// How the parts of a runtime file become one file. Each part is a Swift file that compiles on its
/// own, so it imports what it uses; the emitted file is one file, whose imports come first (Swift
/// allows no import after a declaration in a file that `swift format` accepts). So the first part is
/// emitted whole, with the file's opening comment and every import the file needs, and each other
/// part follows after a blank line, without its leading imports.
package enum RuntimeParts {
    /// `parts`, in order, as one file.
    package static func joined(_ parts: [String]) -> String {
        guard let first = parts.first else { return "" }
        return parts.dropFirst().reduce(into: first) { file, part in
            file += "\n"
            file += split(part).body
        }
    }

    /// `part` divided where its leading imports end: the imports (each `import` line, and each
    /// `#if` … `#endif` block that holds only imports, without comments or blank lines) and the
    /// rest, from its first line that is not blank. Comments before the last import belong to the
    /// imports; comments after it (a doc comment, a `MARK`) to the body.
    package static func split(_ part: String) -> (imports: [String], body: Substring) {
        let lines = part.split(separator: "\n", omittingEmptySubsequences: false)
        var imports: [String] = []
        var index = 0
        var bodyStart = 0
        while index < lines.count {
            let line = lines[index].drop(while: \.isWhitespace)
            if line.isEmpty || line.hasPrefix("//") {
                index += 1
            } else if isImport(line) {
                imports.append(String(line))
                index += 1
                bodyStart = index
            } else if line.hasPrefix("#if"), let block = importBlock(in: lines, from: index) {
                imports.append(block.text)
                index = block.end
                bodyStart = index
            } else {
                break
            }
        }
        while bodyStart < lines.count, lines[bodyStart].drop(while: \.isWhitespace).isEmpty {
            bodyStart += 1
        }
        let offset = lines[..<bodyStart].reduce(0) { $0 + $1.utf8.count + 1 }
        let body = part.utf8.dropFirst(min(offset, part.utf8.count))
        return (imports, Substring(body))
    }

    /// The `#if` block starting at `start` when it holds only imports: its directives and imports,
    /// one per line, and the index after its `#endif`.
    private static func importBlock(in lines: [Substring], from start: Int) -> (text: String, end: Int)? {
        var kept: [Substring] = []
        var depth = 0
        var index = start
        repeat {
            guard index < lines.count else { return nil }
            let line = lines[index].drop(while: \.isWhitespace)
            index += 1
            if line.hasPrefix("#if") {
                depth += 1
            } else if line.hasPrefix("#endif") {
                depth -= 1
            } else if line.isEmpty || line.hasPrefix("//") {
                continue
            } else if !line.hasPrefix("#else") && !line.hasPrefix("#elseif") && !isImport(line) {
                return nil
            }
            kept.append(line)
        } while depth > 0
        return (kept.joined(separator: "\n"), index)
    }

    /// Whether `line` is an import declaration, attributes (`@preconcurrency`) included.
    private static func isImport(_ line: Substring) -> Bool {
        line.split(separator: " ").drop { $0.hasPrefix("@") }.first == "import"
    }
}
