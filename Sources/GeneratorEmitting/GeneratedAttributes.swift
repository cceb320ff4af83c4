/// The attributes every generated top-level declaration carries (the DocC article ApplePlatforms,
/// rules 1 and 4). The verbatim files in `Templates/` spell them the same way; the reference tests
/// check both.
package enum GeneratedAttributes {
    /// Combine's first releases: without it a target whose deployment target is older (SwiftPM's
    /// default when `platforms:` is missing) cannot use the generated code.
    package static let availability = "@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)"
    /// How generated files import Combine: Apple's where it exists, OpenCombine elsewhere.
    static let combineImport = """
        #if canImport(Combine)
        import Combine
        #else
        import OpenCombine
        #endif
        """
    /// `Clock` and `Duration`'s first releases, for the sequences of periodic declarations.
    package static let clockAvailability = "@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)"
}

extension SwiftPrinter {
    /// A top-level declaration: the availability attribute, then `head {`, `body`, `}`. `head`
    /// states its isolation itself (`nonisolated …`).
    /// `available: false` only for Swift Testing suites, which the `@Suite` and `@Test` macros
    /// refuse to expand when they are marked `@available` (Swift Testing's own minimums are
    /// Combine's, so a module that imports it already has them).
    package mutating func topLevel(
        _ head: String, available: Bool = true, availability: String = GeneratedAttributes.availability,
        _ body: (inout SwiftPrinter) -> Void
    ) {
        if available { line(availability) }
        block(head, body)
    }
}
