import GeneratorDiagnostics
import GeneratorValidating

extension DelegateKind {
    /// An answer that makes a collection view's cell or supplementary view with an initializer
    /// passes the compiler and then raises in UIKit the first time the view asks for one (see
    /// ``AppleReusableViews``); `validate` refuses it at the `answer:` line and shows the dequeue.
    /// Returns `false` after reporting.
    static func checkDequeuedAnswers(
        protocolName: String, methods: [DelegateMethod], required: [DelegateRequiredMethod],
        read: inout ScalarReader
    ) -> Bool {
        let answered =
            methods.map { ($0.signature, $0.answer) } + required.map { ($0.signature, $0.answer) }
        var valid = true
        for (signature, answer) in answered {
            guard let answer,
                let view = AppleReusableViews.view(protocolName: protocolName, selector: signature.selector),
                view.mustBeDequeued, AppleReusableViews.isInitializerCall(answer.value)
            else { continue }
            let names = signature.parameters.map(\.name)
            read.diagnostics.error(
                "'\(signature.selector)' answers '\(answer.value)', a view made with an initializer, which UIKit refuses "
                    + "when it asks for one: it raises 'does not have a reuseIdentifier'",
                hint: "dequeue it, 'answer: \(view.dequeue(names))', after registering its class before subscribing: "
                    + view.registration(names),
                at: answer.location)
            valid = false
        }
        return valid
    }
}
