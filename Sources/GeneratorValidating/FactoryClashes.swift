import GeneratorDiagnostics
import GeneratorModel

/// Factories of one name on one owner: several owners may have a `tapPublisher()` (each
/// declaration's types are its own, named by `name`), but two factories on the same owner with the
/// same name and the same argument labels would be one method declared twice, or an overload that
/// only the return type tells apart.
enum FactoryClashes {
    /// An error for every factory that an earlier declaration's factory already takes, in each form
    /// its file emits, pointing back at the first. Owners are compared as written, without spaces.
    static func clashes(in files: [SchemaFile], kinds: KindDecoders) -> [Diagnostic] {
        var first: [[String]: PublisherDeclaration] = [:]
        var found: [Diagnostic] = []
        for file in files {
            for declaration in file.publishers {
                guard let owner = declaration.owner else { continue }
                // Every declaration here was decoded by these units, so its source has one.
                let unit = kinds.unit(of: declaration.source)
                let declared = declaration.parameters.map { $0.label?.value ?? $0.name.value }
                var reported = false
                for form in EmittedForm.allCases where file.emits(form) {
                    let leading = unit?.leadingFactoryLabels(ofAny: declaration.source, form: form) ?? []
                    let labels = leading + declared
                    let factory = declaration.factoryName(form)
                    let key = [owner.value.filter { !$0.isWhitespace }, factory] + labels
                    guard let earlier = first[key] else {
                        first[key] = declaration
                        continue
                    }
                    if !reported {
                        found.append(clash(declaration, with: earlier, signature: signature(factory, labels)))
                        reported = true
                    }
                }
            }
        }
        return found
    }

    /// `tapPublisher(for:)`.
    private static func signature(_ factory: String, _ labels: [String]) -> String {
        factory + "(" + labels.map { $0 + ":" }.joined() + ")"
    }

    private static func clash(
        _ declaration: PublisherDeclaration, with earlier: PublisherDeclaration, signature: String
    ) -> Diagnostic {
        let location = declaration.factory?.location ?? declaration.name.location
        let sameFile = earlier.location.path == location.path
        let place =
            sameFile
            ? "line \(earlier.name.location.line), column \(earlier.name.location.column)"
            : earlier.name.location.description
        let owner = declaration.owner?.value.filter { !$0.isWhitespace } ?? ""
        return .error(
            "publisher '\(declaration.name.value)' declares the factory '\(signature)' on '\(owner)', "
                + "which publisher '\(earlier.name.value)' at \(place) already declares",
            hint: "give one of them another 'factory:' name or other parameter labels"
                + (sameFile ? "" : "; files generated together share one module"),
            at: location)
    }
}
