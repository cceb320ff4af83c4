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
    /// sends that subclass. `nil` otherwise. Named as the source names it (`Sender`) unless one of
    /// the declaration's types mentions that name, which the parameter would capture inside the
    /// generated types: then a name none mentions (``GeneratedNames/unclaimed(_:in:)``).
    package var receiverParameter: String? {
        guard output.value == "Self", owner != nil, let name = source.receiverParameter else { return nil }
        return GeneratedNames.unclaimed(name, in: writtenTypes)
    }

    /// Every Swift type the declaration writes, the source's keys' included, and its parameters'
    /// default values (which the factories' signatures print): what a name the generated code
    /// introduces around them must not capture.
    package var writtenTypes: [String] {
        var texts = [output.value]
        if let owner { texts.append(owner.value) }
        if let failure { texts.append(failure.value) }
        for parameter in parameters {
            texts.append(parameter.type.value)
            if let defaultValue = parameter.defaultValue { texts.append(defaultValue.value) }
        }
        return texts + source.writtenTypes
    }
}
