// MARK: - Sources that end with their owner

/// How a callback declaration with `lifetime: endsWithOwner` attaches: the stream holds its owner
/// through an ``OwnerHold`` (weakly where ``OwnerLifetime`` finds the owner's deallocation at once),
/// registers on the owner it reads from the hold, and finishes when the owner is deallocated.
///
/// The owner's function that registers (`attach`) is called with the owner and dropped once it
/// has run: what the stream keeps is the `detach` it returns, which reaches the owner only weakly
/// (the generated code's `[weak self]`), so neither the publisher, the sequence, a subscription
/// nor an iteration keeps the owner alive. A factory on an owner already gone makes a stream that
/// ends at its start.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated enum OwnedSourceAttachment {
    /// Sends a value.
    typealias Send<Value> = @Sendable (Value) -> Void
    /// Finishes the stream.
    typealias Finish = @Sendable () -> Void
    /// Fails the stream.
    typealias Fail<Failure> = @Sendable (Failure) -> Void
    /// Starts observing, and returns what stops observing: a publisher's or sequence's `Attach`.
    typealias Attach<Value, Failure> = (@escaping Send<Value>, @escaping Finish, @escaping Fail<Failure>) -> () -> Void

    /// The attachment of a stream of `hold`'s owner: `attach`, given the owner, registers and
    /// returns how to unregister.
    static func attach<Owner: AnyObject, Value, Failure>(
        _ hold: OwnerHold<Owner>, _ attach: @escaping (Owner) -> Attach<Value, Failure>
    ) -> Attach<Value, Failure> {
        { send, finish, fail in
            // The owner went before the stream attached: the stream has ended.
            guard let owner = hold.owner else {
                finish()
                return {}
            }
            // Watched while `owner` keeps it alive, so that the watch is made on a live owner.
            let lifetime = hold.watch(ended: finish)
            let detach = attach(owner)(send, finish, fail)
            return {
                // An owner deallocated meanwhile has nothing to unwatch.
                lifetime?.stopWatching(hold.owner)
                detach()
            }
        }
    }
}
