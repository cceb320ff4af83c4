/// One problem found in a schema, printed the way compilers print them so that SwiftPM, Xcode and
/// editors show it at the line: `path:line:column: error: message; hint`.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable {
        case error
        case warning
        case note
    }

    public var severity: Severity
    public var message: String
    /// A suggested fix, printed after the message on the same line.
    public var hint: String?
    /// `nil` when the problem has no place in a file (a file that cannot be read has no line).
    public var location: SourceLocation?
    /// The path, kept separately so a location-less diagnostic still names its file; `nil` for a
    /// problem of the tool itself, which concerns no file.
    public var path: String?

    public init(
        _ severity: Severity,
        _ message: String,
        hint: String? = nil,
        at location: SourceLocation
    ) {
        self.severity = severity
        self.message = message
        self.hint = hint
        self.location = location
        self.path = location.path
    }

    public init(_ severity: Severity, _ message: String, hint: String? = nil, file path: String) {
        self.severity = severity
        self.message = message
        self.hint = hint
        self.location = nil
        self.path = path
    }

    /// A problem of the tool itself, not of any input file.
    public init(_ severity: Severity, _ message: String, hint: String? = nil) {
        self.severity = severity
        self.message = message
        self.hint = hint
        self.location = nil
        self.path = nil
    }

    public static func error(
        _ message: String, hint: String? = nil, at location: SourceLocation
    )
        -> Diagnostic
    {
        Diagnostic(.error, message, hint: hint, at: location)
    }

    public static func warning(
        _ message: String, hint: String? = nil, at location: SourceLocation
    )
        -> Diagnostic
    {
        Diagnostic(.warning, message, hint: hint, at: location)
    }

    /// The single line a user sees.
    public var description: String {
        let text = hint.map { "\(message); \($0)" } ?? message
        guard let place = location?.description ?? path else { return "\(severity.rawValue): \(text)" }
        return "\(place): \(severity.rawValue): \(text)"
    }
}
