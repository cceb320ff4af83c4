import GeneratorDiagnostics
import GeneratorModel
import SwiftTypeSyntax

extension SchemaDecoder {
    /// Without `publisher:`, generated tests call the factory without arguments, so every
    /// argument needs a default. Returns `false` after reporting when one has none.
    mutating func checkTestDriveCallsTheFactory(
        _ drive: TestDrive?, parameters: [Parameter], kindArguments: [String], what: String
    ) -> Bool {
        guard let drive, drive.publisher == nil else { return true }
        let required =
            kindArguments + parameters.filter { $0.defaultValue == nil }.map { $0.label?.value ?? $0.name.value }
        guard let first = required.first else { return true }
        read.diagnostics.error(
            "'test' of \(what) has no 'publisher', so tests would call the factory without arguments, but '\(first)' has no default",
            hint: "add 'publisher:' with the call to make, e.g. 'publisher: owner.factory(\(first): …)'",
            at: drive.owner.location)
        return false
    }

    /// Names the publisher type declares for itself (``GeneratedNames/publisherTypeNames``).
    /// `output` and `failure` may name any of these: they are written outside the generated types
    /// (the typealias that names each form, or, in a type that keeps them inside, a typealias
    /// before it: ``DeclarationText``'s form types). A parameter's type in a declaration without
    /// `on` is inside: ``checkParameterTypes(_:hasOwner:)``.
    static var publisherTypeNames: Set<String> { GeneratedNames.publisherTypeNames }
    /// The names a generated sequence declares besides those (``GeneratedNames/sequenceTypeNames``).
    static var sequenceTypeNames: Set<String> { GeneratedNames.sequenceTypeNames }

    /// Whether `output` can be the publisher's `Output`: no function type, which Combine would take
    /// as a non-escaping parameter of `receive(_:)`. Returns `false` after reporting.
    mutating func checkOutputType(_ output: Located<String>?) -> Bool {
        let outputSyntax = output.flatMap { SwiftType(parsing: $0.value) }
        guard let output, outputSyntax?.isFunction == true else { return true }
        read.diagnostics.error(
            "'output' is a function type, which subscribers would receive as a non-escaping parameter",
            hint: "send an optional function, e.g. '(\(output.value))?', or a struct that holds it",
            at: output.location)
        return false
    }

    /// Whether the parameters' types mean in the generated factory what they mean in the schema.
    /// Without an owner the factory is an initializer in an extension of the publisher (and of the
    /// sequence), where Swift finds the type's own ``publisherTypeNames`` (and
    /// ``sequenceTypeNames``) before any of the module's: only the module's name can reach past
    /// them. Returns `false` after reporting.
    mutating func checkParameterTypes(_ parameters: [Parameter], hasOwner: Bool) -> Bool {
        guard !hasOwner else { return true }
        var compiles = true
        for parameter in parameters {
            let names = SwiftType(parsing: parameter.type.value)?.unqualifiedNames ?? []
            let what = "the type of parameter '\(parameter.name.value)'"
            let why = "where Swift finds the generated type's own names before your module's"
            if let name = names.first(where: Self.publisherTypeNames.contains) {
                read.diagnostics.error(
                    "\(what) names '\(name)', which in a declaration without 'on' is the publisher's own typealias: the factory is its initializer, \(why)",
                    hint: "qualify your type with its module, e.g. 'MyModule.\(name)'", at: parameter.type.location)
                compiles = false
            } else if emitsSequences, let name = names.first(where: Self.sequenceTypeNames.contains) {
                read.diagnostics.error(
                    "\(what) names '\(name)', which in a declaration without 'on' is the sequence's own: the factory is its initializer, \(why)",
                    hint: "qualify your type with its module, e.g. 'MyModule.\(name)', or leave 'async' out of 'emit'",
                    at: parameter.type.location)
                compiles = false
            }
        }
        return compiles
    }
}
