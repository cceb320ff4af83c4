import Foundation

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
    /// The text of every part read to choose them, by its path inside the runtime, so that joining
    /// the chosen ones reads no file twice.
    let texts: [String: String]

    /// The parts of `files` that `texts` (the generated code of one module) need, reading each part
    /// from `runtime`.
    package init(of files: [RuntimeFile], for texts: [String], from runtime: RuntimeFiles) throws(RuntimeFiles.Missing)
    {
        struct Part {
            let file: String
            let name: String
            /// The part without its comment lines, which may mention a type without needing it.
            let code: String
            let declares: [String]
            let extends: [String]
            let isHead: Bool
        }
        var all: [Part] = []
        var partTexts: [String: String] = [:]
        for file in files {
            let parts = try runtime.partTexts(of: file)
            for (name, path, text) in parts {
                partTexts[path] = text
                let lines = Self.codeLines(of: text)
                let declarations = Self.topLevelDeclarations(in: lines)
                all.append(
                    Part(
                        file: file.name, name: name, code: lines.joined(separator: "\n"),
                        declares: declarations.declares, extends: declarations.extends,
                        isHead: name == parts.first?.name))
            }
        }
        let key = { (part: Part) in "\(part.file)/\(part.name)" }
        var chosen = Set(all.filter(\.isHead).map(key))
        var named = IdentifierScan(looking: Set(all.flatMap(\.declares)))
        // The generated code is megabytes long: searched name by name with the C library's `strstr`,
        // fast in a debug build too (the build plugin runs one); a name in a comment there only
        // keeps a part. The parts are searched without their comment lines.
        for text in texts { named.search(text) }
        var scanned: Set<String> = []
        var changed = true
        while changed {
            changed = false
            for part in all where chosen.contains(key(part)) && !scanned.contains(key(part)) {
                named.search(part.code)
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
            parts[file.name] = all.filter { $0.file == file.name && chosen.contains(key($0)) }.map(\.name)
        }
        self.parts = parts
        self.texts = partTexts
    }

    /// The lines of `text` that are not comments alone, found with the C library's `memchr`.
    package static func codeLines(of text: String) -> [Substring] {
        var lines: [Substring] = []
        var text = text
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            var start = 0
            while start < bytes.count {
                var end = bytes.count
                if let newline = memchr(base + start, 0x0A, bytes.count - start) {
                    end = UnsafePointer<UInt8>(newline.assumingMemoryBound(to: UInt8.self)) - base
                }
                var first = start
                while first < end, bytes[first] == 0x20 { first += 1 }
                let isComment = first + 1 < end && bytes[first] == 0x2F && bytes[first + 1] == 0x2F
                if !isComment, end > start {
                    lines.append(
                        Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)))
                }
                start = end + 1
            }
        }
        return lines
    }

    /// The names a part declares at its top level (a line that starts in the first column with
    /// attributes and modifiers, then `class`, `struct`, `enum`, `protocol`, `actor`, `typealias` or
    /// `func`), and the types it extends there.
    package static func topLevelDeclarations(in lines: [Substring]) -> (declares: [String], extends: [String]) {
        var declares: [String] = []
        var extends: [String] = []
        for line in lines {
            guard let first = line.utf8.first, first == 0x40 || (first >= 0x61 && first <= 0x7A) else { continue }
            // The words of the line, as bytes: letters, digits, `_` and `@`.
            var words: [Substring.UTF8View.SubSequence] = []
            var start: Substring.UTF8View.Index?
            let utf8 = line.utf8
            for index in utf8.indices {
                let byte = utf8[index]
                let isWord = byte == 0x40 || IdentifierScan.isIdentifierByte(byte)
                if isWord, start == nil { start = index }
                if !isWord, let wordStart = start {
                    words.append(utf8[wordStart..<index])
                    start = nil
                }
            }
            if let wordStart = start { words.append(utf8[wordStart...]) }
            for (index, word) in words.enumerated() where index + 1 < words.count {
                let name = String(decoding: words[index + 1], as: UTF8.self)
                switch String(decoding: word, as: UTF8.self) {
                case "class", "struct", "enum", "protocol", "actor", "typealias", "func": declares.append(name)
                case "extension": extends.append(name)
                default: continue
                }
                break
            }
        }
        return (declares, extends)
    }
}

/// Finds which of a set of identifiers occur in texts, with the C library's `strstr`: the
/// generated code of a module of thousands of declarations is megabytes long.
struct IdentifierScan {
    /// The identifiers looked for, by the first word they share (`Delegate` for `DelegateProxyState`).
    private let families: [(family: String, names: [String])]
    private(set) var found: Set<String> = []

    init(looking names: Set<String>) {
        let grouped = Dictionary(grouping: names) { name in
            String(name.prefix(1) + name.dropFirst().prefix { !$0.isUppercase })
        }
        families = grouped.sorted { $0.key < $1.key }.map { ($0.key, $0.value.sorted()) }
    }

    /// An ASCII letter, digit or `_`.
    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
            || byte == 0x5F
    }

    /// Records the wanted identifiers `text` holds as whole words, each looked for with the C
    /// library's `strstr` until found. Names that share their first word are looked for as that
    /// word first, so that a family the text lacks costs one pass over it, not one a name.
    mutating func search(_ text: String) {
        text.withCString { haystack in
            let count = strlen(haystack)
            func contains(_ word: String, whole: Bool) -> Bool {
                word.withCString { needle in
                    var from = haystack
                    while let match = strstr(from, needle) {
                        let hit = UnsafePointer(match)
                        let start = hit - haystack
                        let end = start + word.utf8.count
                        let before = start > 0 ? UInt8(bitPattern: haystack[start - 1]) : 0x20
                        let after = end < count ? UInt8(bitPattern: haystack[end]) : 0x20
                        if !Self.isIdentifierByte(before) && (!whole || !Self.isIdentifierByte(after)) { return true }
                        from = hit + 1
                    }
                    return false
                }
            }
            for (family, names) in families {
                let missing = names.filter { !found.contains($0) }
                guard !missing.isEmpty, missing.count == 1 || contains(family, whole: false) else { continue }
                for name in missing where contains(name, whole: true) { found.insert(name) }
            }
        }
    }
}
