import ArgumentParser

/// `publisher-generator validate`: reports every problem of every schema, writes nothing.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check schema files and report every problem as path:line:column diagnostics.",
        discussion: """
            Examples:
              publisher-generator validate Player.publishers.yaml Feed.publishers.yaml
              publisher-generator validate Sources/ --warnings-as-errors
            """
    )

    @OptionGroup var inputs: SchemaInputs

    func run() throws {
        let result = try inputs.loadOrFail()
        let count = result.files.reduce(0) { $0 + $1.publishers.count }
        Console.standardOutput.write(
            "Validated \(Console.plural(count, "publisher")) in \(Console.plural(result.files.count, "file")).\n")
    }
}
