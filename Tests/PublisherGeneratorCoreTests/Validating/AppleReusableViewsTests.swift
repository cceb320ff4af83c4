import Testing

@testable import KindDelegate

/// Which answers make a view with an initializer: only those `validate` refuses for a collection
/// view's cells and supplementary views, never a call that dequeues or a factory's method.
@Suite struct AppleReusableViewsTests {
    @Test(arguments: [
        "UICollectionViewCell()", " UICollectionViewCell() ", "PhotoCell(frame: .zero)",
        "UIKit.UICollectionReusableView.init(frame: .zero)", "PhotoCell(title: \"a)b\")",
    ])
    func initializerCallsAreFound(answer: String) {
        #expect(AppleReusableViews.isInitializerCall(answer))
    }

    @Test(arguments: [
        "collectionView.dequeueReusableCell(withReuseIdentifier: \"Cell\", for: indexPath)",
        "PhotoCell.make(in: collectionView, at: indexPath)", "Factory(collectionView).cell(at: indexPath)",
        "cells[indexPath.item]", "UICollectionViewCell", "(UICollectionViewCell())",
    ])
    func otherAnswersAreNot(answer: String) {
        #expect(!AppleReusableViews.isInitializerCall(answer))
    }

    /// The answers `validate` suggests are never ones it would refuse.
    @Test func suggestedAnswersDequeue() {
        for methods in AppleRequiredDelegateMethods.byProtocol.values {
            for method in methods {
                #expect(!AppleReusableViews.isInitializerCall(method.answer), "\(method.signature)")
            }
        }
    }

    /// A hint whose entries have no answer says nothing about answers.
    @Test func prefetchingHintHasNoAnswerRemark() throws {
        let methods = try #require(AppleRequiredDelegateMethods.byProtocol["UITableViewDataSourcePrefetching"])
        let hint = AppleRequiredDelegateMethods.hint(adding: methods, of: "UITableViewDataSourcePrefetching")
        #expect(!hint.contains("answer"))
    }
}
