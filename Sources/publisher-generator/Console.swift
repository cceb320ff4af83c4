import Foundation
import PublisherGeneratorCore

/// Where the tool talks: results to standard output, diagnostics to standard error.
enum Console {
    final class Stream: Sendable {
        private let handle: FileHandle

        init(_ handle: FileHandle) {
            self.handle = handle
        }

        func write(_ text: String) {
            handle.write(Data(text.utf8))
        }
    }

    static let standardError = Stream(.standardError)
    static let standardOutput = Stream(.standardOutput)

    /// Prints every diagnostic, one line each, then a count when there were any.
    static func report(_ result: SchemaLoader.Result) {
        let diagnostics = result.sortedDiagnostics
        guard !diagnostics.isEmpty else { return }
        standardError.write(diagnostics.map(\.description).joined(separator: "\n") + "\n")
        let errors = result.diagnostics.errorCount
        let warnings = result.diagnostics.warningCount
        var parts: [String] = []
        if errors > 0 { parts.append(errors == 1 ? "1 error" : "\(errors) errors") }
        if warnings > 0 { parts.append(warnings == 1 ? "1 warning" : "\(warnings) warnings") }
        standardError.write("\(parts.joined(separator: " and ")) in \(plural(result.paths.count, "file")).\n")
    }

    static func plural(_ count: Int, _ noun: String) -> String {
        count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
    }
}
