import Foundation

/// A button of the user's own named `Sender`, the name generated target/action types give their
/// sender's generic parameter when they send it as its own type: the schema's `on: Sender` and
/// `event: Sender.Event` must still mean this class (issue 43).
public nonisolated class Sender: TestButton {}
