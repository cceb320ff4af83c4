import GeneratorDiagnostics
import GeneratorEmitting
import GeneratorModel

/// The factories of a target/action declaration, on its sender, and the schema code they hand to
/// its types: `initial` and `value` as methods of the sender (or, with factory parameters,
/// functions that return what the types call).
extension TargetActionEmitter {
    func printFactories(forms: [EmittedForm], to printer: inout SwiftPrinter) {
        guard let first = forms.first else { return }
        let leading = eventParameter.map { ["for \($0)"] } ?? []
        let eventArgument = source.events == nil ? [String]() : ["event: event"]
        // Qualified: in the owner's extension a nested type of the owner could take the name.
        let output =
            text.receiverParameter == nil
            ? "\(text.genericTypeName(first)).\(text.elementName(first))" : factorySenderType
        let isolation = isMainActor ? "@MainActor " : ""
        // A method of the sender, called on it by a closure the factory hands to its type: a
        // function returned from here would capture the sender, and the target would keep it alive.
        // With factory parameters, which an escaping closure may not take (`inout`, an
        // `@autoclosure`), the function the method returns, which holds the sender.
        let isMethod = text.declaration.parameters.isEmpty
        func function(role: String, summary: String, code: Located<String>) -> SchemaCodeFunction {
            guard isMethod else { return returnedFunction(role: role, summary: summary, code: code) }
            var method = SchemaCodeFunction(
                role: role,
                summary: summary + " Called on the sender, with it, by the closure the factory of each form hands to "
                    + "its type, which so holds no sender.",
                result: output, isolation: isolation, leadingParameters: ["_ sender: \(factorySenderType)"],
                code: [source.value, source.initial]
            ) { printer in
                printer.embedded(code, in: text.sourceFile)
            }
            if role == "ActionValue" {
                // The target calls it itself, for the `nil` the factories pass.
                method.summary = summary + " Called on the sender, with it, by the target of each form."
                method.isFilePrivate = true
            }
            return method
        }
        func returnedFunction(role: String, summary: String, code: Located<String>) -> SchemaCodeFunction {
            SchemaCodeFunction(
                role: role, summary: summary + " The factory of each form hands it to its type.",
                result: "\(isolation)(\(factorySenderType)) -> \(output)", code: [source.value, source.initial]
            ) { printer in
                // `publisherInitial`, `publisherValue`: the names the docs list as the generated code's.
                let base = role == "ActionValue" ? "publisherValue" : "publisher\(role)"
                let local = text.localName(base, around: [code])
                printer.signature("\(isolation)func \(local)", ["_ sender: \(factorySenderType)"], returning: output) {
                    $0.embedded(code, in: text.sourceFile)
                }
                printer.line("return \(local)")
            }
        }
        func argument(_ function: SchemaCodeFunction) -> String {
            isMethod ? "{ $0.\(text.call(function, leading: ["$0"])) }" : text.call(function)
        }
        let initial = source.initial.map {
            function(
                role: "Initial", summary: "The sender's current value, sent first (the schema's `initial`).", code: $0)
        }
        let value = source.value.map {
            function(role: "ActionValue", summary: "The value each action sends (the schema's `value`).", code: $0)
        }
        let schemaCode = [initial, value].compactMap { $0 }
        text.printFactories(forms: forms, to: &printer, schemaCode: schemaCode) { _ in
            FactorySignature(leading: leading)
        } body: { factory, printer in
            let initialArgument = initial.map { ["initial: \(argument($0))"] } ?? []
            // Where the value defaults, the target computes it itself: the factory passes none.
            let valueArgument = valueDefaults ? [] : value.map { ["value: \(argument($0))"] } ?? ["value: { $0 }"]
            let arguments = ["sender: self"] + eventArgument + initialArgument + valueArgument
            printer.call(factory.make, arguments: arguments)
        }
    }
}
