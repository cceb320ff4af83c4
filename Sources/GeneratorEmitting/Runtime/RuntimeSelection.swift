/// Which parts of the runtime a module compiles: those its generated code names, and those the
/// chosen parts name in turn, so that a module of callback sources gets no delegate proxy, no
/// Objective-C sink and no observed-model reads. Derived from the texts alone: a part is chosen
/// when another chosen text names a type, protocol or function it declares at its top level, or
/// when it extends a type a chosen part declares (an extension adds members that code reaches
/// without naming the part). The first part of each file is always kept: it brings the file's
/// opening comment and imports.
package struct RuntimeSelection {
    /// The chosen parts of each file, by file name, in the file's own order.
    package let parts: [String: [String]]

    /// The parts of `files` that `texts` (the generated code of one module) need, reading each part
    /// from `runtime`.
    package init(of files: [RuntimeFile], for texts: [String], from runtime: RuntimeFiles) throws(RuntimeFiles.Missing)
    {
        struct Part {
            let file: String
            let name: String
            let text: String
            let declares: [String]
            let extends: [String]
        }
        var all: [Part] = []
        for file in files {
            for (name, path) in zip(file.parts, file.partPaths) {
                let text = try runtime.text(at: path)
                let declarations = Self.topLevelDeclarations(in: text)
                all.append(
                    Part(
                        file: file.name, name: name, text: text, declares: declarations.declares,
                        extends: declarations.extends))
            }
        }
        let key = { (part: Part) in "\(part.file)/\(part.name)" }
        var chosen = Set(files.compactMap { file in file.parts.first.map { "\(file.name)/\($0)" } })
        var named = IdentifierScan(looking: Set(all.flatMap(\.declares)))
        for text in texts { named.scan(text) }
        var scanned: Set<String> = []
        var changed = true
        while changed {
            changed = false
            for part in all where chosen.contains(key(part)) && !scanned.contains(key(part)) {
                named.scan(part.text)
                scanned.insert(key(part))
            }
            let declared = Set(all.filter { chosen.contains(key($0)) }.flatMap(\.declares))
            for part in all where !chosen.contains(key(part)) {
                let isNamed = part.declares.contains { named.found.contains($0) }
                let extendsChosen = part.extends.contains { declared.contains($0) }
                if isNamed || extendsChosen {
                    chosen.insert(key(part))
                    changed = true
                }
            }
        }
        var parts: [String: [String]] = [:]
        for file in files {
            parts[file.name] = file.parts.filter { chosen.contains("\(file.name)/\($0)") }
        }
        self.parts = parts
    }

    /// The names a part declares at its top level (a line that starts in the first column with
    /// attributes and modifiers, then `class`, `struct`, `enum`, `protocol`, `actor`, `typealias` or
    /// `func`), and the types it extends there.
    static func topLevelDeclarations(in text: String) -> (declares: [String], extends: [String]) {
        var declares: [String] = []
        var extends: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            guard let first = line.first, first != " ", first != "/", first != "#", first != "}" else { continue }
            let words = line.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "@") })
            for (index, word) in words.enumerated() where index + 1 < words.count {
                switch word {
                case "class", "struct", "enum", "protocol", "actor", "typealias", "func":
                    declares.append(String(words[index + 1]))
                case "extension":
                    extends.append(String(words[index + 1]))
                default: continue
                }
                break
            }
        }
        return (declares, extends)
    }
}

/// Finds which of a set of identifiers occur in texts, reading each text's bytes once: the
/// generated code of a module of thousands of declarations is megabytes long.
struct IdentifierScan {
    /// The identifiers looked for, by length, as bytes.
    private let wanted: [Int: [[UInt8]]]
    private(set) var found: Set<String> = []

    init(looking names: Set<String>) {
        wanted = Dictionary(grouping: names.sorted().map { Array($0.utf8) }, by: \.count)
    }

    /// Records the wanted identifiers `text` names in its code: comments, which may mention a
    /// type without needing it, are skipped.
    mutating func scan(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var start = -1
            var index = 0
            while index <= bytes.count {
                let byte = index < bytes.count ? bytes[index] : 0
                let isIdentifier =
                    (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                    || byte == 0x5F
                if isIdentifier {
                    if start < 0 { start = index }
                    index += 1
                    continue
                }
                if start >= 0, let candidates = wanted[index - start] {
                    let word = UnsafeBufferPointer(rebasing: bytes[start..<index])
                    for candidate in candidates where candidate.elementsEqual(word) {
                        found.insert(String(decoding: candidate, as: UTF8.self))
                    }
                }
                start = -1
                // `//` to the end of the line, `/*` to its `*/`.
                if byte == 0x2F, index + 1 < bytes.count, bytes[index + 1] == 0x2F {
                    while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                } else if byte == 0x2F, index + 1 < bytes.count, bytes[index + 1] == 0x2A {
                    index += 2
                    while index + 1 < bytes.count, !(bytes[index] == 0x2A && bytes[index + 1] == 0x2F) { index += 1 }
                    index += 2
                } else {
                    index += 1
                }
            }
        }
    }
}
