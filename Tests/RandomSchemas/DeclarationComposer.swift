import PublisherGeneratorCore

/// One random declaration of one kind: the keys every declaration takes here, the kind's own from
/// its ``KindComposer``, with expressions that compile against ``SchemaWorld``.
public struct DeclarationComposer {
    /// A declaration as written, and whether it needs `imports: [Foundation]`.
    struct Result {
        var entries: [(key: String, value: YAMLValue)]
        var needsFoundation: Bool
        /// Why the declaration breaks the language, when it does.
        var invalidBecause: String?
        /// The owner's spelling, when it has one.
        var owner: String?
    }

    var random: SeededRandom
    let kind: PublisherKind
    let name: String
    /// The declared parameters of type `Double`, by name, that a periodic `interval` may name.
    var doubleParameters: [String] = []

    private var kindComposer: any KindComposer.Type { KindComposers.composer(for: kind) }
    /// Which keys the kind takes, as the language says; none for a kind the standard registry lacks,
    /// which `KindComposers` never picks.
    private var keys: SchemaVocabulary.KeySet {
        KindRegistry.standard.vocabulary.declaration(kind) ?? SchemaVocabulary.KeySet(required: [], optional: [])
    }

    mutating func compose() -> Result {
        var entries: [(key: String, value: YAMLValue)] = [("name", .text(name)), ("kind", .plain(kind.rawValue))]
        var needsFoundation = false
        var invalidBecause: String?

        let composer = kindComposer
        let owners = SchemaWorld.owners.filter(composer.accepts)
        // A name without a capital is valid only without an owner; give most of them none.
        let ownerChance = name.first?.isUppercase == true ? 0.7 : 0.15
        let owner: OwnerType? = composer.requiresOwner || random.chance(ownerChance) ? random.pick(owners) : nil
        if let owner { entries.append(("on", .text(owner.spelling))) }
        if owner != nil, name.first?.isUppercase != true {
            invalidBecause = "with an owner, a name without a capital makes the factory named like the type"
        }
        if random.chance(0.5) { entries.append(("description", .text(random.pick(Catalog.descriptions)))) }
        // `factoriesOn:`: the world's code runs on an instance, so only the default is written with an
        // owner; `type` without one is refused.
        if keys.contains("factoriesOn"), random.chance(0.06) {
            if owner != nil {
                entries.append(("factoriesOn", .plain("instance")))
            } else {
                entries.append(("factoriesOn", .plain("type")))
                invalidBecause = invalidBecause ?? "factories on a type that 'on:' does not name"
            }
        }
        // `lifetime:`: ending with the owner needs one, and a class (a weak reference to a struct
        // would not compile); `keepsOwner` fits any.
        if keys.contains("lifetime"), random.chance(0.08) {
            if let owner {
                entries.append(
                    ("lifetime", .plain(owner.isClass && random.chance(0.7) ? "endsWithOwner" : "keepsOwner")))
            } else {
                entries.append(("lifetime", .plain("endsWithOwner")))
                invalidBecause = invalidBecause ?? "'lifetime: endsWithOwner' without an owner"
            }
        }
        // `factory:` names the factory on the owner; a name of this declaration's own cannot clash.
        if owner != nil, random.chance(0.12) {
            if random.chance(0.03) {
                entries.append(("factory", .text("Made" + name)))
                invalidBecause = invalidBecause ?? "a factory name starts with an upper-case letter"
            } else {
                entries.append(("factory", .text("made" + name)))
            }
        } else if owner == nil, random.chance(0.003) {
            entries.append(("factory", .text("made" + name)))
            invalidBecause = invalidBecause ?? "a factory name without an owner"
        }

        let parameters = composeParameters(hasOwner: owner != nil)
        needsFoundation = needsFoundation || parameters.needsFoundation
        invalidBecause = invalidBecause ?? parameters.invalidBecause
        if !parameters.entries.isEmpty { entries.append(("parameters", .list(parameters.entries))) }
        var uses = parameters.usable.filter { _ in random.chance(0.5) }.map { "worldUse(\($0))" }
        // A call of a world function named like a local of the generated code, for a third of the
        // names, chosen by the name so that the other keys' random draws stay as they were.
        let locals = SchemaWorld.generatedLocalNames.sorted()
        let scalars = name.unicodeScalars.reduce(0) { $0 + Int($1.value) }
        if scalars % 3 == 0 { uses.append("\(locals[scalars / 3 % locals.count])(WorldMarker())") }

        let part = composer.compose(owner: owner, uses: uses, in: &self)
        let output = part.output
        entries += part.entries
        invalidBecause = invalidBecause ?? part.invalidBecause
        needsFoundation = needsFoundation || output.needsFoundation
        if let sample = output.sample {
            entries.append(("sample", .text(sample)))
        } else if output.sample == nil, random.chance(0.1) {
            entries.append(("sample", .text(builtInSampleAlternative(output.spelling))))
        }

        let failsWithGenFailure = entries.contains { entry in
            if entry.key == "failure", case .text("GenFailure") = entry.value { return true }
            return false
        }
        if failsWithGenFailure, random.chance(0.5) { entries.append(("failureSample", .text("GenFailure.failed"))) }
        if let owner, keys.contains("test"), random.chance(0.4) {
            entries += testDriveKeys(
                owner: owner, callsFactoryBare: parameters.entries.isEmpty && hasDefaultEvent(entries),
                isGeneric: entries.contains { $0.key == "typeParameters" })
            invalidBecause = invalidBecause ?? composer.invalidTestDrive(entries)
        }
        if KindRegistry.standard.isPush(kind) {
            let policy = composePushBehavior()
            invalidBecause = invalidBecause ?? policy.invalidBecause
            entries += policy.entries
        }
        shuffleKeys(&entries)
        return Result(
            entries: entries, needsFoundation: needsFoundation, invalidBecause: invalidBecause, owner: owner?.spelling)
    }

    // MARK: Tests through the owner

    /// `test:`: only compiled here, so the code just has to use `owner` and have the right types.
    /// Without `publisher:` the tests call the factory bare, which needs every argument defaulted;
    /// with it, the publisher is made from closures (`<Name>Publisher(register:)` / `(next:)`).
    /// A generic declaration's publisher is the suite's `Subject`, which names the type arguments.
    private mutating func testDriveKeys(
        owner: OwnerType, callsFactoryBare: Bool, isGeneric: Bool
    ) -> [(key: String, value: YAMLValue)] {
        // The keys the kind's `test:` takes, as the language says.
        let refused = KindRegistry.standard.language.testDriveKeys(of: kind)?.refused ?? []
        // A kind whose tests make only the owner call its factory with their own arguments, and
        // the declared ones left to their defaults.
        if refused.contains("publisher"), !callsFactoryBare { return [] }
        var drive: [(key: String, value: YAMLValue)] = [("owner", .text(owner.instance))]
        if !refused.contains("publisher"), !callsFactoryBare || random.chance(0.5) {
            let made = KindRegistry.standard.isPush(kind) ? "(register: { _, _, _ in 0 })" : "(next: { nil })"
            drive.append(("publisher", .text("\(isGeneric ? "Subject" : "\(name)Publisher")\(made)")))
        }
        if !refused.contains("fire") { drive.append(("fire", .text("_ = (owner, value)"))) }
        if !refused.contains("registrations") { drive.append(("registrations", .text("[owner].count - 1"))) }
        if !refused.contains("finish"), random.chance(0.5) { drive.append(("finish", .text("_ = owner"))) }
        if !refused.contains("pulls") { drive.append(("pulls", .text("[owner].count"))) }
        return [("test", .mapping(drive))]
    }

    /// Whether the factory's `for event:` has a default, when the kind has one.
    private func hasDefaultEvent(_ entries: [(key: String, value: YAMLValue)]) -> Bool {
        guard let event = entries.first(where: { $0.key == "event" }) else { return true }
        guard case let .mapping(keys) = event.value else { return false }
        return keys.contains { $0.key == "default" }
    }

    // MARK: Parameters

    private mutating func composeParameters(
        hasOwner: Bool
    ) -> (
        entries: [YAMLValue], usable: [String], needsFoundation: Bool, invalidBecause: String?
    ) {
        var count = random.chance(0.1) ? random.int(in: 6...12) : random.int(in: 0...3)
        // A kind that takes none gets one now and then, which the language must refuse.
        if !kindComposer.takesParameters, !random.chance(0.05) { count = 0 }
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
            var usableName = Catalog.backtickedInExpressions.contains(name) ? "`\(name)`" : name
            if random.chance(0.01) {
                // Swift takes a keyword in backticks as a name; the language takes it without them.
                name = "`\(random.pick(["default", "class", "in"]))`"
                invalidBecause = invalidBecause ?? "a parameter name is a keyword in backticks"
            } else if random.chance(0.03),
                let keyword = Catalog.keywordParameterNames.first(where: { !names.contains($0) })
            {
                // A keyword as a name: the code uses it in backticks.
                name = keyword
                names.insert(name)
                usableName = "`\(name)`"
            } else if random.chance(0.002) {
                name = random.pick(["inout", "var", "let"])
                invalidBecause = invalidBecause ?? "a parameter name is a keyword Swift refuses as a name"
            }
            if KindRegistry.standard.language.namesInScope(of: kind).contains(name) {
                invalidBecause = invalidBecause ?? "a parameter takes a name its kind puts in scope"
            }
            // Without an owner, the factory is the publisher's initializer, where a type named like
            // one the generated types declare is refused (`Output`, the one kept here: the others
            // are refused alike, and `Element` and `Iterator` only where the file emits sequences,
            // which the schema decides after its declarations).
            let unusual = Catalog.unusualParameterTypes.filter {
                hasOwner || $0.spelling == "Output" || !SchemaWorld.typesNamedLikeGeneratedOnes.contains($0.spelling)
            }
            let type = random.pick(random.chance(0.04) ? unusual : Catalog.parameterTypes)
            if !hasOwner, SchemaWorld.typesNamedLikeGeneratedOnes.contains(type.spelling) {
                invalidBecause = invalidBecause ?? "without an owner, a parameter type names the publisher's typealias"
            }
            if let reason = kindComposer.invalidParameterType(type.spelling) {
                invalidBecause = invalidBecause ?? reason
            }
            if type.spelling == "Double", !name.hasPrefix("`") { doubleParameters.append(name) }
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
                usable.append(usableName)
            }
        }
        return (entries, usable, needsFoundation, invalidBecause)
    }

    // MARK: Outputs

    mutating func composeOutput(owner: OwnerType?) -> Catalog.Output {
        if let owner, random.chance(0.1) { return Catalog.Output(spelling: "Self", sample: owner.instance) }
        // `Output` is the publisher's own typealias, which the language rejects: now and then.
        if random.chance(0.01) { return Catalog.Output(spelling: "Output", sample: "Output(index)") }
        return random.pick(Catalog.outputs.filter { $0.spelling != "Output" })
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

    /// A failure type; now and then a world type named like one the generated types declare
    /// (`Failure`, `Output`, `Send`, …), which means the world's type, a generic declaration's too
    /// (through a typealias outside its types).
    mutating func composeFailure() -> String? {
        guard !random.chance(0.015) else {
            // Picked by the declaration's name, so that the other keys' random draws stay as they were.
            let names = SchemaWorld.typesNamedLikeGeneratedOnes
            return names[name.unicodeScalars.reduce(0) { $0 + Int($1.value) } % names.count]
        }
        return random.pick(Catalog.failures)
    }

    // MARK: Policies

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
