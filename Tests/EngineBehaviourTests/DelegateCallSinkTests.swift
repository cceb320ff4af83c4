import DelegateCallHarness
import Foundation
import Testing

@testable import GeneratedFixtures

/// One return type of Apple's delegate methods, as the Objective-C runtime encodes the method, and
/// where each architecture's calling convention returns it. Encodings as `method_getTypeEncoding`
/// writes them for the documented signatures in Apple's headers (UIKit, AppKit, WebKit,
/// Foundation); `BOOL` is `B` on arm64 and `c` on x86-64.
struct DelegateReturnRow: CustomTestStringConvertible, Sendable {
    let method: String
    let encoding: String
    /// The harness's caller of the same C type, where it has one.
    let caller: HarnessCaller?
    let arm64: DelegateCallReturnShape
    let x86_64: DelegateCallReturnShape

    var testDescription: String { method }

    func shape(on architecture: DelegateCallArchitecture) -> DelegateCallReturnShape {
        architecture == .arm64 ? arm64 : x86_64
    }

    static let all: [DelegateReturnRow] = [
        .init(
            method: "tableView:numberOfRowsInSection:", encoding: "q32@0:8@16q24", caller: HarnessCallerLong,
            arm64: .integers, x86_64: .integers),
        .init(
            method: "textFieldShouldReturn: (arm64)", encoding: "B24@0:8@16", caller: HarnessCallerBool,
            arm64: .integers, x86_64: .integers),
        .init(
            method: "textFieldShouldReturn: (x86-64)", encoding: "c24@0:8@16", caller: HarnessCallerBool,
            arm64: .integers, x86_64: .integers),
        .init(
            method: "tableView:cellForRowAtIndexPath:", encoding: "@32@0:8@16@24", caller: HarnessCallerPointer,
            arm64: .integers, x86_64: .integers),
        .init(
            method: "tableView:didSelectRowAtIndexPath: (void)", encoding: "v32@0:8@16@24", caller: HarnessCallerLong,
            arm64: .integers, x86_64: .integers),
        .init(
            method: "tableView:heightForRowAtIndexPath:", encoding: "d32@0:8@16@24", caller: HarnessCallerDouble,
            arm64: .floatingPoint, x86_64: .floatingPoint),
        .init(
            method: "a float", encoding: "f24@0:8@16", caller: HarnessCallerFloat,
            arm64: .floatingPoint, x86_64: .floatingPoint),
        .init(
            method: "collectionView:layout:sizeForItemAtIndexPath:", encoding: "{CGSize=dd}40@0:8@16@24@32",
            caller: HarnessCallerSize, arm64: .floatingPoint, x86_64: .floatingPoint),
        .init(
            method: "collectionView:targetContentOffsetForProposedContentOffset:",
            encoding: "{CGPoint=dd}40@0:8@16{CGPoint=dd}24", caller: HarnessCallerSize,
            arm64: .floatingPoint, x86_64: .floatingPoint),
        .init(
            method: "a structure of two floats", encoding: "{FloatPair=ff}16@0:8", caller: HarnessCallerFloatPair,
            arm64: .floatingPoint, x86_64: .floatingPoint),
        .init(
            method: "a structure of four floats", encoding: "{FloatQuad=ffff}16@0:8", caller: HarnessCallerFloatQuad,
            arm64: .floatingPoint, x86_64: .floatingPoint),
        .init(
            method: "a structure of three doubles", encoding: "{DoubleTriple=ddd}16@0:8",
            caller: HarnessCallerDoubleTriple, arm64: .floatingPoint, x86_64: .memory(bytes: 24)),
        .init(
            method: "collectionView:layout:insetForSectionAtIndex:", encoding: "{UIEdgeInsets=dddd}40@0:8@16@24q32",
            caller: HarnessCallerRect, arm64: .floatingPoint, x86_64: .memory(bytes: 32)),
        .init(
            method: "a CGRect", encoding: "{CGRect={CGPoint=dd}{CGSize=dd}}16@0:8", caller: HarnessCallerRect,
            arm64: .floatingPoint, x86_64: .memory(bytes: 32)),
        .init(
            method: "a structure of an array of four doubles", encoding: "{Grid=[4d]}16@0:8", caller: HarnessCallerRect,
            arm64: .floatingPoint, x86_64: .memory(bytes: 32)),
        .init(
            method: "textView:willChangeSelectionFromCharacterRange:toCharacterRange:",
            encoding: "{_NSRange=QQ}56@0:8@16{_NSRange=QQ}24{_NSRange=QQ}40", caller: HarnessCallerRange,
            arm64: .integers, x86_64: .integers),
        .init(
            method: "an NSOperatingSystemVersion", encoding: "{NSOperatingSystemVersion=qqq}16@0:8",
            caller: HarnessCallerVersion, arm64: .memory(bytes: 24), x86_64: .memory(bytes: 24)),
        .init(
            method: "a CGAffineTransform", encoding: "{CGAffineTransform=dddddd}16@0:8", caller: HarnessCallerTransform,
            arm64: .memory(bytes: 48), x86_64: .memory(bytes: 48)),
        .init(
            method: "a CATransform3D", encoding: "{CATransform3D=dddddddddddddddd}16@0:8",
            caller: HarnessCallerTransform3D, arm64: .memory(bytes: 128), x86_64: .memory(bytes: 128)),
        .init(
            method: "an integer and a double", encoding: "{Mixed=qd}16@0:8", caller: nil,
            arm64: .integers, x86_64: .mixed),
        .init(
            method: "r^v (a const pointer)", encoding: "r^v16@0:8", caller: HarnessCallerPointer,
            arm64: .integers, x86_64: .integers),
    ]
}

/// Where each architecture returns each of Apple's delegate return types, read from its encoding.
@Suite struct DelegateCallReturnShapeTests {
    @Test(arguments: DelegateReturnRow.all, DelegateCallArchitecture.allCases)
    func readsTheReturnShapeFromTheEncoding(row: DelegateReturnRow, architecture: DelegateCallArchitecture) {
        #expect(DelegateCallReturnShape(encoding: row.encoding, on: architecture) == row.shape(on: architecture))
    }

    @Test func textThatIsNoEncodingReturnsInTheIntegerRegisters() {
        #expect(DelegateCallReturnShape(encoding: "", on: .arm64) == .integers)
        #expect(DelegateCallReturnShape(encoding: "{Unclosed=dd", on: .x86_64) == .integers)
    }

    /// Zeros are written up to the largest size the sink has that fits, never past the buffer.
    @Test func memoryIsZeroedUpToTheLargestSizeThatFits() {
        #expect(DelegateCallReturnShape.memorySize(for: 24, on: .arm64) == 24)
        #expect(DelegateCallReturnShape.memorySize(for: 32, on: .arm64) == 24)
        #expect(DelegateCallReturnShape.memorySize(for: 32, on: .x86_64) == 32)
        #expect(DelegateCallReturnShape.memorySize(for: 128, on: .x86_64) == 48)
        #expect(DelegateCallReturnShape.memorySize(for: 20, on: .x86_64) == nil)
    }

    @Test func structureSizesFollowTheCLayout() {
        let encoding = DelegateCallEncoding("{Padded=cdi}16@0:8")
        #expect(encoding?.returnType.size == 24)
        #expect(DelegateCallEncoding("{Bits=b3b5}16@0:8")?.returnType.leaves.count == 2)
        #expect(
            DelegateCallEncoding("v32@0:8@\"UITableView\"16@?<v@?q>24")?.arguments == [
                .pointer, .pointer, .pointer, .block,
            ])
    }
}

/// The calling-convention proof for this machine's architecture: for every row, the C function of
/// the sink chosen for it (Tests/DelegateCallHarness, which returns what DelegateCallSink's
/// functions return) is called through a pointer of the caller's type after another call left
/// non-zero bytes where that type is read; every byte the caller reads is zero.
@Suite struct DelegateCallSinkHarnessTests {
    static var architecture: DelegateCallArchitecture { .current }

    static func harnessSink(_ call: DelegateSwallowedCall) -> HarnessSink { harnessSink(call, on: architecture) }

    /// The harness's C function that returns what the sink `call` gets on `architecture` returns.
    static func harnessSink(_ call: DelegateSwallowedCall, on architecture: DelegateCallArchitecture) -> HarnessSink {
        switch call.sink(on: architecture) {
        case .integers, .handlers: call.answer == 1 ? HarnessSinkYes : HarnessSinkIntegers
        case .floatingPoint: HarnessSinkFloatingPoint
        case .memory(bytes: 48): HarnessSinkMemory48
        case .memory(bytes: 32): HarnessSinkMemory32
        case .memory: HarnessSinkMemory24
        }
    }

    @Test(arguments: DelegateReturnRow.all.filter { $0.caller != nil })
    func theChosenSinkZeroesWhatTheCallerReads(row: DelegateReturnRow) throws {
        let caller = try #require(row.caller)
        let call = DelegateSwallowedCall(selector: row.method, encoding: row.encoding, on: Self.architecture)
        let function = harness_sink(Self.harnessSink(call))
        let size = Int(harness_size(caller))
        let zeroed = Int(harness_leading_zero_bytes(caller, function))
        if case .memory(let bytes) = call.sink(on: Self.architecture), bytes < size {
            // Past the sink's largest size the bytes are the caller's; none of Apple's delegate methods returns one.
            #expect(zeroed >= bytes, "\(zeroed) of \(size) bytes zero")
        } else {
            #expect(zeroed == size, "\(zeroed) of \(size) bytes zero")
        }
    }

    /// The harness sees the failure the wrong sink causes: a CGSize read through the integer sink
    /// is the previous call's floating-point registers, and a CGRect returned in memory on x86-64
    /// is left as it was by a sink that returns in registers.
    @Test func theHarnessSeesAWrongSink() {
        #expect(
            harness_leading_zero_bytes(HarnessCallerSize, harness_sink(HarnessSinkIntegers))
                < harness_size(HarnessCallerSize))
        if Self.architecture == .x86_64 {
            #expect(harness_leading_zero_bytes(HarnessCallerRect, harness_sink(HarnessSinkFloatingPoint)) < 32)
        }
    }

    @Test func aShouldMethodWhoseDefaultIsYesReadsYes() {
        let call = DelegateSwallowedCall(
            selector: "textFieldShouldReturn:", encoding: "B24@0:8@16", on: Self.architecture)
        #expect(call.answer == 1)
        #expect(harness_bool(harness_sink(Self.harnessSink(call))) == 1)
        let other = DelegateSwallowedCall(
            selector: "gestureRecognizer:shouldRecognizeSimultaneouslyWithGestureRecognizer:",
            encoding: "B32@0:8@16@24", on: Self.architecture)
        #expect(harness_bool(harness_sink(Self.harnessSink(other))) == 0)
    }
}

/// The table `scripts/check-calling-conventions.sh` runs the harness with on arm64 (under qemu):
/// what this runtime chooses for each row there, so that the file cannot drift from the code.
/// `RECORD_GOLDENS=1` rewrites it.
@Suite struct CallingConventionTableTests {
    static let path = "Tests/CallingConventionCheck/arm64-table.inc"

    static func table() -> String {
        var lines = [
            "// Generated by CallingConventionTableTests from DelegateReturnRow.all: for each return type of",
            "// Apple's delegate methods, the arm64 caller, the sink this runtime chooses there, and how many",
            "// leading bytes of the result must read zero. RECORD_GOLDENS=1 swift test rewrites it.",
        ]
        for row in DelegateReturnRow.all {
            guard let caller = row.caller else { continue }
            let call = DelegateSwallowedCall(selector: row.method, encoding: row.encoding, on: .arm64)
            var bytes = Int(harness_size(caller))
            if case .memory(let sink) = call.sink(on: .arm64) { bytes = min(bytes, sink) }
            let sink = DelegateCallSinkHarnessTests.harnessSink(call, on: .arm64)
            lines.append("{\(caller.rawValue), \(sink.rawValue), \(bytes)},  // \(row.method)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func theArm64TableIsWhatTheRuntimeChooses() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let url = root.appending(path: Self.path)
        if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" {
            try Self.table().write(to: url, atomically: true, encoding: .utf8)
        }
        #expect(try String(contentsOf: url, encoding: .utf8) == Self.table())
    }
}
