import Foundation
import PublisherGeneratorCore
import RandomSchemas

/// Counts across the run.
struct Tally {
    var generated = 0
    var validated = 0
    var rejected = 0
    var rejectedOnPurpose = 0
    var rejectedUnexpectedly = 0
    var compiled = 0
    /// Schemas that validate but do not compile.
    var failed = 0
    /// Schemas in a batch whose build failed for reasons no schema file shows.
    var unverified = 0
}

/// Composes, renders, writes and compiles one batch at a time.
struct BatchRunner {
    let settings: RunSettings
    let package: WorkPackage
    private(set) var tally = Tally()
    private var batchNumber = 0

    init(settings: RunSettings) {
        self.settings = settings
        let root = URL(fileURLWithPath: settings.workDirectory, isDirectory: true).standardizedFileURL
        package = WorkPackage(root: root, modes: settings.modes)
    }

    mutating func batch(indexes: Range<Int>) throws {
        batchNumber += 1
        var composer = SchemaComposer(runSeed: settings.seed, avoidKnownIssues: settings.avoidKnownIssues)
        var rendered: [(schema: RandomSchema, files: RenderedSchema)] = []
        for index in indexes {
            let schema = composer.schema(index: index)
            tally.generated += 1
            switch try SchemaRendering.render(schema.yaml, fileName: schema.fileName, modules: settings.modes.map(\.module)) {
            case let .rejected(errors):
                tally.rejected += 1
                if schema.invalidBecause != nil {
                    tally.rejectedOnPurpose += 1
                } else {
                    tally.rejectedUnexpectedly += 1
                    print("\nREJECTED though meant to be valid: seed \(settings.seed), schema \(index)\n\(schema.yaml)\(errors)")
                }
            case let .rendered(files):
                tally.validated += 1
                rendered.append((schema, files))
            }
        }
        var pending = rendered
        var attempt = 0
        while !pending.isEmpty {
            attempt += 1
            try write(pending)
            let build = try BatchBuild(package: package).run()
            print(
                "batch \(batchNumber)\(attempt > 1 ? " (again without the failures)" : ""): \(pending.count) schemas "
                    + "\(build.succeeded ? "compiled" : "FAILED") in \(String(format: "%.1f", build.seconds)) s")
            if build.succeeded {
                tally.compiled += pending.count
                return
            }
            let failing = pending.filter { build.errorsBySchema[stem($0.schema)] != nil }
            for entry in failing {
                tally.failed += 1
                try keep(entry)
                print(
                    "\nFAILED TO COMPILE: seed \(settings.seed), schema \(entry.schema.index) (\(entry.schema.fileName))\n"
                        + entry.schema.yaml + "--- errors:\n"
                        + build.errorsBySchema[stem(entry.schema)]!.prefix(12).joined(separator: "\n"))
            }
            if let shared = build.errorsBySchema["shared"] {
                print("\nerrors outside the schema files:\n" + shared.prefix(20).joined(separator: "\n"))
            }
            if failing.isEmpty || attempt == 2 {
                if failing.isEmpty {
                    print(build.output.split(separator: "\n").suffix(30).joined(separator: "\n"))
                }
                tally.unverified += pending.count - failing.count
                return
            }
            pending.removeAll { build.errorsBySchema[stem($0.schema)] != nil }
        }
    }

    /// Copies a failing schema and what was generated from it to `<work>/Failures`, since the
    /// next build replaces the sources.
    private func keep(_ entry: (schema: RandomSchema, files: RenderedSchema)) throws {
        let directory = package.root.appendingPathComponent("Failures")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try save(entry.schema.yaml, as: entry.schema.fileName, in: directory)
        try save(entry.files.publishers.contents, as: entry.files.publishers.name, in: directory)
        for (key, scaffold) in entry.files.scaffolds where key.hasPrefix(CompileMode.swift6.module + "/") {
            try save(scaffold.contents, as: key.split(separator: "/").last! + "-" + scaffold.name, in: directory)
        }
    }

    private func stem(_ schema: RandomSchema) -> String {
        String(schema.fileName.prefix { $0 != "." })
    }

    /// Every mode's library and test targets: the shared files, then each schema's.
    private func write(_ schemas: [(schema: RandomSchema, files: RenderedSchema)]) throws {
        try package.prepare()
        let support = try SchemaRendering.supportFiles()
        for mode in settings.modes {
            let library = package.libraryDirectory(mode)
            try save(SchemaWorld.declarationsFile, as: "WorldDeclarations.swift", in: library)
            try save(support.engine.contents, as: support.engine.name, in: library)
            for (_, files) in schemas { try save(files.publishers.contents, as: files.publishers.name, in: library) }
            for framework in ScaffoldFramework.allCases {
                let directory = package.testDirectory(mode, framework)
                for file in support.tests[framework]! { try save(file.contents, as: file.name, in: directory) }
                for (_, files) in schemas {
                    let scaffold = files.scaffolds[RenderedSchema.key(mode.module, framework)]!
                    try save(scaffold.contents, as: scaffold.name, in: directory)
                }
            }
        }
    }

    private func save(_ contents: String, as name: String, in directory: URL) throws {
        try contents.write(to: directory.appendingPathComponent(name), atomically: false, encoding: .utf8)
    }
}
