// The library product: every stage of the generator, re-exported, so that `import
// PublisherGeneratorCore` gives the whole public API (the CLI, the fuzz target, the tests). The
// modules and the direction they depend on each other are drawn in Architecture.md; this target
// adds only the resources the render stage emits verbatim (`RuntimeFiles`).
@_exported import GeneratedFiles
@_exported import GeneratorDiagnostics
@_exported import GeneratorEmitting
@_exported import GeneratorLanguage
@_exported import GeneratorModel
@_exported import GeneratorPipeline
@_exported import GeneratorReading
@_exported import GeneratorValidating
@_exported import GeneratorWriting
@_exported import KindCallback
@_exported import KindDelegate
@_exported import KindObservation
@_exported import KindPeriodic
@_exported import KindPolling
@_exported import KindTargetAction
@_exported import SwiftTypeSyntax
