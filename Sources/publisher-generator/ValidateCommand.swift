import ArgumentParser
import PublisherGeneratorCore

/// `publisher-generator validate`: reports every problem of every schema, writes nothing.
@_documentation(visibility: private)
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check schema files and report every problem as path:line:column diagnostics.",
        discussion: """
            Writes nothing. Every problem of every input goes to standard error, one a line, as \
            path:line:column: error: message (or warning:), followed by a count. Exit status 1 when any \
            schema has an error, or a warning with --warnings-as-errors.

            Examples:
              publisher-generator validate Schemas/Examples/Heartbeat.publishers.yaml
              publisher-generator validate Schemas/Examples --warnings-as-errors
            """
    )

    @OptionGroup var inputs: SchemaInputs

    func run() throws {
        let outcome = try inputs.run(GenerationPipeline(), through: .validate)
        let count = outcome.schemas.reduce(0) { $0 + $1.publishers.count }
        Console.standardOutput.write(
            "Validated \(Console.plural(count, "publisher")) in \(Console.plural(outcome.schemas.count, "file")).\n")
    }
}
