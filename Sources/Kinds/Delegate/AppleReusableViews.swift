import GeneratorLanguage

/// The data-source methods of UIKit whose cell or view comes from the owner's reuse queue, with
/// the `answer` that dequeues one. A collection view takes its cells and supplementary views only
/// from its own queue: one made with an initializer (`UICollectionViewCell()`) raises
/// `NSInternalInconsistencyException` "the cell returned from
/// -collectionView:cellForItemAtIndexPath: does not have a reuseIdentifier - cells must be
/// retrieved by calling -dequeueReusableCellWithReuseIdentifier:forIndexPath:" when the view asks
/// (IGListKit #1123, badoo/Chatto #526), so `validate` refuses such an answer. A table view accepts
/// a cell made with an initializer (Apple's `tableView(_:cellForRowAt:)` raises only for `nil`),
/// but Apple says to dequeue it, so the answers `validate` suggests dequeue for both: for a table,
/// with the form that returns `nil` for an identifier nobody registered, and a plain cell then, so
/// that the answer never raises.
/// Sources: https://developer.apple.com/documentation/uikit/uicollectionview/dequeuereusablecell(withreuseidentifier:for:),
/// https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:cellforrowat:).
enum AppleReusableViews {
    struct View: Sendable {
        let protocolName: String
        let selector: String
        /// Whether UIKit raises for a view made with an initializer, so that `validate` refuses one.
        let mustBeDequeued: Bool
        /// The answer that dequeues, from the method's parameter names (the owner first).
        let dequeue: @Sendable (_ parameters: [String]) -> String
        /// The registration the dequeue needs, made by the app before it subscribes.
        let registration: @Sendable (_ parameters: [String]) -> String
    }

    static let tableViewCell = View(
        protocolName: "UITableViewDataSource", selector: "tableView(_:cellForRowAt:)", mustBeDequeued: false,
        dequeue: { "\($0[0]).dequeueReusableCell(withIdentifier: \"Cell\") ?? UITableViewCell()" },
        registration: { "\($0[0]).register(UITableViewCell.self, forCellReuseIdentifier: \"Cell\")" })

    static let collectionViewCell = View(
        protocolName: "UICollectionViewDataSource", selector: "collectionView(_:cellForItemAt:)",
        mustBeDequeued: true,
        dequeue: { "\($0[0]).dequeueReusableCell(withReuseIdentifier: \"Cell\", for: \($0[1]))" },
        registration: { "\($0[0]).register(UICollectionViewCell.self, forCellWithReuseIdentifier: \"Cell\")" })

    static let supplementaryView = View(
        protocolName: "UICollectionViewDataSource",
        selector: "collectionView(_:viewForSupplementaryElementOfKind:at:)", mustBeDequeued: true,
        dequeue: {
            "\($0[0]).dequeueReusableSupplementaryView(ofKind: \($0[1]), withReuseIdentifier: \"Header\", for: \($0[2]))"
        },
        registration: {
            "\($0[0]).register(UICollectionReusableView.self, forSupplementaryViewOfKind: "
                + "UICollectionView.elementKindSectionHeader, withReuseIdentifier: \"Header\")"
        })

    static let all = [tableViewCell, collectionViewCell, supplementaryView]

    /// The reusable view `selector` of `protocolName` returns, if it is one of these.
    static func view(protocolName: String, selector: String) -> View? {
        all.first { $0.protocolName == protocolName && $0.selector == selector }
    }

    /// Whether `answer` makes the view with an initializer: the whole expression is a call of a
    /// type's name (`UICollectionViewCell()`, `PhotoCell(frame: .zero)`, `UIKit.PhotoCell.init()`).
    /// A call on a value (`collectionView.dequeue…`) or a type's method (`PhotoCell.make(…)`) is
    /// not one.
    static func isInitializerCall(_ answer: String) -> Bool {
        var characters = Array(answer)
        while characters.last?.isWhitespace == true { characters.removeLast() }
        while characters.first?.isWhitespace == true { characters.removeFirst() }
        guard let open = characters.firstIndex(of: "("),
            closingParenthesis(of: open, in: characters) == characters.count - 1
        else { return false }
        var callee = String(characters[..<open])
        if callee.hasSuffix(".init") { callee.removeLast(".init".count) }
        let components = callee.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let typeName = components.last, typeName.first?.isUppercase == true else { return false }
        return components.allSatisfy(SwiftNames.isIdentifier)
    }

    /// The index of the `)` that closes the `(` at `open`, skipping string literals.
    private static func closingParenthesis(of open: Int, in characters: [Character]) -> Int? {
        var depth = 0
        var inString = false
        for index in open..<characters.count {
            switch characters[index] {
            case "\"": inString.toggle()
            case "(" where !inString: depth += 1
            case ")" where !inString:
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }
}
