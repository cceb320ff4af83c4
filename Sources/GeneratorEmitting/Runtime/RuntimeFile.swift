import GeneratedFiles
import GeneratorDiagnostics
import GeneratorModel

/// A file emitted from `Templates/` as it is written there: the generated header, then its parts,
/// the Swift files of one folder and its subfolders (a kind's parts sit in a subfolder named after
/// it), joined in the order ``RuntimeFiles/parts(of:)`` derives from the folder (``RuntimeParts``).
/// Nothing is substituted, so each part compiles where it is written (the runtime's own targets do
/// that) and the emitted file is what every generated module gets. No list of parts is written
/// anywhere: a new part is a file in the folder.
package struct RuntimeFile: Sendable {
    /// The output file name.
    package let name: String
    /// The folder of its parts inside `Templates/`.
    package let folder: String

    package static let engine = RuntimeFile(
        name: GeneratedFileNames.publisherSupport, folder: "Engine/Shared")
    package static let combineEngine = RuntimeFile(
        name: GeneratedFileNames.combineSupport, folder: "Engine/Combine")
    package static let asyncEngine = RuntimeFile(
        name: GeneratedFileNames.asyncSupport, folder: "Engine/Async")

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

    package static let testSupport = RuntimeFile(
        name: GeneratedFileNames.testSupport, folder: "TestSupport/Common/Shared")
    package static let combineTestSupport = RuntimeFile(
        name: GeneratedFileNames.combineTestSupport, folder: "TestSupport/Common/Combine")
    package static let asyncTestSupport = RuntimeFile(
        name: GeneratedFileNames.asyncTestSupport, folder: "TestSupport/Common/Async")

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
    package static func testAssertions(_ dialect: TestDialect) -> RuntimeFile {
        let folder =
            switch dialect {
            case .xctest: "XCTest"
            case .swiftTesting: "SwiftTesting"
            }
        return RuntimeFile(
            name: GeneratedFileNames.testAssertions, folder: "TestSupport/\(folder)")
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

    /// Every file of the runtime, each once.
    package static let all: [RuntimeFile] =
        [engine, combineEngine, asyncEngine, testSupport, combineTestSupport, asyncTestSupport]
        + [testAssertions(.xctest), testAssertions(.swiftTesting)]

    /// The file as emitted, read from `files`: every part, or the ones `selection` chose, with its
    /// `public` declarations at `access` (``RuntimeParts/withPublicDeclarations(at:in:)``).
    package func output(
        from files: RuntimeFiles, selection: RuntimeSelection? = nil, access: String = "public "
    ) throws(RuntimeFiles.Missing)
        -> OutputFile
    {
        // The selection read every part of the files it chose from; otherwise every part is read here.
        let texts =
            if let chosen = selection?.parts[name], let read = selection?.texts {
                files.paths(of: self, parts: chosen).compactMap { read[$0] }
            } else {
                try files.partTexts(of: self).map(\.text)
            }
        let joined = RuntimeParts.withPublicDeclarations(at: access, in: RuntimeParts.joined(texts))
        return OutputFile(name: name, contents: GeneratedFileHeader.text(source: nil) + "\n" + joined)
    }

    /// `files` as emitted from the tool's resources, each with the parts that `texts`, the
    /// module's generated code, need (``RuntimeSelection``), or every part for `nil`, their `public`
    /// declarations at `access`; when the resources cannot be found, a problem of the tool itself
    /// (it concerns no file the user wrote).
    static func outputs(
        _ files: [RuntimeFile], for texts: [String]?, access: String = "public "
    ) throws(DiagnosticError) -> [String: OutputFile] {
        do throws(RuntimeFiles.Missing) {
            let runtime = try RuntimeFiles.located()
            var selection: RuntimeSelection?
            if let texts { selection = try RuntimeSelection(of: files, for: texts, from: runtime) }
            var outputs: [String: OutputFile] = [:]
            for file in files {
                outputs[file.name] = try file.output(from: runtime, selection: selection, access: access)
            }
            return outputs
        } catch {
            throw DiagnosticError([Diagnostic(.error, error.description)])
        }
    }
}
