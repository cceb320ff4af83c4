/// A test a kind adds to the tests its delivery shares: its name (without `test`) and its body, in
/// the dialect of the chosen framework.
struct ScaffoldTest {
    let name: String
    let printBody: (inout SwiftPrinter, TestDialect) -> Void
}
