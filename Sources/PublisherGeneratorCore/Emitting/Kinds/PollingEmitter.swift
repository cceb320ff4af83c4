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
        printer.block("\(access)struct \(text.typeName): Publisher") { printer in
            printer.lines(
                """
                \(access)typealias Output = \(text.output)
                \(access)typealias Failure = \(text.failure)

                private let next: () throws(Failure) -> Output?

                /// Creates the publisher from a plain closure, e.g. to drive it by hand in tests.
                ///
                /// - Parameter next: Returns the next value, or `nil` at the end\(failing).
                \(access)init(next: @escaping () throws(Failure) -> Output?) {
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
            printer.block("extension \(owner)") { printer in
                printer.docComment(text.summary)
                printer.signature("\(access)func \(text.factoryName)", text.parameters(), returning: typeName) {
                    printer in
                    printer.block("func publisherNext() throws(\(typeName).Failure) -> \(typeName).Output?") {
                        $0.lines(source.next.value)
                    }
                    printer.line("return \(typeName)(next: publisherNext)")
                }
            }
        } else {
            printer.block("extension \(typeName)") { printer in
                printer.docComment(text.summary)
                printer.signature("\(access)init", text.parameters()) { printer in
                    printer.block("func publisherNext() throws(Failure) -> Output?") { $0.lines(source.next.value) }
                    printer.line("self.init(next: publisherNext)")
                }
            }
        }
    }

    func printScaffold(to printer: inout SwiftPrinter, dialect: TestDialect, sample: Sample) {
        PollingScaffold(text: text, sample: sample, dialect: dialect).print(to: &printer)
    }
}
