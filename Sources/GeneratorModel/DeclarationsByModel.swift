/// Declarations grouped by their model's type, which is their kind: what each kind's unit is
/// handed when it looks at the declarations of its kind together.
///
/// Grouped once, so each unit gets only its own: handing every unit every declaration cost a
/// failed cast each, 8 % of validating 20,000 declarations. Positions are grouped, not copies, so
/// only the kind asked about has its declarations copied out at a time.
package struct DeclarationsByModel {
    /// The declarations grouped, in their order.
    package let all: [PublisherDeclaration]
    /// The positions in `all` of each model's declarations, in their order.
    private let positionsByModel: [ObjectIdentifier: [Int]]

    /// `declarations` grouped by the type of their source.
    package init(_ declarations: [PublisherDeclaration]) {
        all = declarations
        positionsByModel = Dictionary(grouping: declarations.indices) {
            ObjectIdentifier(type(of: declarations[$0].source))
        }
    }

    /// The positions in ``all`` of the declarations whose source is a `model`, in their order;
    /// empty when there are none. Mapping them makes one kind's values without copying its
    /// declarations first.
    package func positions(of model: any KindSource.Type) -> [Int] {
        positionsByModel[ObjectIdentifier(model)] ?? []
    }

    /// The declarations whose source is a `model`, in their order; empty when there are none.
    package func declarations(of model: any KindSource.Type) -> [PublisherDeclaration] {
        positions(of: model).map { all[$0] }
    }
}
