import PublisherGeneratorCore
import Testing

@testable import GeneratorWriting

/// The command in the refusal of committed output runs as pasted, whatever the target is called.
@Suite struct CommittedOutputConflictTests {
    @Test(arguments: [
        ("Clock", "Clock"), ("My_Target-2", "My_Target-2"), ("My App", "'My App'"), ("It's", "'It'\\''s'"),
    ])
    func targetIsOneShellWord(target: String, word: String) {
        #expect(
            CommittedOutputConflict.regenerateCommand(target: target)
                == "swift package --allow-writing-to-package-directory generate-publishers --target \(word)")
    }

    @Test func namesThreeFilesAtMost() {
        let files = (1...5).map { "Generated/File\($0).swift" }
        let message = CommittedOutputConflict.diagnostic(target: "Clock", committedFiles: files).message
        #expect(message.contains("(Generated/File1.swift, Generated/File2.swift, Generated/File3.swift, …)"))
    }
}
