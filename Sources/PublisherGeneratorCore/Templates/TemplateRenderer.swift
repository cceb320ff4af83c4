import Stencil

/// Renders the generator's Stencil templates: the embedded ones, or a user's from a directory.
public struct TemplateRenderer {
    private let environment: Environment

    /// Uses the templates built into the tool.
    public init() {
        environment = Environment(
            loader: DictionaryLoader(templates: EmbeddedTemplates.byName), trimBehaviour: .smart)
    }

    /// The names of the embedded templates.
    public static var embeddedTemplateNames: [String] { EmbeddedTemplates.byName.keys.sorted() }

    public func render(_ name: String, context: [String: Any]) throws -> String {
        try environment.renderTemplate(name: name, context: context)
    }
}
