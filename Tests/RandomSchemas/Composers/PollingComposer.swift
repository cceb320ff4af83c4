import PublisherGeneratorCore

/// Random `kind: polling` declarations: `next` with and without throwing, on an owner or the world.
enum PollingComposer: KindComposer {
    static let kind = PublisherKind.polling

    static func compose(owner: OwnerType?, uses: [String], in composer: inout DeclarationComposer) -> KindPart {
        let output = composer.composeOutput(owner: owner)
        let entries = [("output", YAMLValue.text(output.spelling))] + keys(owner: owner, uses: uses, in: &composer)
        return KindPart(output: output, entries: entries)
    }

    private static func keys(
        owner: OwnerType?, uses: [String], in composer: inout DeclarationComposer
    ) -> [(key: String, value: YAMLValue)] {
        let failure = composer.composeFailure()
        var keys: [(key: String, value: YAMLValue)] = []
        if let failure { keys.append(("failure", .text(failure))) }
        let receiver = owner == nil ? "world" : ""
        let next: String
        switch failure {
        case "Error", "any Error", "Swift.Error":
            next = composer.random.pick([
                "try \(owner == nil ? "worldNextOrThrow" : "nextValueOrThrow")()",
                "try \(owner == nil ? "worldNext" : "nextValue")(failingWith: GenFailure.self)",
                "\(owner == nil ? "worldNext" : "nextValue")()",
            ])
        case let failure? where failure == "GenFailure" || SchemaWorld.typesNamedLikeGeneratedOnes.contains(failure):
            next = "try \(owner == nil ? "worldNext" : "nextValue")(failingWith: \(failure).self)"
        default:
            next = owner == nil ? "\(receiver)Next()" : "nextValue()"
        }
        let body = uses.isEmpty ? next : uses.map { $0 + "\n" }.joined() + "return " + next
        keys.append(("next", .text(body)))
        return keys
    }
}
