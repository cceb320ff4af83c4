import GeneratorDiagnostics

/// The required methods of Apple's delegate and data-source protocols that people observe, as
/// Apple's SDK declares them in Swift, with the answer a proxy without an app delegate would give
/// (a cell is dequeued, as ``AppleReusableViews`` says). A proxy of one of these protocols that lacks one does not compile; `validate` says so at the
/// schema, with the entries to add. Sources: Apple's documentation of each protocol.
enum AppleRequiredDelegateMethods {
    struct Method {
        /// As `requiredMethods` writes it.
        let signature: String
        let answer: String

        /// The selector, `tableView(_:numberOfRowsInSection:)`.
        var selector: String { parsed?.selector ?? signature }

        /// The names of its parameters, `tableView` and `section`.
        var parameterNames: [String] { parsed?.parameters.map(\.name) ?? [] }

        private var parsed: DelegateMethodSignature? {
            let location = SourceLocation(path: "", line: 1, column: 1)
            guard case let .success(parsed) = DelegateMethodSignature.parse(signature, at: location) else { return nil }
            return parsed
        }
    }

    /// By protocol name.
    static let byProtocol: [String: [Method]] = [
        "UITableViewDataSource": [
            Method(
                signature: "tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int", answer: "0"
            ),
            Method(
                signature: "tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell",
                answer: AppleReusableViews.tableViewCell.dequeue(["tableView", "indexPath"])),
        ],
        "UICollectionViewDataSource": [
            Method(
                signature:
                    "collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int",
                answer: "0"),
            Method(
                signature:
                    "collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell",
                answer: AppleReusableViews.collectionViewCell.dequeue(["collectionView", "indexPath"])),
        ],
        "UIPickerViewDataSource": [
            Method(signature: "numberOfComponents(in pickerView: UIPickerView) -> Int", answer: "0"),
            Method(
                signature: "pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int",
                answer: "0"),
        ],
        "UITableViewDataSourcePrefetching": [
            Method(signature: "tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath])", answer: "")
        ],
        "UICollectionViewDataSourcePrefetching": [
            Method(
                signature:
                    "collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath])",
                answer: "")
        ],
    ]

    /// The `requiredMethods` entries of `methods`, as a YAML flow list's items a user can paste.
    static func entries(_ methods: [Method]) -> String {
        methods.map { method in
            "{ method: '\(method.signature)'" + (method.answer.isEmpty ? "" : ", answer: '\(method.answer)'") + " }"
        }.joined(separator: ", ")
    }

    /// The hint for `missing` methods of `protocolName`: the entries to paste, then what their
    /// answers are (only when one has an answer) and the registration a dequeued cell needs.
    static func hint(adding missing: [Method], of protocolName: String) -> String {
        var notes: [String] = []
        if missing.contains(where: { !$0.answer.isEmpty }) {
            notes.append("each 'answer' is what the owner shows while it has no app delegate")
        }
        for method in missing {
            guard let view = AppleReusableViews.view(protocolName: protocolName, selector: method.selector) else {
                continue
            }
            notes.append("register the cell's class before subscribing: \(view.registration(method.parameterNames))")
        }
        let paste = "add requiredMethods: [\(entries(missing))]"
        return notes.isEmpty ? paste : paste + " (" + notes.joined(separator: "; ") + ")"
    }
}
