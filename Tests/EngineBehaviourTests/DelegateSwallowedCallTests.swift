import Testing

@testable import GeneratedFixtures

/// Which completion handlers a swallowed call calls, where they arrive, and with what: from the
/// method's encoding (as the runtime writes WebKit's and Foundation's documented signatures) and
/// Apple's documented defaults, on both architectures.
@Suite struct DelegateSwallowedCallTests {
    typealias Handler = DelegateSwallowedCall.Handler

    static func handlers(
        _ selector: String, _ encoding: String, on architecture: DelegateCallArchitecture
    )
        -> [Handler]
    {
        DelegateSwallowedCall(selector: selector, encoding: encoding, on: architecture).handlers
    }

    /// WebKit raises "Completion handler … was not called" when a decision handler is dropped;
    /// swallowed, the navigation is allowed (`WKNavigationActionPolicyAllow`, 1).
    @Test(arguments: DelegateCallArchitecture.allCases)
    func aNavigationActionIsAllowed(on architecture: DelegateCallArchitecture) {
        let selector = "webView:decidePolicyForNavigationAction:decisionHandler:"
        #expect(
            Self.handlers(selector, "v40@0:8@16@24@?32", on: architecture) == [
                Handler(register: 4, arguments: [.value(1)])
            ])
    }

    /// The variant with preferences hands back the preferences it was given.
    @Test(arguments: DelegateCallArchitecture.allCases)
    func theNavigationActionWithPreferencesHandsBackThePreferences(on architecture: DelegateCallArchitecture) {
        let selector = "webView:decidePolicyForNavigationAction:preferences:decisionHandler:"
        #expect(
            Self.handlers(selector, "v48@0:8@16@24@32@?40", on: architecture) == [
                Handler(register: 5, arguments: [.value(1), .register(4)])
            ])
    }

    /// A challenge gets the system's default handling (1) and no credential.
    @Test func aChallengeGetsTheDefaultHandling() {
        let selector = "webView:didReceiveAuthenticationChallenge:completionHandler:"
        #expect(
            Self.handlers(selector, "v40@0:8@16@24@?32", on: .arm64) == [
                Handler(register: 4, arguments: [.value(1), .value(0)])
            ])
        #expect(
            Self.handlers(
                "webView:decidePolicyForNavigationResponse:decisionHandler:", "v40@0:8@16@24@?32", on: .x86_64)
                == [Handler(register: 4, arguments: [.value(1)])])
        // A redirect keeps the new request it was given (the method's fourth argument).
        #expect(
            Self.handlers(
                "URLSession:task:willPerformHTTPRedirection:newRequest:completionHandler:", "v56@0:8@16@24@32@40@?48",
                on: .x86_64) == [Handler(register: 6, arguments: [.register(5)])])
    }

    /// A handler without a documented default is called with zeros: `nil`, `NO`, a policy of 0.
    @Test func aHandlerWithoutADefaultIsCalledWithZeros() {
        #expect(
            Self.handlers("contextMenu:completion:", "v32@0:8@16@?24", on: .arm64) == [
                Handler(register: 3, arguments: [])
            ])
    }

    /// Floating-point arguments and structures of them take no integer register; a two-integer
    /// structure takes two; a large structure takes one by address on arm64 and none on x86-64.
    @Test func theHandlersRegisterFollowsTheArgumentsBeforeIt() {
        #expect(Self.handlers("m:point:h:", "v48@0:8@16{CGPoint=dd}24@?40", on: .arm64).first?.register == 3)
        #expect(Self.handlers("m:point:h:", "v48@0:8@16{CGPoint=dd}24@?40", on: .x86_64).first?.register == 3)
        #expect(Self.handlers("m:range:h:", "v48@0:8@16{_NSRange=QQ}24@?40", on: .arm64).first?.register == 5)
        #expect(Self.handlers("m:range:h:", "v48@0:8@16{_NSRange=QQ}24@?40", on: .x86_64).first?.register == 5)
        #expect(Self.handlers("m:value:h:", "v40@0:8@16d24@?32", on: .x86_64).first?.register == 3)
        let transform = "v80@0:8@16{CGAffineTransform=dddddd}24@?72"
        #expect(Self.handlers("m:transform:h:", transform, on: .arm64).first?.register == 4)
        #expect(Self.handlers("m:transform:h:", transform, on: .x86_64).first?.register == 3)
    }

    /// A handler in the eighth integer slot is reached (x7 on arm64, the second stack slot on
    /// x86-64); one further is not.
    @Test func aHandlerPastTheEighthSlotIsNotCalled() {
        let ninth = "v72@0:8@16@24@32@40@48@56@?64"
        #expect(Self.handlers("m:a:b:c:d:e:f:", ninth, on: .x86_64).isEmpty)
        #expect(Self.handlers("m:a:b:c:d:e:f:", ninth, on: .arm64).isEmpty)
        let eighth = "v64@0:8@16@24@32@40@48@?56"
        #expect(Self.handlers("m:a:b:c:d:e:", eighth, on: .arm64).first?.register == 7)
        #expect(Self.handlers("m:a:b:c:d:e:", eighth, on: .x86_64).first?.register == 7)
        // After a structure on x86-64's stack, the slots are not known.
        let afterStructure = "v96@0:8@16@24@32@40{CGRect={CGPoint=dd}{CGSize=dd}}48@80@?88"
        #expect(Self.handlers("m:a:b:c:rect:d:h:", afterStructure, on: .x86_64).isEmpty)
        #expect(Self.handlers("m:a:b:c:rect:d:h:", afterStructure, on: .arm64).first?.register == 7)
    }

    /// A method that returns anything but integers and takes a handler is swallowed by the return
    /// shape's sink; no Apple delegate method has one.
    @Test func handlersNeedAnIntegerReturn() {
        let call = DelegateSwallowedCall(selector: "m:h:", encoding: "d32@0:8@16@?24", on: .arm64)
        #expect(call.handlers.isEmpty)
        #expect(call.sink(on: .arm64) == .floatingPoint)
        #expect(
            DelegateSwallowedCall(selector: "m:h:", encoding: "v32@0:8@16@?24", on: .arm64).sink(on: .arm64)
                == .handlers)
    }

    /// Apple documents `YES` as the default of these `should…` methods; other `BOOL`s answer `NO`.
    @Test func shouldMethodsAnswerTheirDocumentedDefault() {
        for selector in [
            "gestureRecognizerShouldBegin:", "textFieldShouldReturn:", "collectionView:shouldSelectItemAtIndexPath:",
        ] {
            #expect(DelegateSwallowedCall(selector: selector, encoding: "B24@0:8@16").answer == 1, "\(selector)")
            #expect(DelegateSwallowedCall(selector: selector, encoding: nil).answer == 1, "\(selector)")
        }
        #expect(
            DelegateSwallowedCall(selector: "tableView:canEditRowAtIndexPath:", encoding: "B32@0:8@16@24").answer == 0)
        // Not a BOOL: the answer is zero whatever the selector.
        #expect(DelegateSwallowedCall(selector: "textFieldShouldReturn:", encoding: "d24@0:8@16").answer == 0)
    }

    /// Every documented default names a handler that the method's selector takes.
    @Test func everyDefaultNamesAMethodWithAHandler() {
        for selector in DelegateCallDefaults.handlerArguments.keys {
            #expect(selector.hasSuffix("Handler:") || selector.hasSuffix("handler:"), "\(selector)")
        }
        #expect(DelegateCallDefaults.answersYes.allSatisfy { $0.hasSuffix(":") })
    }
}
