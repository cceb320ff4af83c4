import GeneratorDiagnostics

/// A type parameter a declaration declares (`typeParameters:`): the factories, the generated
/// publisher and sequence types and the functions around the schema's code are generic over it,
/// as RxCocoa's `modelSelected(_:)` is over the model's type.
public struct TypeParameter: Sendable {
    /// Its name, as `output`, `parameters` and the declaration's code use it: `Model`.
    public var name: Located<String>
    /// What it must conform to, after the colon of its declaration: `Equatable`; `nil` for none.
    public var constraint: Located<String>?
    /// The type generated tests put in its place: the test suites need a type they can make.
    public var testType: Located<String>

    public init(name: Located<String>, constraint: Located<String>?, testType: Located<String>) {
        self.name = name
        self.constraint = constraint
        self.testType = testType
    }

    /// As a generic parameter clause lists it, `Sendable` besides its constraint:
    /// `Model: Equatable & Sendable`, `Model: Sendable`. The generated types capture it in closures
    /// that run on any thread, which Swift 6.2 accepts only for a type whose metatype is sendable,
    /// and `Sendable` is the requirement that says so back to Swift 6.1.
    public var declared: String {
        guard let constraint = constraint?.value else { return "\(name.value): Sendable" }
        let parts = constraint.split(separator: "&").map { String($0).trimmingWhitespace }
        return parts.contains("Sendable") ? "\(name.value): \(constraint)" : "\(name.value): \(constraint) & Sendable"
    }
}
