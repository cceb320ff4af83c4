/// Checks only a declaration's kind has, added to the tests its delivery shares: the test support's
/// type that runs them, as a property of the suite made with `arguments` (and the dialect's
/// `report`), and one test per check, named as the check.
package struct KindChecks {
    /// The suite's property that holds them, as `checks` holds the shared ones.
    let property: String
    /// The test support's type, with its generic arguments: `PeriodicPublisherChecks<Subject>`.
    let checksType: String
    let arguments: [String]
    let checks: [any SupportChecks]

    /// `genericArguments`: those of the test support's type, as `Subject`.
    package init<Check: SupportChecks>(
        property: String, genericArguments: String, arguments: [String], checks: [Check]
    ) {
        self.property = property
        self.checksType = "\(Check.supportType)<\(genericArguments)>"
        self.arguments = arguments
        self.checks = checks
    }

    /// The property, then a test per check.
    func print(to printer: inout SwiftPrinter, dialect: TestDialect) {
        printer.blankLine()
        printer.block("var \(property): \(checksType)") { printer in
            printer.call(
                String(checksType.prefix { $0 != "<" }),
                arguments: arguments + ["report: \(dialect.reportFunctionName)"])
        }
        printer.blankLine()
        for check in checks {
            printer.checkTest(check, in: dialect, on: property)
        }
    }
}
