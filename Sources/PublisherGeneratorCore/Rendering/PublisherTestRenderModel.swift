/// What the test templates need to know about one declaration: how to make sample values, and
/// what each scripted scenario must deliver under the declaration's no-demand policy.
struct PublisherTestRenderModel {
    let declaration: PublisherDeclaration

    /// Samples for outputs the generator knows, and whether their values can be compared.
    static let builtInSamples: [String: (expression: String, isEquatable: Bool)] = [
        "Int": ("index", true), "Int64": ("Int64(index)", true), "Int32": ("Int32(index)", true),
        "UInt": ("UInt(index)", true), "Double": ("Double(index)", true), "Float": ("Float(index)", true),
        "TimeInterval": ("TimeInterval(index)", true), "String": (#""value \(index)""#, true),
        "Bool": ("index.isMultiple(of: 2)", true), "Void": ("()", false), "()": ("()", false),
        "Date": ("Date(timeIntervalSince1970: Double(index))", true),
    ]

    /// Failure types for which the tests can make an error themselves.
    static let anyErrorSpellings: Set<String> = ["Error", "any Error", "Swift.Error", "any Swift.Error"]

    /// The sample expression, or `nil` when the output type needs a `sample:` the schema lacks.
    var sample: (expression: String, isEquatable: Bool)? {
        if let written = declaration.sample?.value { return (written, false) }
        return Self.builtInSamples[declaration.resolvedOutput]
    }

    var context: [String: Any] {
        let failure = declaration.failure?.value ?? "Never"
        var values: [String: Any] = [
            "typeName": declaration.typeName,
            "kind": declaration.kind.value.rawValue,
            "sample": sample.map { SwiftCodeText.indented($0.expression, by: 8) } ?? "",
            "equatable": sample?.isEquatable ?? false,
            "failureIsAnyError": Self.anyErrorSpellings.contains(failure),
        ]
        switch declaration.source {
        case let .callback(source):
            add(source.behavior, to: &values)
        case let .targetAction(source):
            add(source.behavior, to: &values)
        case let .periodic(source):
            add(source.behavior, to: &values)
            values["interval"] = SwiftCodeText.doubleLiteral(source.interval.value)
        case .polling:
            break
        }
        return values
    }

    /// The scenario: value 0 meets demand, values 1...5 arrive without it, then demand is unlimited.
    private func add(_ behavior: PushBehavior, to values: inout [String: Any]) {
        values["startsOnDemand"] = behavior.start == .onDemand
        let late = Array(1...5)
        let delivered: [Int]
        switch behavior.whenNoDemand {
        case .drop:
            values["policyName"] = "drop"
            values["policyTestSuffix"] = "AreDropped"
            delivered = []
        case .latest:
            values["policyName"] = "latest"
            values["policyTestSuffix"] = "LeaveOnlyTheLatest"
            delivered = [5]
        case let .buffer(size, rule):
            values["policyName"] = "{ buffer: \(size), whenFull: \(rule.rawValue) }"
            let kept = rule == .dropOldest ? Array(late.suffix(size)) : Array(late.prefix(size))
            values["policyTestSuffix"] =
                "AreBufferedUpTo\(size)" + (rule == .dropOldest ? "DroppingTheOldest" : "DroppingTheNewest")
            delivered = kept
        }
        let expected = [0] + delivered
        values["policyExpectedCount"] = expected.count
        values["policyExpectedIndices"] = "[" + expected.map(String.init).joined(separator: ", ") + "]"
    }
}
