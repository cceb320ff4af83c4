import Foundation

/// A child process that a test awaits without blocking a thread. Swift Testing runs every test,
/// synchronous or not, on the cooperative pool of one thread per core: a test that waited for
/// `swift build` on one of them starved every other test's tasks, and the waits that needed them
/// ran out.
///
/// The pipes are drained by threads of their own while the child runs, so a child that fills one
/// never stalls, and the end is awaited through `terminationHandler`.
public final class ChildProcess: @unchecked Sendable {
    /// The exit status and what the child wrote.
    public struct Outcome: Sendable {
        public var status: Int32
        public var standardOutput: String
        /// Empty when the child's errors were merged into its output.
        public var standardError: String
    }

    public let processIdentifier: Int32
    /// Left by the termination handler and by each pipe's reader at its end of file. The buffers
    /// below are written only before their reader leaves and read only once all have left.
    private let finished = DispatchGroup()
    private var output = Data()
    private var error = Data()
    private let process = Process()

    /// Whether this child holds one of the process slots, which it frees when it exits.
    private let holdsASlot: Bool

    /// Starts `executable` with `arguments`, in `directory` when given, once a slot is free.
    /// `mergingErrors` sends standard error into the same pipe as standard output, interleaved as
    /// a terminal shows them. `environment` adds to (or replaces) this process's variables.
    /// `takingASlot: false` starts it at once, for a child of ``holdingEverySlot(_:)``'s body.
    public static func start(
        _ executable: URL, _ arguments: [String], in directory: URL? = nil, mergingErrors: Bool = false,
        environment: [String: String] = [:], takingASlot: Bool = true
    ) async throws -> ChildProcess {
        if takingASlot { await ProcessSlots.shared.acquire() }
        do {
            return try ChildProcess(
                executable, arguments, in: directory, mergingErrors: mergingErrors, environment: environment,
                holdsASlot: takingASlot)
        } catch {
            if takingASlot { ProcessSlots.shared.release() }
            throw error
        }
    }

    /// Runs `executable` to its end.
    public static func run(
        _ executable: URL, _ arguments: [String], in directory: URL? = nil, mergingErrors: Bool = false,
        environment: [String: String] = [:], takingASlot: Bool = true
    ) async throws -> Outcome {
        try await start(
            executable, arguments, in: directory, mergingErrors: mergingErrors, environment: environment,
            takingASlot: takingASlot
        ).outcome()
    }

    /// Runs `body` holding every slot, so that no other test's child (a build, which uses every
    /// core) runs beside the children it starts with `takingASlot: false`: children that mostly
    /// wait, more of which than cores can share the processors, but whose waits a build beside them
    /// could starve. Other tests' children start once it returns.
    public static func holdingEverySlot<Result: Sendable>(
        _ body: @Sendable () async throws -> Result
    ) async rethrows -> Result {
        await ProcessSlots.shared.acquire(ProcessSlots.shared.count)
        defer { ProcessSlots.shared.release(ProcessSlots.shared.count) }
        return try await body()
    }

    private init(
        _ executable: URL, _ arguments: [String], in directory: URL?, mergingErrors: Bool,
        environment: [String: String], holdsASlot: Bool
    ) throws {
        self.holdsASlot = holdsASlot
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, added in added }
        }
        let outputPipe = Pipe()
        let errorPipe = mergingErrors ? nil : Pipe()
        process.standardOutput = outputPipe
        process.standardError = errorPipe ?? outputPipe
        // Entered before the child starts, so the group cannot empty early.
        for _ in 0..<(errorPipe == nil ? 2 : 3) { finished.enter() }
        process.terminationHandler = { [finished, holdsASlot] _ in
            if holdsASlot { ProcessSlots.shared.release() }
            finished.leave()
        }
        try process.run()
        processIdentifier = process.processIdentifier
        drain(outputPipe) { self.output = $0 }
        if let errorPipe { drain(errorPipe) { self.error = $0 } }
    }

    /// Reads `pipe` to its end on a thread of its own: a blocking read, kept off the pool.
    private func drain(_ pipe: Pipe, into store: @escaping @Sendable (Data) -> Void) {
        let handle = pipe.fileHandleForReading
        Thread { [finished] in
            store(Self.readToEnd(handle.fileDescriptor))
            finished.leave()
        }.start()
    }

    /// Everything `descriptor` yields until its end. `read(2)` itself, not `FileHandle`'s
    /// `readDataToEndOfFile()`, which traps when a signal interrupts the read (`EINTR`); a
    /// test process that runs many children receives signals.
    private static func readToEnd(_ descriptor: Int32) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(contentsOf: buffer[..<count])
            } else if count == 0 || errno != EINTR {
                return data
            }
        }
    }

    /// Sends `signal` to the child, e.g. `SIGKILL` to interrupt it.
    public func send(_ signal: Int32) {
        kill(processIdentifier, signal)
    }

    /// Waits, without blocking, until the child has exited and both pipes are read.
    public func outcome() async -> Outcome {
        await withCheckedContinuation { continuation in
            finished.notify(queue: .global()) {
                continuation.resume(
                    returning: Outcome(
                        status: self.process.terminationStatus,
                        standardOutput: String(decoding: self.output, as: UTF8.self),
                        standardError: String(decoding: self.error, as: UTF8.self)))
            }
        }
    }
}
