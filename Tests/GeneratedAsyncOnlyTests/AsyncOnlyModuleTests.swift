import Foundation
import GeneratedAsyncOnly
import Testing

/// The module generated from `emit: [async]` schemas (Tests/Fixtures/AsyncOnly): it builds and runs
/// without Combine or OpenCombine, and its sequences behave as documented.
@Suite struct AsyncOnlyModuleTests {
    static let moduleDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appending(path: "GeneratedAsyncOnly")

    /// Neither this target nor the module it tests depends on Combine or OpenCombine
    /// (Package.swift), and no file of the module imports either.
    @Test func noFileOfTheModuleImportsCombine() throws {
        let files = try FileManager.default.subpathsOfDirectory(atPath: Self.moduleDirectory.path)
            .filter { $0.hasSuffix(".swift") }
        #expect(files.count >= 5)
        for file in files {
            let text = try String(contentsOf: Self.moduleDirectory.appending(path: file), encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("import ") {
                #expect(!line.contains("Combine"), "\(file): \(line)")
            }
        }
    }

    @Test func readingsKeepTheLatestAndUnregisterWhenTheIteratorGoes() async throws {
        let thermometer = Thermometer()
        let consumer = Task {
            var iterator = thermometer.readingsSequence().makeAsyncIterator()
            let first = try await iterator.next()
            return first
        }
        while thermometer.listenerCount == 0 { await Task.yield() }
        thermometer.report(21.5)
        #expect(try await consumer.value == 21.5)
        #expect(thermometer.listenerCount == 0)
        #expect(thermometer.removalCount == 1)
    }

    @Test func aDisconnectFailsWithItsType() async {
        let thermometer = Thermometer()
        let consumer = Task { () async -> Thermometer.Failure? in
            do throws(Thermometer.Failure) {
                for try await _ in thermometer.readingsSequence() {}
                return nil
            } catch {
                return error
            }
        }
        while thermometer.listenerCount == 0 { await Task.yield() }
        thermometer.disconnect()
        #expect(await consumer.value == .disconnected)
        #expect(thermometer.removalCount == 1)
    }

    @Test func pagesArePulledOneByOne() async throws {
        var pages: [[String]] = []
        for try await page in PageCursor().pagesSequence() { pages.append(page) }
        #expect(pages == [["a", "b"], ["c"]])
    }

    @Test func stepsAddATargetPerIteration() async {
        // The task is the stepper's only user while it runs.
        nonisolated(unsafe) let stepper = Stepper()
        let consumer = Task {
            var iterator = stepper.stepsSequence().makeAsyncIterator()
            return await iterator.next()
        }
        _ = consumer
        let cancelled = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            var iterator = stepper.stepsSequence().makeAsyncIterator()
            return await iterator.next()
        }
        #expect(await cancelled.value == nil)
        consumer.cancel()
        #expect(await consumer.value == nil)
        #expect(stepper.liveTargetCount == 0)
    }
}
