import ArgumentParser
import Foundation

/// `publisher-generator`: validates publisher schemas and generates Combine publishers from them.
@main
struct PublisherGenerator: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publisher-generator",
        abstract: "Generate Combine publishers with correct demand bookkeeping from YAML schemas.",
        discussion: """
            Schema files are YAML files whose names end in .publishers.yaml or .publishers.yml.
            A directory argument stands for every schema file below it.

            Exit status: 0 on success, 1 when a schema has errors, 2 on a usage error.

            Examples:
              publisher-generator init Sources/Player/Player.publishers.yaml
              publisher-generator validate Sources/Player/Player.publishers.yaml
              publisher-generator validate Sources/
              publisher-generator generate Sources/Player --output Sources/Player/Generated
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
