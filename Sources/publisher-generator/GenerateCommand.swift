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
            "A directory of Stencil templates that replace the built-in ones of the same name.",
            valueName: "directory"))
    var templates: String?

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
            "Write \(CodeGenerator.supportFileName). Turn it off when another run already writes it into the same module."
    )
    var supportFile = true

    func validate() throws {
        var isDirectory: ObjCBool = false
        if let templates,
            !FileManager.default.fileExists(atPath: templates, isDirectory: &isDirectory)
                || !isDirectory.boolValue
        {
            throw ValidationError("--templates '\(templates)' is not a directory.")
        }
    }

    func run() throws {
        let result = try inputs.loadOrFail()
        let files: [CodeGenerator.OutputFile]
        do {
            let renderer = TemplateRenderer(overrideDirectory: templates)
            if let module = testSupport {
                files = try TestSupportGenerator(renderer: renderer, framework: testFramework).generate(
                    result.files, module: module, includeSupport: supportFile)
            } else {
                files = try CodeGenerator(renderer: renderer).generate(result.files, includeSupport: supportFile)
            }
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
