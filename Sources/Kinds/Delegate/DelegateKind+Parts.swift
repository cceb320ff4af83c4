import GeneratorDiagnostics
import GeneratorEmitting
import GeneratorModel
import GeneratorValidating

extension DelegateKind {
    /// The generated names a factory parameter would hide inside a method's `body` are the method's
    /// own parameters: a factory parameter of the same name would be shadowed there.
    package static func checkCompiles(
        _ draft: DeclarationDraft, source: DelegateSource, read: inout ScalarReader
    ) -> Bool {
        var compiles = true
        for method in source.methods {
            for parameter in draft.parameters
            where method.signature.parameters.contains(where: { $0.name == parameter.name.value }) {
                read.diagnostics.error(
                    "parameter '\(parameter.name.value)' has the name of a parameter of '\(method.signature.selector)', which hides it in 'body'",
                    hint: "rename the factory parameter", at: parameter.name.location)
                compiles = false
            }
        }
        if let output = draft.output, let owner = draft.owner,
            output.value == DelegateProxyEmitter.proxyName(owner: owner.value, property: source.property.value)
        {
            read.diagnostics.error(
                "'output' names '\(output.value)', the proxy this declaration generates",
                hint: "qualify your type with its module", at: output.location)
            compiles = false
        }
        return compiles
    }

    package static func argumentsWithoutDefault(of source: DelegateSource) -> [String] { [] }

    /// An `@objc` protocol's proxy is an `NSObject` with `@objc` methods.
    /// The factories take only the declared parameters.
    package static func leadingFactoryLabels(of source: DelegateSource, form: EmittedForm) -> [String] { [] }

    package static func imports(for source: DelegateSource) -> [String] {
        source.runtime == .objc ? ["ObjectiveC"] : []
    }

    package static func emitter(for source: DelegateSource, text: DeclarationText) -> any KindEmitter {
        DelegateEmitter(text: text, source: source)
    }

    /// The declarations on one owner type's property share its proxy, so they are written in one
    /// schema file (where the proxy is generated), and agree on its protocol, runtime and
    /// isolation; two that observe one method answer it alike.
    package static func checkAcrossDeclarations(
        _ declarations: [(PublisherDeclaration, DelegateSource)], diagnostics: inout DiagnosticCollector
    ) {
        var first: [String: (PublisherDeclaration, DelegateSource)] = [:]
        var answers: [String: Located<String>] = [:]
        var required: [String: Set<String>] = [:]
        for (declaration, source) in declarations {
            guard let slot = slot(of: declaration, source) else { continue }
            let what = "publisher '\(declaration.name.value)'"
            required[slot, default: []].formUnion(source.requiredMethods.map(\.signature.selector))
            let answered =
                source.methods.map { ($0.signature, $0.answer) }
                + source.requiredMethods.map { ($0.signature, $0.answer) }
            for (signature, answer) in answered {
                guard let answer else { continue }
                let key = slot + " " + signature.selector
                if let earlier = answers[key], earlier.value != answer.value {
                    diagnostics.error(
                        "\(what) answers '\(signature.selector)' with '\(answer.value)', but another declaration on '\(slot)' answers it with '\(earlier.value)' (\(Self.place(earlier.location, from: answer.location)))",
                        hint: "both share one proxy, which gives one answer: write the same 'answer'",
                        at: answer.location)
                }
                answers[key] = answers[key] ?? answer
            }
            guard let (earlier, earlierSource) = first[slot] else {
                first[slot] = (declaration, source)
                continue
            }
            let place =
                "publisher '\(earlier.name.value)' (\(Self.place(earlier.location, from: declaration.location)))"
            if earlier.location.path != declaration.location.path {
                diagnostics.error(
                    "\(what) observes '\(slot)', as \(place) in another schema file does; they share one proxy, generated with the file",
                    hint: "declare every delegate publisher on '\(slot)' in one schema file",
                    at: declaration.location)
            } else if earlierSource.protocolName.value != source.protocolName.value {
                diagnostics.error(
                    "\(what) gives '\(slot)' the protocol '\(source.protocolName.value)', but \(place) gives it '\(earlierSource.protocolName.value)'",
                    hint: "one property holds one delegate: write the same 'protocol'", at: source.protocolName.location
                )
            } else if earlierSource.runtime != source.runtime || earlierSource.isolation != source.isolation
                || earlierSource.protocolIsNonisolated != source.protocolIsNonisolated
            {
                diagnostics.error(
                    "\(what) and \(place) observe '\(slot)' with different 'runtime', 'isolation' or 'protocolIsolation'",
                    hint: "they share one proxy: write the same 'runtime', 'isolation' and 'protocolIsolation'",
                    at: declaration.location)
            }
        }
        checkRequiredMethods(of: declarations, required: required, diagnostics: &diagnostics)
        warnAboutChainedProxies(declarations, diagnostics: &diagnostics)
    }

    /// Every declaration on a property lists the protocol's required methods, so that each one's
    /// generated tests can implement them (a YAML anchor writes them once); for Apple's data-source
    /// protocols, the ones UIKit requires.
    private static func checkRequiredMethods(
        of declarations: [(PublisherDeclaration, DelegateSource)], required: [String: Set<String>],
        diagnostics: inout DiagnosticCollector
    ) {
        for (declaration, source) in declarations {
            guard let slot = slot(of: declaration, source) else { continue }
            let listed = Set(source.requiredMethods.map(\.signature.selector))
            let known = AppleRequiredDelegateMethods.byProtocol[source.protocolName.value] ?? []
            let missingKnown = known.filter { !listed.contains($0.selector) }
            let what = "publisher '\(declaration.name.value)'"
            if !missingKnown.isEmpty {
                let names = missingKnown.map { "'\($0.selector)'" }.joined(separator: " and ")
                diagnostics.error(
                    "'\(source.protocolName.value)' requires \(names), which the proxy of '\(slot)' must implement, but \(what) does not list \(missingKnown.count == 1 ? "it" : "them") in 'requiredMethods'",
                    hint: AppleRequiredDelegateMethods.hint(adding: missingKnown, of: source.protocolName.value),
                    at: source.protocolName.location)
                continue
            }
            let missing = (required[slot] ?? []).subtracting(listed).sorted()
            guard !missing.isEmpty else { continue }
            diagnostics.error(
                "\(what) does not list \(missing.map { "'\($0)'" }.joined(separator: " and ")) in 'requiredMethods', as another declaration on '\(slot)' does; every declaration on one property lists the protocol's required methods",
                hint:
                    "give the list a YAML anchor where it is written ('requiredMethods: &required') and write 'requiredMethods: *required' here",
                at: declaration.location)
        }
    }

    /// The owner's property a declaration observes, as diagnostics name it: `UITableView.dataSource`.
    private static func slot(of declaration: PublisherDeclaration, _ source: DelegateSource) -> String? {
        declaration.owner.map { $0.value + "." + source.property.value }
    }

    /// Where `location` is, said from `here`: its line in the same file, or its path and line.
    static func place(_ location: SourceLocation, from here: SourceLocation) -> String {
        location.path == here.path ? "line \(location.line)" : "\(location.path):\(location.line)"
    }

    /// One proxy per owner type and property, after the file's declarations.
    package static func printShared(
        _ texts: [(text: DeclarationText, source: DelegateSource)], to printer: inout SwiftPrinter
    ) {
        var groups: [(owner: String, property: String, members: [(text: DeclarationText, source: DelegateSource)])] =
            []
        for (text, source) in texts {
            let owner = text.owner ?? "Self"
            if let index = groups.firstIndex(where: { $0.owner == owner && $0.property == source.property.value }) {
                groups[index].members.append((text, source))
            } else {
                groups.append((owner, source.property.value, [(text, source)]))
            }
        }
        for group in groups {
            printer.blankLine()
            printer.line("// MARK: - The \(group.property) of \(group.owner)")
            printer.blankLine()
            DelegateProxyEmitter(owner: group.owner, source: group.members[0].source, texts: group.members)
                .print(to: &printer)
        }
    }
}

extension DelegateSource: PushSource {
    public static var kind: PublisherKind { .delegate }
}
