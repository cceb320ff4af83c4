import Foundation

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

    /// `file` with its `public` declarations at `access` instead (`package `, or nothing for
    /// internal): the engine's types that a declaration's typealias names are written `public` in
    /// the templates, and emitted as visible as the module's widest `access:` needs them, no more.
    /// Only a line's first word is replaced; no other line of the runtime starts with `public`.
    ///
    /// Scanned as bytes, lines found with the C library's `memchr`, and copied between the
    /// replacements in runs: the build plugin runs a debug build, where each `String` append or
    /// slice of a line-by-line rewrite calls unspecialized generic code, and every generation
    /// rewrites the runtime's thousands of lines.
    package static func withPublicDeclarations(at access: String, in file: String) -> String {
        guard access != "public " else { return file }
        var file = file
        var access = access
        return file.withUTF8 { source in
            access.withUTF8 { replacement in
                rewritingPublic(in: source, as: replacement)
            }
        }
    }

    /// `source` with each line's leading `public ` (after its indentation) replaced by `replacement`.
    private static func rewritingPublic(
        in source: UnsafeBufferPointer<UInt8>, as replacement: UnsafeBufferPointer<UInt8>
    ) -> String {
        guard let base = source.baseAddress else { return "" }
        let keyword: StaticString = "public "
        let keywordCount = keyword.utf8CodeUnitCount
        let count = source.count
        // At most one replacement per line, and a line that holds one is longer than the keyword.
        let capacity = count + max(0, replacement.count - keywordCount) * (count / keywordCount + 1)
        return String(unsafeUninitializedCapacity: capacity) { output in
            guard let target = output.baseAddress else { return 0 }
            var written = 0
            // The first byte not copied yet.
            var pending = 0
            func copy(_ start: UnsafePointer<UInt8>, _ length: Int) {
                guard length > 0 else { return }
                memcpy(target + written, start, length)
                written += length
            }
            var start = 0
            while start < count {
                var end = count
                if let newline = memchr(base + start, 0x0A, count - start) {
                    end = UnsafePointer<UInt8>(newline.assumingMemoryBound(to: UInt8.self)) - base
                }
                var code = start
                while code < end, base[code] == 0x20 { code += 1 }
                if end - code >= keywordCount, memcmp(base + code, keyword.utf8Start, keywordCount) == 0 {
                    copy(base + pending, code - pending)
                    if let replacementBase = replacement.baseAddress { copy(replacementBase, replacement.count) }
                    pending = code + keywordCount
                }
                start = end + 1
            }
            copy(base + pending, count - pending)
            return written
        }
    }

    /// `part` divided where its leading imports end: the imports (each `import` line, and each
    /// `#if` … `#endif` block that holds only imports, without comments or blank lines) and the
    /// rest, from its first line that is not blank. Comments before the last import belong to the
    /// imports; comments after it (a doc comment, a `MARK`) to the body. Only the leading lines are
    /// read: every generation joins the runtime's parts.
    package static func split(_ part: String) -> (imports: [String], body: Substring) {
        var imports: [String] = []
        var next = part.startIndex
        var bodyStart = next
        while next < part.endIndex {
            let (line, after) = self.line(of: part, at: next)
            let code = line.drop(while: \.isWhitespace)
            if code.isEmpty || code.hasPrefix("//") {
                next = after
            } else if isImport(code) {
                imports.append(String(code))
                next = after
                bodyStart = after
            } else if code.hasPrefix("#if"), let block = importBlock(of: part, at: next) {
                imports.append(block.text)
                next = block.end
                bodyStart = block.end
            } else {
                break
            }
        }
        while bodyStart < part.endIndex {
            let (line, after) = self.line(of: part, at: bodyStart)
            guard line.allSatisfy(\.isWhitespace) else { break }
            bodyStart = after
        }
        return (imports, part[bodyStart...])
    }

    /// The `#if` block of `text` starting at `start` when it holds only imports: its directives
    /// and imports, one per line, and where the line after its `#endif` starts.
    private static func importBlock(of text: String, at start: String.Index) -> (text: String, end: String.Index)? {
        var kept: [Substring] = []
        var depth = 0
        var next = start
        repeat {
            guard next < text.endIndex else { return nil }
            let (line, after) = self.line(of: text, at: next)
            next = after
            let code = line.drop(while: \.isWhitespace)
            if code.hasPrefix("#if") {
                depth += 1
            } else if code.hasPrefix("#endif") {
                depth -= 1
            } else if code.isEmpty || code.hasPrefix("//") {
                continue
            } else if !code.hasPrefix("#else") && !isImport(code) {
                return nil
            }
            kept.append(code)
        } while depth > 0
        return (kept.joined(separator: "\n"), next)
    }

    /// The line of `text` starting at `start`, without its newline, and where the next one starts.
    private static func line(of text: String, at start: String.Index) -> (Substring, next: String.Index) {
        let end = text.utf8[start...].firstIndex(of: UInt8(ascii: "\n")) ?? text.endIndex
        return (text[start..<end], end < text.endIndex ? text.utf8.index(after: end) : end)
    }

    /// Whether `line` is an import declaration, attributes (`@preconcurrency`) included.
    private static func isImport(_ line: Substring) -> Bool {
        line.split(separator: " ").drop { $0.hasPrefix("@") }.first == "import"
    }
}
