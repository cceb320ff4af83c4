import GeneratorDiagnostics
import GeneratorLanguage
import GeneratorModel
import GeneratorReading
import SwiftTypeSyntax

extension SchemaDecoder {
    /// The parameters, or `nil` when any of them has an error.
    mutating func decodeParameters(_ node: YAMLNode, of what: String, kind: PublisherKind?) -> [Parameter]? {
        guard case let .sequence(items) = node.content else {
            read.diagnostics.error(
                "'parameters' must be a list, but it is \(node.kindDescription)",
                hint: "write '- { name: interval, type: Double }' for each parameter", at: node.location)
            return nil
        }
        var parameters: [Parameter] = []
        var allValid = true
        for item in items {
            guard let fields = MappingReader(item, what: "a parameter", diagnostics: &read.diagnostics) else {
                allValid = false
                continue
            }
            let vocabulary = kinds.vocabulary.parameter
            let keysKnown = fields.reportUnknownKeys(
                allowed: vocabulary.all, in: "a parameter", read: &read)
            fields.reportMissingKeys(vocabulary.required, in: "a parameter of \(what)", read: &read)
            let name = fields["name"].flatMap { decodeParameterName($0, existing: parameters, kind: kind) }
            let type = fields["type"].flatMap { read.swiftType($0, key: "type", placement: .parameter) }
            let defaultValue = FieldValue(fields["default"]) { read.expression($0, key: "default") }
            let label = FieldValue(fields["label"]) { decodeLabel($0) }
            guard keysKnown, fields.mergesAreValid, let name, let type, !defaultValue.isInvalid, !label.isInvalid
            else {
                allValid = false
                continue
            }
            // Swift needs the parameter after a variadic one labelled, to tell where the values end.
            if let variadic = parameters.last, SwiftType(parsing: variadic.type.value)?.variadicDots != nil,
                label.value?.value == "_"
            {
                read.diagnostics.error(
                    "parameter '\(name.value)' follows the variadic parameter '\(variadic.name.value)', so it needs a label",
                    hint: "remove 'label: _', or move the parameter before '\(variadic.name.value)'",
                    at: label.value!.location)
                allValid = false
                continue
            }
            parameters.append(Parameter(name: name, type: type, defaultValue: defaultValue.value, label: label.value))
        }
        return allValid ? parameters : nil
    }

    private mutating func decodeParameterName(
        _ node: YAMLNode, existing: [Parameter], kind: PublisherKind?
    ) -> Located<String>? {
        guard let name = read.text(node, key: "name") else { return nil }
        if !SwiftNames.isArgumentLabel(name.value) {
            let keyword = SwiftNames.notArgumentLabels.contains(name.value)
            read.diagnostics.error(
                keyword
                    ? "parameter name '\(name.value)' is one of the keywords Swift refuses as argument labels "
                        + "('inout', 'var', 'let'), which a name is when 'label:' gives none"
                    : "parameter name '\(name.value)' is not a Swift identifier",
                hint: keyword
                    ? "choose another name; other keywords, such as 'in' or 'for', may be names, written in "
                        + "backticks in the schema's code"
                    : "use letters, digits and '_', starting with a letter", at: node.location)
            return nil
        }
        if let kind, kinds.language.namesInScope(of: kind).contains(name.value) {
            read.diagnostics.error(
                "parameter name '\(name.value)' would hide '\(name.value)' in the generated code",
                hint: "choose another name", at: node.location)
            return nil
        }
        if let first = existing.first(where: { $0.name.value == name.value }) {
            read.diagnostics.emit(DuplicateNames.clash(name, with: first.name.location, what: "parameter"))
            return nil
        }
        return name
    }

    private mutating func decodeLabel(_ node: YAMLNode) -> Located<String>? {
        guard let label = read.text(node, key: "label") else { return nil }
        guard label.value == "_" || SwiftNames.isArgumentLabel(label.value) else {
            let keyword = SwiftNames.notArgumentLabels.contains(label.value)
            read.diagnostics.error(
                keyword
                    ? "argument label '\(label.value)' is one of the keywords Swift refuses as labels ('inout', 'var', 'let')"
                    : "argument label '\(label.value)' is not a Swift identifier or keyword",
                hint: "use an identifier or a keyword such as 'for' or 'in', or '_' for no label", at: node.location)
            return nil
        }
        return label
    }
}
