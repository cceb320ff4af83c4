import GeneratorDiagnostics
import GeneratorModel
import GeneratorReading

/// `whenNoDemand` and `start`, which every push kind takes (``KindDelivery/keys``).
extension ScalarReader {
    /// The declaration's push policies, the defaults for those left out; `nil` after reporting.
    package mutating func pushBehavior(_ fields: MappingReader) -> PushBehavior? {
        let start = fields["start"].map { choice($0, key: "start", as: StartPolicy.self) }
        let policy = fields["whenNoDemand"].map { noDemandPolicy($0) }
        if case .some(.none) = start { return nil }
        if case .some(.none) = policy { return nil }
        return PushBehavior(
            whenNoDemand: policy??.value ?? .drop, start: start??.value ?? .onDemand, isNoDemandDeclared: policy != nil)
    }

    private mutating func noDemandPolicy(_ node: YAMLNode) -> Located<NoDemandPolicy>? {
        let spellings = NoDemandPolicy.scalarSpellings + ["{ buffer: N, whenFull: dropOldest | dropNewest }"]
        switch node.content {
        case let .scalar(word, _, _):
            switch word {
            case "drop": return Located(.drop, at: node.location)
            case "latest": return Located(.latest, at: node.location)
            case "buffer":
                diagnostics.error(
                    "'whenNoDemand: buffer' needs a size",
                    hint: "write 'whenNoDemand: { buffer: 16, whenFull: dropOldest }'", at: node.location)
            default:
                let suggestion = NearestMatch.didYouMean(word, amongValues: NoDemandPolicy.scalarSpellings)
                diagnostics.error(
                    "unknown whenNoDemand policy '\(word)'",
                    hint: "\(suggestion)use one of: \(spellings.joined(separator: ", "))", at: node.location)
            }
            return nil
        case .sequence:
            diagnostics.error(
                "'whenNoDemand' must be drop, latest or a buffer mapping, but it is a list",
                hint: "write 'whenNoDemand: { buffer: 16, whenFull: dropOldest }'", at: node.location)
            return nil
        case .mapping:
            guard let buffer = MappingReader(node, what: "'whenNoDemand'", diagnostics: &diagnostics) else {
                return nil
            }
            let vocabulary = SchemaVocabulary.bufferPolicy
            let keysKnown = buffer.reportUnknownKeys(
                allowed: vocabulary.all, in: "'whenNoDemand'", read: &self)
            buffer.reportMissingKeys(vocabulary.required, in: "'whenNoDemand'", read: &self)
            let size = buffer["buffer"].flatMap { integer($0, key: "buffer") }
            let whenFull = buffer["whenFull"].map { choice($0, key: "whenFull", as: OverflowRule.self) }
            if let size, size.value <= 0 {
                diagnostics.error(
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
}

extension ScalarReader {
    /// Warns when `initial:` meets nobody: attached at subscription (`start: onSubscribe`) and
    /// dropping what comes without demand, the current value is lost for every sequence and for
    /// every subscriber that asks for nothing as it receives its subscription.
    package mutating func warnIfInitialIsDropped(_ initial: Located<String>?, behavior: PushBehavior) {
        guard let initial, behavior.start == .onSubscribe, behavior.whenNoDemand == .drop else { return }
        diagnostics.warning(
            "'initial' is sent when the source attaches, at subscription here ('start: onSubscribe'), and 'whenNoDemand: drop' drops it unless the subscriber has already asked",
            hint: "write 'whenNoDemand: latest' to keep it until the first demand, or leave 'start' out",
            at: initial.location)
    }
}
