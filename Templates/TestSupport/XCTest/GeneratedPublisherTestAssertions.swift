//
// The test subscriber's assertions, for XCTest. Emitted once per test module beside
// GeneratedPublisherTestSupport.swift, which is the same for every test framework.

import XCTest

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated extension PublisherTestSubscriber {
    func assertValueCount(_ count: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(values.count, count, "values received", file: file, line: line)
    }

    func assertNoCompletion(file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(completions.isEmpty, "expected no completion, got \(completions)", file: file, line: line)
    }

    func assertFinishedOnce(file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(completions.count, 1, "completions", file: file, line: line)
        XCTAssertTrue(isFinished, "expected .finished, got \(completions)", file: file, line: line)
    }

    func assertFailedOnce(file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(completions.count, 1, "completions", file: file, line: line)
        XCTAssertNotNil(failure, "expected a failure, got \(completions)", file: file, line: line)
    }

    func assertSerialized(file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(overlappingCalls, 0, "calls into the subscriber overlapped", file: file, line: line)
    }
}
