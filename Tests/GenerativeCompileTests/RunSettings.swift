import Foundation

/// What one run does, from the environment (`scripts/generative-compile.sh` documents each).
struct RunSettings {
    var schemas = 200
    var batchSize = 50
    var seed: UInt64 = 20_261_123
    var modes = CompileMode.allCases
    var avoidKnownIssues = true
    var workDirectory = ".build-batches"

    static func fromEnvironment() -> RunSettings {
        let environment = ProcessInfo.processInfo.environment
        var settings = RunSettings()
        if let value = environment["GENERATIVE_SCHEMAS"].flatMap(Int.init) { settings.schemas = value }
        if let value = environment["GENERATIVE_BATCH"].flatMap(Int.init), value > 0 { settings.batchSize = value }
        if let value = environment["GENERATIVE_SEED"] {
            settings.seed = value == "random" ? UInt64.random(in: 1...UInt64(UInt32.max)) : UInt64(value) ?? settings.seed
        }
        if let value = environment["GENERATIVE_MODES"] {
            settings.modes = value.split(separator: ",").compactMap { CompileMode(rawValue: String($0)) }
        }
        if environment["GENERATIVE_KNOWN_ISSUES"] == "1" { settings.avoidKnownIssues = false }
        if let value = environment["GENERATIVE_WORK"] { settings.workDirectory = value }
        return settings
    }
}
