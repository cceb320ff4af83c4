import Foundation
import PublisherGeneratorCore
import Testing

/// A schema's types may be called like every name the generated code introduces around the
/// schema's code, and its code may call functions called like them, unqualified: each validates
/// and the module compiles in Swift 6 with warnings as errors.
///
/// - A target/action sender of the user's named `Sender`, `Target`, `Owner`, `Output`, `Failure`,
///   `Element`, `Iterator`, `Attach`, `Send`, `Finish`, `Fail` or `Context`, sent as its
///   own type (`output: Self`, `event: { type: Sender.Event }`); and generic declarations
///   (`typeParameters:`), whose types keep the output and failure inside, sending and failing with
///   a type of that name.
/// - Code of every push and pull kind calling functions named like the generated code's locals and
///   the names around it (`model`, `proxy`, `state`, `holder`, `install`, `id`, `owner`, `target`,
///   `context`, `value`, `event`, `publisherHandlers`, …), and methods of the owner named like the
///   owner's methods that hold the code (`pollingCallsNext`).
/// - A delegate `answer` naming the module's own `state`, `installed` and `chainLink`, which the
///   proxy has members of.
@Suite struct OwnersNamedLikeGeneratedNamesTests {
    static let typeNames = [
        "Sender", "Target", "Owner", "Output", "Failure", "Element", "Iterator", "Attach", "Send", "Finish", "Fail",
        "Context",
    ]
    static let functionNames = [
        "model", "proxy", "state", "holder", "install", "id", "owner", "target", "context", "value", "event",
        "publisherAttach", "publisherNext", "publisherValue", "publisherInitial", "publisherDetach",
        "publisherRegistration", "publisherHandlers", "forwarded", "installed", "chainLink",
    ]

    static let button = """
        /// A Swift-native target/action sender.
        nonisolated class Button {
            nonisolated struct Event: Hashable, Sendable {
                let rawValue: Int
                static let tap = Event(rawValue: 1)
            }
            func addTarget<T: AnyObject>(_ target: T, action: @escaping (T) -> (Any) -> Void, for event: Event) {}
            func removeTarget(_ target: AnyObject, for event: Event) {}
        }
        /// A delegating owner.
        nonisolated protocol HubDelegate: AnyObject {
            func hub(_ hub: Hub, scoreFor level: Int) -> Int
        }
        nonisolated final class Hub {
            weak var delegate: (any HubDelegate)?
        }
        struct Marker {}
        /// Methods of the owner named like the owner's methods that hold the schema's code, which the
        /// code calls without a contextual type: the generated ones take a number.
        extension Hub {
            func callbackCallsAttach() -> Marker { Marker() }
            func pollingCallsNext() -> Marker { Marker() }
            func periodicCallsTickValue() -> Marker { Marker() }
            func delegateCallsAttach() -> Marker { Marker() }
        }

        """

    @Test func ownersAndCodeNamedLikeGeneratedNamesCompile() async throws {
        var world = Self.button
        var schema = "version: 1\npublishers:\n"
        for name in Self.typeNames {
            // A class and an error of the name: the sender, and the failure (an error type nested
            // in it would not be the name itself).
            world += "nonisolated final class \(name): Button, Error, @unchecked Sendable {}\n"
            schema += """
                  - name: \(name)Taps
                    kind: targetAction
                    sender: native
                    on: \(name)
                    output: Self
                    event: { type: \(name).Event, default: .tap }
                  - name: \(name)Typed
                    kind: callback
                    on: Hub
                    typeParameters: [{ name: Model, testType: Int }]
                    output: \(name)
                    failure: \(name)
                    parameters: [{ name: model, type: Model }]
                    register: "_ = model; fail(\(name)())"
                  - name: \(name)TypedFree
                    kind: callback
                    typeParameters: [{ name: Model, testType: Int }]
                    output: '[\(name)]'
                    failure: \(name)
                    parameters: [{ name: given, type: '[Model]' }]
                    register: "if given.isEmpty { fail(\(name)()) } else { send([\(name)()]) }"
                  - name: \(name)Values
                    kind: targetAction
                    sender: native
                    on: \(name)
                    output: \(name)
                    event: { type: \(name).Event, default: .tap }
                    value: sender

                """
        }
        for name in Self.functionNames { world += "func \(name)(_: Marker) -> Int { 0 }\n" }
        let calls = "[" + Self.functionNames.map { "\($0)(Marker())" }.joined(separator: ", ") + "].count"
        schema += """
              - name: CallbackCalls
                kind: callback
                on: Hub
                output: Int
                register: "_ = callbackCallsAttach(); send(\(calls))"
              - { name: PollingCalls, kind: polling, on: Hub, output: Int, next: "_ = pollingCallsNext(); return \(calls)" }
              - name: PeriodicCalls
                kind: periodic
                on: Hub
                output: Int
                interval: 1
                value: "_ = periodicCallsTickValue(); return \(calls)"
              - name: TargetCalls
                kind: targetAction
                sender: native
                on: Button
                output: Int
                event: { type: Button.Event, default: .tap }
                value: "\(calls)"
                initial: "\(calls)"
              - name: DelegateCalls
                kind: delegate
                on: Hub
                protocol: HubDelegate
                runtime: native
                isolation: nonisolated
                output: Int
                initial: "_ = delegateCallsAttach(); return \(calls)"
                methods:
                  - method: 'hub(_ hub: Hub, scoreFor level: Int) -> Int'
                    answer: '\(calls) + level'
                    body: "send(\(calls))"

            """
        let products = try BuildProducts.locate()
        let work = products.work.appendingPathComponent("OwnerNames")
        try? FileManager.default.removeItem(at: work)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let schemaFile = work.appendingPathComponent("Owners.publishers.yaml")
        try schema.write(to: schemaFile, atomically: true, encoding: .utf8)
        let diagnostics = CollectingDiagnosticSink()
        let outcome = try GenerationPipeline(includeSupport: true, sourceLocationPaths: .absolute).run(
            .paths([schemaFile.path]), through: .render, diagnostics: diagnostics)
        try #require(outcome.succeeded, "\(diagnostics.diagnostics.map(\.description))")
        var files = [work.appendingPathComponent("World.swift")]
        try world.write(to: files[0], atomically: true, encoding: .utf8)
        for output in outcome.outputs {
            let url = work.appendingPathComponent(output.name)
            try output.contents.write(to: url, atomically: true, encoding: .utf8)
            files.append(url)
        }
        let compiled = try await SwiftCompiler.run([
            SwiftCompiler.Job(
                module: "OwnerNames",
                arguments: ["-module-name", "OwnerNames"] + CompileMode.swift6.compilerFlags
                    + products.commonFlags(searching: work)
                    + ["-emit-sil", "-o", work.appendingPathComponent("OwnerNames.sil").path] + files.map(\.path))
        ])
        #expect(compiled[0].succeeded, "\(compiled[0].output.prefix(6_000))")
    }
}
