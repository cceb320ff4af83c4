import GeneratorDiagnostics
import GeneratorLanguage
import GeneratorModel
import GeneratorReading
import SwiftTypeSyntax

extension SchemaDecoder {
    /// `typeParameters:`, or `nil` when one of them has an error.
    mutating func decodeTypeParameters(_ node: YAMLNode, of what: String) -> [TypeParameter]? {
        guard case let .sequence(items) = node.content, !items.isEmpty else {
            read.diagnostics.error(
                "'typeParameters' must be a list of type parameters, but it is "
                    + (node.isEmptySequence ? "an empty list" : node.kindDescription),
                hint:
                    "write '- { name: Model, testType: String }' for each type parameter, or leave 'typeParameters' out",
                at: node.location)
            return nil
        }
        let vocabulary = SchemaVocabulary.typeParameter
        var declared: [TypeParameter] = []
        var allValid = true
        for item in items {
            guard let fields = MappingReader(item, what: "a type parameter", diagnostics: &read.diagnostics) else {
                allValid = false
                continue
            }
            let keysKnown = fields.reportUnknownKeys(allowed: vocabulary.all, in: "a type parameter", read: &read)
            let keysPresent = fields.reportMissingKeys(
                vocabulary.required, in: "a type parameter of \(what)", hints: vocabulary.missingHints, read: &read)
            let name = fields["name"].flatMap { decodeTypeParameterName($0, existing: declared) }
            let constraint = FieldValue(fields["constraint"]) {
                read.swiftType($0, key: "constraint", placement: .value)
            }
            let testType = fields["testType"].flatMap { read.swiftType($0, key: "testType", placement: .value) }
            guard keysKnown, keysPresent, fields.mergesAreValid, let name, let testType, !constraint.isInvalid else {
                allValid = false
                continue
            }
            declared.append(TypeParameter(name: name, constraint: constraint.value, testType: testType))
        }
        return allValid ? declared : nil
    }

    private mutating func decodeTypeParameterName(_ node: YAMLNode, existing: [TypeParameter]) -> Located<String>? {
        guard let name = read.text(node, key: "name") else { return nil }
        guard SwiftNames.isIdentifier(name.value), name.value.first?.isUppercase == true else {
            read.diagnostics.error(
                "type parameter name '\(name.value)' is not a Swift identifier in UpperCamelCase",
                hint: "use letters, digits and '_', starting with a capital letter, e.g. 'Model'", at: node.location)
            return nil
        }
        if Self.publisherTypeNames.contains(name.value) || Self.sequenceTypeNames.contains(name.value) {
            read.diagnostics.error(
                "type parameter name '\(name.value)' is a name the generated publisher or sequence declares itself",
                hint: "choose another name, e.g. 'Model'", at: node.location)
            return nil
        }
        if let first = existing.first(where: { $0.name.value == name.value }) {
            read.diagnostics.emit(DuplicateNames.clash(name, with: first.name.location, what: "type parameter"))
            return nil
        }
        return name
    }

    /// Whether `output`, `failure` and the parameters' types name only type parameters the
    /// declaration declares: a single capital letter (`T`) is taken for a type parameter, which
    /// without a declaration would fail in the generated code ("cannot find type 'T' in scope").
    /// Returns `false` after reporting each one at its line.
    mutating func checkTypeParametersDeclared(
        output: Located<String>?, failure: Located<String>?, parameters: [Parameter], declared: [TypeParameter],
        takesTypeParameters: Bool
    ) -> Bool {
        let names = Set(declared.map(\.name.value))
        var typed: [(key: String, type: Located<String>)] = []
        if let output { typed.append(("output", output)) }
        if let failure { typed.append(("failure", failure)) }
        typed += parameters.map { ("type", $0.type) }
        var allDeclared = true
        for (key, type) in typed where Self.mayNameATypeParameter(type.value) {
            let used = SwiftType(parsing: type.value)?.unqualifiedNames ?? []
            guard let undeclared = used.first(where: { Self.looksLikeTypeParameter($0) && !names.contains($0) })
            else { continue }
            read.diagnostics.error(
                "'\(key)' names '\(undeclared)', a type parameter this declaration does not declare",
                hint: takesTypeParameters
                    ? "declare it: 'typeParameters: [{ name: \(undeclared), testType: Int }]', or name a concrete type"
                    : "name a concrete type, or change 'kind' to one that takes 'typeParameters'",
                at: type.location)
            allDeclared = false
        }
        return allDeclared
    }

    /// Whether `type` has a capital letter standing alone (`T` in `[T]`), the only types worth
    /// parsing here: parsing every output and parameter type of every declaration again would cost
    /// more than the check.
    static func mayNameATypeParameter(_ type: String) -> Bool {
        let bytes = Array(type.utf8)
        for index in bytes.indices where bytes[index] >= 65 && bytes[index] <= 90 {
            let before = index == 0 || !ASCIIText.isIdentifierByte(bytes[index - 1])
            let after = index == bytes.count - 1 || !ASCIIText.isIdentifierByte(bytes[index + 1])
            if before && after { return true }
        }
        return false
    }

    /// A single capital letter, as type parameters are named (`T`, `U`) and types are not.
    static func looksLikeTypeParameter(_ name: String) -> Bool {
        name.count == 1 && name.unicodeScalars.allSatisfy { $0.value >= 65 && $0.value <= 90 }
    }
}
