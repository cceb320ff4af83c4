import PublisherGeneratorCore
import Testing

/// Each kind's unit is handed the declarations of its own model, in the order they were declared,
/// and nothing for a model none was declared with.
@Suite struct DeclarationsByModelTests {
    static func declaration(_ name: String, _ source: any KindSource) -> PublisherDeclaration {
        let location = SourceLocation(path: "Test.publishers.yaml", line: 1, column: 1)
        return PublisherDeclaration(
            name: Located(name, at: location), kindLocation: location, description: nil, owner: nil,
            output: Located("Int", at: location), failure: nil, parameters: [], source: source, location: location)
    }

    @Test func eachModelGetsItsOwnDeclarationsInTheirOrder() {
        let byModel = DeclarationsByModel([
            Self.declaration("First", TickSource()), Self.declaration("Second", TockSource()),
            Self.declaration("Third", TickSource()),
        ])
        #expect(byModel.declarations(of: TickSource.self).map(\.name.value) == ["First", "Third"])
        #expect(byModel.declarations(of: TockSource.self).map(\.name.value) == ["Second"])
    }

    @Test func eachModelsPositionsAreWhereItsDeclarationsAre() {
        let byModel = DeclarationsByModel([
            Self.declaration("First", TickSource()), Self.declaration("Second", TockSource()),
            Self.declaration("Third", TickSource()),
        ])
        #expect(byModel.positions(of: TickSource.self) == [0, 2])
        #expect(byModel.positions(of: TockSource.self).map { byModel.all[$0].name.value } == ["Second"])
    }

    @Test func aModelWithoutDeclarationsGetsNone() {
        let byModel = DeclarationsByModel([Self.declaration("First", TickSource())])
        #expect(byModel.declarations(of: TockSource.self).isEmpty)
        #expect(byModel.positions(of: TockSource.self).isEmpty)
        #expect(DeclarationsByModel([]).declarations(of: TickSource.self).isEmpty)
    }
}

/// Two models of kinds no unit registers: the grouping asks a declaration only its model's type.
private struct TickSource: PullSource {
    static var kind: PublisherKind { PublisherKind(spelling: "tick") }
}

private struct TockSource: PullSource {
    static var kind: PublisherKind { PublisherKind(spelling: "tock") }
}
