import GeneratorModel

/// The commented starter schema that `publisher-generator init` writes. Written in Swift, not read
/// from a file, so `init` works even where the tool's resources are missing.
public enum StarterSchema {
    /// The starter text for the kinds of `units`; `fileName` is shown in its usage comments.
    package static func text(fileName: String, kinds units: KindEmitters) -> String {
        let version = SchemaFile.supportedVersions.last ?? 1
        let kinds = units.units.map { $0.kind.rawValue }.joined(separator: ", ")
        // Each kind's unit writes its own entry; kinds that need an SDK have none.
        let entries = units.units.compactMap { $0.starterSchemaEntry }.joined(separator: "\n\n")
        return """
            # A publishers schema: each declaration below becomes a Combine publisher (with thread-safe
            # demand bookkeeping), an AsyncSequence, and factory methods on the owner type.
            #
            # Check it with:     publisher-generator validate \(fileName)
            # Generate code:     publisher-generator generate \(fileName) --output Generated
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
