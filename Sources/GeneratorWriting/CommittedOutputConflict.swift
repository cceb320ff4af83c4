import Foundation
import GeneratorDiagnostics

/// A target that compiles committed generated files (the command plugin's way) and also applies
/// the build-tool plugin would define every type twice. The build plugin finds the committed files
/// and hands them to a build command of the tool, which fails with this error instead of
/// generating: a build command's output is printed once per build, while an error thrown by the
/// plugin is printed once per planning pass, and SwiftPM plans twice when its cached plan is stale.
public enum CommittedOutputConflict {
    /// The error for `target`, naming up to three of `committedFiles`, with both ways out; the
    /// command in it runs as pasted at the package's root.
    public static func diagnostic(target: String, committedFiles: [String]) -> Diagnostic {
        let examples = committedFiles.prefix(3).joined(separator: ", ") + (committedFiles.count > 3 ? ", …" : "")
        return Diagnostic(
            .error,
            "target '\(target)' compiles publisher-generator output that is committed (\(examples)) and also "
                + "applies PublisherGeneratorPlugin, which generates the same code during the build",
            hint: "delete the committed files to generate during the build, or remove the plugin from the target, "
                + "exclude its schema files, and regenerate the committed files with '\(regenerateCommand(target: target))'"
        )
    }

    /// The command plugin's invocation that rewrites `target`'s committed files.
    public static func regenerateCommand(target: String) -> String {
        "swift package --allow-writing-to-package-directory generate-publishers --target \(shellWord(target))"
    }

    /// `word` as one shell word: as is when it holds only characters no shell treats specially.
    static func shellWord(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy { scalar in
                ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                    || "_-.+/".unicodeScalars.contains(scalar)
            }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
