/// The first line of every generated file. Tools recognise generated files by it and refuse to
/// overwrite a file without it. It names no version or date, so identical input gives identical
/// bytes.
public enum GeneratedFileHeader {
    public static func text(source: String?) -> String {
        let origin = source.map { " from \($0)" } ?? ""
        return "\(GeneratedFileNames.headerMarker)\(origin). Do not edit: change the schema and generate again."
    }

    /// Whether `contents` starts with the generated-file marker.
    public static func isGenerated(_ contents: String) -> Bool {
        contents.hasPrefix(GeneratedFileNames.headerMarker)
    }
}
