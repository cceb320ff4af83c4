import Foundation
import PublisherGeneratorCore
import RandomSchemas
import Testing

/// Random schemas that validate, each with one typo in one type or expression field (a bracket,
/// angle bracket, parenthesis, `?`, `:`, `;` or quote deleted or inserted, by `SchemaMutator`).
/// Each must be rejected by validation with an error at the edited line, or generate code that
/// compiles. A typo that leaves a valid type can change what the schema means (`Int` for `Int?`);
/// the compiler then reports the mismatch in the schema's own code, at its lines through
/// `#sourceLocation` or at a parameter's default value (printed in the generated signature, where
/// the directive cannot go), which is counted apart. Any other error in generated code fails the
/// test, except that a typo can make a valid type that does not exist (`S:tring` in a tuple is a
/// label and a type `tring`): the compiler's "cannot find type" names it, and that is counted apart
/// too; whether a type exists is what only the compiler can know.
///
/// Runs only when `GENERATIVE_MUTATIONS` is set (CI runs a bounded pass); `GENERATIVE_SEED`,
/// `GENERATIVE_BATCH` and `GENERATIVE_MODES` apply as to the unmutated pass.
@Suite struct MutatedSchemaCompileTests {
    static let count = ProcessInfo.processInfo.environment["GENERATIVE_MUTATIONS"].flatMap(Int.init) ?? 0

    @Test(.enabled(if: count > 0, "set GENERATIVE_MUTATIONS, see scripts/generative-compile.sh"))
    func everyMutatedSchemaIsRejectedAtItsLineOrCompiles() async throws {
        var settings = RunSettings.fromEnvironment()
        settings.schemas = Self.count
        progress("mutated schemas: \(settings.schemas), seed \(settings.seed), batches of \(settings.batchSize)")
        var runner = BatchRunner(settings: settings, products: try BuildProducts.locate())
        runner.acceptsErrorsAtSchemaLines = true
        // Swift Testing runs this beside the unmutated pass: each compiles in its own folder.
        runner.folder = "MutatedBatch"
        // Another run seed than the unmutated pass's, so that the two passes see different schemas.
        var composer = SchemaComposer(runSeed: settings.seed ^ 0x26)
        var pending: [BatchRunner.Entry] = []
        var mutated = 0
        var rejectedAtLine = 0
        var rejections: [String] = []
        for index in 0..<settings.schemas {
            let schema = composer.schema(index: index)
            guard schema.invalidBecause == nil,
                let mutation = SchemaMutator.mutate(
                    schema, spots: Self.spots(in: schema.yaml, fileName: schema.fileName),
                    seed: SeededRandom.seed(ofSchema: index, inRun: settings.seed))
            else { continue }
            mutated += 1
            let stem = String(schema.fileName.prefix { $0 != "." })
            runner.defaultsBySchema[stem] = Self.spots(in: mutation.schema.yaml, fileName: schema.fileName)
                .filter(\.isExpression).map(\.text)
            if !mutation.spot.isExpression {
                runner.editedTypeNames[stem] = mutation.edited.split { !($0.isLetter || $0.isNumber || $0 == "_") }
                    .map(String.init)
            }
            let modules = settings.modes.map(\.module)
            switch try SchemaRendering.render(mutation.schema.yaml, fileName: schema.fileName, modules: modules) {
            case let .rejected(errors):
                if errors.contains("\(schema.fileName):\(mutation.spot.line):") {
                    rejectedAtLine += 1
                } else {
                    rejections.append(
                        "REJECTED elsewhere than line \(mutation.spot.line) (\(mutation.spot.key): "
                            + "'\(mutation.spot.text)', \(mutation.edit)): seed \(settings.seed), schema \(index)\n"
                            + mutation.schema.yaml + errors)
                    progress("\n" + rejections.last!)
                }
            case let .rendered(files):
                pending.append((mutation.schema, files))
            }
            if pending.count == settings.batchSize {
                try await runner.compile(pending: pending)
                pending.removeAll()
            }
        }
        try await runner.compile(pending: pending)
        let tally = runner.tally
        progress(
            "mutated schemas: \(mutated) mutated, \(rejectedAtLine) rejected at the edited line, "
                + "\(rejections.count) rejected elsewhere, \(tally.compiled) compiled, \(tally.errorsAtSchemaLines) "
                + "with compile errors in schema code only, \(tally.unknownTypes) naming a type that does not exist, "
                + "\(tally.failed) failed, \(tally.unverified) unverified")
        for rejection in rejections { Issue.record(Comment(rawValue: rejection)) }
        for failure in runner.failures { Issue.record(Comment(rawValue: failure)) }
        #expect(mutated * 2 >= settings.schemas, "only \(mutated) of \(settings.schemas) schemas had a field to edit")
        #expect(rejectedAtLine > 0)
    }

    /// The type and expression scalars of a schema, where they were written: every type field,
    /// and each parameter's `default:`.
    static func spots(in yaml: String, fileName: String) -> [SchemaMutator.Spot] {
        guard let root = YAMLComposer(path: fileName).compose(Array(yaml.utf8)).root,
            case let .mapping(pairs) = root.content,
            let publishers = pairs.first(where: { text($0.key) == "publishers" })?.value,
            case let .sequence(declarations) = publishers.content
        else { return [] }
        var spots: [SchemaMutator.Spot] = []
        for declaration in declarations {
            guard case let .mapping(fields) = declaration.content else { continue }
            for field in fields {
                switch text(field.key) {
                case "on", "output", "failure", "token":
                    spots += spot(field.value, key: text(field.key)!, isExpression: false)
                case "event":
                    if case let .mapping(event) = field.value.content {
                        for pair in event where text(pair.key) == "type" {
                            spots += spot(pair.value, key: "type", isExpression: false)
                        }
                    } else {
                        spots += spot(field.value, key: "event", isExpression: false)
                    }
                case "parameters":
                    guard case let .sequence(parameters) = field.value.content else { continue }
                    for parameter in parameters {
                        guard case let .mapping(keys) = parameter.content else { continue }
                        for pair in keys {
                            if text(pair.key) == "type" { spots += spot(pair.value, key: "type", isExpression: false) }
                            if text(pair.key) == "default" {
                                spots += spot(pair.value, key: "default", isExpression: true)
                            }
                        }
                    }
                default:
                    continue
                }
            }
        }
        return spots
    }

    private static func text(_ node: YAMLNode) -> String? {
        if case let .scalar(text, _, _) = node.content { return text }
        return nil
    }

    private static func spot(_ node: YAMLNode, key: String, isExpression: Bool) -> [SchemaMutator.Spot] {
        guard case let .scalar(text, _, _) = node.content else { return [] }
        return [
            SchemaMutator.Spot(
                key: key, line: node.location.line, column: node.location.column, text: text,
                isExpression: isExpression)
        ]
    }
}
