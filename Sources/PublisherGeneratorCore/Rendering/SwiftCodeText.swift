/// Small text helpers for laying out generated Swift.
enum SwiftCodeText {
    /// `text` as a `///` doc comment indented by `indent` spaces, its lines wrapped at word
    /// boundaries to fit in `width` columns.
    static func docComment(_ text: String, indent: Int, width: Int = 100) -> String {
        let prefix = String(repeating: " ", count: indent) + "///"
        let room = max(20, width - prefix.count - 1)
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .flatMap { wrapped(String($0), to: room) }
            .map { $0.isEmpty ? prefix : "\(prefix) \($0)" }
            .joined(separator: "\n")
    }

    /// Greedy word wrap; a word longer than `width` stands on a line of its own.
    static func wrapped(_ line: String, to width: Int) -> [String] {
        guard line.count > width else { return [line] }
        var lines: [String] = []
        var current = ""
        for word in line.split(separator: " ") {
            if current.isEmpty {
                current = String(word)
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// User code re-indented: its common leading indentation removed, then `indent` spaces added
    /// to every non-empty line.
    static func indented(_ code: String, by indent: Int) -> String {
        let lines = code.split(separator: "\n", omittingEmptySubsequences: false)
        let margins = lines.filter { !$0.allSatisfy(\.isWhitespace) }.map { $0.prefix { $0 == " " }.count }
        let margin = margins.min() ?? 0
        let prefix = String(repeating: " ", count: indent)
        return lines.map { line in
            line.allSatisfy(\.isWhitespace) ? "" : prefix + line.dropFirst(margin)
        }.joined(separator: "\n")
    }

    /// `PlayheadProgress` → `playheadProgress`, `URLSession` → `urlSession`.
    static func lowerCamelCase(_ name: String) -> String {
        let characters = Array(name)
        var upperRun = 0
        while upperRun < characters.count, characters[upperRun].isUppercase { upperRun += 1 }
        if upperRun == 0 { return name }
        // Lower a leading acronym except the letter that starts the next word.
        let lowered = upperRun == 1 || upperRun == characters.count ? upperRun : upperRun - 1
        return String(characters[..<lowered]).lowercased() + String(characters[lowered...])
    }

    /// A Swift literal for a positive interval: `1.0`, `0.25`.
    static func doubleLiteral(_ value: Double) -> String {
        "\(value)"
    }

    /// Normalises rendered text: no trailing spaces, at most one blank line in a row, no blank
    /// line after an opening brace or before a closing one, one newline at the end.
    static func normalized(_ text: String) -> String {
        var output: [Substring] = []
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = rawLine
            while line.last == " " { line = line.dropLast() }
            if line.isEmpty {
                if output.last?.isEmpty ?? true { continue }
                if let previous = output.last, previous.hasSuffix("{") { continue }
            } else if line.drop(while: { $0 == " " }).hasPrefix("}"), output.last?.isEmpty == true {
                output.removeLast()
            }
            output.append(line)
        }
        while output.last?.isEmpty == true { output.removeLast() }
        return output.joined(separator: "\n") + "\n"
    }
}
