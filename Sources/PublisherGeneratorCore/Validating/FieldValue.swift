/// An optional key as read: not written, written and valid, or written but wrong (already
/// reported).
enum FieldValue<Value> {
    case absent
    case invalid
    case valid(Value)

    /// From the result of reading a key that may be absent: `nil` when it is, `.some(nil)` when
    /// reading it failed.
    init(_ read: Value??) {
        switch read {
        case .none: self = .absent
        case .some(.none): self = .invalid
        case let .some(.some(value)): self = .valid(value)
        }
    }

    var value: Value? {
        if case let .valid(value) = self { return value }
        return nil
    }

    var isInvalid: Bool {
        if case .invalid = self { return true }
        return false
    }
}
