import ArgumentParser
import PublisherGeneratorCore

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
        let outcome = try inputs.run(GenerationPipeline(), through: .validate)
        let count = outcome.schemas.reduce(0) { $0 + $1.publishers.count }
        Console.standardOutput.write(
            "Validated \(Console.plural(count, "publisher")) in \(Console.plural(outcome.schemas.count, "file")).\n")
    }
}
