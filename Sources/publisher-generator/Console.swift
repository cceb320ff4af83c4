import Foundation
import PublisherGeneratorCore

/// Where the tool talks: results to standard output, diagnostics to standard error.
@_documentation(visibility: private)
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

    /// After the diagnostics, how many there were, when there were any.
    static func summarize(_ diagnostics: StandardErrorDiagnosticSink, files: Int) {
        var parts: [String] = []
        if diagnostics.errorCount > 0 { parts.append(plural(diagnostics.errorCount, "error")) }
        if diagnostics.warningCount > 0 { parts.append(plural(diagnostics.warningCount, "warning")) }
        guard !parts.isEmpty else { return }
        standardError.write("\(parts.joined(separator: " and ")) in \(plural(files, "file")).\n")
    }

    static func plural(_ count: Int, _ noun: String) -> String {
        count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
    }
}
