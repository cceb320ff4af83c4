import ArgumentParser
import Foundation
import PublisherGeneratorCore

/// `publisher-generator init`: writes a commented starter schema.
@_documentation(visibility: private)
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a commented starter schema, with an example of each kind that needs no SDK.",
        discussion: """
            Writes Publishers.publishers.yaml, or the path given; a directory stands for \
            Publishers.publishers.yaml inside it. The name must end in .publishers.yaml or .publishers.yml, \
            which the plugins look for. The directory must exist. Refuses to overwrite an existing file unless \
            --force is given.

            Examples:
              publisher-generator init
              publisher-generator init Schemas/Player.publishers.yaml
              publisher-generator init Schemas
            """
    )

    @Argument(help: ArgumentHelp("Where to write the schema, or a directory to write it into.", valueName: "path"))
    var path: String = "Publishers.publishers.yaml"

    @Flag(help: "Overwrite the file if it exists.")
    var force = false

    func run() throws {
        let destination = resolvedPath()
        let fileName = (destination as NSString).lastPathComponent
        guard GeneratedFileNames.isSchema(fileName) else {
            throw ValidationError(
                "'\(fileName)' does not end in .publishers.yaml or .publishers.yml; the plugins look for those names.")
        }
        if FileManager.default.fileExists(atPath: destination), !force {
            Console.standardError.write("\(destination): error: file exists; pass --force to overwrite it\n")
            throw ExitCode(1)
        }
        let text = StarterSchema.text(path: destination)
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: destination), options: .atomic)
        } catch {
            Console.standardError.write("\(destination): error: cannot write file: \(error.localizedDescription)\n")
            throw ExitCode(1)
        }
        Console.standardOutput.write(
            "Wrote \(destination). Check it with: swift run publisher-generator validate \(destination)\n")
    }

    private func resolvedPath() -> String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return (path as NSString).appendingPathComponent("Publishers.publishers.yaml")
        }
        return path
    }
}
