import PublisherGeneratorCore

/// Random `kind: callback` declarations: one-shot and observer registrations, with and without a
/// token type and a failure.
enum CallbackComposer: KindComposer {
    static let kind = PublisherKind.callback

    static func compose(owner: OwnerType?, uses: [String], in composer: inout DeclarationComposer) -> KindPart {
        if composer.random.chance(0.12) { return composeGeneric(owner: owner, uses: uses, in: &composer) }
        let output = composer.composeOutput(owner: owner)
        let entries =
            [("output", YAMLValue.text(output.spelling))]
            + keys(owner: owner, output: output, uses: uses, in: &composer)
        return KindPart(output: output, entries: entries)
    }

    /// A declaration generic over its output (`typeParameters:`): the world's registration APIs
    /// are generic over the value they send, so the same code sends the type parameter; the tests
    /// use a type with a sample of its own.
    private static func composeGeneric(
        owner: OwnerType?, uses: [String], in composer: inout DeclarationComposer
    ) -> KindPart {
        let name = composer.random.pick(["Model", "Item", "Entry"])
        let (testType, sample) = composer.random.pick([("Int", "index"), ("String", "String(index)")])
        var parameter: [(key: String, value: YAMLValue)] = [("name", .plain(name)), ("testType", .plain(testType))]
        if composer.random.chance(0.4) { parameter.append(("constraint", .plain("Equatable"))) }
        let output = Catalog.Output(spelling: name, sample: sample)
        let entries =
            [("output", YAMLValue.text(name)), ("typeParameters", .list([.mapping(parameter)]))]
            + keys(owner: owner, output: output, uses: uses, in: &composer)
        return KindPart(output: output, entries: entries)
    }

    private static func keys(
        owner: OwnerType?, output: Catalog.Output, uses: [String], in composer: inout DeclarationComposer
    ) -> [(key: String, value: YAMLValue)] {
        let failure = composer.composeFailure()
        var keys: [(key: String, value: YAMLValue)] = []
        if let failure { keys.append(("failure", .text(failure))) }
        let fails = failure != nil && failure != "Never"
        // `isolation: mainActor` would run `register` in a main-actor closure that captures the
        // owner and the parameters, which the world's nonisolated types cannot be sent into: it is
        // left to the examples (`ScrollOffset`) and the Apple fixtures.
        if composer.random.chance(0.2) { keys.append(("isolation", .plain("nonisolated"))) }
        if composer.random.chance(0.25) {
            let picked = owner == nil ? "worldValue()" : composer.random.pick(["currentValue()", "worldValue()"])
            keys.append(("initial", .text(output.isVoid ? "()" : picked)))
        }
        let prefix = uses.map { $0 + "\n" }.joined()
        let returnWord = uses.isEmpty ? "" : "return "
        if composer.random.chance(0.2) {
            // One-shot: nothing to unregister.
            let register =
                owner == nil
                ? "\(prefix)_ = worldObserve { value in send(value) }"
                : "\(prefix)requestOnce { value in\n    send(value)\n    finish()\n}"
            keys.append(("register", .text(register)))
            return keys
        }
        let register: String
        let unregister: String
        let tokenTypes: [String]
        if owner == nil {
            register = "worldObserve { value in send(value) }"
            unregister = "worldStopObserving(token)"
            tokenTypes = ["ObserverToken", "AnyObject", "Any"]
        } else {
            switch composer.random.int(in: 0...3) {
            case 0:
                register = "addObserver { value in send(value) }"
                unregister = composer.random.chance(0.8) ? "removeObserver(token)" : "removeAllObservers()"
                tokenTypes = ["ObserverToken", "AnyObject", "Any"]
            case 1:
                register =
                    fails
                    ? "addObserver(send: send, finish: finish, fail: fail)" : "addObserver(send: send, finish: finish)"
                unregister = "removeObserver(token)"
                tokenTypes = ["ObserverToken", "any AnyObject & Sendable"]
            case 2:
                register = "addObserver { value in\n    send(value)\n}"
                unregister = "removeObserver(token)"
                tokenTypes = ["ObserverToken"]
            default:
                register = "addNumberedObserver { value in\n    send(value)\n}"
                unregister = "removeObserver(number: token)"
                tokenTypes = ["Int"]
            }
        }
        keys.append(("register", .text(prefix + returnWord + register)))
        keys.append(("unregister", .text(unregister)))
        if composer.random.chance(0.4) { keys.append(("token", .text(composer.random.pick(tokenTypes)))) }
        return keys
    }
}
