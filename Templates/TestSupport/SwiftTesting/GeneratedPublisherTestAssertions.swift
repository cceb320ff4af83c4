//
// The test subscriber's assertions, for Swift Testing. Emitted once per test module beside
// GeneratedPublisherTestSupport.swift, which is the same for every test framework.

import Testing

@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, *)
nonisolated extension PublisherTestSubscriber {
    func assertValueCount(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(values.count == count, "values received", sourceLocation: sourceLocation)
    }

    func assertNoCompletion(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(completions.isEmpty, "expected no completion, got \(completions)", sourceLocation: sourceLocation)
    }

    func assertFinishedOnce(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(completions.count == 1, "completions", sourceLocation: sourceLocation)
        #expect(isFinished, "expected .finished, got \(completions)", sourceLocation: sourceLocation)
    }

    func assertFailedOnce(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(completions.count == 1, "completions", sourceLocation: sourceLocation)
        #expect(failure != nil, "expected a failure, got \(completions)", sourceLocation: sourceLocation)
    }

    func assertSerialized(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(overlappingCalls == 0, "calls into the subscriber overlapped", sourceLocation: sourceLocation)
    }
}
