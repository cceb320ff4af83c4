import Foundation

// Swift-native owners that follow UIKit's rules for delegates, so that Linux can test the proxy
// against them: each reads which optional methods its delegate implements once, when the delegate
// is set (UIKit caches `responds(to:)` then), and afterwards calls only what it read. They ask
// through `DelegateMethodResponding`, which a `runtime: native` proxy answers as an Objective-C
// proxy answers `responds(to:)`.

/// Shaped like `UITableViewDataSource`: one required method, two optional ones.
@MainActor public protocol ListDataSource: AnyObject {
    /// Required, like `tableView(_:numberOfRowsInSection:)`.
    func list(_ list: CachingList, numberOfRowsIn section: Int) -> Int
    /// Like `tableView(_:commit:forRowAt:)` for a deletion.
    func list(_ list: CachingList, commitDeletionAt row: Int)
    /// Like `tableView(_:moveRowAt:to:)`: implementing it shows the reorder control.
    func list(_ list: CachingList, moveRowAt source: Int, to destination: Int)
}

extension ListDataSource {
    public func list(_ list: CachingList, commitDeletionAt row: Int) {}
    public func list(_ list: CachingList, moveRowAt source: Int, to destination: Int) {}
}

/// Shaped like `UITableView` with a data source: reads its data source's answers on assignment.
@MainActor public final class CachingList {
    fileprivate nonisolated let lifetimeAnchors = LifetimeAnchors()
    /// What the list read when its data source was last set.
    public private(set) var cachedAnswers: Set<String> = []
    /// How many times a data source (or `nil`) was assigned.
    public private(set) var assignments = 0
    /// Whether updates are under way that the list has not shown yet, as `UITableView` says while
    /// a batch of updates or a drop is in progress; the proxy must not re-assign itself then.
    public var hasUncommittedUpdates = false
    /// Called after each assignment: a hook for tests that wait for one.
    public var onAssignment: (() -> Void)?

    public weak var dataSource: (any ListDataSource)? {
        didSet {
            assignments += 1
            defer { onAssignment?() }
            cachedAnswers = Set(Self.optionalMethods.filter { Self.implements(dataSource, $0) })
        }
    }

    public static let optionalMethods = ["list(_:commitDeletionAt:)", "list(_:moveRowAt:to:)"]

    public init() {}

    /// Whether `delegate` implements the optional `method`, asked as UIKit asks `responds(to:)`.
    static func implements(_ delegate: AnyObject?, _ method: String) -> Bool {
        guard let delegate else { return false }
        return (delegate as? any DelegateMethodResponding)?.responds(toMethod: method) ?? true
    }

    /// UIKit shows the reorder control when the data source implements the move method.
    public var showsReorderControl: Bool { cachedAnswers.contains("list(_:moveRowAt:to:)") }

    /// The rows of section 0: the required method is always called.
    public func rowCount() -> Int { dataSource?.list(self, numberOfRowsIn: 0) ?? 0 }

    /// Plays the user deleting `row`: sent only if the data source answered the method.
    public func deleteRow(_ row: Int) {
        guard cachedAnswers.contains("list(_:commitDeletionAt:)") else { return }
        dataSource?.list(self, commitDeletionAt: row)
    }

    /// Plays the user dragging a row: possible only with a reorder control.
    public func moveRow(from source: Int, to destination: Int) {
        guard showsReorderControl else { return }
        dataSource?.list(self, moveRowAt: source, to: destination)
    }
}

extension CachingList: DelegateOwnerUpdating {}

/// Keeps the watchers of its deallocation, so that its delegate streams finish when it goes (Linux
/// has no associated objects).
nonisolated extension CachingList: LifetimeAnchoring {
    nonisolated func anchor(_ watcher: AnyObject?, forKey key: UnsafeRawPointer) {
        lifetimeAnchors.anchor(watcher, forKey: key)
    }
}

/// Shaped like `UISearchControllerDelegate`: every method optional.
@MainActor public protocol SearchDelegate: AnyObject {
    /// Like `presentSearchController(_:)`: implementing it turns off the automatic presentation.
    func presentSearch(_ search: CachingSearch)
    /// Like `willPresentSearchController(_:)`: sent only before an automatic presentation.
    func willPresentSearch(_ search: CachingSearch)
}

extension SearchDelegate {
    public func presentSearch(_ search: CachingSearch) {}
    public func willPresentSearch(_ search: CachingSearch) {}
}

/// Shaped like `UISearchController`: presents itself unless its delegate implements the method
/// that presents it, as Apple documents.
@MainActor public final class CachingSearch {
    public private(set) var cachedAnswers: Set<String> = []
    /// Whether the search interface is showing after the automatic presentation.
    public private(set) var isPresentedAutomatically = false

    public weak var delegate: (any SearchDelegate)? {
        didSet {
            cachedAnswers = Set(
                ["presentSearch(_:)", "willPresentSearch(_:)"].filter { CachingList.implements(delegate, $0) })
        }
    }

    public init() {}

    /// Plays the user activating the search bar.
    public func activate() {
        if cachedAnswers.contains("presentSearch(_:)") {
            delegate?.presentSearch(self)
            return
        }
        if cachedAnswers.contains("willPresentSearch(_:)") { delegate?.willPresentSearch(self) }
        isPresentedAutomatically = true
    }
}
