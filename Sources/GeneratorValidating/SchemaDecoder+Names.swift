import GeneratorDiagnostics
import GeneratorLanguage
import GeneratorModel
import GeneratorReading

extension SchemaDecoder {
    /// The publisher's name. With an owner, the factory `<name>Publisher` lowered must differ from
    /// the type `<Name>Publisher`, or the factory's `return <Name>Publisher(…)` calls itself.
    mutating func decodeName(_ node: YAMLNode, hasOwner: Bool) -> Located<String>? {
        guard let name = read.text(node, key: "name") else { return nil }
        guard SwiftNames.isIdentifier(name.value) else {
            read.diagnostics.error(
                "publisher name '\(name.value)' is not a Swift identifier",
                hint: "use letters, digits and '_', starting with a letter, e.g. 'PlayheadProgress'",
                at: node.location)
            return nil
        }
        if let engineType = GeneratedNames.engineType(takenByDeclarationNamed: name.value) {
            read.diagnostics.error(
                "publisher name '\(name.value)' would name one of its types '\(engineType)', which is the name of a "
                    + "type of the generated runtime that every declaration's types are made of",
                hint: "choose another name, e.g. '\(name.value)Events'", at: node.location)
            return nil
        }
        if hasOwner, GeneratedNames.lowerCamelCase(name.value) == name.value {
            read.diagnostics.error(
                "publisher name '\(name.value)' does not start with an upper-case letter, so its factory on the owner "
                    + "would be named '\(name.value)Publisher', like its type",
                hint: "start it with a capital letter", at: node.location)
            return nil
        }
        if !SwiftNames.isUpperCamelCase(name.value) {
            read.diagnostics.warning(
                "publisher name '\(name.value)' is not UpperCamelCase; the type will be '\(name.value)Publisher'",
                hint: "start it with a capital letter", at: node.location)
        }
        if name.value.hasSuffix("Publisher") {
            read.diagnostics.warning(
                "publisher name '\(name.value)' ends in 'Publisher'; the type will be '\(name.value)Publisher'",
                hint: "drop the suffix", at: node.location)
        }
        return name
    }

    /// The factory's base name (`factory:`): an identifier starting in lower case, so that no
    /// factory takes the name of a generated type, and only with an owner, which gets the factory.
    /// A keyword is fine, as for an argument label: the name always goes on (`returnPublisher()`).
    mutating func decodeFactory(_ node: YAMLNode, hasOwner: Bool, what: String) -> Located<String>? {
        guard let factory = read.text(node, key: "factory") else { return nil }
        guard SwiftNames.isArgumentLabel(factory.value) else {
            read.diagnostics.error(
                "factory name '\(factory.value)' is not a Swift identifier",
                hint: "use letters, digits and '_', starting with a lower-case letter: 'factory: tap' gives "
                    + "'tapPublisher()' and 'tapSequence()'", at: node.location)
            return nil
        }
        guard !SwiftNames.isUpperCamelCase(factory.value) else {
            read.diagnostics.error(
                "factory name '\(factory.value)' starts with an upper-case letter, so '\(factory.value)Publisher' "
                    + "would be named like a generated type and could hide it",
                hint: "start it with a lower-case letter, e.g. '\(GeneratedNames.lowerCamelCase(factory.value))'",
                at: node.location)
            return nil
        }
        guard hasOwner else {
            read.diagnostics.error(
                "'factory' names the method on the owner, but \(what) has no 'on:', so it has no factory method",
                hint: "add 'on:' with the owner type, or remove 'factory:'; without an owner the publisher is made "
                    + "with its type's initializer", at: node.location)
            return nil
        }
        return factory
    }

    /// The unit of the kind `node` spells, and where it is spelled.
    mutating func decodeKind(_ node: YAMLNode) -> (unit: any KindDecoding.Type, location: SourceLocation)? {
        guard case let .scalar(word, _, _) = node.content, !Self.isNull(node) else {
            read.diagnostics.error(
                "'kind' must be one of \(kinds.language.listForMessages), but it is \(node.kindDescription)",
                at: node.location)
            return nil
        }
        if let unit = kinds.unit(named: word) { return (unit, node.location) }
        let suggestion = KindSynonyms.didYouMean(word, in: kinds.language)
        read.diagnostics.error(
            "unknown kind '\(word)'", hint: "\(suggestion)the kinds are: \(kinds.language.listForMessages)",
            at: node.location)
        return nil
    }
}
