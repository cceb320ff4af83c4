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
    private var read = ScalarReader(diagnostics: DiagnosticCollector())
    /// Whether the file's declarations are generated as sequences too (`emit:`), whose own names
    /// (``sequenceTypeNames``) `output` and `failure` may then not use unqualified.
    private var emitsSequences = true

    init(path: String) {
        self.path = path
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
            allowed: vocabulary.all, in: "the top level", allowsExtensions: true, diagnostics: &read.diagnostics)
        let keysPresent = file.reportMissingKeys(vocabulary.required, in: "the schema", diagnostics: &read.diagnostics)

        let version = file["version"].flatMap { decodeVersion($0) }
        let imports = FieldValue(file["imports"].map { decodeImports($0) })
        let access = FieldValue(file["access"].map { read.choice($0, key: "access", as: AccessLevel.self) })
        let forms = FieldValue(file["emit"].map { decodeForms($0) })
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

    // MARK: Declarations

    /// The declaration's name when it is an identifier, and the declaration when it has no error.
    private mutating func decodeDeclaration(_ node: YAMLNode) -> (Located<String>?, PublisherDeclaration?) {
        guard case .mapping = node.content else {
            read.diagnostics.error(
                "each publisher must be a mapping with 'name', 'kind' and 'output', but this one is \(node.kindDescription)",
                hint: "start the declaration with '- name:'", at: node.location)
            return (nil, nil)
        }
        guard let fields = MappingReader(node, what: "a publisher", diagnostics: &read.diagnostics) else {
            return (nil, nil)
        }
        let name = fields["name"].flatMap { decodeName($0, hasOwner: fields["on"] != nil) }
        let kind = fields["kind"].flatMap { decodeKind($0) }
        let what = name.map { "publisher '\($0.value)'" } ?? "this publisher"
        let whatWithKind = kind.map { "\(what) (kind \($0.value.rawValue))" } ?? what

        let keysKnown: Bool
        let keysPresent: Bool
        if let kind {
            let vocabulary = SchemaVocabulary.declaration(kind.value)
            keysKnown = fields.reportUnknownKeys(
                allowed: vocabulary.all, in: whatWithKind,
                elsewhere: { key in
                    PublisherKind.allCases.filter { SchemaVocabulary.declaration($0).contains(key) }.map(\.rawValue)
                }, diagnostics: &read.diagnostics)
            keysPresent = fields.reportMissingKeys(
                vocabulary.required, in: whatWithKind, diagnostics: &read.diagnostics)
        } else {
            // Without a kind only the keys no kind takes can be called wrong.
            keysKnown = fields.reportUnknownKeys(
                allowed: SchemaVocabulary.anyDeclarationKey, in: what, diagnostics: &read.diagnostics)
            keysPresent = fields.reportMissingKeys(
                SchemaVocabulary.commonRequired, in: what, diagnostics: &read.diagnostics)
        }

        let description = FieldValue(fields["description"].map { read.text($0, key: "description") })
        let owner = FieldValue(fields["on"].map { read.swiftType($0, key: "on") })
        let output = fields["output"].flatMap { read.swiftType($0, key: "output") }
        let failure = FieldValue(fields["failure"].map { read.swiftType($0, key: "failure") })
        let parameters = FieldValue(fields["parameters"].map { decodeParameters($0, of: what, kind: kind?.value) })
        let sample = FieldValue(fields["sample"].map { read.code($0, key: "sample") })
        let failureSample = FieldValue(fields["failureSample"].map { read.code($0, key: "failureSample") })
        // A kind that takes no `test` has had it reported as unknown already.
        let testDrive = FieldValue(
            fields["test"].map { node in
                kind.flatMap { kind in
                    SchemaVocabulary.declaration(kind.value).contains("test")
                        ? decodeTestDrive(node, kind: kind.value) : nil
                }
            })
        let source = kind.flatMap { decodeSource(kind: $0.value, fields: fields, what: whatWithKind) }
        let sendsWhatItSays = checkTargetActionOutput(source, output: output, owner: owner.value, what: what)
        let testCallsTheFactory = checkTestDriveCallsTheFactory(
            testDrive.value, parameters: parameters.value ?? [], source: source, what: what)
        let typesCompile =
            checkTypes(output: output, failure: failure.value, owner: owner.value, kind: kind?.value)
            && checkParameterTypes(parameters.value ?? [], hasOwner: owner.value != nil, kind: kind?.value)

        guard keysKnown, keysPresent, fields.mergesAreValid, sendsWhatItSays, testCallsTheFactory, typesCompile,
            let name, let kind, let output, let source, !description.isInvalid, !owner.isInvalid, !failure.isInvalid,
            !parameters.isInvalid, !sample.isInvalid, !failureSample.isInvalid, !testDrive.isInvalid
        else { return (name, nil) }
        let declaration = PublisherDeclaration(
            name: name, kind: kind, description: description.value, owner: owner.value, output: output,
            failure: failure.value, parameters: parameters.value ?? [], sample: sample.value,
            failureSample: failureSample.value, testDrive: testDrive.value, source: source,
            location: node.location)
        return (name, declaration)
    }

    /// Without `publisher:`, generated tests call the factory without arguments, so every
    /// argument needs a default. Returns `false` after reporting when one has none.
    private mutating func checkTestDriveCallsTheFactory(
        _ drive: TestDrive?, parameters: [Parameter], source: PublisherDeclaration.Source?, what: String
    ) -> Bool {
        guard let drive, drive.publisher == nil else { return true }
        var required = parameters.filter { $0.defaultValue == nil }.map { $0.label?.value ?? $0.name.value }
        if case let .targetAction(targetAction)? = source, let events = targetAction.events,
            events.defaultEvent == nil
        {
            required.insert("for", at: 0)
        }
        guard let first = required.first else { return true }
        read.diagnostics.error(
            "'test' of \(what) has no 'publisher', so tests would call the factory without arguments, but '\(first)' has no default",
            hint: "add 'publisher:' with the call to make, e.g. 'publisher: owner.factory(\(first): …)'",
            at: drive.owner.location)
        return false
    }

    /// A target/action publisher without `value` sends its sender, so its output must be the
    /// owner type. Returns `false` after reporting when it is not.
    private mutating func checkTargetActionOutput(
        _ source: PublisherDeclaration.Source?, output: Located<String>?, owner: Located<String>?, what: String
    ) -> Bool {
        guard case let .targetAction(targetAction)? = source, targetAction.value == nil, let output, let owner,
            output.value != "Self", output.value != owner.value
        else { return true }
        read.diagnostics.error(
            "\(what) has no 'value', so it sends the sender itself, but 'output' is '\(output.value)', not '\(owner.value)'",
            hint: "add 'value:' with the expression to send, or write 'output: Self'", at: output.location)
        return false
    }

    /// Names the publisher type declares for itself; `typealias Output = Output` would refer to
    /// itself, so `output` and `failure` must qualify a type of theirs with one of these names.
    static let publisherTypeNames: Set = ["Output", "Failure", "Send", "Finish", "Fail"]
    /// The names a generated sequence declares besides those: `typealias Element`, `struct Iterator`.
    static let sequenceTypeNames: Set = ["Element", "Iterator"]

    /// Whether `output` and `failure` can be the publisher's `Output` and `Failure`: neither names
    /// one of ``publisherTypeNames`` unqualified, and the output is no function type, which Combine
    /// would take as a non-escaping parameter of `receive(_:)`. Returns `false` after reporting.
    private mutating func checkTypes(
        output: Located<String>?, failure: Located<String>?, owner: Located<String>?, kind: PublisherKind?
    ) -> Bool {
        var compiles = true
        // A target/action publisher declares its own nested `Target` class, which wins there.
        if kind == .targetAction {
            for (key, type) in [("on", owner), ("output", output)] {
                guard let type, SwiftTypeText.unqualifiedNames(in: type.value).contains("Target") else { continue }
                read.diagnostics.error(
                    "'\(key)' names 'Target', which inside a generated target/action publisher is its target class",
                    hint: "qualify your type with its module, e.g. 'MyModule.Target'", at: type.location)
                compiles = false
            }
        }
        for (key, type) in [("output", output), ("failure", failure)] {
            guard let type else { continue }
            let spelled = type.value == "Self" ? owner?.value ?? type.value : type.value
            let names = SwiftTypeText.unqualifiedNames(in: spelled)
            if let name = names.first(where: Self.publisherTypeNames.contains) {
                read.diagnostics.error(
                    "'\(key)' names '\(name)', which inside the generated publisher is its own typealias",
                    hint: "qualify your type with its module, e.g. 'MyModule.\(name)'", at: type.location)
                compiles = false
            } else if emitsSequences, let name = names.first(where: Self.sequenceTypeNames.contains) {
                read.diagnostics.error(
                    "'\(key)' names '\(name)', which inside the generated sequence is its own",
                    hint: "qualify your type with its module, e.g. 'MyModule.\(name)', or leave 'async' out of 'emit'",
                    at: type.location)
                compiles = false
            }
        }
        if let output, SwiftTypeText.isFunctionType(output.value) {
            read.diagnostics.error(
                "'output' is a function type, which subscribers would receive as a non-escaping parameter",
                hint: "send an optional function, e.g. '(\(output.value))?', or a struct that holds it",
                at: output.location)
            compiles = false
        }
        return compiles
    }

    /// Whether the parameters' types mean in the generated factory what they mean in the schema.
    /// Without an owner the factory is an initializer in an extension of the publisher, where
    /// ``publisherTypeNames`` are its own; a periodic factory is generic over `Context`, its
    /// scheduler. Returns `false` after reporting.
    private mutating func checkParameterTypes(_ parameters: [Parameter], hasOwner: Bool, kind: PublisherKind?) -> Bool {
        var compiles = true
        for parameter in parameters {
            let names = SwiftTypeText.unqualifiedNames(in: parameter.type.value)
            let what = "the type of parameter '\(parameter.name.value)'"
            if !hasOwner, let name = names.first(where: Self.publisherTypeNames.contains) {
                read.diagnostics.error(
                    "\(what) names '\(name)', which in a declaration without 'on' is the publisher's own typealias",
                    hint: "qualify your type with its module, e.g. 'MyModule.\(name)'", at: parameter.type.location)
                compiles = false
            } else if kind == .periodic, names.contains("Context") {
                read.diagnostics.error(
                    "\(what) names 'Context', which in a periodic factory is the scheduler's type",
                    hint: "qualify your type with its module, e.g. 'MyModule.Context'", at: parameter.type.location)
                compiles = false
            }
        }
        return compiles
    }

    /// The publisher's name. With an owner, the factory `<name>Publisher` lowered must differ from
    /// the type `<Name>Publisher`, or the factory's `return <Name>Publisher(…)` calls itself.
    private mutating func decodeName(_ node: YAMLNode, hasOwner: Bool) -> Located<String>? {
        guard let name = read.text(node, key: "name") else { return nil }
        guard SwiftNames.isIdentifier(name.value) else {
            read.diagnostics.error(
                "publisher name '\(name.value)' is not a Swift identifier",
                hint: "use letters, digits and '_', starting with a letter, e.g. 'PlayheadProgress'",
                at: node.location)
            return nil
        }
        if hasOwner, DeclarationText.lowerCamelCase(name.value) == name.value {
            read.diagnostics.error(
                "publisher name '\(name.value)' does not start with an upper-case letter, so its factory on the owner "
                    + "would be named '\(name.value)Publisher', like its type",
                hint: "start it with a capital letter", at: node.location)
            return nil
        }
        if !SwiftNames.isUpperCamelCase(name.value) {
            read.diagnostics.warning(
                "publisher name '\(name.value)' is not UpperCamelCase; the type will be '\(name.value)Publisher'",
                hint: "start it with a capital letter", at: node.location)
        }
        if name.value.hasSuffix("Publisher") {
            read.diagnostics.warning(
                "publisher name '\(name.value)' ends in 'Publisher'; the type will be '\(name.value)Publisher'",
                hint: "drop the suffix", at: node.location)
        }
        return name
    }

    private mutating func decodeKind(_ node: YAMLNode) -> Located<PublisherKind>? {
        guard case let .scalar(word, _, _) = node.content, !Self.isNull(node) else {
            read.diagnostics.error(
                "'kind' must be one of \(PublisherKind.listForMessages), but it is \(node.kindDescription)",
                at: node.location)
            return nil
        }
        if let kind = PublisherKind(rawValue: word) { return Located(kind, at: node.location) }
        let kinds = PublisherKind.allCases.map(\.rawValue)
        let suggestion = NearestMatch.find(word, in: kinds).map { "did you mean '\($0)'? " } ?? ""
        read.diagnostics.error(
            "unknown kind '\(word)'", hint: "\(suggestion)the kinds are: \(PublisherKind.listForMessages)",
            at: node.location)
        return nil
    }

    private mutating func decodeSource(
        kind: PublisherKind, fields: MappingReader, what: String
    )
        -> PublisherDeclaration.Source?
    {
        switch kind {
        case .callback:
            let register = fields["register"].flatMap { read.code($0, key: "register") }
            let unregister = FieldValue(fields["unregister"].map { read.code($0, key: "unregister") })
            let token = FieldValue(fields["token"].map { read.swiftType($0, key: "token") })
            let behavior = decodePushBehavior(fields)
            guard let register, let behavior, !unregister.isInvalid, !token.isInvalid else { return nil }
            return .callback(
                CallbackSource(
                    register: register, unregister: unregister.value, token: token.value, behavior: behavior))
        case .polling:
            guard let next = fields["next"].flatMap({ read.code($0, key: "next") }) else { return nil }
            return .polling(PollingSource(next: next))
        case .targetAction:
            return decodeTargetAction(fields, what: what).map { .targetAction($0) }
        case .periodic:
            let interval = fields["interval"].flatMap { decodeInterval($0) }
            let value = fields["value"].flatMap { read.code($0, key: "value") }
            let behavior = decodePushBehavior(fields)
            guard let interval, let value, let behavior else { return nil }
            return .periodic(PeriodicSource(interval: interval, value: value, behavior: behavior))
        }
    }

    private mutating func decodeInterval(_ node: YAMLNode) -> Located<Double>? {
        guard let interval = read.number(node, key: "interval") else { return nil }
        guard interval.value.isFinite, interval.value > 0 else {
            read.diagnostics.error(
                "'interval' must be greater than zero, but it is \(Self.format(interval.value))",
                hint: "give the seconds between ticks, e.g. 'interval: 1.0'", at: node.location)
            return nil
        }
        return interval
    }

    private mutating func decodeTargetAction(_ fields: MappingReader, what: String) -> TargetActionSource? {
        let api = FieldValue(fields["sender"].map { decodeSenderAPI($0) })
        let isolation = FieldValue(
            fields["isolation"].map { read.choice($0, key: "isolation", as: SenderIsolation.self) })
        let value = FieldValue(fields["value"].map { read.code($0, key: "value") })
        let behavior = decodePushBehavior(fields)
        guard !api.isInvalid, !isolation.isInvalid else { return nil }
        let sender = api.value?.value ?? .uikit
        let senderIsMainActor = isolation.value.map { $0.value == .mainActor } ?? sender.isAlwaysOnMainActor
        if sender.isAlwaysOnMainActor, let isolation = isolation.value, isolation.value != .mainActor {
            read.diagnostics.error(
                "a '\(sender.rawValue)' sender is a main-actor control, so 'isolation' cannot be '\(isolation.value.rawValue)'",
                hint: "remove 'isolation:', or write 'sender: native' for a Swift sender callable from any thread",
                at: isolation.location)
            return nil
        }
        let events = decodeEvents(fields["event"], sender: sender, declaration: fields, what: what)
        guard let behavior, !value.isInvalid, case let .valid(events) = events else { return nil }
        return TargetActionSource(
            api: sender, isolation: senderIsMainActor ? .mainActor : .nonisolated, events: events,
            value: value.value, behavior: behavior)
    }

    /// `test:`: its keys, and which of `fire`, `registrations`, `finish` and `pulls` the kind takes.
    private mutating func decodeTestDrive(_ node: YAMLNode, kind: PublisherKind) -> TestDrive? {
        guard let fields = MappingReader(node, what: "'test'", diagnostics: &read.diagnostics) else { return nil }
        let vocabulary = SchemaVocabulary.testDrive
        let keysKnown = fields.reportUnknownKeys(allowed: vocabulary.all, in: "'test'", diagnostics: &read.diagnostics)
        let required = kind.isPush ? ["fire", "registrations"] : ["pulls"]
        let notTaken = kind.isPush ? ["pulls"] : ["fire", "registrations", "finish"]
        let keysPresent = fields.reportMissingKeys(
            vocabulary.required + required, in: "'test' of a \(kind.rawValue) publisher", diagnostics: &read.diagnostics
        )
        var keysFit = true
        for key in notTaken {
            guard let misplaced = fields[key] else { continue }
            read.diagnostics.error(
                "'test' of a \(kind.rawValue) publisher takes no '\(key)'",
                hint: kind.isPush
                    ? "count registrations with 'registrations:' instead"
                    : "a polling publisher has no source to fire; count pulls with 'pulls:'",
                at: misplaced.location)
            keysFit = false
        }
        func code(_ key: String) -> FieldValue<Located<String>> {
            FieldValue(fields[key].map { read.code($0, key: key) })
        }
        let owner = code("owner")
        let publisher = code("publisher")
        let fire = code("fire")
        let registrations = code("registrations")
        let finish = code("finish")
        let pulls = code("pulls")
        guard keysKnown, keysPresent, keysFit, fields.mergesAreValid, let owner = owner.value,
            ![publisher, fire, registrations, finish, pulls].contains(where: \.isInvalid)
        else { return nil }
        return TestDrive(
            owner: owner, publisher: publisher.value, fire: fire.value, registrations: registrations.value,
            finish: finish.value, pulls: pulls.value)
    }

    /// `sender:` names the API; a type written there (`sender: UIButton`) belongs in `on:`.
    private mutating func decodeSenderAPI(_ node: YAMLNode) -> Located<SenderAPI>? {
        if case let .scalar(word, _, _) = node.content, SenderAPI(rawValue: word) == nil,
            word.first?.isUppercase == true
        {
            read.diagnostics.error(
                "'sender' names the sender's API (\(SenderAPI.allCases.map(\.rawValue).joined(separator: ", "))), not its type '\(word)'",
                hint: "write the type in 'on: \(word)', and 'sender: uikit', 'appkit' or 'native'", at: node.location)
            return nil
        }
        return read.choice(node, key: "sender", as: SenderAPI.self)
    }

    /// The outcome of decoding `event`: valid (with `nil` for AppKit senders, which take none) or
    /// reported.
    private enum EventsOutcome {
        case valid(TargetActionSource.Events?)
        case invalid
    }

    private mutating func decodeEvents(
        _ node: YAMLNode?, sender: SenderAPI, declaration: MappingReader, what: String
    ) -> EventsOutcome {
        guard sender.takesEvents else {
            guard let node else { return .valid(nil) }
            read.diagnostics.error(
                "an 'appkit' sender has one action, sent for the events its 'sendAction(on:)' mask names, so it takes no 'event'",
                hint: "remove 'event:', and set the control's sendAction(on:) mask if it should act on other events",
                at: node.location)
            return .invalid
        }
        guard let node else {
            declaration.reportMissingKeys(["event"], in: what, diagnostics: &read.diagnostics)
            return .invalid
        }
        guard let event = decodeEvent(node) else { return .invalid }
        return .valid(TargetActionSource.Events(type: event.type, defaultEvent: event.default))
    }

    private mutating func decodeEvent(_ node: YAMLNode) -> (type: Located<String>, default: Located<String>?)? {
        if case .scalar = node.content {
            return read.swiftType(node, key: "event").map { ($0, nil) }
        }
        guard let event = MappingReader(node, what: "'event'", diagnostics: &read.diagnostics) else { return nil }
        let vocabulary = SchemaVocabulary.targetActionEvent
        let keysKnown = event.reportUnknownKeys(allowed: vocabulary.all, in: "'event'", diagnostics: &read.diagnostics)
        event.reportMissingKeys(vocabulary.required, in: "'event'", diagnostics: &read.diagnostics)
        let type = event["type"].flatMap { read.swiftType($0, key: "type") }
        let defaultEvent = FieldValue(event["default"].map { read.text($0, key: "default") })
        guard keysKnown, event.mergesAreValid, let type, !defaultEvent.isInvalid else { return nil }
        return (type, defaultEvent.value)
    }

    // MARK: Push behaviour

    private mutating func decodePushBehavior(_ fields: MappingReader) -> PushBehavior? {
        let start = fields["start"].map { read.choice($0, key: "start", as: StartPolicy.self) }
        let policy = fields["whenNoDemand"].map { decodeNoDemandPolicy($0) }
        if case .some(.none) = start { return nil }
        if case .some(.none) = policy { return nil }
        return PushBehavior(whenNoDemand: policy??.value ?? .drop, start: start??.value ?? .onDemand)
    }

    private mutating func decodeNoDemandPolicy(_ node: YAMLNode) -> Located<NoDemandPolicy>? {
        let spellings = NoDemandPolicy.scalarSpellings + ["{ buffer: N, whenFull: dropOldest | dropNewest }"]
        switch node.content {
        case let .scalar(word, _, _):
            switch word {
            case "drop": return Located(.drop, at: node.location)
            case "latest": return Located(.latest, at: node.location)
            case "buffer":
                read.diagnostics.error(
                    "'whenNoDemand: buffer' needs a size",
                    hint: "write 'whenNoDemand: { buffer: 16, whenFull: dropOldest }'", at: node.location)
            default:
                let suggestion =
                    NearestMatch.find(word, in: NoDemandPolicy.scalarSpellings).map { "did you mean '\($0)'? " } ?? ""
                read.diagnostics.error(
                    "unknown whenNoDemand policy '\(word)'",
                    hint: "\(suggestion)use one of: \(spellings.joined(separator: ", "))", at: node.location)
            }
            return nil
        case .sequence:
            read.diagnostics.error(
                "'whenNoDemand' must be drop, latest or a buffer mapping, but it is a list",
                hint: "write 'whenNoDemand: { buffer: 16, whenFull: dropOldest }'", at: node.location)
            return nil
        case .mapping:
            guard let buffer = MappingReader(node, what: "'whenNoDemand'", diagnostics: &read.diagnostics) else {
                return nil
            }
            let vocabulary = SchemaVocabulary.bufferPolicy
            let keysKnown = buffer.reportUnknownKeys(
                allowed: vocabulary.all, in: "'whenNoDemand'", diagnostics: &read.diagnostics)
            buffer.reportMissingKeys(vocabulary.required, in: "'whenNoDemand'", diagnostics: &read.diagnostics)
            let size = buffer["buffer"].flatMap { read.integer($0, key: "buffer") }
            let whenFull = buffer["whenFull"].map { read.choice($0, key: "whenFull", as: OverflowRule.self) }
            if let size, size.value <= 0 {
                read.diagnostics.error(
                    "'buffer' must be greater than zero, but it is \(size.value)",
                    hint: "use 'whenNoDemand: drop' to keep nothing", at: size.location)
                return nil
            }
            let rule: OverflowRule
            switch whenFull {
            case nil: rule = .dropOldest
            case let chosen??: rule = chosen.value
            case .some(nil): return nil
            }
            guard keysKnown, buffer.mergesAreValid, let size else { return nil }
            return Located(.buffer(size: size.value, whenFull: rule), at: node.location)
        }
    }

    // MARK: Parameters

    /// Names the generated code puts in scope of the expressions and factory parameters of any
    /// kind; each kind's owner says which are its own.
    static var namesInScope: [String] {
        var seen = Set<String>()
        return PublisherKind.allCases.flatMap(KindEmitters.namesInScope(of:)).filter { seen.insert($0).inserted }
    }

    /// The parameters, or `nil` when any of them has an error.
    private mutating func decodeParameters(_ node: YAMLNode, of what: String, kind: PublisherKind?) -> [Parameter]? {
        guard case let .sequence(items) = node.content else {
            read.diagnostics.error(
                "'parameters' must be a list, but it is \(node.kindDescription)",
                hint: "write '- { name: interval, type: Double }' for each parameter", at: node.location)
            return nil
        }
        var parameters: [Parameter] = []
        var allValid = true
        for item in items {
            guard let fields = MappingReader(item, what: "a parameter", diagnostics: &read.diagnostics) else {
                allValid = false
                continue
            }
            let vocabulary = SchemaVocabulary.parameter
            let keysKnown = fields.reportUnknownKeys(
                allowed: vocabulary.all, in: "a parameter", diagnostics: &read.diagnostics)
            fields.reportMissingKeys(vocabulary.required, in: "a parameter of \(what)", diagnostics: &read.diagnostics)
            let name = fields["name"].flatMap { decodeParameterName($0, existing: parameters, kind: kind) }
            let type = fields["type"].flatMap { read.swiftType($0, key: "type") }
            let defaultValue = FieldValue(fields["default"].map { read.expression($0, key: "default") })
            let label = FieldValue(fields["label"].map { decodeLabel($0) })
            guard keysKnown, fields.mergesAreValid, let name, let type, !defaultValue.isInvalid, !label.isInvalid
            else {
                allValid = false
                continue
            }
            // Swift needs the parameter after a variadic one labelled, to tell where the values end.
            if let variadic = parameters.last, variadic.type.value.hasSuffix("..."), label.value?.value == "_" {
                read.diagnostics.error(
                    "parameter '\(name.value)' follows the variadic parameter '\(variadic.name.value)', so it needs a label",
                    hint: "remove 'label: _', or move the parameter before '\(variadic.name.value)'",
                    at: label.value!.location)
                allValid = false
                continue
            }
            parameters.append(Parameter(name: name, type: type, defaultValue: defaultValue.value, label: label.value))
        }
        return allValid ? parameters : nil
    }

    private mutating func decodeParameterName(
        _ node: YAMLNode, existing: [Parameter], kind: PublisherKind?
    ) -> Located<String>? {
        guard let name = read.text(node, key: "name") else { return nil }
        if !SwiftNames.isIdentifier(name.value) {
            read.diagnostics.error("parameter name '\(name.value)' is not a Swift identifier", at: node.location)
            return nil
        }
        if let kind, KindEmitters.namesInScope(of: kind).contains(name.value) {
            read.diagnostics.error(
                "parameter name '\(name.value)' would hide '\(name.value)' in the generated code",
                hint: "choose another name", at: node.location)
            return nil
        }
        if let first = existing.first(where: { $0.name.value == name.value }) {
            read.diagnostics.emit(DuplicateNames.clash(name, with: first.name.location, what: "parameter"))
            return nil
        }
        return name
    }

    private mutating func decodeLabel(_ node: YAMLNode) -> Located<String>? {
        guard let label = read.text(node, key: "label") else { return nil }
        guard label.value == "_" || SwiftNames.isIdentifier(label.value) else {
            read.diagnostics.error(
                "argument label '\(label.value)' is not a Swift identifier",
                hint: "use an identifier, or '_' for no label", at: node.location)
            return nil
        }
        return label
    }

    // MARK: Helpers

    private static func isNull(_ node: YAMLNode) -> Bool {
        if case let .scalar(_, style, _) = node.content, style.isPlain { return ScalarValue(node) == .null }
        return false
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// An optional key as read: not written, written and valid, or written but wrong (already
/// reported).
enum FieldValue<Value> {
    case absent
    case invalid
    case valid(Value)

    /// From the result of reading a key that may be absent: `nil` when it is, `.some(nil)` when
    /// reading it failed.
    init(_ read: Value??) {
        switch read {
        case .none: self = .absent
        case .some(.none): self = .invalid
        case let .some(.some(value)): self = .valid(value)
        }
    }

    var value: Value? {
        if case let .valid(value) = self { return value }
        return nil
    }

    var isInvalid: Bool {
        if case .invalid = self { return true }
        return false
    }
}

extension YAMLNode {
    fileprivate var isEmptySequence: Bool {
        if case let .sequence(items) = content { return items.isEmpty }
        return false
    }
}
