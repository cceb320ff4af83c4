/// The commented starter schema that `publisher-generator init` writes. Written in Swift, not read
/// from a file, so `init` works even where the tool's resources are missing.
public enum StarterSchema {
    /// The starter text; `fileName` is shown in its usage comments.
    public static func text(fileName: String) -> String {
        let version = SchemaFile.supportedVersions.last ?? 1
        let kinds = PublisherKind.allCases.map(\.rawValue).joined(separator: ", ")
        return """
            # A publishers schema: each declaration below becomes a Combine publisher, its subscription
            # (with thread-safe demand bookkeeping) and a factory method on the owner type.
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
              # A registration API: 'register' returns a token, 'unregister' gives it back.
              - name: Progress
                description: Reports progress while a download runs.
                kind: callback
                on: Downloader
                output: Double
                register: addProgressObserver { fraction in send(fraction) }
                unregister: removeProgressObserver(token)
                whenNoDemand: latest          # drop | latest | { buffer: 16, whenFull: dropOldest }

              # A pull source: 'next' is asked only while the subscriber wants more; nil ends the stream.
              - name: Lines
                kind: polling
                on: LineReader
                output: String
                next: readLine()

              # A timer on any Combine scheduler.
              - name: Tick
                kind: periodic
                output: Date
                interval: 1.0
                value: Date()

            """
    }
}
