import Foundation

/// The two suites that build packages of their own by the dozen, `PluginEndToEndTests` (every
/// plugin end-to-end package, each building the generator from source) and `ScaffoldMutationTests`
/// (every mutant, each a compile of the engine and the code generated on it), run in full only when
/// `LONG_SUITES=1`: together they took 27 minutes of `swift test` on two cores. Without it, `swift
/// test` runs a slice of each that its suite documents, chosen so that every kind of test still runs
/// once. `bash scripts/long-suites.sh` runs both in full, and CI runs it.
public enum LongSuites {
    /// The environment variable that asks for the long suites in full.
    public static let variable = "LONG_SUITES"
    /// The command that runs them, as the README, Contributing and skip messages name it.
    public static let command = "bash scripts/long-suites.sh"

    /// Whether this run asked for the long suites in full: `1`, or `rest` after a `swift test`
    /// of the same build.
    public static var inFull: Bool { ["1", "rest"].contains(ProcessInfo.processInfo.environment[variable]) }

    /// Whether this long run follows a `swift test` that already ran the slice (`LONG_SUITES=rest`,
    /// `long-suites.sh --after-swift-test`, as CI runs it): the slice's variants, which that run
    /// built and checked, are left out, and only the baseline is built again beside the rest.
    public static var leavesOutTheSlice: Bool { ProcessInfo.processInfo.environment[variable] == "rest" }

    /// Why a test of the long run did not run.
    public static let skipped = "runs only in the long run (\(command), or \(variable)=1 swift test)"
}
