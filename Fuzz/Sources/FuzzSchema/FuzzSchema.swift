import PublisherGeneratorCore

/// libFuzzer's entry point: any bytes must give diagnostics or generated code, never a crash, a
/// hang or a leak.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSchema(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let limits = YAMLLimits(maximumFileSize: 1 << 20, maximumDepth: 64, maximumExpandedNodes: 200_000)
    let outcome = SchemaLoader(limits: limits).load(bytes: bytes, path: "fuzz.publishers.yaml")
    for diagnostic in outcome.diagnostics.diagnostics {
        precondition(!diagnostic.description.isEmpty)
    }
    guard let file = outcome.file else { return 0 }
    do {
        _ = try CodeGenerator().generate([file])
        _ = try TestSupportGenerator().generate([file], module: "Fuzzed")
    } catch is TestSupportGenerator.Failure {
        // Missing sample values are an ordinary diagnostic.
    } catch {
        preconditionFailure("rendering a valid schema failed: \(error)")
    }
    return 0
}

/// libFuzzer's driver, which runs the fuzzing loop over ``fuzzSchema(_:_:)``.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ body: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

/// SwiftPM links an executable's entry point under this name; hand control to libFuzzer.
@_cdecl("FuzzSchema_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments) { data, size in fuzzSchema(data, size) }
}
