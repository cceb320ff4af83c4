import Foundation
import PackagePlugin

/// The tool's diagnostics, passed on as the plugin's own. SwiftPM prints what a command plugin (and
/// a child it starts, which shares its standard error) writes only once the plugin has ended, after
/// every diagnostic the plugin emitted, the error it throws included: the tool's errors, written
/// straight through, came after "publisher-generator failed …; see the errors above". Diagnostics
/// are printed as they arrive, in order, so the tool's lines go through them and the summary, thrown
/// last, comes last.
enum ToolDiagnostics {
    /// The severities the tool writes, `path:line:column: <severity>: message`.
    static let severities = ["error", "warning", "note"]

    /// Emits each diagnostic line of `text` (the tool's standard error) with its severity and its
    /// location first (`error: Sources/Feed/Feed.publishers.yaml:9:15: 'interval' must be …`: SwiftPM
    /// puts the severity first, and prints no location it is given apart), and returns the other
    /// lines (the tool's count, `2 errors in 1 file.`), for the summary.
    static func emit(_ text: String) -> [String] {
        var others: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) {
            guard
                let (severity, range) = severities.lazy.compactMap({ severity in
                    line.range(of: ": \(severity): ").map { (severity, $0) }
                }).first
            else {
                others.append(line)
                continue
            }
            let message = String(line[..<range.lowerBound]) + ": " + line[range.upperBound...]
            switch severity {
            case "error": Diagnostics.error(message)
            case "warning": Diagnostics.warning(message)
            default: Diagnostics.remark(message)
            }
        }
        return others
    }
}
