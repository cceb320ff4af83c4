import ArgumentParser
import PublisherGeneratorCore

/// The schema files or directories a command reads.
struct SchemaInputs: ParsableArguments {
    @Argument(
        help: ArgumentHelp(
            "Schema files, or directories to search for *.publishers.yaml / *.publishers.yml.",
            valueName: "schema"))
    var paths: [String]

    @Flag(help: "Treat warnings as errors.")
    var warningsAsErrors = false

    func validate() throws {
        if paths.isEmpty { throw ValidationError("Give at least one schema file or directory.") }
    }

    /// Loads and validates every input, prints the diagnostics, and fails with exit code 1 when
    /// any input has an error (or a warning, with `--warnings-as-errors`).
    func loadOrFail() throws -> SchemaLoader.Result {
        let result = SchemaLoader().load(paths: paths)
        Console.report(result)
        if result.diagnostics.hasErrors || (warningsAsErrors && result.diagnostics.warningCount > 0) {
            throw ExitCode(1)
        }
        return result
    }
}
