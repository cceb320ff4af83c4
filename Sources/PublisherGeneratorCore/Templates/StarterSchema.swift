/// The commented starter schema that `publisher-generator init` writes.
public enum StarterSchema {
    public static let templateName = "starter.publishers.yaml.stencil"

    /// The starter text; `fileName` is shown in its usage comments.
    public static func render(fileName: String) throws -> String {
        try TemplateRenderer().render(
            templateName,
            context: [
                "fileName": fileName,
                "version": SchemaFile.supportedVersions.last ?? 1,
                "kinds": PublisherKind.allCases.map(\.rawValue).joined(separator: ", "),
            ])
    }
}
