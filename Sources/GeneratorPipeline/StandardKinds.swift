import GeneratorEmitting

/// The render stage's public entry points with the generator's own kinds (``KindRegistry/standard``),
/// for callers that render without ``GenerationPipeline``: the stages themselves are given their
/// kinds, and know no registry.
extension CodeGenerator {
    public init(paths: SourceLocationPaths = .currentDirectory) {
        self.init(kinds: KindRegistry.standard.emitters, paths: paths)
    }
}

extension TestSupportGenerator {
    public init(framework: Framework = .xctest, paths: SourceLocationPaths = .currentDirectory) {
        self.init(kinds: KindRegistry.standard.emitters, framework: framework, paths: paths)
    }
}

extension StarterSchema {
    /// The starter text with the generator's kinds; `path`, as given to `init`, is shown in its usage comments.
    public static func text(path: String) -> String {
        text(path: path, kinds: KindRegistry.standard.emitters)
    }
}
