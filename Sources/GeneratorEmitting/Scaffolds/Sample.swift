import GeneratorDiagnostics
import GeneratorModel

/// How the scaffolds make the `index`th value of a publisher's output.
package struct Sample {
    /// A Swift expression of the output type, with `index` in scope.
    let expression: String
    /// Whether the tests may compare values; only the built-in samples are known to be `Equatable`.
    package let isEquatable: Bool

    /// The `valuesEqual:` argument of the test support's checks: its `equalValues`, the `==` of an
    /// `Equatable` type as a function, or `nil`. Not `(==)`: to name the operator makes the compiler
    /// weigh every `==` in scope, a few milliseconds of each test case's build.
    package var valuesEqual: String { isEquatable ? "equalValues" : "nil" }
    /// Whether samples of different indices differ, so that a delivered value tells which was sent.
    let isDistinct: Bool
    /// Where the schema's `sample:` was written; `nil` for a built-in sample.
    let location: SourceLocation?

    init(_ expression: String, isEquatable: Bool = true, isDistinct: Bool = true, location: SourceLocation? = nil) {
        self.expression = expression
        self.isEquatable = isEquatable
        self.isDistinct = isEquatable && isDistinct
        self.location = location
    }

    /// The declaration's `sample:`, or a built-in one; `nil` when the output needs a `sample:` the
    /// schema lacks.
    init?(for declaration: PublisherDeclaration) {
        if let written = declaration.sample {
            self.init(written.value, isEquatable: false, location: written.location)
        } else if let builtIn = BuiltInSample.byOutput[declaration.resolvedOutput] {
            self.init(builtIn.expression, isEquatable: builtIn.isEquatable, isDistinct: builtIn.isDistinct)
        } else {
            return nil
        }
    }

    /// Failure types for which the tests can make an error themselves.
    static let anyErrorSpellings: Set<String> = ["Error", "any Error", "Swift.Error", "any Swift.Error"]
}

extension Sample {
    /// The start of every scaffold suite of a publisher: the subject type, and `sample` returning
    /// this value for an index; a schema's `sample:` between the `#sourceLocation` directives of
    /// `sourceFile`.
    ///
    /// `onMainThread`: the value is made with the test support's `madeOnMainActor` (which is
    /// `MainActor.assumeIsolated` without its `Sendable` requirement on the value), for samples of a
    /// main-actor sender in a suite whose tests run on the main thread.
    package func printSuiteHead(
        of typeName: String, valueIs role: String, onMainThread: Bool = false, sourceFile: String?,
        to printer: inout SwiftPrinter
    ) {
        printSuiteHead(
            of: typeName, element: "Subject.Output", valueIs: role, onMainThread: onMainThread,
            sourceFile: sourceFile, to: &printer)
    }

    /// The start of a scaffold suite: `Subject`, and `sample` returning this value of `element` for
    /// an index. `memberAvailability`: written above each of them (Swift Testing
    /// suites of declarations available later than Combine).
    func printSuiteHead(
        of typeName: String, element: String, valueIs role: String, onMainThread: Bool,
        memberAvailability: String? = nil, sourceFile: String?, to printer: inout SwiftPrinter
    ) {
        if let memberAvailability { printer.line(memberAvailability) }
        printer.line("typealias Subject = \(typeName)")
        printer.blankLine()
        printer.line("/// The value the tests \(role).")
        if let memberAvailability { printer.line(memberAvailability) }
        let head = "func sample(_ index: Int) -> \(element)"
        let body = onMainThread ? "madeOnMainActor { \(expression) }" : expression
        let oneLine = "\(head) { \(body) }"
        // A directive would name the availability attribute's line, not the function's.
        if !EmbeddedDeclaration.needsLines(expression), location == nil || memberAvailability == nil,
            printer.indent + oneLine.count <= SwiftPrinter.lineLimit
        {
            if let location {
                printer.anchored(toSchemaLine: location.line, in: sourceFile) { $0.line(oneLine) }
            } else {
                printer.line(oneLine)
            }
            printer.blankLine()
            return
        }
        printer.block(head) { printer in
            if onMainThread {
                printer.block("madeOnMainActor") { printExpression(in: sourceFile, to: &$0) }
            } else {
                printExpression(in: sourceFile, to: &printer)
            }
        }
        printer.blankLine()
    }

    /// The expression; a schema's between `#sourceLocation` directives.
    private func printExpression(in sourceFile: String?, to printer: inout SwiftPrinter) {
        if let location {
            printer.embedded(Located(expression, at: location), in: sourceFile)
        } else {
            printer.lines(expression)
        }
    }
}
