import GeneratorDiagnostics
import GeneratorLanguage
import GeneratorModel
import SwiftTypeSyntax

/// A function that holds Swift code from the schema (`register`, `next`, `value`, a delegate
/// method's `body`, …) and returns it as the function the engine calls, printed once per
/// declaration and called by the factory of each form: a private method of the owner, or a
/// file-private function when the declaration has no owner. Printed once, so a compile error in
/// the schema's code is reported once, at the schema's line, however many forms the file emits.
///
/// It takes the factory's parameters and is called with them, so the function it returns captures
/// only the parameters the schema's code uses, as a local function of the factory would.
package struct SchemaCodeFunction {
    /// What the code is to the engine; it ends the function's name (`scrollOffsetAttach`).
    package var role: String
    /// The doc comment's text: what the returned function does.
    package var summary: String
    /// The type of the function it returns.
    package var result: String
    /// Prints the local function around the schema's code and returns it.
    package var body: (inout SwiftPrinter) -> Void
    /// The function's global actor (`@MainActor `, with its space), or empty: for a function that
    /// runs the schema's code itself rather than returning it, on a main-actor owner.
    package var isolation: String
    /// Parameters declared before the factory's (`_ sender: Toggle`), for a function that runs the
    /// schema's code itself and is called with more than the factory has.
    package var leadingParameters: [String]
    /// Whether a method of the owner is `fileprivate` rather than `private`: for one that a
    /// generated type of the same file calls too (a target/action target, for its default value).
    package var isFilePrivate = false
    /// The schema's code of the declaration that sees the function (each of its code keys): a
    /// function of the user's that it calls by the function's name keeps its meaning
    /// (``DeclarationText/name(of:)``).
    package var code: [Located<String>?]

    package init(
        role: String, summary: String, result: String, isolation: String = "", leadingParameters: [String] = [],
        code: [Located<String>?], body: @escaping (inout SwiftPrinter) -> Void
    ) {
        self.code = code
        self.role = role
        self.summary = summary
        self.result = result
        self.isolation = isolation
        self.leadingParameters = leadingParameters
        self.body = body
    }
}

extension SchemaCodeFunction {
    /// The schema-code function of a push kind: it returns `local` (`publisherAttach`, or another
    /// name when the schema's code mentions that one: ``DeclarationText/localName(_:around:)``),
    /// the function `typeName`'s `attach` takes (``SwiftPrinter/attachFunction(named:typeName:element:_:)``),
    /// whose body `body` prints; `element` is what `typeName` calls its values (`Output`, `Element`).
    package static func attach(
        local: String, typeName: String, element: String, code: [Located<String>?], summary: String,
        body: @escaping (inout SwiftPrinter) -> Void
    ) -> SchemaCodeFunction {
        SchemaCodeFunction(role: "Attach", summary: summary, result: "\(typeName).Attach", code: code) { printer in
            printer.attachFunction(named: local, typeName: typeName, element: element, body)
            printer.line("return \(local)")
        }
    }
}

extension SwiftPrinter {
    /// `func publisherAttach(send:finish:fail:) -> () -> Void` (`name`), what a push type's `attach` takes
    /// (its `Attach`), with `typeName`'s closure types; `body` starts observing and returns how to
    /// stop. The types are spelled out rather than named (`typeName.Send`): when the schema's
    /// output names no type, `typeName` is an invalid typealias, which the compiler reports once,
    /// at the schema's line, but `@escaping` before a type named through it would be an error of
    /// its own.
    package mutating func attachFunction(
        named name: String, typeName: String, element: String, _ body: (inout SwiftPrinter) -> Void
    ) {
        line("func \(name)(")
        filled([
            "send: @escaping @Sendable (\(typeName).\(element)) -> Void", "finish: @escaping @Sendable () -> Void",
            "fail: @escaping @Sendable (\(typeName).Failure) -> Void",
        ])
        block(") -> () -> Void", body)
    }
}

extension DeclarationText {
    /// The name of `function` for this declaration. On the owner: the factories' base name, unique
    /// there (the factory clash check ensures it), then the role (`scrollOffsetAttach`). Without
    /// one, the function is the file's, so the declaration's name is kept as written, unique in the
    /// module, after the role (`attachOneShot`): lowercasing it would make `HTTPStatus` and
    /// `HttpStatus` one name. Either takes a number when the declaration's code mentions it, as a
    /// local does (``localName(_:around:)``): the user's own `countdownNext()`, which `next:` calls,
    /// stays the one it calls.
    package func name(of function: SchemaCodeFunction) -> String {
        let base =
            owner == nil
            ? GeneratedNames.lowerCamelCase(function.role) + name : declaration.factoryBaseName + function.role
        return localName(base, around: function.code)
    }

    /// Prints `function`, with the declaration's parameters as the factories pass them on.
    func print(_ function: SchemaCodeFunction, availability: String?, to printer: inout SwiftPrinter) {
        let parameters = declaration.parameters.map { parameter in
            spelled(parameter, type: ForwardedParameter(type: parameter.type.value).declaredType)
        }
        printer.docComment(function.summary)
        // At the top level it needs the availability of the types it names; in the owner's
        // extension only a later one than the extension's.
        if let availability = availability ?? (owner == nil ? GeneratedAttributes.availability : nil) {
            printer.line(availability)
        }
        let memberAccess = function.isFilePrivate ? "fileprivate" : "private"
        let access = owner == nil ? "fileprivate nonisolated " : "\(memberAccess) \(staticModifier)"
        let head = "\(function.isolation)\(access)func \(name(of: function))\(typeParameterClause)"
        printer.signature(head, function.leadingParameters + parameters, returning: function.result) {
            function.body(&$0)
        }
    }

    /// The name of a local that the generated code declares around the schema's code (a local
    /// function, a constant): `base`, or, when `code` or the declaration's types mention it, `base`
    /// with a number none mentions (``GeneratedNames/unclaimed(_:in:)``), so that a function or
    /// type of the user's called `publisherValue` keeps its meaning in their code.
    package func localName(_ base: String, around code: [Located<String>?]) -> String {
        GeneratedNames.unclaimed(base, in: declaration.writtenTypes + code.compactMap { $0?.value })
    }

    /// A call of `function` from a factory, `leading` (the arguments of its leading parameters) then
    /// the factory's parameters passed on.
    package func call(_ function: SchemaCodeFunction, leading: [String] = []) -> String {
        let arguments = declaration.parameters.map { parameter in
            let name = SwiftNames.escaped(parameter.name.value)
            let argument = ForwardedParameter(type: parameter.type.value).argument(name)
            switch parameter.label?.value {
            case "_": return argument
            case let label?: return "\(label): \(argument)"
            case nil: return "\(parameter.name.value): \(argument)"
            }
        }
        return "\(name(of: function))(\((leading + arguments).joined(separator: ", ")))"
    }
}

/// How a factory passes one of its parameters on to a ``SchemaCodeFunction``, by the parameter's
/// type as written: `inout` by `&`, an `@autoclosure` by a new one that calls it, a variadic
/// parameter, an array inside the factory, as an array.
struct ForwardedParameter {
    /// The type as the schema writes it.
    let type: String
    /// The type parsed; validation accepted it, so it is never `nil` in practice.
    private let syntax: SwiftType?

    init(type: String) {
        self.type = type
        syntax = SwiftType(parsing: type)
    }

    /// How the function declares the parameter: a variadic `T...` as `[T]`, `T` as written.
    var declaredType: String {
        guard let dots = syntax?.variadicDots else { return type }
        return "[\(String(type.unicodeScalars.prefix(dots)).trimmingWhitespace)]"
    }

    /// How the factory passes `name` on.
    func argument(_ name: String) -> String {
        if syntax?.isInout == true { return "&\(name)" }
        if syntax?.isAutoclosure == true { return "\(name)()" }
        return name
    }
}
