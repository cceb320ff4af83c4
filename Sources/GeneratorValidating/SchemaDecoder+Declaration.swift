import GeneratorDiagnostics
import GeneratorModel
import GeneratorReading

extension SchemaDecoder {
    /// The declaration's name when it is an identifier, and the declaration when it has no error.
    mutating func decodeDeclaration(_ node: YAMLNode) -> (Located<String>?, PublisherDeclaration?) {
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
        let unit = fields["kind"].flatMap { decodeKind($0) }
        let kind = unit.map { Located($0.unit.kind, at: $0.location) }
        let what = name.map { "publisher '\($0.value)'" } ?? "this publisher"
        let whatWithKind = kind.map { "\(what) (kind \($0.value.rawValue))" } ?? what

        let keysKnown: Bool
        let keysPresent: Bool
        let keySets = kinds.vocabulary
        // Every kind `kind:` can name has key sets: the vocabulary is made from the decoders' units.
        if let kind, let vocabulary = keySets.declaration(kind.value) {
            keysKnown = fields.reportUnknownKeys(
                allowed: vocabulary.all, in: whatWithKind,
                elsewhere: { key in keySets.kinds(taking: key).map(\.rawValue) }, read: &read)
            keysPresent = fields.reportMissingKeys(
                vocabulary.required, in: whatWithKind, hints: vocabulary.missingHints, read: &read)
        } else {
            // Without a kind only the keys no kind takes can be called wrong.
            keysKnown = fields.reportUnknownKeys(
                allowed: keySets.anyDeclarationKey, in: what, read: &read)
            keysPresent = fields.reportMissingKeys(
                keySets.commonRequired, in: what, read: &read)
        }

        let description = FieldValue(fields["description"]) { read.text($0, key: "description") }
        let owner = FieldValue(fields["on"]) { read.swiftType($0, key: "on", placement: .extended) }
        let output = fields["output"].flatMap { read.swiftType($0, key: "output", placement: .value) }
        let failure = FieldValue(fields["failure"]) { read.swiftType($0, key: "failure", placement: .failure) }
        let parameters = FieldValue(fields["parameters"]) { decodeParameters($0, of: what, kind: kind?.value) }
        let factory = FieldValue(fields["factory"]) { decodeFactory($0, hasOwner: fields["on"] != nil, what: what) }
        // A kind that does not take `factoriesOn` has had it reported as unknown already.
        let placement = FieldValue(fields["factoriesOn"]) { node in
            unit.flatMap { unit in
                keySets.declaration(unit.unit.kind)?.contains("factoriesOn") == true
                    ? decodePlacement(node, owner: owner.value, what: what) : nil
            }
        }
        let takesTypeParameters = unit.map { keySets.declaration($0.unit.kind)?.contains("typeParameters") == true }
        // A kind that does not take `typeParameters` has had it reported as unknown already.
        let typeParameters = FieldValue(fields["typeParameters"]) { node in
            takesTypeParameters == true ? decodeTypeParameters(node, of: what) : nil
        }
        let sample = FieldValue(fields["sample"]) { read.code($0, key: "sample") }
        let failureSample = FieldValue(fields["failureSample"]) { read.expression($0, key: "failureSample") }
        // A kind that takes no `test` has had it reported as unknown already.
        let testDrive = FieldValue(fields["test"]) { node in
            unit.flatMap { unit in
                keySets.declaration(unit.unit.kind)?.contains("test") == true
                    ? decodeTestDrive(node, of: unit.unit) : nil
            }
        }
        let draft = DeclarationDraft(
            name: name, owner: owner.value, output: output, failure: failure.value,
            parameters: parameters.value ?? [], what: what, whatWithKind: whatWithKind)
        let decoded = unit.flatMap { $0.unit.decodeChecked(fields, draft: draft, read: &read) }
        let source = decoded?.source
        let kindRulesHold = decoded?.compiles ?? true
        let testCallsTheFactory = checkTestDriveCallsTheFactory(
            testDrive.value, parameters: parameters.value ?? [],
            kindArguments: decoded?.argumentsWithoutDefault ?? [], what: what)
        let typeParametersDeclared = checkTypeParametersDeclared(
            output: output, failure: failure.value, parameters: parameters.value ?? [],
            declared: typeParameters.value ?? [], takesTypeParameters: takesTypeParameters ?? true)
        let typesCompile =
            typeParametersDeclared
            && checkOutputType(output)
            && checkParameterTypes(parameters.value ?? [], hasOwner: owner.value != nil)

        guard keysKnown, keysPresent, fields.mergesAreValid, kindRulesHold, testCallsTheFactory, typesCompile,
            let name, let kind, let output, let source, !description.isInvalid, !owner.isInvalid, !failure.isInvalid,
            !parameters.isInvalid, !sample.isInvalid, !failureSample.isInvalid, !testDrive.isInvalid,
            !factory.isInvalid, !placement.isInvalid, !typeParameters.isInvalid
        else { return (name, nil) }
        let declaration = PublisherDeclaration(
            name: name, kindLocation: kind.location, description: description.value, owner: owner.value, output: output,
            failure: failure.value, parameters: parameters.value ?? [], sample: sample.value,
            failureSample: failureSample.value, testDrive: testDrive.value, factory: factory.value,
            factoryPlacement: placement.value?.value ?? .instance, typeParameters: typeParameters.value ?? [],
            source: source,
            location: node.location)
        return (name, declaration)
    }

    /// `factoriesOn:`; `type` needs the type (`on:`) whose static methods the factories become.
    private mutating func decodePlacement(
        _ node: YAMLNode, owner: Located<String>?, what: String
    ) -> Located<FactoryPlacement>? {
        guard let placement = read.choice(node, key: "factoriesOn", as: FactoryPlacement.self) else { return nil }
        guard placement.value == .type, owner == nil else { return placement }
        read.diagnostics.error(
            "\(what) puts its factories on a type ('factoriesOn: type') but names none",
            hint: "add 'on:' with the type whose static methods the factories are, e.g. 'on: UIApplication'",
            at: node.location)
        return nil
    }
}
