/// The sample values generated tests make by themselves, for outputs the generator knows; other
/// outputs need a `sample:` before tests can be generated.
package struct BuiltInSample {
    /// A Swift expression of the output type, with `index` (an `Int`) in scope.
    package let expression: String
    /// Whether tests may compare values.
    package let isEquatable: Bool
    /// Whether samples of different indices differ, so that a delivered value tells which was sent.
    package let isDistinct: Bool

    init(_ expression: String, isEquatable: Bool = true, isDistinct: Bool = true) {
        self.expression = expression
        self.isEquatable = isEquatable
        self.isDistinct = isDistinct
    }

    package static let byOutput: [String: BuiltInSample] = [
        "Int": BuiltInSample("index"), "Int64": BuiltInSample("Int64(index)"),
        "Int32": BuiltInSample("Int32(index)"), "UInt": BuiltInSample("UInt(index)"),
        "Double": BuiltInSample("Double(index)"), "Float": BuiltInSample("Float(index)"),
        "TimeInterval": BuiltInSample("TimeInterval(index)"), "String": BuiltInSample(#""value \(index)""#),
        "Bool": BuiltInSample("index.isMultiple(of: 2)", isDistinct: false),
        "Void": BuiltInSample("()", isEquatable: false), "()": BuiltInSample("()", isEquatable: false),
        "Date": BuiltInSample("Date(timeIntervalSince1970: Double(index))"),
    ]
}

extension PublisherDeclaration {
    /// Whether generated tests can make values of the output: the schema's `sample:`, or a
    /// built-in one.
    package var hasTestSample: Bool { sample != nil || BuiltInSample.byOutput[resolvedOutput] != nil }

    /// The output type as generated code names it: `Self` means the owner type, as in
    /// `UIControl.publisher(for:)` returning the control itself.
    package var resolvedOutput: String {
        let written = output.value
        guard written == "Self", let owner = owner?.value else { return written }
        return owner
    }

    /// The generic parameter of the generated types when they send the receiver's own type: the
    /// output is `Self`, there is an owner, and the kind sends the owner itself
    /// (``KindSource/receiverParameter``). `tap.tapsPublisher()` on a subclass of the owner then
    /// sends that subclass. `nil` otherwise.
    package var receiverParameter: String? {
        guard output.value == "Self", owner != nil else { return nil }
        return source.receiverParameter
    }
}
