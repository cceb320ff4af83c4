import PublisherGeneratorCore

/// libFuzzer's entry point: any bytes must give diagnostics or generated code, never a crash, a
/// hang or a leak. Runs the same pipeline as the CLI, through rendering, for both products.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSchema(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let limits = YAMLLimits(maximumFileSize: 1 << 20, maximumDepth: 64, maximumExpandedNodes: 200_000)
    let input = GenerationPipeline.Input.source(bytes: bytes, path: "fuzz.publishers.yaml")
    let products: [GenerationPipeline.Product] = [.publishers, .tests(module: "Fuzzed", framework: .xctest)]
    for product in products {
        let diagnostics = CollectingDiagnosticSink()
        let outcome = try! GenerationPipeline(product: product, limits: limits).run(
            input, through: .render, diagnostics: diagnostics)
        for diagnostic in diagnostics.diagnostics {
            precondition(!diagnostic.description.isEmpty)
            // Problems of the input have a place in it; one without is the tool failing.
            precondition(diagnostic.path != nil, "rendering a valid schema failed: \(diagnostic)")
        }
        precondition(outcome.succeeded == !diagnostics.hasErrors)
        precondition(!outcome.succeeded || !outcome.outputs.isEmpty)
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
