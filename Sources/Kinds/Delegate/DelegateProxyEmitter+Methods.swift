import GeneratorDiagnostics
import GeneratorEmitting
import GeneratorModel

/// The proxy's protocol methods, its state and its answers to `responds(to:)`.
extension DelegateProxyEmitter {
    /// One method the proxy implements: observed by some declarations, required by the protocol,
    /// or both.
    struct ProxyMethod {
        let signature: DelegateMethodSignature
        /// What it returns without the app's delegate's answer.
        var answer: Located<String>?
        var isRequired: Bool
        /// The declarations that observe it, with their entry for it.
        var observers: [(name: String, method: DelegateMethod)]
    }

    /// Every method the proxy implements, once: the observed ones in the order the declarations
    /// name them, then the required ones no declaration observes. Their positions are the numbers
    /// ``DelegateProxyState`` knows them by.
    static func proxyMethods(of texts: [(text: DeclarationText, source: DelegateSource)]) -> [ProxyMethod] {
        var result: [ProxyMethod] = []
        for (text, source) in texts {
            for method in source.methods {
                if let index = result.firstIndex(where: { $0.signature.selector == method.signature.selector }) {
                    result[index].observers.append((text.name, method))
                    result[index].answer = result[index].answer ?? method.answer
                } else {
                    result.append(
                        ProxyMethod(
                            signature: method.signature, answer: method.answer, isRequired: false,
                            observers: [(text.name, method)]))
                }
            }
        }
        for (_, source) in texts {
            for required in source.requiredMethods {
                if let index = result.firstIndex(where: { $0.signature.selector == required.signature.selector }) {
                    result[index].isRequired = true
                    result[index].answer = result[index].answer ?? required.answer
                } else {
                    result.append(
                        ProxyMethod(
                            signature: required.signature, answer: required.answer, isRequired: true, observers: []))
                }
            }
        }
        return result
    }

    func printState(to printer: inout SwiftPrinter) {
        let numbered = methods.enumerated().map { index, method in
            "\(index) `\(method.signature.selector)`" + (method.isRequired ? " (required)" : "")
        }
        printer.docComment(
            "The app's own `\(property)`, which every call reaches first, and which of the proxy's methods it "
                + "answers for. They are numbered: " + numbered.joined(separator: ", ") + ".")
        let required = methods.map { $0.isRequired ? "true" : "false" }.joined(separator: ", ")
        let state =
            "let state = DelegateProxyState<any \(protocolName)>(required: [\(required)], answers: \(name).answers(of:))"
        if printer.fits(state) {
            printer.line(state)
        } else {
            printer.line("let state = DelegateProxyState<any \(protocolName)>(")
            printer.filled(["required: [\(required)]", "answers: \(name).answers(of:)"], last: ")")
        }
    }

    /// Which of the proxy's methods an app delegate implements: asked once, when it is set, so that
    /// a consumer of a method it implements does not make the owner ask again.
    func printDelegateAnswers(to printer: inout SwiftPrinter) {
        printer.docComment(
            "Which of the proxy's methods `delegate` implements, asked once when it becomes the app's delegate "
                + "(a required one it must).")
        let head = "\(isMainActor ? "nonisolated " : "")static func answers(of delegate: any \(protocolName)) -> [Bool]"
        printer.block(head) { printer in
            let answers = methods.map { method -> String in
                let selector = method.signature.selector
                if method.isRequired { return "true" }
                return isObjC
                    ? "delegate.responds(to: #selector(Self.\(selector)))"
                    : "DelegateProxyState.delegate(delegate, responds: \"\(selector)\")"
            }
            let oneLine = "[" + answers.joined(separator: ", ") + "]"
            if printer.fits(oneLine) {
                printer.line(oneLine)
                return
            }
            printer.line("[")
            printer.indented { printer in
                for answer in answers {
                    if printer.fits(answer + ",") {
                        printer.line(answer + ",")
                    } else if let open = answer.firstIndex(of: "(") {
                        // `delegate.responds(` then its argument a level in, as swift-format breaks a call.
                        printer.line(String(answer[...open]))
                        printer.indented { $0.line(String(answer[answer.index(after: open)...]) + ",") }
                    }
                }
            }
            printer.line("]")
        }
    }

    /// A protocol method: the app's delegate's answer first, then each consumer's handler, then
    /// the answer: the app's delegate's, or the declared one. An `@objc` protocol's optional method
    /// is called on the app's delegate only where it implements it; a required one always.
    func printMethod(_ index: Int, to printer: inout SwiftPrinter) {
        let entry = methods[index]
        let signature = entry.signature
        let line = signature.location.line
        let optional = isObjC && !entry.isRequired ? "?" : ""
        // Named so that no parameter of the method means another thing by it (the answer runs
        // outside the method: ``printAnswerFunction(_:to:)``).
        let forwarded = GeneratedNames.unclaimed("forwarded", in: signature.parameters.map(\.name))
        let head =
            (signature.returnType != nil ? "let \(forwarded) = " : "")
            + "state.delegate?.\(signature.baseName)\(optional)("
        // The head and the call restate the schema's signature: a mistake in it is reported there.
        printer.anchored(toSchemaLine: line, in: schemaFile, resetting: false) { $0.methodHead(signature) }
        printer.indented { printer in
            printer.anchored(toSchemaLine: line, in: schemaFile) { printer in
                if printer.fits(head + signature.forwardingArguments + ")") {
                    printer.line(head + signature.forwardingArguments + ")")
                } else {
                    printer.line(head)
                    printer.filled(signature.forwardingArgumentList, last: ")")
                }
            }
        }
        printer.indented { printer in
            let arguments = signature.parameters.map(\.name).joined(separator: ", ")
            for observer in entry.observers {
                let handler = observer.method.signature.handlerName
                let consumers = Self.consumersName(observer.name)
                let call = "$0.\(handler)(\(arguments))"
                if printer.fits("\(consumers).forEach { \(call) }") {
                    printer.line("\(consumers).forEach { \(call) }")
                } else {
                    printer.block("\(consumers).forEach") {
                        $0.call("$0.\(handler)", arguments: signature.parameters.map(\.name))
                    }
                }
            }
            if entry.answer != nil {
                printer.line("if let \(forwarded) { return \(forwarded) }")
                printer.call("return \(answerFunctionName(index))", arguments: signature.parameters.map(\.name))
            }
        }
        printer.line("}")
    }

    /// The file's function that evaluates the declared `answer` of `methods[index]`:
    /// `tableViewDelegateProxyAnswer0`, numbered as the proxy numbers its methods, with another
    /// number when an answer mentions that name.
    func answerFunctionName(_ index: Int) -> String {
        GeneratedNames.unclaimed(
            GeneratedNames.lowerCamelCase(name) + "Answer\(index)", in: methods.compactMap { $0.answer?.value })
    }

    /// The declared `answer` of `methods[index]` (which has one), in a function of the file rather
    /// than in the proxy's method: there the proxy's members (`state`, its consumers, `NSObject`'s
    /// members, the protocol's methods) would capture a name the answer means as the module's. It
    /// takes the method's parameters, which the answer may use.
    func printAnswerFunction(_ index: Int, to printer: inout SwiftPrinter) {
        let signature = methods[index].signature
        guard let answer = methods[index].answer, let returnType = signature.returnType else { return }
        printer.docComment(
            "What `\(name)` answers to `\(signature.selector)` without the app's delegate: the schema's `answer`, "
                + "outside the proxy, so that its names mean what they mean in the module.")
        printer.line(GeneratedAttributes.availability)
        let parameters = signature.parameters.map { "_ \($0.name): \($0.type)" }
        let head = "\(isMainActor ? "@MainActor" : "nonisolated") fileprivate func \(answerFunctionName(index))"
        printer.signature(head, parameters, returning: returnType) { printer in
            printer.embedded(Located("return " + answer.value, at: answer.location), in: schemaFile)
        }
    }

    /// How the proxy says which methods it implements. `@objc`: `responds(to:)`, and
    /// `forwardingTarget(for:)`, which hands the app's delegate each selector the proxy does not
    /// implement, and swallows it once nobody can answer it. Native: `responds(toMethod:)`.
    func printAnswers(to printer: inout SwiftPrinter) {
        let optional = methods.enumerated().filter { !$0.element.isRequired }
        let required = methods.filter(\.isRequired).map { "\"\($0.signature.selector)\"" }
        let nonisolated = isMainActor ? "nonisolated " : ""
        let observedList = optional.map { "`\($0.element.signature.selector)`" }.joined(separator: ", ")
        let observed =
            optional.isEmpty
            ? "" : " It answers for \(observedList) while a consumer observes it or the app's delegate implements it."
        guard isObjC else {
            printer.docComment(
                "Which methods the proxy implements, for an owner that asks before it calls (`DelegateMethodResponding`): "
                    + "every required one." + observed
                    + " No other: it does not forward the methods it does not declare.")
            printer.block("\(nonisolated)func responds(toMethod method: String) -> Bool") { printer in
                // `case` at the `switch`'s indentation, as swift-format writes it.
                printer.line("switch method {")
                for (index, method) in optional {
                    printer.line("case \"\(method.signature.selector)\":")
                    printer.indented {
                        $0.line("state.isObserved(\(index)) || state.delegateResponds(toMethod: method)")
                    }
                }
                if !required.isEmpty {
                    printer.line("case \(required.joined(separator: ", ")):")
                    printer.indented { $0.line("true") }
                }
                printer.line("default: false")
                printer.line("}")
            }
            return
        }
        printer.docComment(
            "Which selectors the proxy implements: every required method, and every selector the app's delegate "
                + "implements, which it forwards." + observed
                + " UIKit reads these answers when the proxy is assigned, so `state` assigns it again when they change."
        )
        printer.block("\(nonisolated)override func responds(to selector: Selector!) -> Bool") { printer in
            for (index, method) in optional {
                // The protocol's method, so that a misspelt one is an error at the schema; the
                // proxy's own (the same selector) where that is too long for a line.
                var test = "if selector == #selector(\(protocolName).\(method.signature.selector)) {"
                if !printer.fits(test) { test = "if selector == #selector(Self.\(method.signature.selector)) {" }
                printer.anchored(toSchemaLine: method.signature.location.line, in: schemaFile, resetting: false) {
                    $0.line(test)
                }
                printer.indented { printer in
                    if schemaFile != nil { printer.line("#sourceLocation()") }
                    printer.line("return state.isObserved(\(index)) || state.delegate?.responds(to: selector) == true")
                }
                printer.line("}")
            }
            // Recording the app's delegate's own types of each selector it answers, which the sink reads.
            printer.line(
                "return super.responds(to: selector) || DelegateCallSink.responds(state.delegate, to: selector)")
        }
        printer.blankLine()
        printer.docComment(
            "The app's delegate, for every selector the proxy does not implement, while it lives and implements it. "
                + "Otherwise, a call the owner makes on an answer it read earlier does nothing (`DelegateCallSink`).")
        printer.block("\(nonisolated)override func forwardingTarget(for selector: Selector!) -> Any?") { printer in
            printer.lines(
                """
                if let delegate = state.delegate, delegate.responds(to: selector) { return delegate }
                return DelegateCallSink.target(for: selector, in: \(protocolName).self)
                """)
        }
    }
}
