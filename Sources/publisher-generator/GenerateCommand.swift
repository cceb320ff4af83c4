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
            Writes <name>.publishers.swift for each <name>.publishers.yaml, and \(CodeGenerator.supportFileName) \
            (the shared demand bookkeeping, once per module). Nothing is written when any input has an error; \
            a file whose bytes would not change is not touched; a file without the generated header is never \
            overwritten.

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
            "Write \(CodeGenerator.supportFileName) (with --test-support: \(TestSupportGenerator.supportFileName) and \(TestSupportGenerator.assertionsFileName)). Turn it off when another run already writes them into the same module."
    )
    var supportFile = true

    func run() throws {
        let result = try inputs.loadOrFail()
        let files: [CodeGenerator.OutputFile]
        do {
            if let module = testSupport {
                files = try TestSupportGenerator(framework: testFramework).generate(
                    result.files, module: module, includeSupport: supportFile)
            } else {
                files = try CodeGenerator().generate(result.files, includeSupport: supportFile)
            }
        } catch let missing as EmittedFiles.Missing {
            Console.standardError.write("error: \(missing)\n")
            throw ExitCode(1)
        } catch let failure as TestSupportGenerator.Failure {
            Console.standardError.write(failure.diagnostics.map(\.description).joined(separator: "\n") + "\n")
            throw ExitCode(1)
        } catch {
            Console.standardError.write("error: rendering failed: \(error)\n")
            throw ExitCode(1)
        }
        do {
            let outcomes = try GeneratedFileWriter().write(files, to: output)
            let changed = outcomes.values.filter { $0 != .unchanged }.count
            Console.standardOutput.write(
                "Generated \(Console.plural(files.count, "file")) in \(output) (\(changed) changed).\n")
        } catch let refusal as GeneratedFileWriter.Refusal {
            Console.standardError.write("\(refusal)\n")
            throw ExitCode(1)
        }
    }
}

extension TestSupportGenerator.Framework: ExpressibleByArgument {}
