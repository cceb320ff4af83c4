import Foundation

/// Where every stage of the pipeline reports its problems: loading, validation, rendering and
/// writing all speak through one sink, so a caller chooses once how problems reach the user.
public protocol DiagnosticSink: AnyObject {
    /// Takes one diagnostic. A sink may throw to stop the run at that point.
    func emit(_ diagnostic: Diagnostic) throws
}

/// Keeps every diagnostic, for tests and for callers that present them their own way.
public final class CollectingDiagnosticSink: DiagnosticSink {
    public private(set) var diagnostics: [Diagnostic] = []

    public init() {}

    public func emit(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// Prints each diagnostic as one `path:line:column: severity: message; hint` line on standard
/// error, the form SwiftPM, Xcode and editors show at the line, and counts them for a summary.
public final class StandardErrorDiagnosticSink: DiagnosticSink {
    public private(set) var errorCount = 0
    public private(set) var warningCount = 0

    public init() {}

    public func emit(_ diagnostic: Diagnostic) {
        switch diagnostic.severity {
        case .error: errorCount += 1
        case .warning: warningCount += 1
        case .note: break
        }
        FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
    }
}

/// Passes each diagnostic on, then throws ``DiagnosticError`` at the first error, for callers
/// that want generation to either succeed or fail with the reason (the fuzz target, scripts).
public final class ThrowingDiagnosticSink: DiagnosticSink {
    private let upstream: (any DiagnosticSink)?

    /// - Parameter upstream: Also receives every diagnostic, errors before the throw.
    public init(upstream: (any DiagnosticSink)? = nil) {
        self.upstream = upstream
    }

    public func emit(_ diagnostic: Diagnostic) throws {
        try upstream?.emit(diagnostic)
        if diagnostic.severity == .error { throw DiagnosticError([diagnostic]) }
    }
}

/// Problems thrown as an error: by ``ThrowingDiagnosticSink``, and by the emitters for what can
/// only be found while rendering (an output type without a sample value, the tool's own files
/// missing), which the pipeline passes on to its sink like any other diagnostic.
public struct DiagnosticError: Error, CustomStringConvertible, Sendable {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
