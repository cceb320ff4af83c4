import Foundation
import Stencil

/// Renders the generator's Stencil templates: the ones built into the tool, or a user's own.
public struct TemplateRenderer {
    private let environment: Environment
    /// Owned here, not by the loader: a parsed template refers back to its environment and so to
    /// the loader, and a loader that owned the templates would never be freed.
    private let cache = TemplateCache()

    /// Uses the built-in templates, each replaced by a file of the same name in
    /// `overrideDirectory` when there is one.
    public init(overrideDirectory: String? = nil) {
        let loader = OverridingLoader(directory: overrideDirectory, embedded: EmbeddedTemplates.byName, cache: cache)
        environment = Environment(loader: loader, trimBehaviour: .smart)
    }

    /// The names of the built-in templates.
    public static var embeddedTemplateNames: [String] { EmbeddedTemplates.byName.keys.sorted() }

    public func render(_ name: String, context: [String: Any]) throws -> String {
        try environment.renderTemplate(name: name, context: context)
    }
}

/// Looks in a user's directory first, then in the built-in templates. Each template is parsed once:
/// the kind templates are included once per declaration, and parsing dominated rendering.
private final class OverridingLoader: Loader {
    let directory: String?
    let embedded: [String: String]
    private weak var cache: TemplateCache?

    init(directory: String?, embedded: [String: String], cache: TemplateCache) {
        self.directory = directory
        self.embedded = embedded
        self.cache = cache
    }

    func loadTemplate(name: String, environment: Environment) throws -> Template {
        if let template = cache?.parsed[name] { return template }
        let template = try parse(name, environment: environment)
        cache?.parsed[name] = template
        return template
    }

    private func parse(_ name: String, environment: Environment) throws -> Template {
        if let directory {
            let path = (directory as NSString).appendingPathComponent(name)
            if let data = FileManager.default.contents(atPath: path) {
                return environment.templateClass.init(
                    templateString: String(decoding: data, as: UTF8.self), environment: environment, name: name)
            }
        }
        guard let text = embedded[name] else { throw TemplateNotFound(name: name, directory: directory) }
        return environment.templateClass.init(templateString: text, environment: environment, name: name)
    }
}

/// Parsed templates, by name.
private final class TemplateCache {
    var parsed: [String: Template] = [:]
}

/// A template that is neither built in nor in the override directory.
struct TemplateNotFound: Error, CustomStringConvertible {
    let name: String
    let directory: String?

    var description: String {
        "no template named '\(name)'" + (directory.map { " in '\($0)' or" } ?? "") + " among the built-in templates"
    }
}
