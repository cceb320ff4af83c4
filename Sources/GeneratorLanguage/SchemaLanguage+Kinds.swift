import GeneratorModel

/// The parts of the language that depend on the kinds: derived from the kinds' units the language
/// is made with, in the order given.
extension SchemaLanguage {
    /// The language with the kinds of `units`, in their order.
    package init(kinds units: [any KindLanguage.Type]) {
        kinds = units.map { $0.kind }
        self.units = Dictionary(uniqueKeysWithValues: units.map { ($0.kind, $0) })
        listForMessages = kinds.map(\.rawValue).joined(separator: ", ")
        declarationKeys = Self.declarationKeys(of: units)
        var seen = Set<String>()
        namesInScope = units.flatMap { $0.namesInScope }.filter { seen.insert($0).inserted }
        parameter = Self.parameterScope(namesInScope: namesInScope)
        declaration = Self.declarationScope(
            kinds: kinds, listForMessages: listForMessages, summaries: units.map { $0.language.summary },
            parameter: parameter, declarationKeys: declarationKeys)
        scopes = Self.scopes([Self.file, declaration, parameter, Self.testDrive, Self.bufferPolicy], declarationKeys)
        swiftCodeKeys = Self.swiftCodeKeys(in: scopes)
    }

    /// What the language says about `kind`, as its unit says it; `nil` when the language was not
    /// made with the kind.
    public func kind(of kind: PublisherKind) -> KindDescription? {
        units[kind]?.language
    }

    /// Whether `kind`'s values are pushed by its source or pulled by demand; `nil` when the
    /// language was not made with the kind.
    package func delivery(of kind: PublisherKind) -> KindDelivery? {
        units[kind]?.delivery
    }

    /// The keys of `test:` a declaration of `kind` must give, and those it may not, with the hint
    /// a refused one gets; `nil` when the language was not made with the kind.
    package func testDriveKeys(of kind: PublisherKind) -> (required: [String], refused: [String], hint: String)? {
        units[kind].map { unit in (unit.testDriveKeys.required, unit.testDriveKeys.refused, unit.refusedTestDriveHint) }
    }

    /// Names the generated code of `kind` declares where the schema's expressions and factory
    /// parameters live, which a parameter may therefore not take; none for a kind the language
    /// was not made with, as nothing generates its code.
    public func namesInScope(of kind: PublisherKind) -> [String] {
        units[kind]?.namesInScope ?? []
    }

    /// The Swift code keys of `scopes`.
    private static func swiftCodeKeys(in scopes: [LanguageScope]) -> Set<String> {
        Set(
            scopes.flatMap { scope in
                scope.keys.filter { key in
                    if case .shared(.swiftCode) = key.shape { return true }
                    return false
                }.map(\.name)
            })
    }

    /// `scopes`, then those of the kinds' keys, each once, outermost first.
    private static func scopes(_ scopes: [LanguageScope], _ declarationKeys: [LanguageKey]) -> [LanguageScope] {
        var scopes = scopes
        func collect(_ shape: ValueShape) {
            switch shape {
            case let .mapping(scope):
                guard !scopes.contains(where: { $0.name == scope.name }) else { return }
                scopes.append(scope)
                scope.keys.forEach { collect($0.shape) }
            case let .list(element, _): collect(element)
            case let .either(shapes): shapes.forEach(collect)
            default: break
            }
        }
        declarationKeys.forEach { collect($0.shape) }
        return scopes
    }

    /// The keys some kind takes, each with the kinds that take it: the kinds' own keys, where the
    /// first kind to take one lists it, then the keys their deliveries add. Every kind that takes a
    /// key shares one definition of it.
    private static func declarationKeys(of units: [any KindLanguage.Type]) -> [LanguageKey] {
        var keys: [LanguageKey] = []
        var tables: [String: [PublisherKind: Requirement]] = [:]
        var hints: [String: [PublisherKind: String]] = [:]
        var meanings: [String: [String]] = [:]
        let listings = units.map { unit in (unit, unit.keys) } + units.map { unit in (unit, unit.delivery.keys) }
        for (unit, unitKeys) in listings {
            for taken in unitKeys {
                let name = taken.definition.name
                if tables[name] == nil { keys.append(taken.definition) }
                tables[name, default: [:]][unit.kind] = taken.requirement
                if let hint = taken.missingHint { hints[name, default: [:]][unit.kind] = hint }
                if let meaning = taken.meaning {
                    let requirement = taken.requirement == .required ? "required" : "optional"
                    meanings[name, default: []].append("`\(unit.kind)` (\(requirement)): \(meaning)")
                }
            }
        }
        return keys.map { key in
            var key = key
            key.presence = .byKind(tables[key.name] ?? [:])
            key.kindMissingHints = hints[key.name] ?? [:]
            if let meanings = meanings[key.name] { key.description += " " + meanings.joined(separator: " ") }
            return key
        }
    }
}
