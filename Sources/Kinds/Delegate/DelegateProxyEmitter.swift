import GeneratorEmitting
import GeneratorModel
import SwiftTypeSyntax

/// `kind: delegate`: the proxy of one owner type's delegate property, shared by the file's
/// declarations on it. It conforms to the protocol with every observed and every required method:
/// each forwards the call to the app's own delegate, then runs each consumer's handler; a method
/// that returns a value returns the app's delegate's answer, or the declared one. It says which
/// methods it implements (`responds(to:)`) from `DelegateProxyState`: a required one always, an
/// observed one while a consumer observes it or the app's delegate implements it. For an `@objc`
/// protocol it also hands every selector it does not declare to the app's delegate
/// (`DelegateProxyEmitter+Methods.swift`).
struct DelegateProxyEmitter {
    let owner: String
    let source: DelegateSource
    /// The declarations on this owner's property, in schema order.
    let texts: [(text: DeclarationText, source: DelegateSource)]
    /// Every method the proxy implements, numbered by position (``proxyMethods(of:)``).
    let methods: [ProxyMethod]

    init(owner: String, source: DelegateSource, texts: [(text: DeclarationText, source: DelegateSource)]) {
        self.owner = owner
        self.source = source
        self.texts = texts
        methods = Self.proxyMethods(of: texts)
    }

    var property: String { source.property.value }
    /// What the attaching code calls the object that holds the delegate: the owner itself, or
    /// `holder`, read once through the property path (`owner.textStorage`).
    private var holder: String { source.holderPath.isEmpty ? "owner" : "holder" }
    /// The holder's property that holds the delegate: the last of the path.
    private var slot: String { source.delegateProperty }
    var protocolName: String { source.protocolName.value }
    var isMainActor: Bool { source.isolation == .mainActor }
    var isObjC: Bool { source.runtime == .objc }
    var name: String { Self.proxyName(owner: owner, property: property) }
    private var delegateType: String { "(any \(protocolName))?" }
    /// `@MainActor ` for main-actor code, nothing otherwise.
    var actor: String { isMainActor ? "@MainActor " : "" }
    /// The schema file the proxy's declarations are written in, as `#sourceLocation` names it.
    var schemaFile: String? { texts.first?.text.sourceFile }

    /// `UITableView` and `delegate` → `UITableViewDelegateProxy`; `UITextView` and
    /// `textStorage.delegate` → `UITextViewTextStorageDelegateProxy`.
    static func proxyName(owner: String, property: String) -> String {
        let ownerWord = String(owner.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) })
        return ownerWord + pathWord(property) + "Proxy"
    }

    /// `textStorage.delegate` → `TextStorageDelegate`.
    private static func pathWord(_ property: String) -> String {
        property.split(separator: ".").map { GeneratedNames.upperCamelCase(String($0)) }.joined()
    }

    /// The proxy's list of one declaration's consumers: `DidSelectRow` → `consumersOfDidSelectRow`.
    /// The declaration's name as written, since names that differ only in case (`HTTPStatus`,
    /// `HttpStatus`) are distinct declarations that may share a proxy.
    static func consumersName(_ declaration: String) -> String {
        "consumersOf" + declaration
    }

    /// What one consumer of a declaration does with each call: `DidSelectRow` → `DidSelectRowHandlers`.
    static func handlersName(_ declaration: String) -> String {
        declaration + "Handlers"
    }

    /// A method parameter's type as a handler's parameter: `T!` is only allowed where a
    /// declaration's parameter is written, so a function type says `T?`.
    static func optionalInsteadOfUnwrapped(_ type: String) -> String {
        guard let bang = SwiftType(parsing: type)?.implicitlyUnwrappedBang else { return type }
        var scalars = Array(type.unicodeScalars)
        scalars[bang] = "?"
        return String(String.UnicodeScalarView(scalars))
    }

    /// The owner's method that sets the app's delegate while consumers observe it:
    /// `forwardDelegateCalls(to:)`, `forwardDataSourceCalls(to:)`.
    static func forwardingMethodName(property: String) -> String {
        "forward\(pathWord(property))Calls"
    }

    func print(to printer: inout SwiftPrinter) {
        let names = texts.map { "`\($0.text.name)`" }.joined(separator: ", ")
        printer.docComment(
            "The `\(property)` of each `\(owner)` that publishers or sequences of \(names) observe: one per "
                + (source.holderPath.isEmpty ? "owner object" : "object that holds the delegate")
                + ", installed by the first consumer and removed by the last. Each call reaches the app's own "
                + "delegate first (the one the owner had when the first consumer started, or the one given to "
                + "`\(Self.forwardingMethodName(property: property))(to:)`), then each consumer."
                + (isObjC
                    ? " Selectors the proxy does not declare go to the app's delegate, so its other methods keep working."
                    : ""))
        let isolation = isMainActor ? "@MainActor" : "nonisolated"
        let superclass = isObjC ? "NSObject, " : ""
        let answering = isObjC ? "" : ", DelegateMethodResponding"
        // A nonisolated protocol of a main-actor proxy: its calls are checked on the main actor at run time.
        let conformance = (isMainActor && source.protocolIsNonisolated ? "@preconcurrency " : "") + protocolName
        printer.topLevel("\(isolation) final class \(name): \(superclass)\(conformance)\(answering)") { printer in
            printer.lines(
                """
                /// The proxy of each \(source.holderPath.isEmpty ? "`\(owner)`" : "object holding the delegate") that consumers observe.
                \(isMainActor ? "nonisolated " : "")static let installed = DelegateProxyTable<\(name)>()
                """)
            printState(to: &printer)
            for (text, _) in texts {
                printer.line("/// The consumers of `\(text.name)`.")
                let observed = methods.indices.filter { methods[$0].observers.contains { $0.name == text.name } }
                let initializer = "(observing: [\(observed.map(String.init).joined(separator: ", "))])"
                let head = "let \(Self.consumersName(text.name)) = DelegateConsumers<"
                if printer.fits(head + Self.handlersName(text.name) + ">" + initializer) {
                    printer.line(head + Self.handlersName(text.name) + ">" + initializer)
                } else {
                    printer.line(head)
                    printer.indented { $0.line(Self.handlersName(text.name)) }
                    printer.line(">" + initializer)
                }
            }
            for (text, source) in texts {
                printer.blankLine()
                printHandlers(text: text, source: source, to: &printer)
            }
            printer.blankLine()
            printDelegateAnswers(to: &printer)
            printer.blankLine()
            printAttach(to: &printer)
            for index in methods.indices {
                printer.blankLine()
                printMethod(index, to: &printer)
            }
            printer.blankLine()
            printAnswers(to: &printer)
        }
        printer.blankLine()
        printer.topLevel("nonisolated extension \(name): DelegateProxyChainMember") { printer in
            printer.line(
                "/// The state, as another proxy on the same slot hands the app's delegate over (`DelegateProxyChain`)."
            )
            printer.line("var chainLink: any DelegateProxyChainLink { state }")
        }
        for index in methods.indices where methods[index].answer != nil {
            printer.blankLine()
            printAnswerFunction(index, to: &printer)
        }
        printer.blankLine()
        printForwardingMethod(to: &printer)
    }

    /// What one consumer of a declaration does with each call: a closure per method.
    private func printHandlers(text: DeclarationText, source: DelegateSource, to printer: inout SwiftPrinter) {
        printer.line("/// What one consumer of `\(text.name)` does with each call.")
        printer.block("nonisolated struct \(Self.handlersName(text.name))") { printer in
            for method in source.methods {
                let types = method.signature.parameters.map { Self.optionalInsteadOfUnwrapped($0.type) }
                    .joined(separator: ", ")
                let declaration = "let \(method.signature.handlerName):"
                let type = "\(actor)(\(types)) -> Void"
                if printer.fits(declaration + " " + type) {
                    printer.line(declaration + " " + type)
                } else {
                    printer.line(declaration)
                    printer.indented { $0.line(type) }
                }
            }
        }
    }

    private func printAttach(to printer: inout SwiftPrinter) {
        printer.lines(
            """
            /// Adds a consumer to `owner`'s proxy, making and installing the proxy for the first one (after adding the
            /// consumer, so no call misses it), and returns how to remove it: the last one uninstalls the proxy, and
            /// puts back the app's delegate unless the app set another one meanwhile. Once the object that holds the
            /// delegate is deallocated, `finish` ends the consumer (``DelegateProxyTable``).
            """)
        let parameters = [
            "_ consumers: KeyPath<\(name), DelegateConsumers<Handlers>>", "_ handlers: Handlers", "to owner: \(owner)",
            "ending finish: @escaping () -> Void",
        ]
        let head = (isMainActor ? "" : "nonisolated ") + "static func attach<Handlers>"
        printer.signature(head, parameters, returning: "\(actor)() -> Void") { printer in
            if !source.holderPath.isEmpty {
                printer.line("// Read once: the same object is the key to the table, and gets its delegate back.")
                printer.line("let holder = \(source.holder(from: "owner"))")
            }
            printer.block("func install(_ proxy: \(name))") { printer in
                printer.lines(
                    """
                    if let appDelegate = \(holder).\(slot) {
                        proxy.state.setDelegate(appDelegate) { [weak appDelegate] in appDelegate }
                    }
                    \(holder).\(slot) = proxy
                    """)
                if isMainActor {
                    printer.line(
                        "// Assigned again whenever the proxy's answers change, so that the owner reads them afresh;")
                    printer.line("// never during an update (`DelegateSlotReassignment`).")
                    printer.lines(
                        """
                        proxy.state.installed { [weak \(holder), weak proxy] in
                            guard let \(holder), let proxy, \(holder).\(slot) === proxy else { return true }
                            return DelegateSlotReassignment.reassign(\(holder)) {
                                \(holder).\(slot) = nil
                                \(holder).\(slot) = proxy
                            }
                        }
                        """)
                }
            }
            printer.lines(
                """
                // Held weakly where its deallocation is found at once (`OwnerHold`), which ends every consumer.
                let hold = OwnerHold(\(holder))
                """)
            printer.call(
                "let (membership, id) = installed.join",
                arguments: [
                    holder, "held: hold", "ending: finish", "make: \(name).init",
                    "add: { $0.state.add(handlers, to: $0[keyPath: consumers]) }", "install: install",
                ])
            printer.lines(
                """
                return {
                    let proxy = membership.proxy
                    proxy.state.remove(id, from: proxy[keyPath: consumers])
                    // Held through the leave: a last reference released under the table's lock would deadlock its watch.
                    let \(holder) = hold.owner
                    installed.leave(membership) { proxy in
                        proxy.state.uninstalled()
                        guard let \(holder) else { return }
                        guard \(holder).\(slot) === proxy else {
                            // Another proxy took this one as the app's delegate: it gets the app's own back.
                            return DelegateProxyChain.handOver(from: proxy, startingAt: \(holder).\(slot))
                        }
                        \(holder).\(slot) = proxy.state.delegate
                    }
                }
                """)
        }
    }

    /// The owner's way to set its app delegate while consumers observe it.
    private func printForwardingMethod(to printer: inout SwiftPrinter) {
        let access = texts.first?.text.access ?? ""
        let method = Self.forwardingMethodName(property: property)
        printer.topLevel("nonisolated extension \(owner)") { printer in
            printer.docComment(
                "Makes `delegate` the app's own `\(property)`: while publishers or sequences observe this object, "
                    + "their proxy forwards every call to it; otherwise it becomes `\(property)` itself. Setting "
                    + "`\(property)` directly while they observe replaces their proxy, so they stop receiving calls, "
                    + "and the new delegate stays when they end.")
            printer.block("\(actor)\(access)func \(method)(to delegate: \(delegateType))") { printer in
                printer.lines(
                    """
                    \(name).installed.withProxy(of: \(source.holder(from: "self"))) { proxy in
                        if let proxy {
                            proxy.state.setDelegate(delegate, loading: delegate.map { delegate in { [weak delegate] in delegate } })
                        } else {
                            self.\(property) = delegate
                        }
                    }
                    """)
            }
        }
    }
}

extension SwiftPrinter {
    /// `signature`'s declaration and its `{`: on one line when it fits, else with its parameters
    /// filled one level in, as swift-format writes them.
    mutating func methodHead(_ signature: DelegateMethodSignature) {
        if fits(signature.declaration + " {") {
            line(signature.declaration + " {")
        } else {
            line("func \(signature.baseName)(")
            filled(signature.parameterDeclarations)
            line(")\(signature.returnType.map { " -> \($0)" } ?? "") {")
        }
    }

    /// `signature`'s declaration with `body` inside.
    mutating func method(_ signature: DelegateMethodSignature, _ body: (inout SwiftPrinter) -> Void) {
        methodHead(signature)
        indented(body)
        line("}")
    }
}
