import GeneratorDiagnostics

/// Names that must be unique, checked one way everywhere: publisher names within a file and across
/// the files generated together, parameter names within a declaration.
enum DuplicateNames {
    /// An error for every name in `names` that an earlier one already took, pointing back at the
    /// first: by line and column within the same file, by path across files.
    static func clashes(in names: [Located<String>], what: String) -> [Diagnostic] {
        var first: [String: SourceLocation] = [:]
        return names.compactMap { name in
            guard let earlier = first[name.value] else {
                first[name.value] = name.location
                return nil
            }
            return clash(name, with: earlier, what: what)
        }
    }

    /// The error for `name`, declared again after `earlier`.
    static func clash(_ name: Located<String>, with earlier: SourceLocation, what: String) -> Diagnostic {
        let sameFile = earlier.path == name.location.path
        let place = sameFile ? "line \(earlier.line), column \(earlier.column)" : earlier.description
        let hint = sameFile ? "rename one of them" : "rename one of them; files generated together share one module"
        return .error(
            "duplicate \(what) '\(name.value)'; it is already declared at \(place)", hint: hint, at: name.location)
    }
}
