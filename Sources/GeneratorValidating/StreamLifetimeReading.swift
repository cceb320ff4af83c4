import GeneratorModel

/// `lifetime`, which the kinds whose owner may be the source take (callback, periodic).
extension ScalarReader {
    /// The declaration's `lifetime`, `keepsOwner` when left out; `nil` after reporting. Ending with
    /// the owner needs an object to end with: an owner (`on:`) whose instances have the factories.
    package mutating func streamLifetime(_ fields: MappingReader, what: String) -> StreamLifetime? {
        guard let node = fields["lifetime"] else { return .keepsOwner }
        guard let lifetime = choice(node, key: "lifetime", as: StreamLifetime.self) else { return nil }
        guard lifetime.value == .endsWithOwner else { return lifetime.value }
        if fields["on"] == nil {
            diagnostics.error(
                "'lifetime: endsWithOwner' ends the streams with their owner, but \(what) has no owner ('on:')",
                hint: "add 'on:' with the owner's class, whose factories make the streams, or leave 'lifetime' out",
                at: node.location)
            return nil
        }
        if let placement = fields["factoriesOn"], case .scalar("type", _, _) = placement.content {
            diagnostics.error(
                "'lifetime: endsWithOwner' ends the streams with an object, but the factories of \(what) are the "
                    + "type's ('factoriesOn: type'), and a type is never deallocated",
                hint: "leave 'lifetime' out, or make the factories the instances' ('factoriesOn: instance')",
                at: node.location)
            return nil
        }
        return lifetime.value
    }
}
