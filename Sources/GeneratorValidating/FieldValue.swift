import GeneratorReading

/// An optional key as read: not written, written and valid, or written but wrong (already
/// reported).
package enum FieldValue<Value> {
    case absent
    case invalid
    case valid(Value)

    /// The key's node read with `read`: absent without a node, invalid when `read` returns `nil`.
    /// Not `init(node.map(read))`: a debug build looks up the metadata of the doubly optional
    /// value for every key of every declaration.
    package init(_ node: YAMLNode?, _ read: (YAMLNode) -> Value?) {
        guard let node else {
            self = .absent
            return
        }
        if let value = read(node) {
            self = .valid(value)
        } else {
            self = .invalid
        }
    }

    package var value: Value? {
        if case let .valid(value) = self { return value }
        return nil
    }

    package var isInvalid: Bool {
        if case .invalid = self { return true }
        return false
    }
}
