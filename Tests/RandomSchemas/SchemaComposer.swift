import PublisherGeneratorCore

/// One random schema file as text.
public struct RandomSchema: Sendable {
    /// Its place in the run; its seed is derived from the run's seed and this.
    public let index: Int
    public let fileName: String
    public let yaml: String
    /// Why the schema breaks the language, when it was made to; `nil` means it should validate.
    public let invalidBecause: String?
    /// An earlier schema of the batch whose generated text this one's would repeat (both declare
    /// delegates on one owner, so both would generate its proxy): valid alone, but not compiled in
    /// one module with it, as the language rejects the two files given together.
    public var repeatsGeneratedTextOf: Int?
}

/// Composes the schemas of one batch (one module): publisher names are unique within it, as the
/// language requires of files generated together. The same run seed and indexes, asked for in the
/// same order, give the same schemas.
public struct SchemaComposer {
    public let runSeed: UInt64
    private var usedNames: [String: Int] = [:]
    /// The schema that first declared a kind's shared text on an owner (a delegate's proxy).
    private var sharedOwnerSchemas: [String: Int] = [:]

    public init(runSeed: UInt64) {
        self.runSeed = runSeed
    }

    public mutating func schema(index: Int) -> RandomSchema {
        var random = SeededRandom(seed: SeededRandom.seed(ofSchema: index, inRun: runSeed))
        var declarations: [YAMLValue] = []
        var needsFoundation = false
        var invalidBecause: String?
        var repeatsGeneratedTextOf: Int?

        let shared = random.chance(0.1)
        let count = random.chance(0.03) ? 0 : random.int(in: 1...3)
        for _ in 0..<count {
            let kind = random.pick(KindComposers.kinds)
            var name = random.pick(Catalog.publisherNames)
            // A kind that always has an owner rejects a name without a capital; draw again, mostly.
            if KindComposers.composer(for: kind).requiresOwner, name.first?.isUppercase != true, random.chance(0.9) {
                name = random.pick(Catalog.publisherNames.filter { $0.first?.isUppercase == true })
            }
            var composer = DeclarationComposer(random: random, kind: kind, name: uniqueName(name))
            var result = composer.compose()
            random = composer.random
            if KindComposers.composer(for: kind).sharesOwnerAcrossDeclarations, let owner = result.owner {
                let first = sharedOwnerSchemas[kind.rawValue + " " + owner, default: index]
                sharedOwnerSchemas[kind.rawValue + " " + owner] = first
                if first != index { repeatsGeneratedTextOf = repeatsGeneratedTextOf ?? first }
            }
            if shared, KindRegistry.standard.isPush(kind), !result.entries.contains(where: { $0.key == "start" }) {
                result.entries.append(("<<", .plain("*shared")))
            }
            declarations.append(.mapping(result.entries))
            needsFoundation = needsFoundation || result.needsFoundation
            invalidBecause = invalidBecause ?? result.invalidBecause
            if random.chance(0.05) {
                // A twin on the same owner with the same parameters: the factories are spelled alike.
                let (first, second) = random.pick(Catalog.twinNames)
                let original = result.entries.first { $0.key == "name" }.flatMap { entry -> String? in
                    if case let .text(name) = entry.value { return name }
                    return nil
                }
                // On an owner the twins' factories are one factory declared twice, which the
                // language rejects, unless `factory:` names the second one otherwise.
                let separated = result.owner != nil && random.chance(0.8)
                // Half the time (by the name, not a random draw, so that the other draws stay as
                // they were) the second spelled as the first, number and all: the twins share a
                // factory base name on purpose, which no other declaration of the batch takes;
                // else a name of its own.
                let firstName = uniqueName(first)
                let names = [
                    firstName,
                    firstName.count % 2 == 0 ? second + firstName.dropFirst(first.count) : uniqueName(second),
                ]
                if result.owner != nil, !separated, Self.lowerCamelCase(names[0]) == Self.lowerCamelCase(names[1]) {
                    invalidBecause = invalidBecause ?? "twins on one owner declare the same factory"
                }
                let renamed = names.map { name in
                    var entries: [(key: String, value: YAMLValue)] = result.entries.compactMap { entry in
                        switch entry.key {
                        case "name": return ("name", .text(name))
                        // A test that makes the publisher by its type names the twin's own type.
                        case "test":
                            return ("test", Self.renamingPublisher(in: entry.value, from: original, to: name))
                        case "factory": return nil
                        default: return entry
                        }
                    }
                    if separated, name == names[1] { entries.append(("factory", .text("twin" + name))) }
                    return YAMLValue.mapping(entries)
                }
                declarations += renamed
            }
        }

        var entries: [(key: String, value: YAMLValue)] = [("version", .plain("1"))]
        if shared { entries.append(("x-shared", .plain("&shared { start: onSubscribe }"))) }
        switch random.int(in: 0...5) {
        case 0: entries.append(("access", .plain("internal")))
        case 1, 2: entries.append(("access", .plain("public")))
        case 3: entries.append(("access", .plain("package")))
        default: break
        }
        switch random.int(in: 0...5) {
        case 0: entries.append(("emit", .list([.plain("async")])))
        case 1: entries.append(("emit", .list([.plain("combine")])))
        case 2: entries.append(("emit", .list([.plain("async"), .plain("combine")])))
        default: break
        }
        var imports = needsFoundation || random.chance(0.3) ? ["Foundation"] : []
        if random.chance(0.1) { imports.append(random.pick(["Dispatch", "Combine"])) }
        if !imports.isEmpty { entries.append(("imports", .list(imports.map { .text($0) }))) }
        entries.append(("publishers", .list(declarations)))
        if invalidBecause == nil, random.chance(0.03) { invalidBecause = breakOnPurpose(&entries, random: &random) }

        var writer = YAMLText(random: random)
        writer.document(entries)
        let fileName = "S\(String(index + 100_000).dropFirst()).publishers.yaml"
        return RandomSchema(
            index: index, fileName: fileName, yaml: writer.text, invalidBecause: invalidBecause,
            repeatsGeneratedTextOf: repeatsGeneratedTextOf)
    }

    /// A mistake the language rejects, so the run also counts schemas that do not validate.
    private func breakOnPurpose(
        _ entries: inout [(key: String, value: YAMLValue)], random: inout SeededRandom
    ) -> String {
        switch random.int(in: 0...2) {
        case 0:
            entries.append(("publisher", .list([])))
            return "unknown top-level key 'publisher'"
        case 1:
            entries[0] = ("version", .plain("2"))
            return "unsupported version"
        default:
            entries.append(("access", .plain("open")))
            return "access 'open' (and a duplicate key)"
        }
    }

    /// `test:` with its `publisher:` made from the type of `name` instead of `original`'s.
    private static func renamingPublisher(in drive: YAMLValue, from original: String?, to name: String) -> YAMLValue {
        guard let original, case let .mapping(entries) = drive else { return drive }
        return .mapping(
            entries.map { entry in
                guard entry.key == "publisher", case let .text(made) = entry.value,
                    made.hasPrefix(original + "Publisher(")
                else { return entry }
                return ("publisher", .text(name + made.dropFirst(original.count)))
            })
    }

    /// `name`, or `name` with a number when the batch already has it.
    /// `name`, numbered when a name of the same factory base name is used in the batch: the
    /// batch's schemas compile in one module, where `URLFeed` in one file and `UrlFeed` in another
    /// would declare one factory on a shared owner twice.
    private mutating func uniqueName(_ name: String) -> String {
        let key = Self.lowerCamelCase(name)
        let uses = usedNames[key, default: 0]
        usedNames[key] = uses + 1
        return uses == 0 ? name : "\(name)\(uses + 1)"
    }

    /// The factory's base name of an ASCII publisher name, as the generator spells it: a leading
    /// run of capitals lowered but for the one that starts the next word (`URLFeed` → `urlFeed`).
    static func lowerCamelCase(_ name: String) -> String {
        let characters = Array(name)
        var upperRun = 0
        while upperRun < characters.count, characters[upperRun].isUppercase { upperRun += 1 }
        if upperRun == 0 { return name }
        let lowered = upperRun == 1 || upperRun == characters.count ? upperRun : upperRun - 1
        return String(characters[..<lowered]).lowercased() + String(characters[lowered...])
    }
}
