// A delegate that the owner reaches through one of its properties, as `UITextView` reports its
// text through `textStorage.delegate`: the fixtures' `property: storage.delegate` declaration.

/// Shaped like `NSTextStorageDelegate`'s `textStorage(_:didProcessEditing:range:changeInLength:)`.
@MainActor public protocol NoteStorageDelegate: AnyObject {
    func storage(_ storage: NoteStorage, didEdit text: String)
}

extension NoteStorageDelegate {
    public func storage(_ storage: NoteStorage, didEdit text: String) {}
}

/// Shaped like `NSTextStorage`: the text a note view shows; each edit is told to the delegate,
/// which it holds weakly.
@MainActor public final class NoteStorage {
    fileprivate nonisolated let lifetimeAnchors = LifetimeAnchors()
    public weak var delegate: (any NoteStorageDelegate)?
    /// The current text.
    public private(set) var string: String

    public init(string: String = "") {
        self.string = string
    }

    /// Plays an edit: the text changes, then the delegate hears of it.
    public func replace(with string: String) {
        self.string = string
        delegate?.storage(self, didEdit: string)
    }
}

/// Shaped like `UITextView`: its text lives in a storage it keeps for its whole life.
@MainActor public final class NoteView {
    fileprivate nonisolated let lifetimeAnchors = LifetimeAnchors()
    public let storage: NoteStorage

    public init(text: String = "") {
        storage = NoteStorage(string: text)
    }

    /// The text the storage holds now.
    public var text: String { storage.string }
}

/// Keeps the watchers of its deallocation, so that its delegate streams finish when it goes (Linux
/// has no associated objects).
nonisolated extension NoteStorage: LifetimeAnchoring {
    nonisolated func anchor(_ watcher: AnyObject?, forKey key: UnsafeRawPointer) {
        lifetimeAnchors.anchor(watcher, forKey: key)
    }
}

/// Keeps the watchers of its deallocation, so that its delegate streams finish when it goes (Linux
/// has no associated objects).
nonisolated extension NoteView: LifetimeAnchoring {
    nonisolated func anchor(_ watcher: AnyObject?, forKey key: UnsafeRawPointer) {
        lifetimeAnchors.anchor(watcher, forKey: key)
    }
}
