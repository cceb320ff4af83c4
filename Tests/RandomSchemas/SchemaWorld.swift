/// A type a declaration can be `on`: it has every method the random expressions call.
public struct OwnerType: Sendable {
    /// How schemas spell it: `Options`, `Owners.Nested`, `GenericOwner<Int>`.
    public let spelling: String
    /// Whether it is a class, so it can be a target/action sender or an observed model.
    public let isClass: Bool
    /// Whether it is `Sendable`, so it can be an observed model read from any thread.
    public var isSendable = false
    /// An expression that makes one, for samples of `output: Self`.
    public var instance: String { "\(spelling)()" }
}

/// The Swift declarations every random schema may refer to, written once per batch into the module
/// the generated code compiles in, so that a compile error means a generator bug, not a missing
/// symbol. Names are chosen to collide with what generated code declares (`Output`, `Failure`,
/// `Context`, `Target`, `Options`, `Token`, `Event`); all are public (schemas may say
/// `access: public`) and nonisolated (the factories that call them are).
public enum SchemaWorld {
    public static let owners: [OwnerType] = [
        OwnerType(spelling: "MediaSource", isClass: true),
        OwnerType(spelling: "Options", isClass: true),
        OwnerType(spelling: "Context", isClass: true),
        OwnerType(spelling: "Target", isClass: true),
        OwnerType(spelling: "Token", isClass: true),
        OwnerType(spelling: "Sender", isClass: true),
        OwnerType(spelling: "Owners.Nested", isClass: true),
        OwnerType(spelling: "GenericOwner<Int>", isClass: true),
        OwnerType(spelling: "Lautstärke", isClass: true),
        OwnerType(spelling: "SharedModel", isClass: true, isSendable: true),
        OwnerType(spelling: "ValueOwner", isClass: false),
    ]

    /// Names the declarations file gives top-level types and functions; parameters avoid them
    /// so that an expression naming one finds the declaration, not the parameter.
    public static let reservedNames: Set<String> = generatedLocalNames.union([
        "MediaSource", "Options", "Context", "Target", "Token", "Sender", "Owners", "GenericOwner",
        "Lautstärke", "ValueOwner", "Payload", "Output", "Event", "ControlEvents", "GenFailure",
        "Failure", "ObserverToken", "Describable", "Date", "WorldDelegate", "SharedModel", "WorldDelegateHolder",
        "Element", "Iterator", "Send", "Attach", "Finish", "Fail", "WorldMarker",
    ])

    /// The names of locals the generated code declares around schema code. The world declares a
    /// function of each that takes a ``WorldMarker``, and the schemas' code calls them: a local of
    /// that name left in scope would hide the function, and the call would not compile.
    public static let generatedLocalNames: Set<String> = [
        "publisherAttach", "publisherNext", "publisherValue", "publisherInitial", "publisherDetach",
        "publisherRegistration", "publisherHandlers", "forwarded",
    ]

    /// The world's types named like what the generated types declare, each also an `Error`, so
    /// that a schema's `output`, `failure` and parameter types may name them.
    public static let typesNamedLikeGeneratedOnes = [
        "Output", "Failure", "Element", "Iterator", "Send", "Finish", "Fail", "Attach",
    ]

    /// The file: shared types, global functions for owner-less declarations, then each owner.
    public static var declarationsFile: String {
        var text = """
            // Declarations the random schemas refer to, written by RandomSchemas/SchemaWorld.swift.
            // Only compiled, never run: the generic makers below trap.

            /// What `register` returns.
            public nonisolated final class ObserverToken: Sendable {
                public init() {}
            }

            public nonisolated enum GenFailure: Error, Equatable {
                case failed
            }

            /// An error type named like the publishers' `Failure` typealias.
            public nonisolated enum Failure: Error {
                case failed
            }

            /// The delegate protocol of every owner, Swift-native; its methods have defaults.
            /// `worldLevelCount(_:)` plays a required method: every declaration lists it in
            /// `requiredMethods`, so the proxy implements it whether or not it is observed.
            public nonisolated protocol WorldDelegate: AnyObject {
                func world(_ owner: AnyObject, didReport level: Int)
                func world(_ owner: AnyObject, shouldAccept level: Int) -> Bool
                func worldDidEnd(_ owner: AnyObject)
                func worldLevelCount(_ owner: AnyObject) -> Int
            }

            public nonisolated extension WorldDelegate {
                func world(_ owner: AnyObject, didReport level: Int) {}
                func world(_ owner: AnyObject, shouldAccept level: Int) -> Bool { true }
                func worldDidEnd(_ owner: AnyObject) {}
                func worldLevelCount(_ owner: AnyObject) -> Int { 0 }
            }

            /// What an owner's `storage` is: a class that holds a `WorldDelegate`.
            public nonisolated final class WorldDelegateHolder {
                public weak var delegate: (any WorldDelegate)?
                public init() {}
            }

            public nonisolated protocol Describable {
                var summary: String { get }
            }

            public nonisolated struct Payload: Equatable, Describable {
                public let index: Int
                public init(_ index: Int) { self.index = index }
                public var summary: String { "payload \\(index)" }
            }

            /// A value type named like the publishers' `Output` typealias.
            public nonisolated struct Output: Equatable, Error {
                public let index: Int
                public init(_ index: Int = 0) { self.index = index }
            }

            /// Value types named like what the generated types declare besides `Output`: a schema's
            /// `output` names them unqualified, and means these.
            public nonisolated struct Element: Equatable, Error {
                public let index: Int
                public init(_ index: Int = 0) { self.index = index }
            }

            public nonisolated struct Iterator: Equatable, Error {
                public let index: Int
                public init(_ index: Int = 0) { self.index = index }
            }

            public nonisolated struct Send: Equatable, Error {
                public let index: Int
                public init(_ index: Int = 0) { self.index = index }
            }

            public nonisolated struct Finish: Equatable, Error {
                public let index: Int
                public init(_ index: Int = 0) { self.index = index }
            }

            public nonisolated struct Fail: Equatable, Error {
                public let index: Int
                public init(_ index: Int = 0) { self.index = index }
            }

            public nonisolated struct Attach: Equatable, Error {
                public let index: Int
                public init(_ index: Int = 0) { self.index = index }
            }

            /// What the functions named like the generated code's locals take, so that a call of
            /// one cannot be read as a call of the local.
            public nonisolated struct WorldMarker {
                public init() {}
            }

            \(generatedLocalNames.sorted().map { "public nonisolated func \($0)(_: WorldMarker) {}" }.joined(separator: "\n"))

            /// Control events shared by every sender.
            \(eventStruct(named: "ControlEvents", indent: ""))

            /// A value of any type, for expressions that only need to compile.
            public nonisolated func worldValue<Value>() -> Value {
                fatalError("generated code under test is compiled, not run")
            }

            /// Uses a parameter in an expression.
            public nonisolated func worldUse<Value>(_: Value) {}

            public nonisolated func worldObserve<Value>(_ handler: @escaping (Value) -> Void) -> ObserverToken {
                ObserverToken()
            }

            public nonisolated func worldStopObserving(_: Any) {}

            public nonisolated func worldNext<Value>() -> Value? { nil }

            public nonisolated func worldNextOrThrow<Value>() throws -> Value? { nil }

            public nonisolated func worldNext<Value, Problem: Error>(failingWith _: Problem.Type) throws(Problem) -> Value? {
                nil
            }

            """
        for owner in ["MediaSource", "Options", "Context", "Target", "Token", "Sender", "Lautstärke"] {
            text += "\n" + ownerDeclaration("public nonisolated final class \(owner)", name: owner, indent: "") + "\n"
        }
        // A model any thread may read (`kind: observation` with `isolation: nonisolated`).
        text +=
            "\n"
            + ownerDeclaration(
                "public nonisolated final class SharedModel: @unchecked Sendable", name: "SharedModel", indent: "")
            + "\n"
        text += "\npublic nonisolated enum Owners {\n"
        text += ownerDeclaration("public nonisolated final class Nested", name: "Nested", indent: "    ") + "\n}\n"
        text +=
            "\n"
            + ownerDeclaration("public nonisolated final class GenericOwner<Element>", name: "GenericOwner", indent: "")
            + "\n"
        text += "\n" + ownerDeclaration("public nonisolated struct ValueOwner", name: "ValueOwner", indent: "") + "\n"
        return text
    }

    private static func eventStruct(named name: String, indent: String) -> String {
        """
        public nonisolated struct \(name): Hashable, Sendable {
        \(indent)    public let rawValue: Int
        \(indent)    public init(rawValue: Int) { self.rawValue = rawValue }
        \(indent)    public static var primary: \(name) { \(name)(rawValue: 1) }
        \(indent)    public static var changed: \(name) { \(name)(rawValue: 2) }
        \(indent)}
        """
    }

    /// An owner: the methods `register`, `unregister`, `next` and `value` call, and the
    /// target/action sender API.
    private static func ownerDeclaration(_ head: String, name: String, indent: String) -> String {
        let body = """
                \(eventStruct(named: "Event", indent: "    "))

                /// Named like a top-level type, as `UIControl.Event` is: inside the owner it wins.
                public struct Payload: Equatable {
                    public init(_ index: Int) {}
                }

                public var level = 0

                /// The delegate `kind: delegate` declarations observe, held weakly as UIKit does.
                public weak var delegate: (any WorldDelegate)?

                /// An object holding another delegate, for `property: storage.delegate`, as
                /// `UITextView` holds its `textStorage`.
                public let storage = WorldDelegateHolder()

                public init() {}

                public func addObserver<Value>(_ handler: @escaping (Value) -> Void) -> ObserverToken { ObserverToken() }

                public func addObserver<Value>(send: @escaping (Value) -> Void, finish: @escaping () -> Void) -> ObserverToken {
                    ObserverToken()
                }

                public func addObserver<Value, Problem: Error>(
                    send: @escaping (Value) -> Void, finish: @escaping () -> Void, fail: @escaping (Problem) -> Void
                ) -> ObserverToken {
                    ObserverToken()
                }

                public func addNumberedObserver<Value>(_ handler: @escaping (Value) -> Void) -> Int { 0 }

                public func removeObserver(_ token: Any) {}

                public func removeObserver(number: Int) {}

                public func removeAllObservers() {}

                public func requestOnce<Value>(_ completion: @escaping (Value) -> Void) {}

                public func nextValue<Value>() -> Value? { nil }

                public func nextValueOrThrow<Value>() throws -> Value? { nil }

                public func nextValue<Value, Problem: Error>(failingWith _: Problem.Type) throws(Problem) -> Value? { nil }

                public func currentValue<Value>() -> Value { worldValue() }

            \(TargetActionSenders.nativeSenderAPI(eventType: "Event"))
            """
        let indented = body.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : indent + $0 }.joined(separator: "\n")
        return "\(indent)\(head) {\n\(indented)\n\(indent)}"
    }
}
