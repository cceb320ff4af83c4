/// A type printed back as Swift, in the spacing Swift's own style uses: `[String: Int]`,
/// `(label: Int) -> Void`, `any P & Q`. Parsing the description gives the same tree, offsets
/// aside; a type written in that spacing prints as written.
extension SwiftType: CustomStringConvertible {
    package var description: String {
        switch node {
        case let .named(components):
            components.map(\.description).joined(separator: ".")
        case let .array(element):
            "[\(element)]"
        case let .dictionary(key, value):
            "[\(key): \(value)]"
        case let .inlineArray(count, element):
            "[\(count) of \(element)]"
        case let .tuple(elements):
            "(\(elements.map(\.description).joined(separator: ", ")))"
        case let .function(function):
            function.description
        case let .optional(wrapped):
            "\(wrapped)?"
        case let .implicitlyUnwrapped(wrapped, _):
            "\(wrapped)!"
        case let .metatype(base, isProtocol):
            "\(base).\(isProtocol ? "Protocol" : "Type")"
        case let .member(base, component):
            "\(base).\(component)"
        case let .selfValue(base, _):
            "\(base).self"
        case let .composition(members):
            members.map(\.description).joined(separator: " & ")
        case let .existential(constraint):
            "any \(constraint)"
        case let .opaque(constraint):
            "some \(constraint)"
        case let .suppressed(constraint):
            "~\(constraint)"
        case let .attributed(attributes, specifiers, base):
            (attributes.map(\.description) + specifiers + [base.description]).joined(separator: " ")
        case let .variadic(element, _):
            "\(element)..."
        case let .pack(pattern, isRepeat):
            "\(isRepeat ? "repeat" : "each") \(pattern)"
        }
    }
}

extension SwiftType.Component: CustomStringConvertible {
    package var description: String {
        var text = moduleSelector.map { "\($0)::" } ?? ""
        text += isBackticked ? "`\(name)`" : name
        if let genericArguments {
            text += "<\(genericArguments.map(\.description).joined(separator: ", "))>"
        }
        return text
    }
}

extension SwiftType.GenericArgument: CustomStringConvertible {
    package var description: String {
        switch self {
        case let .type(type): type.description
        case let .integer(integer): integer
        }
    }
}

extension SwiftType.TupleElement: CustomStringConvertible {
    package var description: String {
        labels.isEmpty ? type.description : "\(labels.joined(separator: " ")): \(type)"
    }
}

extension SwiftType.FunctionType: CustomStringConvertible {
    package var description: String {
        var text = "(\(parameters.map(\.description).joined(separator: ", ")))"
        if isAsync { text += " async" }
        switch throwsClause {
        case nil: break
        case .untyped: text += " throws"
        case let .typed(error): text += " throws(\(error))"
        }
        return text + " -> \(result)"
    }
}

extension SwiftType.Attribute: CustomStringConvertible {
    package var description: String {
        "@\(name)\(arguments ?? "")"
    }
}
