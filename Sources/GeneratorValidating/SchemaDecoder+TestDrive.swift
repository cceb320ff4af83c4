import GeneratorDiagnostics
import GeneratorModel
import GeneratorReading

extension SchemaDecoder {
    /// `test:`: its keys, and which of `fire`, `registrations`, `finish` and `pulls` the kind of
    /// `unit` takes, as the unit the declaration's `kind:` named says.
    mutating func decodeTestDrive(_ node: YAMLNode, of unit: any KindDecoding.Type) -> TestDrive? {
        guard let fields = MappingReader(node, what: "'test'", diagnostics: &read.diagnostics) else { return nil }
        let vocabulary = SchemaVocabulary.testDrive
        let keysKnown = fields.reportUnknownKeys(allowed: vocabulary.all, in: "'test'", read: &read)
        let kind = unit.kind
        let (required, notTaken) = unit.testDriveKeys
        let refusedHint = unit.refusedTestDriveHint
        let article = kind.rawValue.first.map { "aeiou".contains($0) } == true ? "an" : "a"
        let keysPresent = fields.reportMissingKeys(
            vocabulary.required + required, in: "'test' of \(article) \(kind.rawValue) publisher", read: &read
        )
        var keysFit = true
        for key in notTaken {
            guard let misplaced = fields[key] else { continue }
            read.diagnostics.error(
                "'test' of \(article) \(kind.rawValue) publisher takes no '\(key)'",
                hint: refusedHint,
                at: misplaced.location)
            keysFit = false
        }
        func code(_ key: String) -> FieldValue<Located<String>> {
            FieldValue(fields[key]) { read.code($0, key: key) }
        }
        let owner = code("owner")
        let publisher = code("publisher")
        let fire = code("fire")
        let registrations = code("registrations")
        let finish = code("finish")
        let pulls = code("pulls")
        guard keysKnown, keysPresent, keysFit, fields.mergesAreValid, let owner = owner.value,
            ![publisher, fire, registrations, finish, pulls].contains(where: \.isInvalid)
        else { return nil }
        return TestDrive(
            owner: owner, publisher: publisher.value, fire: fire.value, registrations: registrations.value,
            finish: finish.value, pulls: pulls.value)
    }
}
