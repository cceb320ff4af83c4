/// `kind: polling`: a pull source. `next` runs inside a function the pull engine calls only while
/// the subscriber has demand.
struct PollingEmitter: KindEmitter {
    static let namesInScope = ["publisherNext"]

    let text: DeclarationText
    let source: PollingSource

    func printPublisher(to printer: inout SwiftPrinter) {
        let access = text.access
        let ending =
            text.failureIsNever ? "finishes the stream." : "finishes the stream and a thrown error fails it."
        let failing = text.failureIsNever ? "" : "; a thrown error fails the stream"
        printer.docComment(text.summary)
        printer.line("///")
        printer.docComment(
            "Asks its source for the next value only while the subscriber has outstanding demand; `nil` \(ending)")
        printer.topLevel("\(access)nonisolated struct \(text.typeName): Publisher") { printer in
            printer.lines(
                """
                \(access)typealias Output = \(text.output)
                \(access)typealias Failure = \(text.failure)

                /// `next` as a `Result`: no typed-throws function type is stored (it would need the Swift 6
                /// runtime on Apple platforms).
                private let next: () -> Result<Output?, Failure>

                /// Creates the publisher from a plain closure, e.g. to drive it by hand in tests.
                ///
                /// - Parameter next: Returns the next value, or `nil` at the end\(failing).
                """)
            printer.block("\(access)init(next: @escaping () throws(Failure) -> Output?)") {
                $0.lines(pulling("self.init", calling: "next", failure: "Failure"))
            }
            printer.blankLine()
            printer.lines(
                """
                /// Creates the publisher from a function that returns the next value or the failure.
                init(pulling next: @escaping () -> Result<Output?, Failure>) {
                    self.next = next
                }

                \(access)func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
                    PullSubscription(name: "\(text.name)", downstream: .wrapping(subscriber), next: next).begin()
                }
                """)
        }
        printer.blankLine()
        let typeName = text.typeName
        if let owner = text.owner {
            printer.topLevel("nonisolated extension \(owner)") { printer in
                printer.docComment(text.summary)
                printer.signature("\(access)func \(text.factoryName)", text.parameters(), returning: typeName) {
                    printer in
                    printer.block("func publisherNext() throws(\(typeName).Failure) -> \(typeName).Output?") {
                        $0.embedded(source.next, in: text.sourceFile)
                    }
                    printer.lines(
                        pulling("return \(typeName)", calling: "publisherNext", failure: "\(typeName).Failure"))
                }
            }
        } else {
            printer.topLevel("nonisolated extension \(typeName)") { printer in
                printer.docComment(text.summary)
                printer.signature("\(access)init", text.parameters()) { printer in
                    printer.block("func publisherNext() throws(Failure) -> Output?") {
                        $0.embedded(source.next, in: text.sourceFile)
                    }
                    printer.lines(pulling("self.init", calling: "publisherNext", failure: "Failure"))
                }
            }
        }
    }

    /// `head(pulling: …)` with a closure that calls the typed-throws function `function` directly
    /// and returns its value or error as a `Result`, so that only a plain function type is stored
    /// and handed to the engine (Docs/ApplePlatforms.md, rule 3). Lines below the first are
    /// indented as they will appear under `head`.
    private func pulling(_ head: String, calling function: String, failure: String) -> String {
        if text.failureIsNever { return "\(head)(pulling: { .success(\(function)()) })" }
        return """
            \(head)(pulling: {
                do throws(\(failure)) {
                    return .success(try \(function)())
                } catch {
                    return .failure(error)
                }
            })
            """
    }

    func printScaffold(to printer: inout SwiftPrinter, dialect: TestDialect, sample: Sample) {
        PollingScaffold(text: text, sample: sample, dialect: dialect).print(to: &printer)
    }
}
