import Foundation
import GeneratedFiles
import GeneratorDiagnostics

/// Writes generated files safely: never over a file that lacks the generated header, each file
/// written to a temporary file and renamed into place, and a file whose bytes are unchanged left
/// alone so its modification time does not trigger rebuilds.
public struct GeneratedFileWriter: Sendable {
    public enum Outcome: Equatable, Sendable {
        case created
        case updated
        case unchanged
    }

    /// A reason nothing (or, for a failure in the middle of writing, nothing more) was written.
    public struct Refusal: Error, CustomStringConvertible, Sendable {
        public var path: String
        public var message: String
        /// The refusal as the pipeline reports it: an error at the file it concerns.
        public var diagnostic: Diagnostic { Diagnostic(.error, message, file: path) }
        public var description: String { diagnostic.description }
    }

    public init() {}

    /// Checks every destination first and writes nothing if any would clobber a user file.
    public func write(
        _ files: [OutputFile], to directory: String
    ) throws(Refusal) -> [String: Outcome] {
        var seen: Set<String> = []
        for file in files {
            let path = (directory as NSString).appendingPathComponent(file.name)
            guard seen.insert(file.name).inserted else {
                throw Refusal(path: path, message: "two schemas would generate the same file; rename one of them")
            }
            if let existing = FileManager.default.contents(atPath: path),
                !GeneratedFileHeader.isGenerated(String(decoding: existing, as: UTF8.self))
            {
                throw Refusal(
                    path: path,
                    message:
                        "not overwriting a file that publisher-generator did not generate; move it or choose another --output"
                )
            }
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw Refusal(path: directory, message: "cannot create the output directory: \(error.localizedDescription)")
        }
        var outcomes: [String: Outcome] = [:]
        for file in files {
            let path = (directory as NSString).appendingPathComponent(file.name)
            let bytes = Data(file.contents.utf8)
            let existing = FileManager.default.contents(atPath: path)
            if existing == bytes {
                outcomes[file.name] = .unchanged
                continue
            }
            do {
                try bytes.write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw Refusal(path: path, message: "cannot write the file: \(error.localizedDescription)")
            }
            outcomes[file.name] = existing == nil ? .created : .updated
        }
        return outcomes
    }
}
