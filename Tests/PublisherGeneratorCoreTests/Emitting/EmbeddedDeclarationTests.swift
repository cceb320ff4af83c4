import GeneratorDiagnostics
import Testing

@testable import GeneratorEmitting

/// The scaffolds' one-line declarations around schema code (`let owner = …`, `func fire(…) { … }`):
/// printed so only where the line means what the block would, each under a directive that names the
/// schema line of its code.
@Suite struct EmbeddedDeclarationTests {
    static func code(_ text: String, line: Int) -> Located<String> {
        Located(text, at: SourceLocation(path: "s.yaml", line: line, column: 1))
    }

    static func printed(_ declarations: [EmbeddedDeclaration]) -> String {
        var printer = SwiftPrinter()
        printer.embeddedDeclarations(declarations, in: "s.yaml")
        return printer.text
    }

    @Test func codeOnConsecutiveLinesSharesOneDirective() {
        let text = Self.printed([
            .constant("owner", Self.code("Source()", line: 4)),
            .function("func fire(_ value: Int)", Self.code("owner.emit(value)", line: 5)),
            .function("func registrations() -> Int", Self.code("owner.count", line: 7)),
        ])
        #expect(
            text == """
                #sourceLocation(file:"s.yaml",line:4)
                let owner = Source()
                func fire(_ value: Int) { owner.emit(value) }
                #sourceLocation(file:"s.yaml",line:7)
                func registrations() -> Int { owner.count }
                #sourceLocation()

                """)
    }

    @Test func codeThatOneLineWouldChangeKeepsItsBlock() {
        for declaration: EmbeddedDeclaration in [
            .function("func fire(_ value: Int)", Self.code("owner.emit(value) // the event", line: 5)),
            .function("func fire(_ value: Int)", Self.code("owner.emit(value)\nowner.flush()", line: 5)),
            .constant("owner", Self.code("return Source()", line: 4)),
            .constant("owner", Self.code("let source = Source(); return source", line: 4)),
        ] {
            #expect(declaration.oneLine == nil, "\(declaration.code.value)")
            #expect(Self.printed([declaration]).contains(" {\n"), "\(declaration.code.value) is a block")
        }
    }
}
