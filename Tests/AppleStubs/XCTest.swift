// Stub of Apple's XCTest for type-checking test code on Linux: the test case classes and the
// assertions the generated scaffolds and the sender tests use. `XCTestCase` and its methods are
// nonisolated (a `@MainActor` subclass is accepted only because the class is not `Sendable`), the
// assertions are nonisolated functions with autoclosures. Nothing here runs.
// Sources: https://developer.apple.com/documentation/xctest

@_exported import Foundation

/// `class XCTest`.
open class XCTest: NSObject {
    open var name: String { fatalError() }
}

/// `class XCTestCase`.
open class XCTestCase: XCTest {
    open func setUp() {}
    open func tearDown() {}
    open func setUpWithError() throws {}
    open func tearDownWithError() throws {}
    open var continueAfterFailure: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    /// `func expectation(description:) -> XCTestExpectation`.
    open func expectation(description: String) -> XCTestExpectation { fatalError() }
    /// `func wait(for:timeout:)`: runs the current run loop until the expectations are fulfilled or the
    /// timeout passes.
    open func wait(for expectations: [XCTestExpectation], timeout seconds: TimeInterval) { fatalError() }
}

/// `class XCTestExpectation`: no `Sendable` conformance here, the stricter assumption.
open class XCTestExpectation: NSObject {
    public init(description expectationDescription: String) { fatalError() }
    open func fulfill() { fatalError() }
}

public func XCTAssertEqual<T: Equatable>(
    _ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T,
    _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) { fatalError() }

public func XCTAssertNotEqual<T: Equatable>(
    _ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T,
    _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) { fatalError() }

public func XCTAssertTrue(
    _ expression: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) { fatalError() }

public func XCTAssertFalse(
    _ expression: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) { fatalError() }

public func XCTAssertNil(
    _ expression: @autoclosure () throws -> Any?, _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) { fatalError() }

public func XCTAssertNotNil(
    _ expression: @autoclosure () throws -> Any?, _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) { fatalError() }

public func XCTFail(_ message: String = "", file: StaticString = #filePath, line: UInt = #line) { fatalError() }
