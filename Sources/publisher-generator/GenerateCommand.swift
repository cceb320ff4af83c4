import ArgumentParser

/// `publisher-generator generate`: validates, then writes one Swift file per schema.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate Swift publishers from schema files into an output directory.",
        discussion: """
            Nothing is written when any input has an error.

            Examples:
              publisher-generator generate Player.publishers.yaml --output Generated
              publisher-generator generate Sources/Player --output Sources/Player/Generated
            """
    )

    @OptionGroup var inputs: SchemaInputs

    @Option(help: ArgumentHelp("The directory that receives the generated Swift files.", valueName: "directory"))
    var output: String

    func run() throws {
        let result = try inputs.loadOrFail()
        let count = result.files.reduce(0) { $0 + $1.publishers.count }
        // Rendering lands with the code-generation templates; until then say plainly that this
        // run only validated, so nobody mistakes an empty output directory for success.
        Console.standardError.write(
            "note: validated \(Console.plural(count, "publisher")) in \(Console.plural(result.files.count, "file")); "
                + "Swift code rendering is not available in this version, so nothing was written to '\(output)'.\n")
    }
}
