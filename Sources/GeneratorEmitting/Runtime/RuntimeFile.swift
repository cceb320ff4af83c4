import GeneratedFiles
import GeneratorDiagnostics
import GeneratorModel

/// A Swift file of `Runtime/` emitted as it is: the generated header, then its text byte for
/// byte. Nothing is substituted, so the file compiles where it is written (its own targets do
/// that) and is what every generated module gets.
struct RuntimeFile {
    /// The output file name.
    let name: String
    /// Its path inside `Runtime/`.
    let path: String

    static let engine = RuntimeFile(
        name: GeneratedFileNames.publisherSupport, path: "Engine/GeneratedPublisherSupport.swift")
    static let combineEngine = RuntimeFile(
        name: GeneratedFileNames.combineSupport, path: "Engine/GeneratedPublisherSupport+Combine.swift")
    static let asyncEngine = RuntimeFile(
        name: GeneratedFileNames.asyncSupport, path: "Engine/GeneratedPublisherSupport+Async.swift")

    /// The engine of `form`.
    static func engine(for form: EmittedForm) -> RuntimeFile {
        switch form {
        case .combine: combineEngine
        case .async: asyncEngine
        }
    }

    /// What stands in for the engine of `form` when no schema emits it: the file still exists, so
    /// that build plugins can name every output without reading the schemas.
    static func absentEngine(for form: EmittedForm) -> OutputFile {
        let reason =
            switch form {
            case .combine:
                "No schema of this module emits the Combine form (`emit:` leaves out `combine`), so its\n"
                    + "// engine is left out and nothing here imports Combine."
            case .async:
                "No schema of this module emits the async form (`emit:` leaves out `async`), so its engine\n"
                    + "// is left out."
            }
        return stub(named: engine(for: form).name, reason: reason)
    }

    static let testSupport = RuntimeFile(
        name: GeneratedFileNames.testSupport, path: "TestSupport/Common/GeneratedPublisherTestSupport.swift")
    static let combineTestSupport = RuntimeFile(
        name: GeneratedFileNames.combineTestSupport,
        path: "TestSupport/Common/GeneratedPublisherTestSupport+Combine.swift")
    static let asyncTestSupport = RuntimeFile(
        name: GeneratedFileNames.asyncTestSupport, path: "TestSupport/Common/GeneratedPublisherTestSupport+Async.swift")

    /// The test support of `form`.
    static func testSupport(for form: EmittedForm) -> RuntimeFile {
        switch form {
        case .combine: combineTestSupport
        case .async: asyncTestSupport
        }
    }

    /// What stands in for the test support of `form` when no schema of the tested module emits it.
    static func absentTestSupport(for form: EmittedForm) -> OutputFile {
        let reason =
            switch form {
            case .combine:
                "No schema of the tested module emits the Combine form (`emit:` leaves out `combine`), so its\n"
                    + "// test support is left out and nothing here imports Combine."
            case .async:
                "No schema of the tested module emits the async form (`emit:` leaves out `async`), so its\n"
                    + "// test support is left out."
            }
        return stub(named: testSupport(for: form).name, reason: reason)
    }

    /// The assertions of the test subscriber, for one test framework.
    static func testAssertions(_ dialect: TestDialect) -> RuntimeFile {
        let folder =
            switch dialect {
            case .xctest: "XCTest"
            case .swiftTesting: "SwiftTesting"
            }
        return RuntimeFile(
            name: GeneratedFileNames.testAssertions,
            path: "TestSupport/\(folder)/GeneratedPublisherTestAssertions.swift")
    }

    /// What stands in for the assertions when no schema of the tested module emits the Combine form,
    /// whose test subscriber they extend.
    static func absentTestAssertions() -> OutputFile {
        stub(
            named: GeneratedFileNames.testAssertions,
            reason: "No schema of the tested module emits the Combine form (`emit:` leaves out `combine`), so the\n"
                + "// test subscriber's assertions are left out.")
    }

    /// A generated file that holds only the header and why it is empty.
    private static func stub(named name: String, reason: String) -> OutputFile {
        OutputFile(name: name, contents: GeneratedFileHeader.text(source: nil) + "\n//\n// \(reason)\n")
    }

    /// The file as emitted, read from `files`.
    func output(from files: RuntimeFiles) throws(RuntimeFiles.Missing) -> OutputFile {
        OutputFile(
            name: name, contents: GeneratedFileHeader.text(source: nil) + "\n" + (try files.text(at: path)))
    }

    /// `file` as emitted, from the tool's resources; when they cannot be found, a problem of the
    /// tool itself (it concerns no file the user wrote).
    static func output(_ file: RuntimeFile) throws(DiagnosticError) -> OutputFile {
        do throws(RuntimeFiles.Missing) {
            return try file.output(from: RuntimeFiles.located())
        } catch {
            throw DiagnosticError([Diagnostic(.error, error.description)])
        }
    }
}
