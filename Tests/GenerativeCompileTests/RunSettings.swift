import Foundation

/// What one compile pass does, from the environment (scripts/generative-compile.sh documents each).
struct RunSettings: Sendable {
    var schemas = 0
    var batchSize = 40
    var seed: UInt64 = 20_261_123
    var modes = CompileMode.allCases
    /// The modes whose Swift Testing scaffolds are compiled too: Swift Testing's macros make them
    /// cost five times the XCTest ones, so by default only Swift 6 mode.
    var swiftTestingModes: [CompileMode] = [.swift6]

    static func fromEnvironment() -> RunSettings {
        let environment = ProcessInfo.processInfo.environment
        var settings = RunSettings()
        if let value = environment["GENERATIVE_SCHEMAS"].flatMap(Int.init) { settings.schemas = value }
        if let value = environment["GENERATIVE_BATCH"].flatMap(Int.init), value > 0 { settings.batchSize = value }
        if let value = environment["GENERATIVE_SEED"] {
            settings.seed =
                value == "random" ? UInt64.random(in: 1...UInt64(UInt32.max)) : UInt64(value) ?? settings.seed
        }
        if let value = environment["GENERATIVE_MODES"] { settings.modes = modes(value) }
        if let value = environment["GENERATIVE_SWIFT_TESTING_MODES"] { settings.swiftTestingModes = modes(value) }
        return settings
    }

    private static func modes(_ list: String) -> [CompileMode] {
        list == "all"
            ? CompileMode.allCases : list.split(separator: ",").compactMap { CompileMode(rawValue: String($0)) }
    }

    func frameworks(for mode: CompileMode) -> [ScaffoldFramework] {
        swiftTestingModes.contains(mode) ? [.xctest, .swiftTesting] : [.xctest]
    }
}
