/// A callback source of `Int`s; the schema beside it sends it a `String`, on purpose.
final class Source {
    func observe(_ handler: @escaping (Int) -> Void) -> Int { 0 }

    func stop(_ token: Int) {}
}
