import PublisherGeneratorCore
import Testing

/// Valid schemas decode into the model with every value and its position.
@Suite struct SchemaDecodingTests {
    func load(_ yaml: String, path: String = "test.publishers.yaml") -> (SchemaFile?, [Diagnostic]) {
        let outcome = SchemaLoader().load(bytes: Array(yaml.utf8), path: path)
        return (outcome.files.first, outcome.diagnostics.diagnostics)
    }

    /// A factory's base name may be a keyword, as an argument label may: the generated names always
    /// go on after it (CombineCocoa's `UITextField.returnPublisher`).
    @Test func aFactoryMayBeNamedWithAKeyword() throws {
        let (file, diagnostics) = load(
            """
            version: 1
            publishers:
              - { name: TextFieldReturn, kind: targetAction, on: TextField, factory: return, output: Void,
                  sender: native, value: "()", event: { type: TextField.Event, default: .editingDidEndOnExit } }
            """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let declaration = try #require(file?.publishers.first)
        #expect(declaration.factoryName(.combine) == "returnPublisher")
        #expect(declaration.factoryName(.async) == "returnSequence")
    }

    /// A delegate method's argument label may be a keyword, as Swift allows
    /// (`numberOfComponents(in:)`, a required method of `UIPickerViewDataSource`); its parameter
    /// name may not.
    @Test func aDelegateMethodsLabelMayBeAKeyword() throws {
        let (file, diagnostics) = load(
            """
            version: 1
            publishers:
              - name: ComponentCountRequests
                kind: delegate
                on: Picker
                property: dataSource
                protocol: PickerDataSource
                runtime: native
                output: Void
                requiredMethods:
                  - { method: 'numberOfComponents(in picker: Picker) -> Int', answer: '0' }
                methods:
                  - { method: 'numberOfComponents(in picker: Picker) -> Int', body: 'send(())' }
            """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let declaration = try #require(file?.publishers.first)
        let source = try #require(declaration.source as? DelegateSource)
        #expect(source.methods.map(\.signature.selector) == ["numberOfComponents(in:)"])
        #expect(source.requiredMethods.map(\.answer?.value) == ["0"])
        let (_, keywordName) = load(
            """
            version: 1
            publishers:
              - { name: Counts, kind: delegate, on: Picker, protocol: PickerDelegate, runtime: native, output: Int,
                  methods: [{ method: 'pickerView(_ picker: Picker, didPick in: Int)', body: 'send(0)' }] }
            """)
        #expect(keywordName.map(\.message).contains { $0.contains("is not a label and a name") }, "\(keywordName)")
    }

    @Test func callbackDeclarationKeepsEveryOptionAndPosition() throws {
        let (file, diagnostics) = load(
            """
            version: 1
            imports: [Foundation, AVFoundation]
            access: public
            publishers:
              - name: PlayheadProgress
                description: The playhead position, reported periodically.
                kind: callback
                on: Player
                output: Double
                failure: PlayerError
                parameters:
                  - { name: interval, type: Double, default: 0.25, label: every }
                  - name: queue
                    type: DispatchQueue
                register: |
                  addPeriodicTimeObserver(every: interval, queue: queue) { seconds in
                      send(seconds)
                  }
                unregister: removeTimeObserver(token)
                token: Any
                whenNoDemand: { buffer: 16, whenFull: dropNewest }
                start: onSubscribe
            """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let schema = try #require(file)
        #expect(schema.version == 1)
        #expect(schema.access == .public)
        #expect(schema.imports.map(\.value) == ["Foundation", "AVFoundation"])
        let declaration = try #require(schema.publishers.first)
        #expect(
            declaration.name
                == Located("PlayheadProgress", at: .init(path: "test.publishers.yaml", line: 5, column: 11)))
        #expect(declaration.typeName == "PlayheadProgressPublisher")
        #expect(declaration.description?.value == "The playhead position, reported periodically.")
        #expect(declaration.kind == .callback)
        #expect(declaration.owner?.value == "Player")
        #expect(declaration.output.value == "Double")
        #expect(declaration.output.location.line == 9)
        #expect(declaration.failure?.value == "PlayerError")
        #expect(declaration.parameters.map(\.name.value) == ["interval", "queue"])
        #expect(declaration.parameters[0].defaultValue?.value == "0.25")
        #expect(declaration.parameters[0].label?.value == "every")
        #expect(declaration.parameters[1].defaultValue == nil)
        #expect(declaration.location.line == 5)
        guard let source = declaration.source as? CallbackSource else {
            Issue.record("expected a callback source")
            return
        }
        #expect(
            source.register.value
                == "addPeriodicTimeObserver(every: interval, queue: queue) { seconds in\n    send(seconds)\n}")
        // Code is located where its text starts: the line after `register: |`.
        #expect(source.register.location == SourceLocation(path: "test.publishers.yaml", line: 16, column: 7))
        #expect(source.unregister?.value == "removeTimeObserver(token)")
        #expect(source.token?.value == "Any")
        #expect(
            source.behavior == PushBehavior(whenNoDemand: .buffer(size: 16, whenFull: .dropNewest), start: .onSubscribe)
        )
    }

    @Test func defaultsApplyWhenOptionalKeysAreAbsent() throws {
        let (file, diagnostics) = load(
            """
            version: 1
            publishers:
              - { name: Done, kind: callback, output: Void, register: "fetch { send(()); finish() }" }
              - name: Feed
                kind: polling
                output: Image
                next: provider.next()
              - name: Taps
                kind: targetAction
                on: Button
                output: Button
                event: Button.Event
              - name: Beat
                kind: periodic
                output: Date
                interval: 2
                value: Date()
                whenNoDemand: { buffer: 4 }
            """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let schema = try #require(file)
        #expect(schema.access == .internal)
        #expect(schema.imports.isEmpty)
        let declarations = schema.publishers
        #expect(declarations.count == 4)
        #expect(declarations[0].kind == .callback)
        #expect(declarations[1].kind == .polling)
        #expect(declarations[2].kind == .targetAction)
        #expect(declarations[3].kind == .periodic)
        #expect(declarations.allSatisfy { $0.failure == nil && $0.parameters.isEmpty && $0.description == nil })
        if let source = declarations[0].source as? CallbackSource {
            #expect(source.unregister == nil)
            #expect(source.behavior == PushBehavior(whenNoDemand: .drop, start: .onDemand, isNoDemandDeclared: false))
            // The sequence keeps every value, as an AsyncStream does by default.
            #expect(source.behavior.forEventSequences.whenNoDemand == .unbounded)
        } else {
            Issue.record("expected callback")
        }
        if let source = declarations[2].source as? TargetActionSource {
            #expect(source.events?.type.value == "Button.Event")
            #expect(source.events?.defaultEvent == nil)
            #expect(source.value == nil)
            #expect(source.api == .uikit, "a sender is a UIControl unless the schema says otherwise")
            #expect(source.isolation == .mainActor)
        } else {
            Issue.record("expected targetAction")
        }
        if let source = declarations[3].source as? PeriodicSource {
            #expect(source.interval.value == .seconds(2))
            #expect(source.behavior.whenNoDemand == .buffer(size: 4, whenFull: .dropOldest))
        } else {
            Issue.record("expected periodic")
        }
    }

    @Test func targetActionEventMappingAndValue() throws {
        let (file, diagnostics) = load(
            """
            version: 1
            publishers:
              - name: ToggleChanged
                kind: targetAction
                on: Toggle
                output: Bool
                event: { type: Toggle.Event, default: .valueChanged }
                value: isOn
                whenNoDemand: latest
            """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        guard let source = file?.publishers.first?.source as? TargetActionSource else {
            Issue.record("expected a targetAction declaration")
            return
        }
        #expect(source.events?.type.value == "Toggle.Event")
        #expect(source.events?.defaultEvent?.value == ".valueChanged")
        #expect(source.value?.value == "isOn")
        #expect(source.behavior.whenNoDemand == .latest)
    }

    @Test(arguments: [
        ("sender: native", SenderAPI.native, SourceIsolation.nonisolated),
        ("sender: native\n    isolation: mainActor", .native, .mainActor),
        ("sender: uikit", .uikit, .mainActor),
        ("isolation: mainActor", .uikit, .mainActor),
    ])
    func targetActionSenderAndIsolation(keys: String, api: SenderAPI, isolation: SourceIsolation) throws {
        let (file, diagnostics) = load(
            """
            version: 1
            publishers:
              - name: Taps
                kind: targetAction
                \(keys)
                on: Button
                output: Self
                event: Button.Event
            """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        guard let source = file?.publishers.first?.source as? TargetActionSource else {
            Issue.record("expected a targetAction declaration")
            return
        }
        #expect(source.api == api)
        #expect(source.isolation == isolation)
    }

    @Test func appKitSendersTakeNoEvent() throws {
        let (file, diagnostics) = load(
            """
            version: 1
            publishers:
              - name: Clicks
                kind: targetAction
                sender: appkit
                on: NSButton
                output: Self
            """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        guard let source = file?.publishers.first?.source as? TargetActionSource else {
            Issue.record("expected a targetAction declaration")
            return
        }
        #expect(source.api == .appkit)
        #expect(source.isolation == .mainActor)
        #expect(source.events == nil)
    }

    @Test(arguments: [
        ("gesture", "UITapGestureRecognizer", SourceIsolation.mainActor),
        ("barButtonItem", "UIBarButtonItem", .mainActor),
        ("nativeGesture", "TapGesture", .nonisolated),
    ])
    func sendersWithoutEventsTakeNone(sender: String, owner: String, isolation: SourceIsolation) throws {
        let (file, diagnostics) = load(
            """
            version: 1
            publishers:
              - name: Taps
                kind: targetAction
                sender: \(sender)
                on: \(owner)
                output: Self
                initial: self
            """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        guard let source = file?.publishers.first?.source as? TargetActionSource else {
            Issue.record("expected a targetAction declaration")
            return
        }
        #expect(source.api.rawValue == sender)
        #expect(source.isolation == isolation)
        #expect(source.events == nil)
        #expect(source.initial?.value == "self")
    }

    @Test func callbacksTakeAnInitialValueAndAnIsolation() throws {
        let (file, diagnostics) = load(
            """
            version: 1
            publishers:
              - name: ContentOffset
                kind: callback
                on: UIScrollView
                output: CGPoint
                isolation: mainActor
                register: |
                  observe(\\.contentOffset, options: [.new]) { _, change in
                      if let offset = change.newValue { send(offset) }
                  }
                unregister: token.invalidate()
                initial: contentOffset
              - name: Progress
                kind: callback
                on: Downloader
                output: Double
                register: addObserver { send($0) }
            """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let sources = file?.publishers.compactMap { $0.source as? CallbackSource } ?? []
        #expect(sources.count == 2)
        #expect(sources.first?.isolation == .mainActor)
        #expect(sources.first?.initial?.value == "contentOffset")
        #expect(sources.last?.isolation == .nonisolated, "callbacks are nonisolated unless they say otherwise")
        #expect(sources.last?.initial == nil)
    }

    @Test func mergeKeysShareFieldsAndExplicitKeysWin() throws {
        let (file, diagnostics) = load(
            """
            version: 1
            x-common: &common
              kind: periodic
              output: Int
              interval: 1
            publishers:
              - <<: *common
                name: Slow
                value: 1
                interval: 10
              - { <<: *common, name: Fast, value: 2 }
            """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let intervals = file?.publishers.compactMap { declaration -> PeriodicInterval? in
            if let source = declaration.source as? PeriodicSource { return source.interval.value }
            return nil
        }
        #expect(intervals == [.seconds(10), .seconds(1)])
    }

    @Test func quotedSwiftTypesWithBracketsAreAccepted() throws {
        let (file, diagnostics) = load(
            """
            version: 1
            publishers:
              - { name: Batches, kind: polling, output: "[String: Int]", failure: "any Error", next: "try source.next()" }
            """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(file?.publishers.first?.output.value == "[String: Int]")
        #expect(file?.publishers.first?.failure?.value == "any Error")
    }

    @Test func warningsDoNotPreventAModel() throws {
        let (file, diagnostics) = load(
            """
            version: 1
            imports: [Combine]
            publishers:
              - { name: tick, kind: periodic, output: Int, interval: 1, value: 1 }
            """)
        #expect(diagnostics.count == 2)
        #expect(diagnostics.allSatisfy { $0.severity == .warning })
        #expect(file?.publishers.count == 1)
        #expect(file?.imports.isEmpty == true, "Combine is imported by the generated file itself")
    }

    @Test func diagnosticsRenderAsCompilerStyleLines() {
        let location = SourceLocation(path: "Sources/A/x.publishers.yaml", line: 7, column: 5)
        #expect(
            Diagnostic.error("unknown key 'ouput'", hint: "did you mean 'output'?", at: location).description
                == "Sources/A/x.publishers.yaml:7:5: error: unknown key 'ouput'; did you mean 'output'?")
        #expect(Diagnostic.warning("w", at: location).description == "Sources/A/x.publishers.yaml:7:5: warning: w")
        #expect(Diagnostic(.error, "cannot read", file: "a.yaml").description == "a.yaml: error: cannot read")
    }
}
