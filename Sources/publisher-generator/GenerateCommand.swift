import ArgumentParser
import Foundation
import PublisherGeneratorCore

/// `publisher-generator generate`: validates, then writes one Swift file per schema plus the
/// module's shared bookkeeping file.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate Swift publishers from schema files into an output directory.",
        discussion: """
            Writes <name>.publishers.swift for each <name>.publishers.yaml, and \(GeneratedFileNames.publisherSupport) \
            (the shared demand bookkeeping, once per module). Nothing is written when any input has an error; \
            a file whose bytes would not change is not touched; a file without the generated header is never \
            overwritten.

            Compile errors in the schemas' Swift code (register, unregister, next, value, sample) are reported at \
            the schema's line: generated code names the schema in #sourceLocation directives, by its path relative \
            to the current directory unless told otherwise.

            Examples:
              publisher-generator generate Player.publishers.yaml --output Generated
              publisher-generator generate Sources/Player --output Sources/Player/Generated
            """
    )

    @OptionGroup var inputs: SchemaInputs

    @Option(help: ArgumentHelp("The directory that receives the generated Swift files.", valueName: "directory"))
    var output: String

    @Option(
        help: ArgumentHelp(
            "Write XCTest scaffolds and test support for the publishers, which live in <module>, instead of the publishers.",
            valueName: "module"))
    var testSupport: String?

    @Option(help: "The testing library of the scaffolds: xctest (default) or swift-testing.")
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

    func validate() throws {
        if absoluteSchemaPaths, schemaPathsRelativeTo != nil {
            throw ValidationError("Give either --schema-paths-relative-to or --absolute-schema-paths, not both.")
        }
    }

    func run() throws {
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
