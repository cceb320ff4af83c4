import Foundation
import Testing

/// Architecture.md's picture of the module graph is drawn from `Package.swift`, not by hand: its
/// layers (the kinds' layer is every module under `Sources/Kinds`) and each module's edges. A
/// module or an edge added to the manifest changes the picture; `RECORD_GOLDENS=1` redraws it.
@Suite struct ArchitectureDrawingTests {
    static let article = FixturePaths.catalog.appending(path: "Architecture.md")
    static let begin = "<!-- generated: module-graph begin -->"
    static let end = "<!-- generated: module-graph end -->"

    /// The width of a listing on the documentation site (`DocumentationCatalogTests`).
    static let width = 76

    /// The layers from the top down, numbered, then the edges: the modules of a layer that depend on
    /// the same modules together, and "every module below it" for a module that depends on all of them.
    static func drawing(of targets: [String: (path: String, dependencies: [String])]) -> String {
        var layers = ArchitectureTests.layers
        layers[ArchitectureTests.kindsLayer] = targets.filter { $0.value.path.hasPrefix(ArchitectureTests.kindsFolder) }
            .keys.sorted()
        let modules = Set(layers.joined())
        var lines = ["```"]
        for (number, layer) in layers.enumerated().reversed() {
            lines += wrapped(layer, first: "\(number)  ", separator: "")
        }
        lines += ["```", "", "The edges, each pointing down:", "", "```"]
        for (number, layer) in layers.enumerated().reversed() {
            let below = Set(layers[..<number].joined())
            var groups: [(modules: [String], dependencies: [String])] = []
            for module in layer.sorted() {
                let dependencies = (targets[module]?.dependencies ?? []).filter(modules.contains).sorted()
                guard !dependencies.isEmpty else { continue }
                if let index = groups.firstIndex(where: { $0.dependencies == dependencies }) {
                    groups[index].modules.append(module)
                } else {
                    groups.append(([module], dependencies))
                }
            }
            for group in groups {
                lines += wrapped(group.modules, first: "", separator: ",")
                let all = Set(group.dependencies) == below
                lines += wrapped(all ? ["every module below it"] : group.dependencies, first: "  ─▶ ", separator: ",")
            }
        }
        lines.append("```")
        return lines.joined(separator: "\n")
    }

    /// `items` after `first`, each but the last followed by `separator`, as many to a line as fit
    /// ``width``; later lines are indented under the first item.
    static func wrapped(_ items: [String], first: String, separator: String) -> [String] {
        var lines: [String] = []
        var line = first
        for (index, item) in items.enumerated() {
            let piece = item + (index < items.count - 1 ? separator : "")
            if line.count > first.count, line.count + 1 + piece.count > width {
                lines.append(line)
                line = String(repeating: " ", count: first.count)
            }
            line += (line.count > first.count ? " " : "") + piece
        }
        lines.append(line)
        return lines
    }

    @Test func architectureDrawsTheManifestsGraph() async throws {
        let drawing = Self.drawing(of: try await ArchitectureTests.manifestTargets())
        let text = try String(contentsOf: Self.article, encoding: .utf8)
        let start = try #require(text.range(of: Self.begin), "Architecture.md has no \(Self.begin)")
        let stop = try #require(text.range(of: Self.end), "Architecture.md has no \(Self.end)")
        let drawn = String(text[start.upperBound..<stop.lowerBound]).trimmingCharacters(in: .newlines)
        if FixturePaths.isRecording {
            let updated = text[..<start.upperBound] + "\n" + drawing + "\n" + text[stop.lowerBound...]
            try Data(updated.utf8).write(to: Self.article, options: .atomic)
            return
        }
        #expect(
            drawn == drawing,
            "Architecture.md's module graph is not Package.swift's: run 'RECORD_GOLDENS=1 swift test --filter ArchitectureDrawingTests' and review the diff"
        )
    }
}
