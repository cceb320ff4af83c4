import GeneratorDiagnostics
import GeneratorLanguage
import GeneratorModel
import GeneratorReading
import GeneratorValidating

extension DelegateKind {
    package static func decodeSource(_ fields: MappingReader, what: String, read: inout ScalarReader) -> DelegateSource?
    {
        let protocolName = fields["protocol"].flatMap { read.swiftType($0, key: "protocol", placement: .value) }
        let property = FieldValue(fields["property"]) { decodeProperty($0, read: &read) }
        let runtime = FieldValue(fields["runtime"]) { read.choice($0, key: "runtime", as: DelegateRuntime.self) }
        let isolation = FieldValue(fields["isolation"]) { read.choice($0, key: "isolation", as: SourceIsolation.self) }
        let protocolIsolation = FieldValue(fields["protocolIsolation"]) {
            read.choice($0, key: "protocolIsolation", as: SourceIsolation.self)
        }
        let required = FieldValue(fields["requiredMethods"]) { decodeRequiredMethods($0, of: what, read: &read) }
        let methods = fields["methods"].flatMap {
            decodeMethods($0, of: what, required: required.value ?? [], read: &read)
        }
        let initial = FieldValue(fields["initial"]) { read.code($0, key: "initial") }
        let behavior = read.pushBehavior(fields)
        guard let protocolName, let methods, let behavior, !property.isInvalid, !runtime.isInvalid,
            !isolation.isInvalid, !protocolIsolation.isInvalid, !required.isInvalid, !initial.isInvalid
        else { return nil }
        let proxyIsolation = isolation.value?.value ?? .mainActor
        if let written = protocolIsolation.value, written.value != .nonisolated || proxyIsolation != .mainActor {
            read.diagnostics.error(
                "'protocolIsolation' says a main-actor proxy conforms to a nonisolated protocol, so it is 'nonisolated' "
                    + "with 'isolation: mainActor', not '\(written.value.rawValue)' with 'isolation: \(proxyIsolation.rawValue)'",
                hint: "remove 'protocolIsolation:' unless the owner is main-actor and its delegate protocol is not",
                at: written.location)
            return nil
        }
        if let native = runtime.value, native.value == .native, AppleObjectiveCProtocols.contains(protocolName.value) {
            read.diagnostics.error(
                "'\(protocolName.value)' is an Objective-C protocol of Apple's SDK, so its proxy must be an NSObject "
                    + "with @objc methods, which 'runtime: native' does not generate",
                hint: "remove 'runtime: native': the default, objc, is what Apple's delegates need", at: native.location
            )
            return nil
        }
        guard
            checkDequeuedAnswers(
                protocolName: protocolName.value, methods: methods, required: required.value ?? [], read: &read)
        else { return nil }
        if protocolIsolation.value == nil, proxyIsolation == .mainActor,
            AppleNonisolatedDelegateProtocols.contains(protocolName.value)
        {
            reportNonisolatedProtocol(
                protocolName.value, of: what, throughPath: property.value?.value.contains(".") ?? false,
                at: fields.node.location, read: &read)
            return nil
        }
        read.warnIfInitialIsDropped(initial.value, behavior: behavior)
        let defaultProperty = Located("delegate", at: fields["protocol"]?.location ?? protocolName.location)
        return DelegateSource(
            property: property.value ?? defaultProperty, protocolName: protocolName,
            runtime: runtime.value?.value ?? .objc, isolation: proxyIsolation,
            protocolIsNonisolated: protocolIsolation.value != nil, methods: methods,
            requiredMethods: required.value ?? [], initial: initial.value, behavior: behavior)
    }

    /// A main-actor proxy (the default) of a protocol Apple declares nonisolated does not compile
    /// in Swift 6; the hint names the key that fixes it: `protocolIsolation` when the delegate is
    /// reached through a path from a main-actor owner (`UITextView` to its `NSTextStorage`),
    /// `isolation` when the owner holds it (`CLLocationManager`, itself nonisolated).
    private static func reportNonisolatedProtocol(
        _ protocolName: String, of what: String, throughPath: Bool, at location: SourceLocation,
        read: inout ScalarReader
    ) {
        let fix =
            throughPath
            ? "add 'protocolIsolation: nonisolated': the main-actor proxy then conforms with @preconcurrency"
            : "add 'isolation: nonisolated' (the proxy then runs where the owner calls it), or, if the owner is main-actor, 'protocolIsolation: nonisolated'"
        read.diagnostics.error(
            "'\(protocolName)' is not main-actor isolated, but the proxy of \(what) is main-actor "
                + "('isolation: mainActor', the default), which Swift 6 refuses at the generated class",
            hint: fix, at: location)
    }

    /// A method that returns a value has one answer: in its `methods` entry or, for a required
    /// method, in `requiredMethods`.
    private static func checkAnswer(
        of method: DelegateMethod, required: [DelegateRequiredMethod], read: inout ScalarReader
    ) -> Bool {
        let requiredEntry = required.first { $0.signature.selector == method.signature.selector }
        switch (method.signature.returnType, method.answer, requiredEntry?.answer) {
        case let (returnType?, nil, nil):
            read.diagnostics.error(
                "'\(method.signature.selector)' returns '\(returnType)', so the proxy needs an answer for when the app's delegate does not implement it",
                hint: "add 'answer:' with a value of type '\(returnType)', e.g. what UIKit assumes without a delegate",
                at: method.keyLocation)
            return false
        case let (_, answer?, _?):
            read.diagnostics.error(
                "'\(method.signature.selector)' is a required method with its answer in 'requiredMethods', so its entry in 'methods' takes no 'answer'",
                hint: "remove this 'answer:'; the one in 'requiredMethods' is used", at: answer.location)
            return false
        default:
            return true
        }
    }

    private static func decodeRequiredMethods(
        _ node: YAMLNode, of what: String, read: inout ScalarReader
    ) -> [DelegateRequiredMethod]? {
        decodeMethodList(
            node, key: "requiredMethods", listOf: "the protocol's required methods",
            hint:
                "write '- { method: \"tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int\", answer: \"0\" }' for each required method",
            twice: { ("\(what) lists the required method '\($0)' twice", "keep one entry") },
            signature: \.signature, read: &read
        ) { item, read in decodeRequiredMethod(item, of: what, read: &read) }
    }

    /// A list of method entries, each read by `decode`, then checked for a method listed twice:
    /// `methods` and `requiredMethods`.
    private static func decodeMethodList<Entry>(
        _ node: YAMLNode, key: String, listOf: String, hint: String,
        twice: (_ selector: String) -> (message: String, hint: String),
        signature: (Entry) -> DelegateMethodSignature, read: inout ScalarReader,
        decode: (YAMLNode, inout ScalarReader) -> Entry?
    ) -> [Entry]? {
        guard case let .sequence(items) = node.content, !items.isEmpty else {
            // An empty list is a list: say what it lacks, not what it is.
            let message =
                node.isEmptySequence
                ? "'\(key)' is an empty list, but it needs at least one entry"
                : "'\(key)' must be a list of \(listOf), but it is \(node.kindDescription)"
            read.diagnostics.error(message, hint: hint, at: node.location)
            return nil
        }
        var entries: [Entry] = []
        var allValid = true
        for item in items {
            guard let entry = decode(item, &read) else {
                allValid = false
                continue
            }
            let selector = signature(entry).selector
            if entries.contains(where: { signature($0).selector == selector }) {
                let (message, fix) = twice(selector)
                read.diagnostics.error(message, hint: fix, at: signature(entry).location)
                allValid = false
                continue
            }
            entries.append(entry)
        }
        return allValid ? entries : nil
    }

    private static func decodeRequiredMethod(
        _ node: YAMLNode, of what: String, read: inout ScalarReader
    ) -> DelegateRequiredMethod? {
        let inWhat = "a required method of \(what)"
        guard let fields = MappingReader(node, what: "a required method", diagnostics: &read.diagnostics) else {
            return nil
        }
        let vocabulary = requiredMethodKeys
        let keysKnown = fields.reportUnknownKeys(allowed: vocabulary.all, in: inWhat, read: &read)
        fields.reportMissingKeys(vocabulary.required, in: inWhat, read: &read)
        let signature = fields["method"].flatMap { decodeSignature($0, read: &read) }
        let answer = FieldValue(fields["answer"]) { read.expression($0, key: "answer") }
        guard keysKnown, fields.mergesAreValid, let signature, !answer.isInvalid else { return nil }
        guard
            checkAnswer(
                answer.value, of: signature, at: fields.keyNode("method")?.location ?? node.location, read: &read)
        else { return nil }
        return DelegateRequiredMethod(signature: signature, answer: answer.value)
    }

    /// The hint for an `answer` on a method whose signature returns nothing: either the answer is
    /// not needed, or the signature lost its return type, which only the protocol knows.
    static let answerWithoutReturnTypeHint =
        "remove 'answer:'; or, if the protocol's method returns a value, end 'method' with its return type ('… -> ReturnType')"

    /// A required method's answer is there exactly when it returns a value.
    private static func checkAnswer(
        _ answer: Located<String>?, of signature: DelegateMethodSignature, at location: SourceLocation,
        read: inout ScalarReader
    ) -> Bool {
        switch (signature.returnType, answer) {
        case let (returnType?, nil):
            read.diagnostics.error(
                "'\(signature.selector)' returns '\(returnType)', so the proxy needs an answer for when the owner has no app delegate",
                hint: "add 'answer:' with a value of type '\(returnType)', e.g. what the owner should show without one",
                at: location)
            return false
        case let (nil, answer?):
            read.diagnostics.error(
                "'\(signature.selector)' returns nothing, so it takes no 'answer'",
                hint: Self.answerWithoutReturnTypeHint, at: answer.location)
            return false
        default:
            return true
        }
    }

    private static func decodeProperty(_ node: YAMLNode, read: inout ScalarReader) -> Located<String>? {
        guard let property = read.text(node, key: "property") else { return nil }
        let components = property.value.split(separator: ".", omittingEmptySubsequences: false)
        guard components.allSatisfy({ SwiftNames.isIdentifier(String($0)) }) else {
            read.diagnostics.error(
                "'property' must name the owner's delegate property, or a path of properties to it, but "
                    + "'\(property.value)' is not Swift identifiers joined by dots",
                hint: "write the property's name, e.g. 'property: dataSource', or its path, e.g. "
                    + "'property: textStorage.delegate' (a path through an optional is not supported)",
                at: node.location)
            return nil
        }
        return property
    }

    /// The list of methods, each checked on its own, then for a method declared twice.
    private static func decodeMethods(
        _ node: YAMLNode, of what: String, required: [DelegateRequiredMethod], read: inout ScalarReader
    ) -> [DelegateMethod]? {
        decodeMethodList(
            node, key: "methods", listOf: "protocol methods",
            hint:
                "write '- { method: \"scrollViewDidScroll(_ scrollView: UIScrollView)\", body: send(scrollView.contentOffset) }' for each method",
            twice: { ("\(what) declares the method '\($0)' twice", "give it one entry whose 'body' does everything") },
            signature: \.signature, read: &read
        ) { item, read in
            guard let method = decodeMethod(item, of: what, read: &read),
                checkAnswer(of: method, required: required, read: &read)
            else { return nil }
            return method
        }
    }

    private static func decodeMethod(_ node: YAMLNode, of what: String, read: inout ScalarReader) -> DelegateMethod? {
        let inWhat = "a method of \(what)"
        guard let fields = MappingReader(node, what: "a delegate method", diagnostics: &read.diagnostics) else {
            return nil
        }
        let vocabulary = methodKeys
        let keysKnown = fields.reportUnknownKeys(allowed: vocabulary.all, in: inWhat, read: &read)
        let signature = fields["method"].flatMap { decodeSignature($0, read: &read) }
        // A missing or empty `body` is hinted with the method's own parameters.
        let example = signature.map(Self.bodyExample(for:)) ?? Self.bodyExample
        fields.reportMissingKeys(
            vocabulary.required, in: inWhat,
            hints: ["body": "add 'body:' with Swift code that calls send(_:), e.g. \(example)"], read: &read)
        let body = fields["body"].flatMap {
            read.code($0, key: "body", hint: "write Swift code that calls send(_:), e.g. \(example)")
        }
        let answer = FieldValue(fields["answer"]) { read.expression($0, key: "answer") }
        guard keysKnown, fields.mergesAreValid, let signature, let body, !answer.isInvalid else { return nil }
        if signature.returnType == nil, let answer = answer.value {
            read.diagnostics.error(
                "'\(signature.selector)' returns nothing, so it takes no 'answer'",
                hint: Self.answerWithoutReturnTypeHint, at: answer.location)
            return nil
        }
        return DelegateMethod(
            signature: signature, body: body, answer: answer.value,
            keyLocation: fields.keyNode("method")?.location ?? node.location)
    }

    /// The example a missing or empty `body` suggests: it sends the method's last parameter (the
    /// first is usually the object that delegates), or `()` from a method without parameters.
    static func bodyExample(for signature: DelegateMethodSignature) -> String {
        "'body: send(\(signature.parameters.last?.name ?? "()"))'"
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
