import GeneratorDiagnostics
import GeneratorLanguage
import GeneratorModel
import GeneratorReading

/// Turns a composed YAML document into a ``SchemaFile``, reporting every problem it finds rather
/// than stopping at the first.
///
/// Each step returns what it decoded, `nil` (or ``FieldValue/invalid``) when what it read was
/// wrong, after reporting why; a file or declaration is built only from steps that all succeeded.
struct SchemaDecoder {
    /// The outcome for one file.
    struct Decoded {
        /// The schema, or `nil` when the file has errors.
        var file: SchemaFile?
        /// Every publisher name that is a valid identifier, whether or not the rest of its
        /// declaration is valid, so name clashes across files are reported in the same run as
        /// other mistakes.
        var declaredNames: [Located<String>]
        var diagnostics: DiagnosticCollector
    }

    let path: String
    /// The registered kinds, with the language and vocabulary they make.
    let kinds: KindDecoders
    var read: ScalarReader
    /// Whether the file's declarations are generated as sequences too (`emit:`), whose own names
    /// (``sequenceTypeNames``) `output` and `failure` may then not use unqualified.
    var emitsSequences = true

    init(path: String, kinds: KindDecoders) {
        self.path = path
        self.kinds = kinds
        read = ScalarReader(diagnostics: DiagnosticCollector(), hints: kinds.vocabulary.hints)
    }

    consuming func decodeFile(_ root: YAMLNode?) -> Decoded {
        let decoded = decodeRoot(root)
        assert(decoded.file == nil || !read.diagnostics.hasErrors, "a file with an error decoded to a schema")
        return Decoded(file: decoded.file, declaredNames: decoded.names, diagnostics: read.diagnostics)
    }

    private mutating func decodeRoot(_ root: YAMLNode?) -> (file: SchemaFile?, names: [Located<String>]) {
        guard let root, !Self.isNull(root) else {
            read.diagnostics.error(
                "file is empty",
                hint: "start with 'version: 1' and a 'publishers:' list, or run 'publisher-generator init'",
                at: .start(of: path))
            return (nil, [])
        }
        guard case .mapping = root.content else {
            read.diagnostics.error(
                "the top level must be a mapping with 'version' and 'publishers', but it is \(root.kindDescription)",
                hint: "start with 'version: 1' and a 'publishers:' list", at: root.location)
            return (nil, [])
        }
        guard let file = MappingReader(root, what: "the top level", diagnostics: &read.diagnostics) else {
            return (nil, [])
        }
        let vocabulary = SchemaVocabulary.file
        let keysKnown = file.reportUnknownKeys(
            allowed: vocabulary.all, in: "the top level", allowsExtensions: true, read: &read)
        let keysPresent = file.reportMissingKeys(vocabulary.required, in: "the schema", read: &read)

        let version = file["version"].flatMap { decodeVersion($0) }
        let imports = FieldValue(file["imports"]) { decodeImports($0) }
        let access = FieldValue(file["access"]) { read.choice($0, key: "access", as: AccessLevel.self) }
        let forms = FieldValue(file["emit"]) { decodeForms($0) }
        emitsSequences = forms.value?.contains(.async) ?? true
        let publishers = file["publishers"].map { decodePublishers($0) }

        guard keysKnown, keysPresent, file.mergesAreValid, let version, !imports.isInvalid, !access.isInvalid,
            !forms.isInvalid, let declarations = publishers?.declarations
        else { return (nil, publishers?.names ?? []) }
        let schema = SchemaFile(
            path: path, version: version, imports: imports.value ?? [], access: access.value?.value ?? .internal,
            forms: forms.value ?? Set(EmittedForm.allCases), publishers: declarations)
        return (schema, publishers?.names ?? [])
    }

    private mutating func decodeVersion(_ node: YAMLNode) -> Int? {
        guard let version = read.integer(node, key: "version") else { return nil }
        guard SchemaFile.supportedVersions.contains(version.value) else {
            let supported = SchemaFile.supportedVersions.map(String.init).joined(separator: ", ")
            read.diagnostics.error(
                "unsupported schema version \(version.value); this generator reads version \(supported)",
                hint: "write 'version: 1'", at: node.location)
            return nil
        }
        return version.value
    }

    /// The modules to import, or `nil` when one is not a module name.
    private mutating func decodeImports(_ node: YAMLNode) -> [Located<String>]? {
        guard case let .sequence(items) = node.content else {
            read.diagnostics.error(
                "'imports' must be a list of module names, but it is \(node.kindDescription)",
                hint: "write 'imports: [Foundation]'", at: node.location)
            return nil
        }
        var imports: [Located<String>] = []
        var allValid = true
        for item in items {
            guard let module = read.text(item, key: "imports") else {
                allValid = false
                continue
            }
            if !SwiftNames.isModuleName(module.value) {
                read.diagnostics.error("'\(module.value)' is not a module name", at: item.location)
                allValid = false
            } else if ["Combine", "OpenCombine"].contains(module.value) {
                read.diagnostics.warning(
                    "generated files import Combine or OpenCombine themselves",
                    hint: "remove '\(module.value)' from 'imports'", at: item.location)
            } else if imports.contains(where: { $0.value == module.value }) {
                read.diagnostics.warning(
                    "'\(module.value)' is imported twice", hint: "remove one of them", at: item.location)
            } else {
                imports.append(module)
            }
        }
        return allValid ? imports : nil
    }

    /// The forms to emit, or `nil` when the list is empty or names something else.
    private mutating func decodeForms(_ node: YAMLNode) -> Set<EmittedForm>? {
        let spellings = EmittedForm.allCases.map(\.rawValue).joined(separator: ", ")
        guard case let .sequence(items) = node.content, !items.isEmpty else {
            let found = node.isEmptySequence ? "an empty list" : node.kindDescription
            read.diagnostics.error(
                "'emit' must be a list of forms (\(spellings)), but it is \(found)",
                hint: "write 'emit: [combine, async]', or leave 'emit' out for both", at: node.location)
            return nil
        }
        var forms: Set<EmittedForm> = []
        var allValid = true
        for item in items {
            guard let form = read.choice(item, key: "emit", as: EmittedForm.self) else {
                allValid = false
                continue
            }
            if !forms.insert(form.value).inserted {
                read.diagnostics.warning(
                    "'\(form.value.rawValue)' is listed twice in 'emit'", hint: "remove one of them", at: item.location)
            }
        }
        return allValid ? forms : nil
    }

    /// The declarations, `nil` when any of them has an error, and every valid name declared.
    private mutating func decodePublishers(
        _ node: YAMLNode
    ) -> (declarations: [PublisherDeclaration]?, names: [Located<String>]) {
        guard case let .sequence(items) = node.content else {
            if Self.isNull(node) {
                read.diagnostics.warning(
                    "no publishers are declared", hint: "add declarations under 'publishers:'", at: node.location)
                return ([], [])
            }
            read.diagnostics.error(
                "'publishers' must be a list of declarations, but it is \(node.kindDescription)",
                hint: "start each declaration with '- name:'", at: node.location)
            return (nil, [])
        }
        if items.isEmpty {
            read.diagnostics.warning(
                "no publishers are declared", hint: "add declarations under 'publishers:'", at: node.location)
        }
        var declarations: [PublisherDeclaration] = []
        var names: [Located<String>] = []
        var allValid = true
        var seen: [String: SourceLocation] = [:]
        for item in items {
            let (name, declaration) = decodeDeclaration(item)
            if let name {
                names.append(name)
                if let first = seen[name.value] {
                    read.diagnostics.emit(DuplicateNames.clash(name, with: first, what: "publisher name"))
                    allValid = false
                } else {
                    seen[name.value] = name.location
                }
            }
            if let declaration {
                declarations.append(declaration)
            } else {
                allValid = false
            }
        }
        return (allValid ? declarations : nil, names)
    }

    static func isNull(_ node: YAMLNode) -> Bool {
        if case let .scalar(_, style, _) = node.content, style.isPlain { return ScalarValue(node) == .null }
        return false
    }
}

extension YAMLNode {
    /// Whether the node is a list with nothing in it (`[]`), which messages name as such.
    package var isEmptySequence: Bool {
        if case let .sequence(items) = content { return items.isEmpty }
        return false
    }
}
