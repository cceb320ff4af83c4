import Foundation
import Testing

/// What DocC does not check about the catalog and the README, checked here. DocC resolves
/// `<doc:…>` links and warns about broken ones (CI builds the catalog with warnings as errors),
/// but a relative Markdown link, a leftover of a file in the repository, renders as a dead link
/// without a warning, and an article no page lists is reachable only by search.
@Suite struct DocumentationCatalogTests {
    static let catalog = FixturePaths.catalog
    static let rootPage = "SwiftPublisherGenerator"
    static let readme = FixturePaths.packageRoot.appending(path: "README.md")

    static func articles() throws -> [String: String] {
        var articles: [String: String] = [:]
        for url in FixturePaths.files(in: catalog, endingWith: ".md") {
            articles[url.deletingPathExtension().lastPathComponent] = try String(contentsOf: url, encoding: .utf8)
        }
        return articles
    }

    /// The targets of every inline Markdown link `[text](target)` in `text`.
    static func linkTargets(in text: String) -> [String] {
        text.split(separator: "\n").flatMap { line in
            line.components(separatedBy: "](").dropFirst().compactMap { rest in
                rest.split(separator: ")", maxSplits: 1).first.map(String.init)
            }
        }
    }

    @Test func articlesLinkOnlyToTheWebAndToDocC() throws {
        for (name, text) in try Self.articles() {
            let relative = Self.linkTargets(in: text).filter {
                !$0.hasPrefix("https://") && !$0.hasPrefix("http://") && !$0.hasPrefix("<doc:")
                    && !$0.hasPrefix("doc:")
            }
            #expect(
                relative.isEmpty,
                "\(name).md links to \(relative): DocC cannot follow a path; write <doc:Article> or code voice")
        }
    }

    /// User documentation speaks of what the tool does, not of how the project got there: the
    /// history of measurements, with its issue numbers and commits, is `Benchmarks/README.md`.
    @Test func articlesCiteNoIssueOfTheProjectAndNoCommit() throws {
        let projectHistory = /\b[Ii]ssues? #?[0-9]+|\(#[0-9]+\)|\bcommits? `?[0-9a-f]{7,40}\b/
        var pages = try Self.articles()
        pages["README"] = try String(contentsOf: Self.readme, encoding: .utf8)
        for (name, text) in pages {
            for line in text.split(separator: "\n") where line.contains(projectHistory) {
                Issue.record("\(name).md cites the project's history: \(line.prefix(120))")
            }
        }
    }

    /// The widest line a listing shows whole on the site at 1280 px (measured in headless
    /// Chromium by scripts/check-documentation-site.sh: 76 monospaced characters). A listing whose
    /// fence asks DocC to wrap (` ```text, wrap=80 `) may hold longer lines; the browser check
    /// proves the rest, this finds a long line without building the site.
    static let listingColumns = 76

    @Test func listingsFitTheSitesColumn() throws {
        for (name, text) in try Self.articles() {
            // The open fence and its indentation, which places the listing (in a list item) and is
            // not part of its text.
            var fence: (text: String, indentation: Int)?
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let indentation = line.prefix { $0 == " " }.count
                let trimmed = line.dropFirst(indentation)
                if trimmed.hasPrefix("```") {
                    fence = fence == nil ? (String(trimmed), indentation) : nil
                    continue
                }
                guard let fence, !fence.text.contains("wrap=") else { continue }
                let shown = line.count - min(fence.indentation, indentation)
                #expect(
                    shown <= Self.listingColumns,
                    "\(name).md:\(number + 1) is \(shown) columns in a listing; the site shows \(Self.listingColumns) (reformat it, or wrap=80 for text)"
                )
            }
        }
    }

    @Test func everyArticleIsListedOnTheRootPage() throws {
        let articles = try Self.articles()
        let root = try #require(articles[Self.rootPage])
        for name in articles.keys where name != Self.rootPage {
            #expect(root.contains("- <doc:\(name)>"), "\(name).md is not in the root page's Topics")
        }
    }

    /// A `## Topics` section makes DocC render an article as a collection: another icon, no
    /// "Article" eyebrow, and its links repeated below it in the sidebar. Only the root page
    /// organizes the others; an article points to related ones under `## See Also`.
    @Test func onlyTheRootPageHasTopics() throws {
        for (name, text) in try Self.articles() where name != Self.rootPage {
            for line in text.split(separator: "\n") where line.trimmingCharacters(in: .whitespaces) == "## Topics" {
                Issue.record("\(name).md has a '\(line)' section, so it renders as a collection; write '## See Also'")
            }
        }
    }

    /// The root page's eyebrow is the module kind the catalog's Info.plist gives; without one, the
    /// documentation plugin calls an executable's module a "Command-line Tool", which is not how
    /// people adopt the package (as a plugin).
    @Test func theRootPageCallsItselfAPackage() throws {
        let plist = try String(contentsOf: Self.catalog.appending(path: "Info.plist"), encoding: .utf8)
        #expect(
            plist.contains("<key>CDDefaultModuleKind</key>\n\t<string>Package</string>"),
            "Info.plist gives no CDDefaultModuleKind 'Package'; the root page's eyebrow would be the plugin's 'Command-line Tool'"
        )
    }

    /// The bundled examples' generated API is a module of its own on the site
    /// (scripts/build-documentation.sh builds it first and gives it to the catalog as a dependency):
    /// the root page links it in its text and lists it in its Topics, which is the sidebar.
    @Test func theRootPageLinksTheExamplesAPI() throws {
        let root = try #require(try Self.articles()[Self.rootPage])
        let link = "``/GeneratedExamples``"
        let topics = try #require(root.range(of: "\n## Topics\n"))
        #expect(root[..<topics.lowerBound].contains(link), "the root page's text does not link \(link)")
        #expect(root[topics.upperBound...].contains("- \(link)"), "the root page's Topics do not list \(link)")
    }

    @Test func theReadmeIsALandingPageWhoseLinksLead() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines <= 200, "README.md has \(lines) lines; it is the landing page, the catalog holds the rest")
        for target in Self.linkTargets(in: text) where !target.hasPrefix("https://") {
            let path = String(target.split(separator: "#").first ?? "")
            #expect(
                FileManager.default.fileExists(atPath: FixturePaths.packageRoot.appending(path: path).path),
                "README.md links to \(target), which does not exist")
        }
        let listed = Set(
            Self.linkTargets(in: text).filter { $0.contains("Documentation.docc/") }.map {
                URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent
            })
        for name in try Self.articles().keys where name != Self.rootPage {
            #expect(listed.contains(name), "README.md's Documentation section does not link \(name).md")
        }
    }
}
