/// Gathers every problem of every input so one run reports them all, in a stable order.
public struct DiagnosticCollector: Sendable {
    public private(set) var diagnostics: [Diagnostic] = []

    public init() {}

    public mutating func emit(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    public mutating func error(_ message: String, hint: String? = nil, at location: SourceLocation) {
        emit(.error(message, hint: hint, at: location))
    }

    public mutating func warning(_ message: String, hint: String? = nil, at location: SourceLocation) {
        emit(.warning(message, hint: hint, at: location))
    }

    public mutating func append(contentsOf other: DiagnosticCollector) {
        diagnostics.append(contentsOf: other.diagnostics)
    }

    /// These diagnostics followed by `other`'s.
    public func merging(_ other: DiagnosticCollector) -> DiagnosticCollector {
        var merged = self
        merged.append(contentsOf: other)
        return merged
    }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    public var errorCount: Int { diagnostics.count { $0.severity == .error } }
    public var warningCount: Int { diagnostics.count { $0.severity == .warning } }

    /// Diagnostics grouped by file in the order the files were given, then by position; problems
    /// without a position come first in their file. Sorting is stable so equal positions keep the
    /// order in which they were found.
    public func sorted(fileOrder: [String]) -> [Diagnostic] {
        let rank = Dictionary(fileOrder.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        return diagnostics.enumerated().sorted { lhs, rhs in
            let (l, r) = (lhs.element, rhs.element)
            let (lFile, rFile) = (l.path.flatMap { rank[$0] } ?? Int.max, r.path.flatMap { rank[$0] } ?? Int.max)
            if lFile != rFile { return lFile < rFile }
            if l.path != r.path { return (l.path ?? "") < (r.path ?? "") }
            switch (l.location, r.location) {
            case let (lLoc?, rLoc?) where lLoc != rLoc: return lLoc < rLoc
            case (nil, _?): return true
            case (_?, nil): return false
            default: return lhs.offset < rhs.offset
            }
        }.map(\.element)
    }
}
