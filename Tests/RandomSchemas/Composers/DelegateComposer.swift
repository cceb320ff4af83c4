import PublisherGeneratorCore

/// Random `kind: delegate` declarations on the world's classes, through their `delegate` of the
/// Swift-native `WorldDelegate` (``SchemaWorld``), or through the delegate of their `storage`: one to three of its methods, one answering, its
/// one required method, and sometimes `initial`.
/// Every declaration here names the same protocol, runtime, isolation and answers, so those on one
/// owner in one file may share its proxy; ``SchemaComposer`` keeps them in one file.
enum DelegateComposer: KindComposer {
    static let kind = PublisherKind.delegate
    static let requiresOwner = true
    static let sharesOwnerAcrossDeclarations = true

    static func accepts(_ owner: OwnerType) -> Bool { owner.isClass }

    static func compose(owner: OwnerType?, uses: [String], in composer: inout DeclarationComposer) -> KindPart {
        let output = composer.composeOutput(owner: owner)
        var entries: [(key: String, value: YAMLValue)] = [
            ("output", .text(output.spelling)), ("protocol", .text("WorldDelegate")), ("runtime", .plain("native")),
            ("isolation", .plain("nonisolated")),
        ]
        // The owner's own `delegate` (by default or written), or one its `storage` holds; one draw, as
        // `chance(0.3)` was before paths, so the other keys' draws stay the same.
        let property = composer.random.fraction()
        if property < 0.3 { entries.append(("property", .plain(property < 0.15 ? "delegate" : "storage.delegate"))) }
        // Now and then `protocolIsolation`, which a nonisolated proxy does not take: rejected on purpose
        // (the world's owners are nonisolated; the fixtures compile the main-actor form).
        let misplacesProtocolIsolation = property >= 0.97
        if misplacesProtocolIsolation { entries.append(("protocolIsolation", .plain("nonisolated"))) }
        let failure = composer.composeFailure()
        if let failure { entries.append(("failure", .text(failure))) }
        let prefix = uses.map { $0 + "\n" }.joined()
        var methods: [YAMLValue] = [
            .mapping([
                ("method", .text("world(_ worldOwner: AnyObject, didReport reportedLevel: Int)")),
                (
                    "body",
                    .text(
                        prefix
                            + composer.random.pick([
                                "send(worldValue())", "worldUse(reportedLevel)\nsend(worldValue())",
                            ]))
                ),
            ])
        ]
        if composer.random.chance(0.4) {
            methods.append(
                .mapping([
                    ("method", .text("world(_ worldOwner: AnyObject, shouldAccept reportedLevel: Int) -> Bool")),
                    ("answer", .text("true")), ("body", .text("worldUse(reportedLevel)")),
                ]))
        }
        if composer.random.chance(0.4) {
            let ends = failure.map { $0 == "Never" ? "finish()" : "fail(worldValue())" } ?? "finish()"
            methods.append(
                .mapping([("method", .text("worldDidEnd(_ worldOwner: AnyObject)")), ("body", .text(ends))]))
        }
        entries.append(("methods", .list(methods)))
        // The same on every declaration, as declarations that share a proxy must list them.
        entries.append(
            (
                "requiredMethods",
                .list([
                    .mapping([
                        ("method", .text("worldLevelCount(_ worldOwner: AnyObject) -> Int")), ("answer", .text("0")),
                    ])
                ])
            ))
        // Sometimes the owner's current value first, read on the owner right after joining the proxy.
        if composer.random.chance(0.3) {
            let picked = composer.random.pick(["currentValue()", "worldValue()"])
            entries.append(("initial", .text(output.isVoid ? "()" : picked)))
        }
        return KindPart(
            output: output, entries: entries,
            invalidBecause: misplacesProtocolIsolation ? "protocolIsolation on a nonisolated proxy" : nil)
    }
}
