import Testing

@testable import GeneratorValidating

/// The scanner that keeps a schema's code inside the generated function it is printed in
/// (``SwiftCodeScanner/statements(_:)``): every valid form Swift code takes in a code key is
/// accepted, and every way out of the function is refused at the character that takes it.
/// `Fixtures/Invalid/code-escapes` shows the errors as users see them; the expression form is
/// tested with the types, in `SwiftTypeGrammarTests`.
@Suite struct SwiftCodeScannerTests {
    @Test(arguments: [
        "pop()", "isOn", "text ?? \"\"", "token = add(send)",
        // String literals with braces, single-line, multi-line and raw, with interpolations that
        // hold braces and strings of their own.
        "send(\"}\")", "send(\"{ ) ]\")", "send(\"\\\"}\")", "\"\"\"\n  }\n  {\n  \"\"\"",
        "#\"raw } \"quoted\" \\(x)\"#", "##\"a \"# } \"##", "#\"\\#(values.map { \"\\($0)\" })\"#",
        "\"\\(dict[\"k\", default: \"}\"])\"", "\"\\({ \"}\" }())\"", "\"\"\"\n  \\(a.map { \"\\($0) }\" })\n  \"\"\"",
        // Closures, trailing closures, switch statements, #if blocks, key paths, generics, operators.
        "addObserver { value in\n    send(value)\n}", "items.map { $0 * 2 }.filter { $0 > 1 }",
        "switch value {\ncase .a: send(1)\ncase .b:\n    send(2)\ndefault: break\n}",
        "#if os(Linux)\nsend(1)\n#else\nsend(2)\n#endif", "send(model[keyPath: \\.count])", "Array<Int>()",
        "a < b && c > d", "x << 2 >> 1", "value as? [String: Int]", "send(a[b[c]])",
        // Comments that hold delimiters, nested block comments.
        "send(1) // }", "send(1) /* } */", "/* outer /* inner } */ still a comment ) */ send(1)",
        "send(1) // unbalanced \" quote in a comment", "// #sourceLocation in a comment\nsend(1)",
        // Directives and macros other than #sourceLocation; the word in a string or an identifier.
        "#warning(\"later\")", "send(#line)", "send(\"#sourceLocation()\")", "sourceLocation()",
        "#sourceLocations()", "send(#/[}(]/#)", "send(##/a/#b/##)",
    ])
    func validCodeIsAccepted(code: String) {
        #expect(SwiftCodeScanner.statements(code) == nil, "\(code)")
    }

    @Test(arguments: [
        // A closing brace and a new declaration: the brace would close the generated function.
        ("pop() }; func evil() { print(1)", 6, "closes nothing"),
        ("isOn\n}\nfunc evil() {}", 5, "closes nothing"),
        ("send(1))", 7, "closes nothing"),
        ("send(a])", 6, "cannot close"),
        // An unbalanced quote, on one line and never closed.
        ("send(\"a)", 5, "never closed"),
        ("send(\"a\n)", 7, "not closed on its line"),
        ("\"\"\"\n  text\n", 0, "never closed"),
        ("#\"raw\"", 0, "never closed"),
        // A line comment that swallows the closing brace.
        ("addObserver { send($0) // }", 12, "never closed"),
        ("f(// )\n", 1, "never closed"),
        // An unclosed block comment, a nested one closed once.
        ("send(1) /* comment", 8, "block comment is never closed"),
        ("send(1) /* a /* b */", 8, "block comment is never closed"),
        // A directive that would undo the generator's own.
        ("#sourceLocation(file: \"x\", line: 1)\nsend(1)", 0, "#sourceLocation"),
        ("send(1)\n#sourceLocation()", 8, "#sourceLocation"),
        // An interpolation left open: its quote starts a literal of its own.
        ("\"\\(value\"", 8, "never closed"),
        ("send(#/a/)", 5, "regex literal is never closed"),
    ])
    func escapeIsRefusedWhereItStarts(code: String, offset: Int, message: String) throws {
        let failure = try #require(SwiftCodeScanner.statements(code), "\(code)")
        #expect(failure.offset == offset, "\(code)")
        #expect(failure.message.contains(message), "\(code): \(failure.message)")
        #expect(failure.hint != nil)
    }

    /// Statements may do what one expression may not.
    @Test(arguments: ["a; b", "f(a, b)\ng()", "x // note", "let a = 1, b = 2"])
    func statementsTakeWhatAnExpressionDoesNot(code: String) {
        #expect(SwiftCodeScanner.statements(code) == nil)
        #expect(SwiftCodeScanner.expression(code) != nil)
    }
}
