import Foundation

// Swift-native owners with a current value that they report to a delegate when it changes, as
// `UISearchBar.text` (main actor) or a sensor reading (any thread) does: the fixtures' `initial:`
// on a delegate declaration reads the value when a consumer joins the proxy.

/// Shaped like `UISearchBarDelegate`'s `searchBar(_:textDidChange:)`.
@MainActor public protocol EditingFieldDelegate: AnyObject {
    func field(_ field: EditingField, textDidChange text: String)
}

extension EditingFieldDelegate {
    public func field(_ field: EditingField, textDidChange text: String) {}
}

/// Shaped like `UISearchBar`: a text the user edits, each edit told to the delegate.
@MainActor public final class EditingField {
    fileprivate nonisolated let lifetimeAnchors = LifetimeAnchors()
    public weak var delegate: (any EditingFieldDelegate)?
    /// The current text.
    public private(set) var text: String

    public init(text: String = "") {
        self.text = text
    }

    /// Plays the user typing: the text changes, then the delegate hears of it.
    public func type(_ text: String) {
        self.text = text
        delegate?.field(self, textDidChange: text)
    }
}

/// Keeps the watchers of its deallocation, so that its delegate streams finish when it goes (Linux
/// has no associated objects).
nonisolated extension EditingField: LifetimeAnchoring {
    nonisolated func anchor(_ watcher: AnyObject?, forKey key: UnsafeRawPointer) {
        lifetimeAnchors.anchor(watcher, forKey: key)
    }
}

/// The delegate of a `LevelGauge`; its method has a default.
public nonisolated protocol LevelGaugeDelegate: AnyObject {
    func gauge(_ gauge: LevelGauge, didChangeLevel level: Int)
}

nonisolated extension LevelGaugeDelegate {
    public func gauge(_ gauge: LevelGauge, didChangeLevel level: Int) {}
}

/// A nonisolated gauge with a current level, callable from any thread: each change is told to the
/// delegate it holds weakly.
public nonisolated final class LevelGauge: @unchecked Sendable {
    private let lock = NSLock()
    private weak var storedDelegate: (any LevelGaugeDelegate)?
    private var storedLevel: Int
    private var storedAfterDelegateSet: (@Sendable () -> Void)?

    public init(level: Int = 0) {
        storedLevel = level
    }

    public var delegate: (any LevelGaugeDelegate)? {
        get { lock.withLock { storedDelegate } }
        set {
            lock.withLock { storedDelegate = newValue }
            afterDelegateSet?()
        }
    }

    /// Runs on the setting thread each time the delegate is set, after it is: lets a test hold
    /// that thread between a proxy's install and what follows it.
    public var afterDelegateSet: (@Sendable () -> Void)? {
        get { lock.withLock { storedAfterDelegateSet } }
        set { lock.withLock { storedAfterDelegateSet = newValue } }
    }

    /// The current level.
    public var level: Int { lock.withLock { storedLevel } }

    /// Sets the level, then tells the delegate.
    public func set(_ level: Int) {
        lock.withLock { storedLevel = level }
        delegate?.gauge(self, didChangeLevel: level)
    }
}
