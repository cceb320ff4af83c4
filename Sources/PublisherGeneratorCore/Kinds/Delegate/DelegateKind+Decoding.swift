extension DelegateKind {
    static func decodeSource(_ fields: MappingReader, what: String, read: inout ScalarReader) -> DelegateSource? {
        let protocolName = fields["protocol"].flatMap { read.swiftType($0, key: "protocol") }
        let property = FieldValue(fields["property"]) { decodeProperty($0, read: &read) }
        let runtime = FieldValue(fields["runtime"]) { read.choice($0, key: "runtime", as: DelegateRuntime.self) }
        let isolation = FieldValue(fields["isolation"]) { read.choice($0, key: "isolation", as: SourceIsolation.self) }
        let methods = fields["methods"].flatMap { decodeMethods($0, of: what, read: &read) }
        let behavior = read.pushBehavior(fields)
        guard let protocolName, let methods, let behavior, !property.isInvalid, !runtime.isInvalid,
            !isolation.isInvalid
        else { return nil }
        let defaultProperty = Located("delegate", at: fields["protocol"]?.location ?? protocolName.location)
        return DelegateSource(
            property: property.value ?? defaultProperty, protocolName: protocolName,
            runtime: runtime.value?.value ?? .objc, isolation: isolation.value?.value ?? .mainActor,
            methods: methods, behavior: behavior)
    }

    private static func decodeProperty(_ node: YAMLNode, read: inout ScalarReader) -> Located<String>? {
        guard let property = read.text(node, key: "property") else { return nil }
        guard SwiftNames.isIdentifier(property.value) else {
            read.diagnostics.error(
                "'property' must name the owner's delegate property, but '\(property.value)' is not a Swift identifier",
                hint: "write the property's name, e.g. 'property: dataSource'", at: node.location)
            return nil
        }
        return property
    }

    /// The list of methods, each checked on its own, then for a method declared twice.
    private static func decodeMethods(_ node: YAMLNode, of what: String, read: inout ScalarReader) -> [DelegateMethod]?
    {
        guard case let .sequence(items) = node.content, !items.isEmpty else {
            read.diagnostics.error(
                "'methods' must be a list of protocol methods, but it is \(node.kindDescription)",
                hint:
                    "write '- { method: \"scrollViewDidScroll(_ scrollView: UIScrollView)\", body: send(scrollView.contentOffset) }' for each method",
                at: node.location)
            return nil
        }
        var methods: [DelegateMethod] = []
        var allValid = true
        for item in items {
            guard let method = decodeMethod(item, of: what, read: &read) else {
                allValid = false
                continue
            }
            if methods.contains(where: { $0.signature.selector == method.signature.selector }) {
                read.diagnostics.error(
                    "\(what) declares the method '\(method.signature.selector)' twice",
                    hint: "give it one entry whose 'body' does everything", at: method.signature.location)
                allValid = false
                continue
            }
            methods.append(method)
        }
        return allValid ? methods : nil
    }

    private static func decodeMethod(_ node: YAMLNode, of what: String, read: inout ScalarReader) -> DelegateMethod? {
        let inWhat = "a method of \(what)"
        guard let fields = MappingReader(node, what: "a delegate method", diagnostics: &read.diagnostics) else {
            return nil
        }
        let vocabulary = SchemaVocabulary.delegateMethod
        let keysKnown = fields.reportUnknownKeys(allowed: vocabulary.all, in: inWhat, diagnostics: &read.diagnostics)
        fields.reportMissingKeys(vocabulary.required, in: inWhat, diagnostics: &read.diagnostics)
        let signature = fields["method"].flatMap { decodeSignature($0, read: &read) }
        let body = fields["body"].flatMap { read.code($0, key: "body") }
        let answer = FieldValue(fields["answer"]) { read.expression($0, key: "answer") }
        guard keysKnown, fields.mergesAreValid, let signature, let body, !answer.isInvalid else { return nil }
        switch (signature.returnType, answer.value) {
        case let (returnType?, nil):
            read.diagnostics.error(
                "'\(signature.selector)' returns '\(returnType)', so the proxy needs an answer for when the app's delegate does not implement it",
                hint: "add 'answer:' with a value of type '\(returnType)', e.g. what UIKit assumes without a delegate",
                at: fields.keyNode("method")?.location ?? node.location)
            return nil
        case let (nil, answer?):
            read.diagnostics.error(
                "'\(signature.selector)' returns nothing, so it takes no 'answer'",
                hint: "remove 'answer:', or write the method's return type: '… -> Bool'", at: answer.location)
            return nil
        default:
            return DelegateMethod(signature: signature, body: body, answer: answer.value)
        }
    }

    private static func decodeSignature(_ node: YAMLNode, read: inout ScalarReader) -> DelegateMethodSignature? {
        guard let text = read.text(node, key: "method") else { return nil }
        if text.value.contains(where: { $0.isNewline }) {
            read.diagnostics.error(
                "'method' must be a signature on one line", hint: DelegateMethodSignature.shapeHint, at: node.location)
            return nil
        }
        switch DelegateMethodSignature.parse(text.value, at: node.location) {
        case let .success(signature):
            return signature
        case let .failure(failure):
            read.diagnostics.error(
                "'method' is not a method signature: \(failure.message)", hint: failure.hint,
                at: ScalarReader.location(of: failure.offset, in: node))
            return nil
        }
    }
}
