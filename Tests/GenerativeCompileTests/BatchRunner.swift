import Foundation
import PublisherGeneratorCore
import RandomSchemas

/// Counts across a pass.
struct Tally {
    var generated = 0
    var validated = 0
    var rejected = 0
    var rejectedOnPurpose = 0
    /// How many schemas were broken on purpose in each way.
    var purposes: [String: Int] = [:]
    var rejectedUnexpectedly = 0
    var compiled = 0
    /// Schemas that validate but do not compile.
    var failed = 0
    /// Schemas in a batch that failed for reasons no schema's file shows.
    var unverified = 0
    /// Mutated schemas that validate, whose compile errors are all in the schema's own code: at its
    /// lines (mapped there by `#sourceLocation`) or at a parameter's default value.
    var errorsAtSchemaLines = 0
    /// Mutated schemas that validate, whose edited type names a type that does not exist (`tring`
    /// in `(Int, S:tring)`, `Token?.Event`): the compiler says so, naming it, in generated code.
    var unknownTypes = 0
}

/// Composes, renders, writes and compiles one batch (one set of modules) at a time. What fails is
/// printed and returned; the files of a failing schema are kept in `<work>/Failures`.
struct BatchRunner {
    let settings: RunSettings
    let products: BuildProducts
    private(set) var tally = Tally()
    /// One message per schema that validated but did not compile, and per unexplained failure.
    private(set) var failures: [String] = []
    private var batchNumber = 0
    /// For mutated schemas: a compile error the compiler reports at a line of the schema (through
    /// `#sourceLocation`, in the user's own code) points where the mistake is, as a validation
    /// error would; only errors in generated code fail.
    var acceptsErrorsAtSchemaLines = false
    /// The folder under the work directory that batches are compiled in (and `<folder>Failures`
    /// keeps failing schemas in): passes that run at once need folders of their own.
    var folder = "Batch"
    /// The parameters' default values of each mutated schema, by file stem: the one piece of schema
    /// code generated code prints without `#sourceLocation` (a parameter list cannot hold the
    /// directive), so an error in one is in the generated factory's signature, at the value.
    var defaultsBySchema: [String: [String]] = [:]
    /// The names in the edited type of each mutated schema, by file stem.
    var editedTypeNames: [String: [String]] = [:]

    init(settings: RunSettings, products: BuildProducts) {
        self.settings = settings
        self.products = products
    }

    typealias Entry = (schema: RandomSchema, files: RenderedSchema)

    mutating func batch(indexes: Range<Int>) async throws {
        var composer = SchemaComposer(runSeed: settings.seed)
        var pending: [Entry] = []
        for index in indexes {
            let schema = composer.schema(index: index)
            tally.generated += 1
            switch try SchemaRendering.render(
                schema.yaml, fileName: schema.fileName, modules: settings.modes.map(\.module))
            {
            case let .rejected(errors):
                tally.rejected += 1
                if let reason = schema.invalidBecause {
                    tally.rejectedOnPurpose += 1
                    tally.purposes[reason, default: 0] += 1
                } else {
                    tally.rejectedUnexpectedly += 1
                    progress(
                        "\nREJECTED though meant to be valid: seed \(settings.seed), schema \(index)\n\(schema.yaml)\(errors)"
                    )
                }
            case let .rendered(files):
                tally.validated += 1
                // Its delegates' proxy is the earlier schema's too: the two do not share a module.
                guard schema.repeatsGeneratedTextOf == nil else { continue }
                pending.append((schema, files))
            }
        }
        try await compile(pending: pending)
    }

    /// Compiles schemas that validated, and counts what compiles and what fails.
    mutating func compile(pending entries: [Entry]) async throws {
        batchNumber += 1
        var pending = entries
        // A failing schema can hide others (a module that does not compile is not imported by its
        // scaffolds): compile again without the failures, once.
        for attempt in 1...2 where !pending.isEmpty {
            let started = Date()
            let errors = try await compile(pending)
            let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
            let again = attempt > 1 ? " (again without the failures)" : ""
            progress(
                "batch \(batchNumber)\(again): \(pending.count) schemas \(errors.isEmpty ? "compiled" : "FAILED") in \(seconds) s"
            )
            if errors.isEmpty {
                tally.compiled += pending.count
                return
            }
            let failing = pending.filter { errors[stem($0.schema)] != nil }
            for entry in failing {
                let found = errors[stem(entry.schema)]!
                let defaults = defaultsBySchema[stem(entry.schema)] ?? []
                let names = editedTypeNames[stem(entry.schema)] ?? []
                if acceptsErrorsAtSchemaLines, found.allSatisfy({ Self.isInSchemaCode($0, defaults: defaults) }) {
                    tally.errorsAtSchemaLines += 1
                } else if acceptsErrorsAtSchemaLines, found.contains(where: { Self.saysNotFound($0, names: names) }) {
                    tally.unknownTypes += 1
                } else {
                    try report(entry, errors: found)
                }
            }
            if let shared = errors["shared"] {
                failures.append("errors outside the schemas' files:\n" + shared.prefix(20).joined(separator: "\n"))
                progress("\n" + failures.last!)
            }
            pending.removeAll { errors[stem($0.schema)] != nil }
            if failing.isEmpty || attempt == 2 {
                tally.unverified += pending.count
                return
            }
        }
    }

    /// Compiles every mode's publishers module, then its scaffold modules; the errors by schema.
    private func compile(_ entries: [Entry]) async throws -> [String: [String]] {
        let root = products.work.appendingPathComponent(folder)
        try? FileManager.default.removeItem(at: root)
        let modules = root.appendingPathComponent("Modules")
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        let support = try SchemaRendering.supportFiles()
        let flags = products.commonFlags(searching: modules)
        // The SIL is only a way to run every check; it goes to a file of its own, never to
        // /dev/null: swiftc writes its output by renaming a temporary file over the path, which
        // replaced the machine's /dev/null with a regular file.
        func discarded(_ module: String) -> String { root.appendingPathComponent("\(module).sil").path }

        var libraries: [SwiftCompiler.Job] = []
        var scaffolds: [SwiftCompiler.Job] = []
        for mode in settings.modes {
            let sources = root.appendingPathComponent(mode.module)
            var files = [try save(SchemaWorld.declarationsFile, as: "WorldDeclarations.swift", in: sources)]
            for engine in support.engine { files.append(try save(engine.contents, as: engine.name, in: sources)) }
            for entry in entries {
                files.append(try save(entry.files.publishers.contents, as: entry.files.publishers.name, in: sources))
            }
            let modulePath = modules.appendingPathComponent("\(mode.module).swiftmodule").path
            libraries.append(
                SwiftCompiler.Job(
                    module: mode.module,
                    arguments: ["-module-name", mode.module] + mode.compilerFlags + flags
                        + [
                            "-enable-testing", "-emit-module", "-emit-module-path", modulePath, "-emit-sil", "-o",
                            discarded(mode.module),
                        ]
                        + files))
            for framework in settings.frameworks(for: mode) {
                let module = mode.module + framework.moduleSuffix
                let directory = root.appendingPathComponent(module)
                var files = try support.tests[framework]!.map { try save($0.contents, as: $0.name, in: directory) }
                for entry in entries {
                    let scaffold = entry.files.scaffolds[RenderedSchema.key(mode.module, framework)]!
                    files.append(try save(scaffold.contents, as: scaffold.name, in: directory))
                }
                scaffolds.append(
                    SwiftCompiler.Job(
                        module: module,
                        arguments: ["-module-name", module] + mode.compilerFlags + flags + [
                            "-emit-sil", "-o", discarded(module),
                        ]
                            + files))
            }
        }
        let built = try await SwiftCompiler.run(libraries)
        let importable = Set(built.filter(\.succeeded).map(\.module))
        let tested = try await SwiftCompiler.run(
            scaffolds.filter { job in importable.contains { job.module.hasPrefix($0) } })
        var errors: [String: [String]] = [:]
        for outcome in built + tested where !outcome.succeeded {
            let found = SwiftCompiler.errorsBySchema(in: outcome.output)
            // A compiler that fails without an error line (a crash) is a failure too.
            let byStem = found.isEmpty ? ["shared": ["\(outcome.module): " + outcome.output.suffix(2_000)]] : found
            errors.merge(byStem) { $0 + $1 }
        }
        return errors
    }

    /// Whether a compiler error says that one of `names` is not a type there.
    static func saysNotFound(_ error: String, names: [String]) -> Bool {
        names.contains { name in
            error.contains("cannot find type '\(name)' in scope") || error.contains("'\(name)' is not a member type")
        }
    }

    /// Whether a compiler error is in the schema's own code: located in the schema file (through
    /// `#sourceLocation`), or at one of its `defaults` as printed in a generated signature.
    static func isInSchemaCode(_ error: String, defaults: [String]) -> Bool {
        let parts = error.split(separator: ":", maxSplits: 3)
        guard parts.count == 4, let line = Int(parts[1]), let column = Int(parts[2]) else { return false }
        if parts[0].hasSuffix(".publishers.yaml") { return true }
        guard let text = try? String(contentsOfFile: String(parts[0]), encoding: .utf8) else { return false }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard line >= 1, line <= lines.count else { return false }
        // Columns count UTF-8 bytes from 1.
        let bytes = Array(lines[line - 1].utf8)
        for value in defaults {
            let needle = Array(" = \(value)".utf8)
            guard needle.count <= bytes.count else { continue }
            for start in 0...(bytes.count - needle.count)
            where bytes[start..<start + needle.count].elementsEqual(needle) {
                if (start + 4)...(start + needle.count + 1) ~= column { return true }
            }
        }
        return false
    }

    private mutating func report(_ entry: Entry, errors: [String]) throws {
        tally.failed += 1
        try keep(entry)
        let message =
            "FAILED TO COMPILE: seed \(settings.seed), schema \(entry.schema.index) (\(entry.schema.fileName))\n"
            + entry.schema.yaml + "--- errors:\n" + errors.prefix(12).joined(separator: "\n")
        failures.append(message)
        progress("\n" + message)
    }

    private func stem(_ schema: RandomSchema) -> String {
        String(schema.fileName.prefix { $0 != "." })
    }

    /// Copies a failing schema and what was generated from it (Swift 6 mode) to `<work>/Failures`;
    /// the next batch replaces the sources.
    private func keep(_ entry: Entry) throws {
        let directory = products.work.appendingPathComponent(folder == "Batch" ? "Failures" : folder + "Failures")
        _ = try save(entry.schema.yaml, as: entry.schema.fileName, in: directory)
        _ = try save(entry.files.publishers.contents, as: entry.files.publishers.name, in: directory)
        for (key, scaffold) in entry.files.scaffolds where key.hasPrefix(CompileMode.swift6.module + "/") {
            _ = try save(scaffold.contents, as: key.split(separator: "/").last! + "-" + scaffold.name, in: directory)
        }
    }

    private func save(_ contents: String, as name: String, in directory: URL) throws -> String {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try contents.write(to: url, atomically: false, encoding: .utf8)
        return url.path
    }
}
