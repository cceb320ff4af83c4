/// A test a kind adds to the tests its delivery shares: its name (without `test`) and its body, in
/// the dialect of the chosen framework.
package struct ScaffoldTest {
    let name: String
    let printBody: (inout SwiftPrinter, TestDialect) -> Void

    package init(name: String, printBody: @escaping (inout SwiftPrinter, TestDialect) -> Void) {
        self.name = name
        self.printBody = printBody
    }
}

extension SwiftPrinter {
    /// The doc comment of a scaffold suite, on one line when it fits: its subject, how the tests
    /// drive it (`driven`), and the no-demand policy if it has one (on a line of its own when the
    /// whole does not fit). The file's header says what every suite does.
    package mutating func suiteDoc(_ subject: String, _ driven: String, policy: PolicyScenario?) {
        let head = "`\(subject)` \(driven)"
        guard let policy else { return docComment(head + ".") }
        let oneLine = "\(head), \(policy.phrase)."
        docComment(indent + 4 + oneLine.count <= Self.docCommentWidth ? oneLine : "\(head),\n\(policy.phrase).")
    }
}
