import GeneratorDiagnostics
import SwiftTypeSyntax

/// Where a type that parses cannot appear. The compiler's parser takes `Int!`, `some P`,
/// `inout Int`, `Int...` and `@escaping` almost anywhere and rejects them later, in the declaration
/// the generated code puts them in; these rules reject them in the schema instead, at their column.
extension SwiftTypeGrammar {
    /// What the generated code does with a schema field's type. The decoder of each field says
    /// which, where it reads the field.
    package enum Placement: Hashable, Sendable {
        /// `on`: the type the generated code extends (`extension Owner {`).
        case extended
        /// `output`, `token`, `protocol`: a typealias or stored property's type.
        case value
        /// `failure`: a value's type that the publisher fails with, so it must be able to conform
        /// to `Error`.
        case failure
        /// A declared parameter's `type`, and the `type` of an `event:` mapping: a parameter of the
        /// generated factory, which may be variadic and must be `@escaping` when it is a function.
        case parameter
        /// An `event:` written as the type alone: a parameter of the generated factory, without
        /// the variadic and `@escaping` rules of ``parameter``.
        case shorthandParameter

        /// Whether the type is a parameter of the generated factory (`inout`, `some`, `Int!` apply).
        var isFactoryParameter: Bool { self == .parameter || self == .shorthandParameter }
    }

    /// The first problem with `text` as a type placed as `placement`, with its message naming
    /// `key`, or `nil` when the type may appear there.
    static func check(_ text: String, key: String, placement: Placement) -> Failure? {
        isPlainName(text) ? nil : checkParsing(text, key: key, placement: placement)
    }

    /// ``check(_:key:placement:)`` without the fast path for plain names.
    static func checkParsing(_ text: String, key: String, placement: Placement) -> Failure? {
        switch parse(text) {
        case let .failure(failure):
            return Failure(
                offset: failure.offset, message: "'\(key)' is not a Swift type: \(failure.message)", hint: failure.hint)
        case let .success(type):
            var rules = PlacementRules(text: text, key: key, placement: placement)
            return rules.check(type)
        }
    }
}

extension SwiftTypeGrammar {
    /// Whether `text` is a dotted name of ASCII identifiers that start with a capital letter, such as
    /// `Int` or `Foundation.Date`, and none of `Self`, `Any`, `AnyObject`, `Type` or `Protocol`: most
    /// types in schemas, which every field takes. The fast path that keeps validating 100,000
    /// declarations within its budget; anything else goes through the parser.
    static func isPlainName(_ text: String) -> Bool {
        var componentStart = true
        var component: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                componentStart = false
                if component.count < 10 { component.append(byte) }
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
                if componentStart { return false }
                if component.count < 10 { component.append(byte) }
            case UInt8(ascii: "."):
                if componentStart || isSpecialName(component) { return false }
                componentStart = true
                component.removeAll(keepingCapacity: true)
            default:
                return false
            }
        }
        return !componentStart && !isSpecialName(component)
    }

    private static let specialNames: [[UInt8]] = ["Self", "Any", "AnyObject", "Type", "Protocol"].map { Array($0.utf8) }

    private static func isSpecialName(_ component: [UInt8]) -> Bool {
        specialNames.contains(component)
    }
}

private struct PlacementRules {
    typealias Grammar = SwiftTypeGrammar
    let text: String
    let key: String
    let placement: Grammar.Placement

    /// Where a node stands: the whole field's type, a function type's parameter, inside `any` or
    /// `some`, or anywhere else inside another type.
    enum Spot {
        case top
        case functionArgument
        case constraint
        case nested
    }

    mutating func check(_ type: SwiftType) -> Grammar.Failure? {
        if placement == .extended, let failure = checkExtended(type) { return failure }
        if placement == .failure, let failure = checkError(type) { return failure }
        if placement == .parameter, let failure = checkEscaping(type) { return failure }
        return check(type, at: .top)
    }

    /// A parameter of function type must be `@escaping`: the generated publisher keeps it in the
    /// closures it registers, which outlive the factory call.
    private func checkEscaping(_ type: SwiftType) -> Grammar.Failure? {
        var node = type.node
        var attributes: [SwiftType.Attribute] = []
        while true {
            switch node {
            case let .tuple(elements) where elements.count == 1 && elements[0].labels.isEmpty:
                node = elements[0].type.node
            case let .attributed(more, specifiers, base) where specifiers.isEmpty:
                attributes += more
                node = base.node
            case .function:
                guard !attributes.contains(where: { $0.name == "escaping" }) else { return nil }
                return fail(
                    "a parameter of function type must be '@escaping': the generated publisher keeps it",
                    hint: "write '@escaping \(spelled(from: type.offset, to: text.unicodeScalars.count))'",
                    at: type.offset)
            default:
                return nil
            }
        }
    }

    private func fail(_ message: String, hint: String? = nil, at offset: Int) -> Grammar.Failure {
        Grammar.Failure(offset: offset, message: message, hint: hint)
    }

    /// The text from `start` up to `end`, without spaces around it.
    private func spelled(from start: Int, to end: Int) -> String {
        let scalars = text.unicodeScalars.dropFirst(start).prefix(end - start)
        return String(String.UnicodeScalarView(scalars)).trimmingWhitespace
    }

    /// `on` is extended: a named type, or the sugar for one (`[T]`, `[K: V]`, `T?`).
    private func checkExtended(_ type: SwiftType) -> Grammar.Failure? {
        switch type.node {
        case let .named(components):
            let first = components[0]
            if components.count == 1, !first.isBackticked, ["Any", "AnyObject", "Self", "_"].contains(first.name) {
                return fail(
                    "'on' cannot be '\(first.name)', which cannot be extended",
                    hint: "write the owner's own type, e.g. 'on: MyControl'", at: first.offset)
            }
            return nil
        case .array, .dictionary, .inlineArray:
            return nil
        case .optional:
            return fail(
                "'on' cannot be an optional: the generated code extends the owner's own type",
                hint: "write the type without '?'", at: type.offset)
        default:
            return fail(
                "'on' must be a named type, which the generated code extends",
                hint: "write the owner's type, e.g. 'on: MyControl' or 'on: Array<Int>'", at: type.offset)
        }
    }

    /// `failure` conforms to `Error`, which no optional, collection, tuple, function or metatype
    /// does: such a failure type would be an error in the generated `typealias Failure`.
    private func checkError(_ type: SwiftType) -> Grammar.Failure? {
        let what: String
        switch type.node {
        case .named, .member, .existential, .composition, .attributed: return nil
        case let .tuple(elements) where elements.count == 1 && elements[0].labels.isEmpty:
            return checkError(elements[0].type)
        case .optional, .implicitlyUnwrapped: what = "an optional"
        case .array, .dictionary, .inlineArray: what = "a collection"
        case .function: what = "a function type"
        case .metatype: what = "a metatype"
        case .tuple: what = "a tuple"
        default: return nil
        }
        return fail(
            "'failure' must conform to 'Error', which \(what) never does",
            hint: "write your error type, e.g. 'MyError'",
            at: type.offset)
    }

    private func check(_ type: SwiftType, at spot: Spot) -> Grammar.Failure? {
        switch type.node {
        case let .named(components):
            for component in components {
                if component.name.hasPrefix("$"), !component.isBackticked {
                    return fail(
                        "'\(component.name)' is not a type name", hint: "a type name cannot start with '$'",
                        at: component.offset)
                }
                if component.name == "_", !component.isBackticked {
                    return fail("'_' is a placeholder, not a type", hint: "write the type", at: component.offset)
                }
                if let failure = checkArguments(component) { return failure }
            }
            return nil
        case let .member(base, component):
            return check(base, at: .nested) ?? checkArguments(component)
        case let .array(element), let .inlineArray(_, element):
            return check(element, at: .nested)
        case let .dictionary(key, value):
            return check(key, at: .nested) ?? check(value, at: .nested)
        case let .tuple(elements):
            // A parenthesized type is the type itself: `(Int)!` is as `Int!`.
            if elements.count == 1, elements[0].labels.isEmpty { return check(elements[0].type, at: spot) }
            return elements.lazy.compactMap { check($0.type, at: .nested) }.first
        case let .function(function):
            for parameter in function.parameters {
                if let failure = check(parameter.type, at: .functionArgument) { return failure }
            }
            if case let .typed(thrown) = function.throwsClause, let failure = check(thrown, at: .nested) {
                return failure
            }
            return check(function.result, at: .nested)
        case let .optional(wrapped), let .metatype(wrapped, _):
            return check(wrapped, at: .nested)
        case let .implicitlyUnwrapped(wrapped, bang):
            return checkImplicitlyUnwrapped(wrapped, bang: bang, at: spot)
        case let .selfValue(_, dot):
            return fail("'.self' names a value, not a type", hint: "write '.Type' for the type's metatype", at: dot)
        case let .composition(members):
            return members.lazy.compactMap { check($0, at: spot == .constraint ? .constraint : .nested) }.first
        case let .existential(constraint):
            // The parser takes `any P?` as `any` of an optional; the compiler then refuses it.
            if case .optional = constraint.node {
                return fail(
                    "'any' cannot apply to an optional", hint: "write the optional in parentheses: '(any P)?'",
                    at: type.offset)
            }
            return check(constraint, at: .constraint)
        case let .opaque(constraint):
            guard placement.isFactoryParameter, spot == .top else {
                return fail(
                    "an opaque type ('some …') cannot be \(what(spot))", hint: "write 'any' for an existential type",
                    at: type.offset)
            }
            // As for `any`: the parser takes `some P?` as `some` of an optional, which the compiler
            // refuses ("constrained to non-protocol, non-class type").
            switch constraint.node {
            case .optional, .implicitlyUnwrapped:
                return fail(
                    "'some' cannot apply to an optional", hint: "write the optional in parentheses: '(some P)?'",
                    at: type.offset)
            default: return check(constraint, at: .constraint)
            }
        case let .suppressed(constraint):
            guard spot == .constraint else {
                return fail(
                    "'~' can only suppress a protocol inside 'any' or 'some'", hint: "e.g. 'any ~Copyable'",
                    at: type.offset)
            }
            return check(constraint, at: .nested)
        case let .attributed(attributes, specifiers, base):
            return checkAttributes(attributes, specifiers: specifiers, of: base, at: spot, offset: type.offset)
        case let .variadic(element, dots):
            guard spot == .functionArgument || (spot == .top && placement == .parameter) else {
                return fail(
                    "'...' makes a variadic parameter; it cannot end \(what(spot))",
                    hint: "write an array, e.g. '[\(spelled(from: element.offset, to: dots))]'", at: dots)
            }
            return check(element, at: .nested)
        case .pack:
            return fail(
                "a parameter pack ('each', 'repeat') cannot appear in generated code, which declares no generic packs",
                at: type.offset)
        }
    }

    private func checkArguments(_ component: SwiftType.Component) -> Grammar.Failure? {
        guard let arguments = component.genericArguments else { return nil }
        if arguments.isEmpty {
            return fail(
                "'\(component.name)<>' has no generic arguments", hint: "write them, or leave out '<>'",
                at: component.offset + component.name.unicodeScalars.count + (component.isBackticked ? 2 : 0))
        }
        return arguments.lazy.compactMap { argument in
            guard case let .type(type) = argument else { return nil }
            return check(type, at: .nested)
        }.first
    }

    private func checkImplicitlyUnwrapped(
        _ wrapped: SwiftType, bang offset: Int, at spot: Spot
    )
        -> Grammar.Failure?
    {
        let spelledType = spelled(from: wrapped.offset, to: offset + 1)
        let optional = String(spelledType.dropLast()) + "?"
        if spot == .top, placement.isFactoryParameter { return check(wrapped, at: .nested) }
        if spot == .top {
            return fail(
                "an implicitly unwrapped optional ('\(spelledType)') cannot be \(what(spot))",
                hint: "write '\(optional)'", at: offset)
        }
        return fail(
            "an implicitly unwrapped optional cannot appear inside another type", hint: "write '?' instead of '!'",
            at: offset)
    }

    private func checkAttributes(
        _ attributes: [SwiftType.Attribute], specifiers: [String], of base: SwiftType, at spot: Spot, offset: Int
    ) -> Grammar.Failure? {
        let isFunction: Bool
        if case .function = base.node { isFunction = true } else { isFunction = false }
        for attribute in attributes {
            // The parser reads a custom attribute's name as a type; only a (dotted) name is one.
            if !attribute.name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) {
                return fail(
                    "'@\(attribute.name)' is not an attribute", hint: "name a global actor, e.g. '@MainActor'",
                    at: attribute.offset)
            }
            if attribute.name == "escaping" || attribute.name == "autoclosure" {
                let isParameter = spot == .functionArgument || (spot == .top && placement.isFactoryParameter)
                guard isParameter, isFunction else {
                    return fail(
                        "'@\(attribute.name)' applies only to a parameter of function type", hint: "remove it",
                        at: attribute.offset)
                }
            } else if !isFunction {
                return fail(
                    "'@\(attribute.name)' applies only to function types",
                    hint: "write it before the parameters, e.g. '@\(attribute.name) () -> Void'", at: attribute.offset)
            }
        }
        // The factory's parameters are a function's: `inout`, `borrowing`, `consuming` apply.
        let isParameter = spot == .functionArgument || (spot == .top && placement.isFactoryParameter)
        if let specifier = specifiers.first, !isParameter {
            return fail(
                "'\(specifier)' applies only to parameters, not to \(what(spot))",
                hint: "remove '\(specifier)'", at: attributes.isEmpty ? offset : base.offset)
        }
        return check(base, at: spot == .functionArgument ? .nested : spot)
    }

    /// The place `spot` in the key's type, in words.
    private func what(_ spot: Spot) -> String {
        switch spot {
        case .top: "'\(key)'"
        case .functionArgument: "a function type's parameter"
        case .constraint: "a constraint"
        case .nested: "part of another type"
        }
    }
}
