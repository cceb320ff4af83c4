/// One random declaration of one kind, with the keys that kind takes and expressions that compile
/// against ``SchemaWorld``.
struct DeclarationComposer {
    enum Kind: String, CaseIterable {
        case callback, polling, targetAction, periodic
    }

    /// Names each kind puts in scope (README, parameter keys): a parameter may not take them.
    static let namesInScope: [Kind: Set<String>] = [
        .callback: ["send", "finish", "fail", "token", "publisherAttach", "publisherDetach"],
        .polling: ["publisherNext"],
        .targetAction: ["event", "sender", "publisherValue"],
        .periodic: ["scheduler", "options", "publisherValue"],
    ]

    /// A declaration as written, and whether it needs `imports: [Foundation]`.
    struct Result {
        var entries: [(key: String, value: YAMLValue)]
        var needsFoundation: Bool
        /// Why the declaration breaks the language, when it does.
        var invalidBecause: String?
    }

    var random: SeededRandom
    let kind: Kind
    let name: String
    var failureNamesTypealias = false

    mutating func compose() -> Result {
        var entries: [(key: String, value: YAMLValue)] = [("name", .text(name)), ("kind", .plain(kind.rawValue))]
        var needsFoundation = false
        var invalidBecause: String?

        // A target/action publisher's own nested class is `Target`, so the language rejects an
        // owner of that name there.
        let owners = SchemaWorld.owners.filter { owner in
            kind != .targetAction || (owner.isClass && owner.spelling != "Target")
        }
        // A name without a capital is valid only without an owner; give most of them none.
        let ownerChance = name.first?.isUppercase == true ? 0.7 : 0.15
        let owner: OwnerType? = kind == .targetAction || random.chance(ownerChance) ? random.pick(owners) : nil
        if let owner { entries.append(("on", .text(owner.spelling))) }
        if owner != nil, name.first?.isUppercase != true {
            invalidBecause = "with an owner, a name without a capital makes the factory named like the type"
        }
        if random.chance(0.5) { entries.append(("description", .text(random.pick(Catalog.descriptions)))) }

        let parameters = composeParameters(hasOwner: owner != nil)
        needsFoundation = needsFoundation || parameters.needsFoundation
        invalidBecause = invalidBecause ?? parameters.invalidBecause
        if !parameters.entries.isEmpty { entries.append(("parameters", .list(parameters.entries))) }
        let uses = parameters.usable.filter { _ in random.chance(0.5) }.map { "worldUse(\($0))" }

        let output: Catalog.Output
        switch kind {
        case .callback, .polling, .periodic:
            output = composeOutput(owner: owner)
            entries.append(("output", .text(output.spelling)))
        case .targetAction:
            output = composeTargetActionOutput(owner: owner!, into: &entries)
        }
        needsFoundation = needsFoundation || output.needsFoundation
        if output.spelling == "Output" { invalidBecause = invalidBecause ?? "output names the publisher's typealias" }
        if kind == .targetAction, output.spelling == "Target" {
            invalidBecause = invalidBecause ?? "output names the target/action publisher's target class"
        }
        if let sample = output.sample {
            entries.append(("sample", .text(sample)))
        } else if output.sample == nil, random.chance(0.1) {
            entries.append(("sample", .text(builtInSampleAlternative(output.spelling))))
        }

        switch kind {
        case .callback: entries += callbackKeys(owner: owner, uses: uses)
        case .polling: entries += pollingKeys(owner: owner, uses: uses)
        case .periodic:
            let interval = composeInterval()
            invalidBecause = invalidBecause ?? interval.invalidBecause
            entries.append(("interval", .plain(interval.text)))
            entries.append(("value", .text(periodicValue(owner: owner, output: output, uses: uses))))
        case .targetAction:
            if let index = entries.firstIndex(where: { $0.key == "value" }), !uses.isEmpty,
                case let .text(value) = entries[index].value
            {
                entries[index].value = .text(uses.map { $0 + "\n" }.joined() + "return " + value)
            }
        }
        if failureNamesTypealias { invalidBecause = invalidBecause ?? "failure names the publisher's typealias" }
        let failsWithGenFailure = entries.contains { entry in
            if entry.key == "failure", case .text("GenFailure") = entry.value { return true }
            return false
        }
        if failsWithGenFailure, random.chance(0.5) { entries.append(("failureSample", .text("GenFailure.failed"))) }
        if let owner, kind != .periodic, random.chance(0.4) {
            entries += testDriveKeys(
                owner: owner, callsFactoryBare: parameters.entries.isEmpty && hasDefaultEvent(entries))
        }
        if kind != .polling {
            let policy = composePushBehavior()
            invalidBecause = invalidBecause ?? policy.invalidBecause
            entries += policy.entries
        }
        shuffleKeys(&entries)
        return Result(entries: entries, needsFoundation: needsFoundation, invalidBecause: invalidBecause)
    }

    // MARK: Tests through the owner

    /// `test:`: only compiled here, so the code just has to use `owner` and have the right types.
    /// Without `publisher:` the tests call the factory bare, which needs every argument defaulted;
    /// with it, the publisher is made from closures (`<Name>Publisher(register:)` / `(next:)`).
    private mutating func testDriveKeys(owner: OwnerType, callsFactoryBare: Bool) -> [(key: String, value: YAMLValue)] {
        var drive: [(key: String, value: YAMLValue)] = [("owner", .text(owner.instance))]
        if !callsFactoryBare || random.chance(0.5) {
            let made = kind == .polling ? "(next: { nil })" : "(register: { _, _, _ in 0 })"
            drive.append(("publisher", .text("\(name)Publisher\(made)")))
        }
        if kind == .polling {
            drive.append(("pulls", .text("[owner].count")))
        } else {
            drive.append(("fire", .text("_ = (owner, value)")))
            drive.append(("registrations", .text("[owner].count - 1")))
            if random.chance(0.5) { drive.append(("finish", .text("_ = owner"))) }
        }
        return [("test", .mapping(drive))]
    }

    private func hasDefaultEvent(_ entries: [(key: String, value: YAMLValue)]) -> Bool {
        guard kind == .targetAction else { return true }
        guard let event = entries.first(where: { $0.key == "event" }), case let .mapping(keys) = event.value else {
            return false
        }
        return keys.contains { $0.key == "default" }
    }

    // MARK: Parameters

    private mutating func composeParameters(
        hasOwner: Bool
    ) -> (
        entries: [YAMLValue], usable: [String], needsFoundation: Bool, invalidBecause: String?
    ) {
        let count = random.chance(0.1) ? random.int(in: 6...12) : random.int(in: 0...3)
        var entries: [YAMLValue] = []
        var usable: [String] = []
        var names: Set<String> = []
        var needsFoundation = false
        var invalidBecause: String?
        var previousType: String?
        for _ in 0..<count {
            var name = random.pick(random.chance(0.03) ? Catalog.namesSomeKindReserves : Catalog.parameterNames)
            while names.contains(name) { name += "2" }
            names.insert(name)
            if random.chance(0.01) {
                // Swift takes a keyword in backticks as a name; the language does not.
                name = "`\(random.pick(["default", "class", "in"]))`"
                invalidBecause = invalidBecause ?? "a parameter name is a keyword in backticks"
            }
            if Self.namesInScope[kind]!.contains(name) {
                invalidBecause = invalidBecause ?? "a parameter takes a name its kind puts in scope"
            }
            let type = random.pick(random.chance(0.04) ? Catalog.unusualParameterTypes : Catalog.parameterTypes)
            if !hasOwner, type.spelling == "Output" {
                invalidBecause = invalidBecause ?? "without an owner, a parameter type names the publisher's typealias"
            }
            if kind == .periodic, type.spelling == "Context" {
                invalidBecause = invalidBecause ?? "a periodic parameter type names the scheduler's generic type"
            }
            let followsVariadic = previousType?.hasSuffix("...") ?? false
            previousType = type.spelling
            needsFoundation = needsFoundation || type.needsFoundation
            var fields: [(key: String, value: YAMLValue)] = [("name", .text(name)), ("type", .text(type.spelling))]
            if !type.defaults.isEmpty, random.chance(0.5) {
                fields.append(("default", .text(random.pick(type.defaults))))
            }
            switch random.int(in: 0...9) {
            case 0, 1:
                fields.append(("label", .text("_")))
                if followsVariadic { invalidBecause = invalidBecause ?? "unlabelled parameter after a variadic one" }
            case 2, 3: fields.append(("label", .text(random.pick(Catalog.labels))))
            default: break
            }
            shuffleKeys(&fields)
            entries.append(.mapping(fields))
            // `inout` and `borrowing` values cannot be used in an escaping closure.
            if !type.spelling.hasPrefix("inout") && !type.spelling.hasPrefix("borrowing") {
                usable.append(Catalog.backtickedInExpressions.contains(name) ? "`\(name)`" : name)
            }
        }
        return (entries, usable, needsFoundation, invalidBecause)
    }

    // MARK: Outputs

    private mutating func composeOutput(owner: OwnerType?) -> Catalog.Output {
        if let owner, random.chance(0.1) { return Catalog.Output(spelling: "Self", sample: owner.instance) }
        // `Output` is the publisher's own typealias, which the language rejects: now and then.
        if random.chance(0.01) { return Catalog.Output(spelling: "Output", sample: "Output(index)") }
        return random.pick(Catalog.outputs.filter { $0.spelling != "Output" })
    }

    /// Without `value` the sender is sent, so the output is `Self` or the owner's type.
    private mutating func composeTargetActionOutput(
        owner: OwnerType, into entries: inout [(key: String, value: YAMLValue)]
    ) -> Catalog.Output {
        let sendsSender = random.chance(0.4)
        let output: Catalog.Output
        let value: String?
        if sendsSender {
            output = Catalog.Output(spelling: random.chance(0.5) ? "Self" : owner.spelling, sample: owner.instance)
            value = nil
        } else if random.chance(0.5) {
            output = Catalog.Output(spelling: "Int", sample: nil)
            value = random.pick(["level", "sender.level", "self.level", "sender.level + level"])
        } else {
            output = random.pick(
                Catalog.outputs.filter {
                    !["Void", "()"].contains($0.spelling)
                })
            value = random.pick(["currentValue()", "sender.currentValue()", "worldValue()"])
        }
        entries.append(("output", .text(output.spelling)))
        entries += TargetActionSenders.declarationKeys(
            owner: owner, sendsSender: sendsSender, value: value, random: &random)
        return output
    }

    private mutating func builtInSampleAlternative(_ output: String) -> String {
        switch output {
        case "Int", "Swift.Int": "index * 2"
        case "String": #""sample \(index)""#
        case "Bool": "index > 2"
        case "Void", "()": "()"
        case "Date": "Date(timeIntervalSince1970: Double(index) * 2)"
        default: "\(output)(index)"
        }
    }

    // MARK: Expressions

    /// A failure type; `Failure` is the publisher's own typealias, which the language rejects.
    private mutating func composeFailure() -> String? {
        guard !random.chance(0.015) else {
            failureNamesTypealias = true
            return "Failure"
        }
        return random.pick(Catalog.failures)
    }

    private mutating func callbackKeys(owner: OwnerType?, uses: [String]) -> [(key: String, value: YAMLValue)] {
        let failure = composeFailure()
        var keys: [(key: String, value: YAMLValue)] = []
        if let failure { keys.append(("failure", .text(failure))) }
        let fails = failure != nil && failure != "Never"
        let prefix = uses.map { $0 + "\n" }.joined()
        let returnWord = uses.isEmpty ? "" : "return "
        if random.chance(0.2) {
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
            switch random.int(in: 0...3) {
            case 0:
                register = "addObserver { value in send(value) }"
                unregister = random.chance(0.8) ? "removeObserver(token)" : "removeAllObservers()"
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
        if random.chance(0.4) { keys.append(("token", .text(random.pick(tokenTypes)))) }
        return keys
    }

    private mutating func pollingKeys(owner: OwnerType?, uses: [String]) -> [(key: String, value: YAMLValue)] {
        let failure = composeFailure()
        var keys: [(key: String, value: YAMLValue)] = []
        if let failure { keys.append(("failure", .text(failure))) }
        let receiver = owner == nil ? "world" : ""
        let next: String
        switch failure {
        case "Error", "any Error", "Swift.Error":
            next = random.pick([
                "try \(owner == nil ? "worldNextOrThrow" : "nextValueOrThrow")()",
                "try \(owner == nil ? "worldNext" : "nextValue")(failingWith: GenFailure.self)",
                "\(owner == nil ? "worldNext" : "nextValue")()",
            ])
        case "GenFailure", "Failure":
            next = "try \(owner == nil ? "worldNext" : "nextValue")(failingWith: \(failure!).self)"
        default:
            next = owner == nil ? "\(receiver)Next()" : "nextValue()"
        }
        let body = uses.isEmpty ? next : uses.map { $0 + "\n" }.joined() + "return " + next
        keys.append(("next", .text(body)))
        return keys
    }

    private mutating func periodicValue(owner: OwnerType?, output: Catalog.Output, uses: [String]) -> String {
        // A generic call in a function returning Void has no type to infer its result from.
        let returnsVoid = ["Void", "()"].contains(output.spelling)
        var choices = returnsVoid ? ["()"] : [owner == nil ? "worldValue()" : "currentValue()"]
        if output.spelling == "Self" { choices.append("self") }
        if output.spelling == "Int" { choices.append("42") }
        if output.spelling == "String" { choices.append(#""tick""#) }
        if output.spelling == "Date" { choices.append("Date()") }
        let value = random.pick(choices)
        return uses.isEmpty ? value : uses.map { $0 + "\n" }.joined() + "return " + value
    }

    // MARK: Policies

    private mutating func composeInterval() -> (text: String, invalidBecause: String?) {
        if random.chance(0.03) { return (random.pick(["0", "-1", "0.0"]), "interval is not positive") }
        return (random.pick(["1", "1.0", "0.25", "0.001", "3600", "1e-3", "2.5e2", "1e-7", "86400.5"]), nil)
    }

    private mutating func composePushBehavior() -> (entries: [(key: String, value: YAMLValue)], invalidBecause: String?)
    {
        var entries: [(key: String, value: YAMLValue)] = []
        var invalidBecause: String?
        switch random.int(in: 0...5) {
        case 0: break
        case 1: entries.append(("whenNoDemand", .plain("drop")))
        case 2: entries.append(("whenNoDemand", .plain("latest")))
        default:
            var size = random.pick(["1", "2", "16", "1000", "9223372036854775807"])
            if random.chance(0.015) {
                size = random.pick(["0", "-3"])
                invalidBecause = "buffer size is not positive"
            }
            var buffer: [(key: String, value: YAMLValue)] = [("buffer", .plain(size))]
            if random.chance(0.7) { buffer.append(("whenFull", .plain(random.pick(["dropOldest", "dropNewest"])))) }
            entries.append(("whenNoDemand", .mapping(buffer)))
        }
        switch random.int(in: 0...2) {
        case 0: break
        case 1: entries.append(("start", .plain("onDemand")))
        default: entries.append(("start", .plain("onSubscribe")))
        }
        return (entries, invalidBecause)
    }

    /// Keys in any order after `name` and `kind`, as people write them.
    private mutating func shuffleKeys(_ entries: inout [(key: String, value: YAMLValue)]) {
        guard entries.count > 3 else { return }
        for index in stride(from: entries.count - 1, to: 2, by: -1) {
            let other = random.int(in: 2...index)
            entries.swapAt(index, other)
        }
    }
}
