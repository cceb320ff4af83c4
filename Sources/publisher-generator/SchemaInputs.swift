import ArgumentParser
import PublisherGeneratorCore

/// The schema files or directories a command reads.
@_documentation(visibility: private)
struct SchemaInputs: ParsableArguments {
    @Argument(
        help: ArgumentHelp(
            "Schema files, or directories to search for *.publishers.yaml / *.publishers.yml.",
            valueName: "schema"))
    var paths: [String]

    @Flag(help: "Treat warnings as errors: exit with status 1 when there are any.")
    var warningsAsErrors = false

    func validate() throws {
        if paths.isEmpty { throw ValidationError("Give at least one schema file or directory.") }
    }

    /// Runs `pipeline` over the inputs through `stage`, printing every diagnostic and a count, and
    /// fails with exit code 1 when any stage found an error (or a warning, with
    /// `--warnings-as-errors`).
    func run(
        _ pipeline: GenerationPipeline, through stage: GenerationPipeline.Stage
    ) throws
        -> GenerationPipeline.Outcome
    {
        var pipeline = pipeline
        pipeline.warningsAsErrors = warningsAsErrors
        let diagnostics = StandardErrorDiagnosticSink()
        let outcome = try pipeline.run(.paths(paths), through: stage, diagnostics: diagnostics)
        Console.summarize(diagnostics, files: outcome.schemaPaths.count)
        guard outcome.succeeded else { throw ExitCode(1) }
        return outcome
    }
}
