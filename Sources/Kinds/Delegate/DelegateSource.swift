import GeneratorDiagnostics
import GeneratorModel

/// `kind: delegate`.
public struct DelegateSource: Sendable {
    /// The owner's property that holds its delegate, e.g. `delegate` or `dataSource`, or a path to
    /// it through the owner's properties, e.g. `textStorage.delegate`.
    public var property: Located<String>
    /// The delegate protocol, e.g. `UITableViewDelegate`.
    public var protocolName: Located<String>
    public var runtime: DelegateRuntime
    /// Where the owner, its delegate and the proxy may be called.
    public var isolation: SourceIsolation
    /// Whether the protocol is nonisolated while the proxy is main-actor (`protocolIsolation:
    /// nonisolated`, as `NSTextStorageDelegate` under a main-actor `UITextView`): the proxy then
    /// conforms with `@preconcurrency`, checked on the main actor at run time (SE-0423).
    public var protocolIsNonisolated: Bool
    /// The protocol methods that feed the stream, in the order declared.
    public var methods: [DelegateMethod]
    /// The protocol's required methods, which the proxy implements whether or not a consumer
    /// observes them, in the order declared.
    public var requiredMethods: [DelegateRequiredMethod]
    /// A Swift expression evaluated on the owner right after the consumer joins the proxy, whose
    /// value is sent first: the current value.
    public var initial: Located<String>?
    public var behavior: PushBehavior

    public init(
        property: Located<String>, protocolName: Located<String>, runtime: DelegateRuntime,
        isolation: SourceIsolation, protocolIsNonisolated: Bool = false, methods: [DelegateMethod],
        requiredMethods: [DelegateRequiredMethod] = [], initial: Located<String>? = nil, behavior: PushBehavior
    ) {
        self.protocolIsNonisolated = protocolIsNonisolated
        self.property = property
        self.protocolName = protocolName
        self.runtime = runtime
        self.isolation = isolation
        self.methods = methods
        self.requiredMethods = requiredMethods
        self.initial = initial
        self.behavior = behavior
    }
}

extension DelegateSource {
    /// The properties from the owner to the object that holds the delegate: empty for the owner's
    /// own `delegate`, `["textStorage"]` for `textStorage.delegate`.
    public var holderPath: [String] { property.value.split(separator: ".").dropLast().map(String.init) }

    /// The object that holds the delegate, as code reaching it from `base` (`owner`, `self`) writes
    /// it: `base` itself, or `base.textStorage` for `textStorage.delegate`.
    public func holder(from base: String) -> String { ([base] + holderPath).joined(separator: ".") }

    /// The property of the holder that holds the delegate: `delegate` in `textStorage.delegate`.
    public var delegateProperty: String { property.value.split(separator: ".").last.map(String.init) ?? property.value }
}

/// Which world the delegate protocol belongs to; it decides how the proxy forwards.
public enum DelegateRuntime: String, CaseIterable, Sendable, Hashable {
    /// An `@objc` protocol with optional methods (UIKit, AppKit, CoreLocation, WebKit): the proxy is
    /// an `NSObject` that calls the app's delegate only where it implements a method, and hands it
    /// every selector the proxy does not declare (`responds(to:)`, `forwardingTarget(for:)`).
    case objc
    /// A Swift class-bound protocol: no Objective-C runtime (Linux, test doubles). The proxy
    /// forwards the declared methods; the others must have default implementations.
    case native
}

/// One protocol method that feeds a declaration's stream.
public struct DelegateMethod: Sendable {
    public var signature: DelegateMethodSignature
    /// Swift statements run for each consumer with the method's parameters, the factory's, and
    /// `send`, `finish` and `fail` in scope.
    public var body: Located<String>
    /// What the proxy answers when the app's delegate does not implement the method; a method
    /// that returns a value has one, here or, for a required method, in `requiredMethods`.
    public var answer: Located<String>?
    /// Where the entry's `method` key is, for diagnostics about the entry as a whole.
    public var keyLocation: SourceLocation

    public init(
        signature: DelegateMethodSignature, body: Located<String>, answer: Located<String>?,
        keyLocation: SourceLocation? = nil
    ) {
        self.signature = signature
        self.body = body
        self.answer = answer
        self.keyLocation = keyLocation ?? signature.location
    }
}

/// A required method of the delegate protocol: the proxy always implements it, calling the app's
/// delegate when there is one and returning `answer` otherwise.
public struct DelegateRequiredMethod: Sendable {
    public var signature: DelegateMethodSignature
    /// What the proxy returns without an app delegate; `nil` for a method that returns nothing.
    public var answer: Located<String>?

    public init(signature: DelegateMethodSignature, answer: Located<String>?) {
        self.signature = signature
        self.answer = answer
    }
}

/// A protocol method's signature as the schema writes it:
/// `tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)`.
public struct DelegateMethodSignature: Sendable, Hashable {
    public struct Parameter: Sendable, Hashable {
        /// The argument label, `_` for none.
        public var label: String
        /// The name the body uses.
        public var name: String
        public var type: String
    }

    public var baseName: String
    public var parameters: [Parameter]
    /// `nil` for methods that return nothing.
    public var returnType: String?
    /// Where it was written.
    public var location: SourceLocation

    public init(baseName: String, parameters: [Parameter], returnType: String?, location: SourceLocation) {
        self.baseName = baseName
        self.parameters = parameters
        self.returnType = returnType
        self.location = location
    }

    /// `tableView(_:didSelectRowAt:)`: what identifies the method in its protocol.
    public var selector: String {
        baseName + "(" + parameters.map { $0.label + ":" }.joined() + ")"
    }

    /// The declaration as the proxy writes it: `func tableView(_ tableView: UITableView, ...) -> Bool`.
    var declaration: String {
        "func \(baseName)(\(parameterDeclarations.joined(separator: ", ")))" + (returnType.map { " -> \($0)" } ?? "")
    }

    /// Each parameter as the declaration writes it: `_ tableView: UITableView`.
    var parameterDeclarations: [String] {
        parameters.map { parameter in
            (parameter.label == parameter.name ? "" : parameter.label + " ") + parameter.name + ": " + parameter.type
        }
    }

    /// The arguments that forward it with the proxy's own: `tableView, didSelectRowAt: indexPath`.
    var forwardingArguments: String { forwardingArgumentList.joined(separator: ", ") }

    var forwardingArgumentList: [String] {
        parameters.map { ($0.label == "_" ? "" : $0.label + ": ") + $0.name }
    }

    /// The name of the consumer's handler for this method: `tableViewDidSelectRowAt`.
    var handlerName: String {
        parameters.reduce(baseName) { name, parameter in
            guard parameter.label != "_", let first = parameter.label.first else { return name }
            return name + first.uppercased() + parameter.label.dropFirst()
        }
    }
}
