/// The one list of kinds. Adding a kind is a folder under `Kinds/` with its ``SourceKind`` unit,
/// and a line here.
enum KindRegistry {
    /// Every kind's unit, in the order the documentation lists kinds.
    static let units: [any SourceKind.Type] = [
        CallbackKind.self,
        PollingKind.self,
        TargetActionKind.self,
        PeriodicKind.self,
        DelegateKind.self,
    ]

    static let kinds: [PublisherKind] = units.map { $0.kind }

    private static let unitsByKind: [PublisherKind: any SourceKind.Type] = Dictionary(
        uniqueKeysWithValues: units.map { ($0.kind, $0) })

    static func unit(of kind: PublisherKind) -> any SourceKind.Type {
        guard let unit = unitsByKind[kind] else { preconditionFailure("kind '\(kind)' is not registered") }
        return unit
    }

    static let listForMessages = kinds.map(\.rawValue).joined(separator: ", ")

    /// The keys some kind takes, each with the kinds that take it: the kinds' own keys, where the
    /// first kind to take one lists it, then the keys their deliveries add. Every kind that takes a
    /// key shares one definition of it.
    static let declarationKeys: [LanguageKey] = {
        var keys: [LanguageKey] = []
        var tables: [String: [PublisherKind: Requirement]] = [:]
        let listings = units.map { unit in (unit, unit.keys) } + units.map { unit in (unit, unit.delivery.keys) }
        for (unit, unitKeys) in listings {
            for taken in unitKeys {
                let name = taken.definition.name
                if tables[name] == nil { keys.append(taken.definition) }
                tables[name, default: [:]][unit.kind] = taken.requirement
            }
        }
        return keys.map { key in
            var key = key
            key.presence = .byKind(tables[key.name] ?? [:])
            return key
        }
    }()

    /// Names the generated code puts in scope of the expressions and factory parameters of some
    /// kind, each once, in registry order.
    static let namesInScope: [String] = {
        var seen = Set<String>()
        return units.flatMap { $0.namesInScope }.filter { seen.insert($0).inserted }
    }()
}
