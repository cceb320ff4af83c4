import Testing

@testable import GeneratorEmitting

/// The printer owns the layout of generated text: indentation, blank lines, doc-comment wrapping,
/// re-indented user code, and signatures and calls wrapped at the line limit.
@Suite struct SwiftPrinterTests {
    static func printed(indent: Int = 0, _ body: (inout SwiftPrinter) -> Void) -> String {
        var printer = SwiftPrinter(indent: indent)
        body(&printer)
        return printer.text
    }

    @Test func blocksIndentTheirBodyOneLevel() {
        let text = Self.printed { printer in
            printer.block("struct A") { printer in
                printer.block("func f()") { $0.line("return") }
            }
        }
        #expect(text == "struct A {\n    func f() {\n        return\n    }\n}\n")
    }

    @Test func aBlankLineAppearsOnlyBetweenTwoLinesAndNeverTwice() {
        let text = Self.printed { printer in
            printer.blankLine()
            printer.line("let a = 1")
            printer.blankLine()
            printer.blankLine()
            printer.line("")
            printer.line("let b = 2")
            printer.blankLine()
        }
        #expect(text == "let a = 1\n\nlet b = 2\n")
    }

    @Test func noBlankLineAfterAnOpeningBraceOrBeforeAClosingOne() {
        let text = Self.printed { printer in
            printer.block("enum E") { printer in
                printer.blankLine()
                printer.line("case a")
                printer.blankLine()
            }
        }
        #expect(text == "enum E {\n    case a\n}\n")
    }

    @Test func linesLoseTheirTrailingSpaces() {
        #expect(Self.printed { $0.line("let a = 1   ") } == "let a = 1\n")
    }

    @Test func userCodeIsReindentedKeepingItsRelativeIndentation() {
        let code = "        if ready {\n            start()\n        }\n\n        finish()"
        let text = Self.printed(indent: 4) { $0.lines(code) }
        #expect(text == "    if ready {\n        start()\n    }\n\n    finish()\n")
    }

    @Test func nonASCIICodeIsLaidOutAsItsPlainTwinWouldBe() {
        // The byte path (plain text) and the Character path must give the same lines.
        let plain = "    if ok {\n        send(x)\n    }"
        let accented = "    if ok {\n        send(\"é\")\n    }"
        let plainText = Self.printed(indent: 8) { $0.lines(plain) }
        let accentedText = Self.printed(indent: 8) { $0.lines(accented) }
        #expect(accentedText == plainText.replacingOccurrences(of: "send(x)", with: "send(\"é\")"))
    }

    @Test func docCommentsWrapAtWordsWithinTheirWidth() {
        let words = Array(repeating: "word", count: 40).joined(separator: " ")
        let text = Self.printed(indent: 8) { $0.docComment(words) }
        let lines = text.split(separator: "\n")
        #expect(lines.count > 1)
        for line in lines {
            #expect(line.hasPrefix("        /// "))
            #expect(line.count <= SwiftPrinter.docCommentWidth)
        }
        let rejoined = lines.map { $0.dropFirst(12) }.joined(separator: " ")
        #expect(rejoined == words)
    }

    @Test func aDocCommentLineThatFitsIsKeptAsWrittenAndBlankLinesStayComments() {
        let text = Self.printed { $0.docComment("First  paragraph.\n\nSecond.") }
        #expect(text == "/// First  paragraph.\n///\n/// Second.\n")
    }

    @Test func aCarriageReturnInADocCommentStartsANewCommentLine() {
        // Swift ends a `//` comment at a carriage return; the rest of the line would be code.
        let text = Self.printed { $0.docComment("one\rtwo") }
        #expect(!text.contains("\r"))
        #expect(text.split(separator: "\n").allSatisfy { $0.hasPrefix("///") })
    }

    @Test func aSignatureThatFitsStaysOnOneLine() {
        let text = Self.printed { printer in
            printer.signature("func f", ["a: Int", "b: Int"], returning: "Int") { $0.line("a + b") }
        }
        #expect(text == "func f(a: Int, b: Int) -> Int {\n    a + b\n}\n")
    }

    @Test func aLongSignatureTakesOneParameterPerLine() {
        let parameters = (1...6).map { "parameterNumber\($0): SomeRatherLongTypeName" }
        let text = Self.printed { printer in
            printer.signature("func f", parameters, returning: "Int") { $0.line("0") }
        }
        let expected =
            "func f(\n" + parameters.enumerated().map { "    \($1)" + ($0 == 5 ? "" : ",") }.joined(separator: "\n")
            + "\n) -> Int {\n    0\n}\n"
        #expect(text == expected)
    }

    @Test func aLongCallFillsItsArgumentsOneLevelIn() {
        let arguments = (1...12).map { "argumentNumber\($0)" }
        let text = Self.printed { $0.call("makeSomething", arguments: arguments) }
        let lines = text.split(separator: "\n")
        #expect(lines.first == "makeSomething(")
        #expect(lines.last?.hasSuffix(")") == true)
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("    ") && $0.count <= SwiftPrinter.lineLimit })
        let joined = lines.dropFirst().map { $0.trimmingPrefix("    ") }.joined(separator: " ")
        #expect(joined == arguments.joined(separator: ", ") + ")")
    }

    @Test func aClosureNamesItsParameters() {
        let text = Self.printed { $0.closure("items.map", parameters: "item") { $0.line("item.id") } }
        #expect(text == "items.map { item in\n    item.id\n}\n")
    }

    @Test func runMembersStayTogetherWhateverTheirLengthAndAreSetOffFromOtherLines() {
        let text = Self.printed { printer in
            printer.line("let setup = 0")
            printer.runMember { $0.line("check(1)") }
            printer.runMember { printer in
                printer.line("check(")
                printer.indented { $0.line("2)") }
            }
            printer.runMember { $0.line("check(3)") }
            printer.line("let after = 0")
            printer.runMember { $0.line("check(4)") }
        }
        #expect(text == "let setup = 0\n\ncheck(1)\ncheck(\n    2)\ncheck(3)\nlet after = 0\n\ncheck(4)\n")
    }

    @Test func aCopiedPrinterWritesItsOwnBytes() {
        var original = SwiftPrinter()
        original.line("shared")
        var copy = original
        copy.line("copy only")
        original.line("original only")
        #expect(original.text == "shared\noriginal only\n")
        #expect(copy.text == "shared\ncopy only\n")
    }

    @Test func wrappingIsGreedyAndKeepsAnOverlongWordWhole() {
        #expect(SwiftPrinter.wrapped("aa bb cc dd", to: 5) == ["aa bb", "cc dd"])
        #expect(SwiftPrinter.wrapped("tiny enormousword x", to: 6) == ["tiny", "enormousword", "x"])
    }
}
