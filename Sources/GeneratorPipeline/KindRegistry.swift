import GeneratorEmitting
import GeneratorLanguage
import GeneratorModel
import GeneratorValidating
import KindCallback
import KindDelegate
import KindObservation
import KindPeriodic
import KindPolling
import KindTargetAction

/// A kind's whole unit: the parts every stage asks of it. Each kind's folder has one type that
/// conforms, and `KindRegistry.standardUnits` lists it.
package typealias SourceKind = KindDecoding & KindEmitting

/// The kinds the pipeline generates, as a value: the one list of kinds, and the tables each stage
/// is given from it (the language, the decoders, the emitters). ``GenerationPipeline`` and
/// ``SchemaLoader`` pass it down; no stage looks a kind up anywhere else.
///
/// Adding a kind is a folder with its unit and a line in `standardUnits`.
public struct KindRegistry: Sendable {
    /// Every kind's unit, in the order the documentation lists kinds.
    let units: [any SourceKind.Type]
    /// What the language says, with these kinds.
    public let language: SchemaLanguage
    /// The kinds as the validate stage knows them.
    package let decoders: KindDecoders
    /// The kinds as the render stage knows them.
    package let emitters: KindEmitters

    /// Why units cannot make one registry: the stages find a unit by its kind's spelling (`kind:`)
    /// and by its model's type (a declaration's source), so each must be one unit's.
    public enum Refusal: Error, Equatable, CustomStringConvertible {
        /// Two units spell their kinds alike.
        case spelledTwice(String)
        /// Two units decode to one model type, named here.
        case modelTwice(String)

        public var description: String {
            switch self {
            case let .spelledTwice(spelling): "two kinds are spelled '\(spelling)'"
            case let .modelTwice(model): "two kinds decode to '\(model)'"
            }
        }
    }

    /// The registry of `units`, in their order.
    ///
    /// - Throws: ``Refusal`` when two units share a spelling or a model type.
    package init(_ units: [any SourceKind.Type]) throws(Refusal) {
        var spellings = Set<String>()
        var models = Set<ObjectIdentifier>()
        for unit in units {
            // One model has one spelling, so its second unit is named by the model, the clearer.
            guard models.insert(ObjectIdentifier(unit.sourceType)).inserted else {
                throw .modelTwice(String(describing: unit.sourceType))
            }
            guard spellings.insert(unit.kind.rawValue).inserted else { throw .spelledTwice(unit.kind.rawValue) }
        }
        self.units = units
        decoders = KindDecoders(units.map { $0 })
        language = decoders.language
        emitters = KindEmitters(units.map { $0 })
    }

    /// The generator's kinds' units: the one list of kinds.
    package static let standardUnits: [any SourceKind.Type] = [
        CallbackKind.self,
        PollingKind.self,
        TargetActionKind.self,
        PeriodicKind.self,
        DelegateKind.self,
        ObservationKind.self,
    ]

    /// The generator's kinds; `KindRegistryTests` builds them, so the list has no clash.
    public static let standard = try! KindRegistry(standardUnits)

    /// Every registered kind, in the registry's order.
    public var kinds: [PublisherKind] { language.kinds }

    /// The key sets the decoder checks, with these kinds.
    public var vocabulary: SchemaVocabulary { decoders.vocabulary }

    /// Whether `kind`'s values are pushed by its source (they need a no-demand policy and a start
    /// policy), rather than pulled only while there is demand; `false` for a kind not registered.
    public func isPush(_ kind: PublisherKind) -> Bool {
        language.delivery(of: kind) == .push
    }
}
