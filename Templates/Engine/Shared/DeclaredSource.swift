// MARK: - Declared sources

/// A declaration of a schema, as its generated types know it: each declaration's tag
/// (`<Name>Source`, a caseless enum) conforms, and the engine's generic publisher and sequence take
/// it as their last generic argument, so that each declaration's `<Name>Publisher` and
/// `<Name>Sequence` are types of their own (with initializers of their own), while their code is
/// written once, here, for every declaration of a kind.
///
/// Written `public`, like the engine's types that a declaration's typealias names: the generator
/// emits it with the widest access the module's schemas ask for (`access:`), and internal where
/// they ask for none.
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
public nonisolated protocol DeclaredSource {
    /// The declaration's name, which a subscription's description shows (`ImageFeed`).
    static var name: String { get }
}
