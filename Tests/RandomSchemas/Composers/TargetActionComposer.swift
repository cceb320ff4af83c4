import PublisherGeneratorCore

/// Random `kind: targetAction` declarations on the world's classes: the sender itself or a value,
/// through ``TargetActionSenders``.
enum TargetActionComposer: KindComposer {
    static let kind = PublisherKind.targetAction
    static let requiresOwner = true

    /// A target/action publisher's own nested class is `Target`, so the language rejects an owner
    /// of that name; senders are classes.
    static func accepts(_ owner: OwnerType) -> Bool { owner.isClass && owner.spelling != "Target" }

    static func compose(owner: OwnerType?, uses: [String], in composer: inout DeclarationComposer) -> KindPart {
        guard let owner else { preconditionFailure("a target/action declaration always has an owner") }
        var (output, entries) = outputAndKeys(owner: owner, uses: uses, in: &composer)
        if let index = entries.firstIndex(where: { $0.key == "value" }), !uses.isEmpty,
            case let .text(value) = entries[index].value
        {
            entries[index].value = .text(uses.map { $0 + "\n" }.joined() + "return " + value)
        }
        // An owner named `Sender` sending itself is valid: the generic parameter takes another name
        // (the fixture SenderTaps compiles it), so only the target class's name is refused.
        let invalidBecause =
            output.spelling == "Target" ? "output names the target/action publisher's target class" : nil
        return KindPart(output: output, entries: entries, invalidBecause: invalidBecause)
    }

    /// Without `value` the sender is sent, so the output is `Self` or the owner's type.
    private static func outputAndKeys(
        owner: OwnerType, uses: [String], in composer: inout DeclarationComposer
    ) -> (output: Catalog.Output, entries: [(key: String, value: YAMLValue)]) {
        var entries: [(key: String, value: YAMLValue)] = []
        let sendsSender = composer.random.chance(0.4)
        let output: Catalog.Output
        let value: String?
        if sendsSender {
            output = Catalog.Output(
                spelling: composer.random.chance(0.5) ? "Self" : owner.spelling, sample: owner.instance)
            value = nil
        } else if composer.random.chance(0.5) {
            output = Catalog.Output(spelling: "Int", sample: nil)
            value = composer.random.pick(["level", "sender.level", "self.level", "sender.level + level"])
        } else {
            output = composer.random.pick(
                Catalog.outputs.filter {
                    !$0.isVoid
                })
            value = composer.random.pick(["currentValue()", "sender.currentValue()", "worldValue()"])
        }
        entries.append(("output", .text(output.spelling)))
        entries += TargetActionSenders.declarationKeys(
            owner: owner, sendsSender: sendsSender, value: value, random: &composer.random)
        return (output, entries)
    }
}
