import Foundation

/// Writes a line of the pass's progress at once: a test's standard output is a pipe or a file in
/// CI, where `print` would hold it back until the pass ends.
func progress(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
