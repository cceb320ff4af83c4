/// What the rules and the emitters ask of a type: the names it refers to, whether it is a
/// function type, and how a parameter of the type is passed on.
extension SwiftType {
    /// The names the type refers to without a qualifier, in the order written, each as often as
    /// written: `Output` in `[Output]`, `Result<Output, E>` and `` `Output` ``, but not in
    /// `MyModule.Output` or `MyModule::Output`. A custom attribute's type counts (`MyActor` of
    /// `@MyActor () -> Void`); labels, keywords and attributes the compiler knows by name do not.
    package var unqualifiedNames: [String] {
        var names: [String] = []
        appendUnqualifiedNames(to: &names)
        return names
    }

    private func appendUnqualifiedNames(to names: inout [String]) {
        switch node {
        case let .named(components):
            if components[0].moduleSelector == nil { names.append(components[0].name) }
            for component in components { Self.appendUnqualifiedNames(of: component.genericArguments, to: &names) }
        case let .member(base, component):
            base.appendUnqualifiedNames(to: &names)
            Self.appendUnqualifiedNames(of: component.genericArguments, to: &names)
        case let .array(element):
            element.appendUnqualifiedNames(to: &names)
        case let .dictionary(key, value):
            key.appendUnqualifiedNames(to: &names)
            value.appendUnqualifiedNames(to: &names)
        case let .inlineArray(count, element):
            Self.appendUnqualifiedNames(of: [count], to: &names)
            element.appendUnqualifiedNames(to: &names)
        case let .tuple(elements):
            for element in elements { element.type.appendUnqualifiedNames(to: &names) }
        case let .function(function):
            for parameter in function.parameters { parameter.type.appendUnqualifiedNames(to: &names) }
            if case let .typed(thrown) = function.throwsClause { thrown.appendUnqualifiedNames(to: &names) }
            function.result.appendUnqualifiedNames(to: &names)
        case let .composition(members):
            for member in members { member.appendUnqualifiedNames(to: &names) }
        case let .attributed(attributes, _, base):
            for attribute in attributes where !attribute.isBuiltIn {
                // A custom attribute is named by a type; its first name is the unqualified one.
                if let first = attribute.name.split(separator: ".").first, !first.contains(":") {
                    names.append(String(first.filter { $0 != "`" }))
                }
            }
            base.appendUnqualifiedNames(to: &names)
        case let .optional(wrapped), let .implicitlyUnwrapped(wrapped, _), let .metatype(wrapped, _),
            let .selfValue(wrapped, _), let .existential(wrapped), let .opaque(wrapped), let .suppressed(wrapped),
            let .variadic(wrapped, _), let .pack(wrapped, _):
            wrapped.appendUnqualifiedNames(to: &names)
        }
    }

    private static func appendUnqualifiedNames(of arguments: [GenericArgument]?, to names: inout [String]) {
        for argument in arguments ?? [] {
            if case let .type(type) = argument { type.appendUnqualifiedNames(to: &names) }
        }
    }

    /// The type without the attributes and specifiers before it and the parentheses around it:
    /// `() -> Void` of `@Sendable () -> Void` and of `(() -> Void)`; a tuple of several elements,
    /// or of one labelled element, is a tuple and stays.
    package var unwrapped: SwiftType {
        switch node {
        case let .attributed(_, _, base): base.unwrapped
        case let .tuple(elements) where elements.count == 1 && elements[0].labels.isEmpty: elements[0].type.unwrapped
        default: self
        }
    }

    /// Whether the type is a function type at its top: `(Int) -> Void`, `@Sendable () -> Void`,
    /// `(() -> Void)`, even `(label: () -> Void)` (Swift has no tuple of one element); not
    /// `(() -> Void)?` or `[() -> Void]`, which hold one.
    package var isFunction: Bool {
        switch unwrapped.node {
        case .function: true
        case let .tuple(elements) where elements.count == 1: elements[0].type.isFunction
        default: false
        }
    }

    /// Whether the type is `()` or `Void`, as written.
    package var isVoid: Bool {
        switch node {
        case let .tuple(elements): elements.isEmpty
        case let .named(components):
            components.count == 1 && components[0].name == "Void" && !components[0].isBackticked
                && components[0].genericArguments == nil && components[0].moduleSelector == nil
        default: false
        }
    }

    // MARK: Parameters

    /// The attributes before the type (`@escaping`, `@autoclosure`, `@Sendable`), not those of a
    /// type inside it.
    package var attributes: [Attribute] {
        if case let .attributed(attributes, _, _) = node { return attributes }
        return []
    }

    /// The specifiers before the type (`inout`, `borrowing`, `consuming`, `sending`…).
    package var specifiers: [String] {
        if case let .attributed(_, specifiers, _) = node { return specifiers }
        return []
    }

    /// Whether a parameter of this type is `inout`.
    package var isInout: Bool { specifiers.contains("inout") }

    /// Whether a parameter of this type is an `@autoclosure`.
    package var isAutoclosure: Bool {
        attributes.contains { $0.isBuiltIn && $0.name == "autoclosure" }
    }

    /// Where the `!` of an implicitly unwrapped optional type is (`Int!`, `inout Int!`), or `nil`
    /// when the type is not one.
    package var implicitlyUnwrappedBang: Int? {
        switch node {
        case let .implicitlyUnwrapped(_, bang): bang
        case let .attributed(_, _, base): base.implicitlyUnwrappedBang
        default: nil
        }
    }

    /// Where the `...` of a variadic parameter's type starts (`Int...`, `inout Int...`), or `nil`
    /// when the type is not variadic.
    package var variadicDots: Int? {
        switch node {
        case let .variadic(_, dots): dots
        case let .attributed(_, _, base): base.variadicDots
        default: nil
        }
    }
}
