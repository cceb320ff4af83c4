import ArgumentParser
import Foundation

/// `publisher-generator`: validates publisher schemas and generates publishers, sequences and
/// their tests from them.
@main
@_documentation(visibility: private)
struct PublisherGenerator: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publisher-generator",
        abstract: "Generate Combine publishers and async sequences, and their tests, from YAML schemas.",
        discussion: """
            Each declaration in a schema becomes a Combine publisher and an AsyncSequence (<Name>Sequence), \
            or only the form its file's emit: key lists. generate writes them; generate --test-support writes their \
            tests instead, for XCTest or Swift Testing.

            Schema files are YAML files whose names end in .publishers.yaml or .publishers.yml. A directory \
            argument stands for every schema file below it.

            Every problem of every input goes to standard error, one a line, as \
            path:line:column: error: message (or warning:).
            Exit status: 0 on success, 1 when a schema has errors, 2 on a usage error.

            In a package, the build-tool plugin PublisherGeneratorPlugin runs this tool during the build, and \
            the command plugin (swift package generate-publishers) writes files to commit.

            Examples:
              publisher-generator init Schemas/Player.publishers.yaml
              publisher-generator validate Schemas/Examples
              publisher-generator generate Schemas/Examples --output .build/examples
            """,
        subcommands: [ValidateCommand.self, GenerateCommand.self, InitCommand.self]
    )

    /// Maps errors to the documented exit codes: argument-parser's usage errors exit 2 here
    /// (it uses 64 by default), schema problems exit 1.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let exit as ExitCode {
            Foundation.exit(exit.rawValue)
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success {
                print(message)
                Foundation.exit(0)
            }
            if !message.isEmpty { Console.standardError.write(message + "\n") }
            Foundation.exit(code == .validationFailure ? 2 : 1)
        }
    }
}
