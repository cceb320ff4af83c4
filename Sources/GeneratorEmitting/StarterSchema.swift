import GeneratorModel

/// The commented starter schema that `publisher-generator init` writes. Written in Swift, not read
/// from a file, so `init` works even where the tool's resources are missing.
public enum StarterSchema {
    /// The starter text for the kinds of `units`; `path`, as the user gave it to `init`, is shown in
    /// its usage comments. They name what a user of the package runs: the plugins, and the tool
    /// through `swift run`, which builds it from the dependency (it is on nobody's `PATH`).
    package static func text(path: String, kinds units: KindEmitters) -> String {
        let version = SchemaFile.supportedVersions.last ?? 1
        let kinds = units.units.map { $0.kind.rawValue }.joined(separator: ", ")
        // Each kind's unit writes its own entry; kinds that need an SDK have none.
        let entries = units.units.compactMap { $0.starterSchemaEntry }.joined(separator: "\n\n")
        return """
            # A publishers schema: each declaration below becomes a Combine publisher (with thread-safe
            # demand bookkeeping), an AsyncSequence, and factory methods on the owner type.
            #
            # With PublisherGeneratorPlugin on this file's target, 'swift build' generates the code and
            # reports mistakes at this file's lines; there is nothing else to run. To commit the generated
            # files instead, exclude this file from the target and, from the package's folder, run:
            #   swift package --allow-writing-to-package-directory generate-publishers
            # Check it without building: swift run publisher-generator validate \(path)
            #
            # The kinds are: \(kinds).
            # Expressions (register, unregister, next, value) are Swift, evaluated on the owner type ('on'),
            # with send(_:), finish(), fail(_:) and the parameters in scope.
            version: \(version)
            imports: [Foundation]
            access: internal
            publishers:
            \(entries)

            """
    }
}
