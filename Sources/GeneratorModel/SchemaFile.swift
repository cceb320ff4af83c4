import GeneratorDiagnostics

/// A validated schema file: everything the renderer needs, with positions for later diagnostics.
public struct SchemaFile: Sendable {
    /// The path as the user gave it.
    public var path: String
    public var version: Int
    /// Modules imported by the generated file, besides Combine.
    public var imports: [Located<String>]
    public var access: AccessLevel
    /// The forms every declaration of the file is generated in.
    public var forms: Set<EmittedForm>
    public var publishers: [PublisherDeclaration]

    public init(
        path: String, version: Int, imports: [Located<String>], access: AccessLevel,
        forms: Set<EmittedForm> = Set(EmittedForm.allCases), publishers: [PublisherDeclaration]
    ) {
        self.path = path
        self.version = version
        self.imports = imports
        self.access = access
        self.forms = forms
        self.publishers = publishers
    }

    /// Whether the file's declarations are generated in `form`.
    public func emits(_ form: EmittedForm) -> Bool { forms.contains(form) }

    /// The schema language versions this generator reads.
    public static let supportedVersions = [1]
}
