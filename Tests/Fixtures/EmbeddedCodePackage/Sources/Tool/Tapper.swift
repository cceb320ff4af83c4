/// A delegating owner whose protocol the schema beside it misspells, on purpose.
nonisolated protocol TapperDelegate: AnyObject {
    func tapper(_ tapper: Tapper, didTap count: Int) -> Bool
}

nonisolated extension TapperDelegate {
    func tapper(_ tapper: Tapper, didTap count: Int) -> Bool { true }
}

nonisolated final class Tapper: @unchecked Sendable {
    weak var delegate: (any TapperDelegate)?
}
