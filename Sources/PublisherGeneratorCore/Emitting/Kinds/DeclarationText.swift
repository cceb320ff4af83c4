/// The phrases and spellings of one declaration that every kind prints the same way: its types,
/// doc comment, factory parameters and policies.
struct DeclarationText {
    let declaration: PublisherDeclaration
    /// `public `, `package ` or nothing for internal.
    let access: String
    /// The schema as the `#sourceLocation` directives around its code name it; `nil` when no
    /// directive can spell its path (``SourceLocationPaths/directivePath(for:)``).
    let sourceFile: String?

    var name: String { declaration.name.value }
    var typeName: String { declaration.typeName }
    var output: String { declaration.resolvedOutput }
    var failure: String { declaration.failure?.value ?? "Never" }
    var failureIsNever: Bool { failure == "Never" }
    var owner: String? { declaration.owner?.value }

    /// What generated failure tests fail the publisher with: the schema's `failureSample`, or a
    /// failure of the tests' own when the failure type is `Error`; `nil` when there is neither.
    var failureSample: String? {
        if let written = declaration.failureSample?.value { return written }
        return Sample.anyErrorSpellings.contains(failure) ? "GeneratedTestFailure()" : nil
    }

    /// `PlayheadProgress` → `playheadProgressPublisher`.
    var factoryName: String { Self.lowerCamelCase(name) + "Publisher" }

    /// The first paragraph of the type's and the factory's doc comments.
    var summary: String {
        if let description = declaration.description?.value { return description }
        let source = declaration.owner.map { " from `\($0.value)`" } ?? ""
        return "Publishes `\(output)` values\(source)."
    }

    /// The factory's parameters: `leading` ones the kind needs, then the declared ones. Default
    /// values are printed as written, without `#sourceLocation`: Swift accepts the directive only
    /// between statements and declarations, not inside a parameter list.
    func parameters(leading: [String] = []) -> [String] {
        leading
            + declaration.parameters.map { parameter in
                // A label equal to the name is the name (Swift warns about `name name: T`).
                let label = parameter.label.map { $0.value == parameter.name.value ? "" : "\($0.value) " } ?? ""
                let defaultValue = parameter.defaultValue.map { " = \($0.value)" } ?? ""
                return "\(label)\(parameter.name.value): \(parameter.type.value)\(defaultValue)"
            }
    }

    func startPhrase(_ behavior: PushBehavior) -> String {
        behavior.start == .onDemand ? "on the first demand" : "as soon as it is subscribed"
    }

    func noDemandPhrase(_ behavior: PushBehavior) -> String {
        switch behavior.whenNoDemand {
        case .drop: "Values that arrive without demand are dropped."
        case .latest: "Without demand, only the latest value is kept; a completion waits until it is delivered."
        case let .buffer(size, rule):
            "Without demand, up to \(size) values are kept; when full, the \(rule == .dropOldest ? "oldest" : "newest") "
                + "is dropped. A completion waits until the kept values are delivered."
        }
    }

    /// The engine's spelling of the no-demand policy.
    func policyLiteral(_ behavior: PushBehavior) -> String {
        switch behavior.whenNoDemand {
        case .drop: ".drop"
        case .latest: ".latest"
        case let .buffer(size, rule): ".buffer(capacity: \(size), dropOldest: \(rule == .dropOldest))"
        }
    }

    func startLiteral(_ behavior: PushBehavior) -> String {
        behavior.start == .onDemand ? ".onDemand" : ".onSubscribe"
    }

    /// `PlayheadProgress` → `playheadProgress`, `URLSession` → `urlSession`.
    static func lowerCamelCase(_ name: String) -> String {
        let characters = Array(name)
        var upperRun = 0
        while upperRun < characters.count, characters[upperRun].isUppercase { upperRun += 1 }
        if upperRun == 0 { return name }
        // Lower a leading acronym except the letter that starts the next word.
        let lowered = upperRun == 1 || upperRun == characters.count ? upperRun : upperRun - 1
        return String(characters[..<lowered]).lowercased() + String(characters[lowered...])
    }

    /// A Swift literal for a positive interval: `1.0`, `0.25`.
    static func doubleLiteral(_ value: Double) -> String {
        "\(value)"
    }
}

extension PublisherDeclaration {
    /// The output type as generated code names it: `Self` means the owner type, as in
    /// `UIControl.publisher(for:)` returning the control itself.
    var resolvedOutput: String {
        let written = output.value
        guard written == "Self", let owner = owner?.value else { return written }
        return owner
    }
}
