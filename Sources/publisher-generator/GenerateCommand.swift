import ArgumentParser
import Foundation
import PublisherGeneratorCore

/// `publisher-generator generate`: validates, then writes one Swift file per schema plus the
/// module's shared engines, or with `--test-support` the tests of those publishers and sequences.
@_documentation(visibility: private)
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate publishers and async sequences, or their tests, into a directory.",
        discussion: """
            Writes <name>.publishers.swift for each <name>.publishers.yaml (a Combine publisher and an \
            AsyncSequence per declaration, or only the form its file's emit: key lists), and the shared engines once \
            per module: \(GeneratedFileNames.supportFiles.joined(separator: ", ")). A form that no schema emits \
            gets a stub.

            With --test-support <module>, writes tests for the publishers and sequences of <module> instead: \
            <name>.publisherTests.swift for XCTest, or Swift Testing with --test-framework swift-testing, and \
            the test support files.

            Nothing is written when any input has an error; a file whose bytes would not change is not touched; \
            a file without the generated header is never overwritten.

            Compile errors in a schema's Swift code are reported at the schema's line: generated code names \
            the schema in #sourceLocation directives, by its path relative to the current directory unless \
            told otherwise.

            Examples:
              publisher-generator generate Schemas/Examples --output .build/examples
              publisher-generator generate Schemas/Examples --output .build/tests \\
                  --test-support GeneratedExamples --test-framework swift-testing
            """
    )

    @OptionGroup var inputs: SchemaInputs

    @Option(
        help: ArgumentHelp(
            "The directory that receives the generated Swift files; created if missing.", valueName: "directory"))
    var output: String

    @Option(
        help: ArgumentHelp(
            "Write tests and their support for the publishers and sequences of <module>, instead of the publishers and sequences.",
            valueName: "module"))
    var testSupport: String?

    @Option(help: "The test framework of the tests that --test-support writes.")
    var testFramework: TestSupportGenerator.Framework = .xctest

    @Flag(
        inversion: .prefixedNo,
        help:
            "Write \(GeneratedFileNames.supportFiles.joined(separator: ", ")) (with --test-support: \(GeneratedFileNames.testSupportFiles.joined(separator: ", "))). Turn it off when another run already writes them into the same module."
    )
    var supportFile = true

    @Option(
        help: ArgumentHelp(
            "Name each schema in the #sourceLocation directives relative to <directory> (default: the current directory), so that committed output is the same on every machine.",
            valueName: "directory"))
    var schemaPathsRelativeTo: String?

    @Flag(
        help:
            "Name each schema by its absolute path in the #sourceLocation directives, for output that is never committed (the build plugin's)."
    )
    var absoluteSchemaPaths = false

    /// The build plugin's: generated files its target also compiles, committed. The run fails,
    /// naming them, from a build command, so that SwiftPM prints the error once per build.
    @Option(
        name: .customLong("committed-output"),
        help: ArgumentHelp("Fail, naming these committed generated files of the target.", visibility: .hidden))
    var committedOutputs: [String] = []

    @Option(help: ArgumentHelp("The target that --committed-output names.", visibility: .hidden))
    var target: String?

    func validate() throws {
        if absoluteSchemaPaths, schemaPathsRelativeTo != nil {
            throw ValidationError("Give either --schema-paths-relative-to or --absolute-schema-paths, not both.")
        }
        if !committedOutputs.isEmpty, target == nil {
            throw ValidationError("Give --target with --committed-output.")
        }
    }

    func run() throws {
        if let target, !committedOutputs.isEmpty {
            let conflict = CommittedOutputConflict.diagnostic(target: target, committedFiles: committedOutputs)
            Console.standardError.write("\(conflict)\n")
            throw ExitCode(1)
        }
        let product: GenerationPipeline.Product =
            testSupport.map { .tests(module: $0, framework: testFramework) } ?? .publishers
        let paths: SourceLocationPaths =
            absoluteSchemaPaths ? .absolute : .relative(to: schemaPathsRelativeTo ?? ".")
        let pipeline = GenerationPipeline(product: product, includeSupport: supportFile, sourceLocationPaths: paths)
        let outcome = try inputs.run(pipeline, through: .write(to: output))
        let changed = outcome.written.values.filter { $0 != .unchanged }.count
        Console.standardOutput.write(
            "Generated \(Console.plural(outcome.outputs.count, "file")) in \(output) (\(changed) changed).\n")
    }
}

extension TestSupportGenerator.Framework: ExpressibleByArgument {}
