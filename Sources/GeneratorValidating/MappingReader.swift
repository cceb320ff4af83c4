import GeneratorDiagnostics
import GeneratorLanguage
import GeneratorReading

/// Reads one YAML mapping: looks keys up, expands `<<` merge keys, and reports the keys it does
/// not know, with the nearest valid key as a hint.
package struct MappingReader {
    package let node: YAMLNode
    /// The pairs after merging: explicit keys first, then keys brought in by `<<`.
    private(set) var pairs: [YAMLNode.Pair] = []
    /// The text of each pair's key, in the order of ``pairs``.
    private var keyTexts: [String] = []
    /// The position of each key, once there are more than ``linearSearchLimit``: a debug build
    /// hashes a key and walks generic dictionary code at several times the cost of comparing the
    /// few keys of a declaration one by one.
    private var index: [String: Int] = [:]
    private static let linearSearchLimit = 16
    /// `false` when a `<<` merge key named something other than mappings (already reported).
    package private(set) var mergesAreValid = true

    /// `nil` (with a diagnostic) when `node` is not a mapping.
    package init?(_ node: YAMLNode, what: String, diagnostics: inout DiagnosticCollector) {
        guard case let .mapping(explicitPairs) = node.content else {
            diagnostics.error("\(what) must be a mapping, but it is \(node.kindDescription)", at: node.location)
            return nil
        }
        self.node = node
        keyTexts.reserveCapacity(explicitPairs.count)
        var merged: [YAMLNode] = []
        for pair in explicitPairs {
            if Self.text(of: pair.key) == "<<" {
                merged.append(pair.value)
            } else {
                insert(pair)
            }
        }
        mergeAll(merged, diagnostics: &diagnostics)
    }

    /// YAML merge keys: `<<: *defaults` or `<<: [*a, *b]`; explicit keys win, earlier merges win.
    /// Iterative, so a long chain of merges cannot exhaust the stack.
    private mutating func mergeAll(_ sources: [YAMLNode], diagnostics: inout DiagnosticCollector) {
        guard !sources.isEmpty else { return }  // nearly every mapping: skip setting up the walk
        var pending = sources.reversed().flatMap { source -> [YAMLNode] in
            if case let .sequence(items) = source.content { return items.reversed() }
            return [source]
        }
        var visited = Set<ObjectIdentifier>()
        while let source = pending.popLast() {
            guard visited.insert(ObjectIdentifier(source)).inserted else { continue }
            guard case let .mapping(sourcePairs) = source.content else {
                diagnostics.error(
                    "'<<' merges mappings, but this is \(source.kindDescription)",
                    hint: "write '<<: *anchorOfAMapping'", at: source.location)
                mergesAreValid = false
                continue
            }
            var nested: [YAMLNode] = []
            for pair in sourcePairs {
                if Self.text(of: pair.key) == "<<" {
                    nested.append(pair.value)
                } else if let key = Self.text(of: pair.key), position(of: key) == nil {
                    insert(pair)
                }
            }
            pending.append(contentsOf: nested.reversed())
        }
    }

    private mutating func insert(_ pair: YAMLNode.Pair) {
        guard let key = Self.text(of: pair.key) else { return }
        if pairs.count == Self.linearSearchLimit {
            index.reserveCapacity(2 * Self.linearSearchLimit)
            // A duplicate key (already reported by the composer) stays at its last position.
            var position = 0
            while position < keyTexts.count {
                index[keyTexts[position]] = position
                position += 1
            }
        }
        if pairs.count >= Self.linearSearchLimit { index[key] = pairs.count }
        keyTexts.append(key)
        pairs.append(pair)
    }

    /// Where `key` is in ``pairs``: the last pair with that key, as a dictionary keeps it.
    private func position(of key: String) -> Int? {
        guard pairs.count <= Self.linearSearchLimit else { return index[key] }
        var position = keyTexts.count - 1
        while position >= 0 {
            if keyTexts[position] == key { return position }
            position -= 1
        }
        return nil
    }

    static func text(of node: YAMLNode) -> String? {
        if case let .scalar(text, _, _) = node.content { return text }
        return nil
    }

    /// Top-level keys with this prefix are the user's own, e.g. `x-defaults: &defaults {...}` to
    /// hold an anchor for `<<` merges; the generator ignores them.
    static let extensionPrefix = SchemaLanguage.extensionPrefix

    package subscript(key: String) -> YAMLNode? {
        guard let position = position(of: key) else { return nil }
        return pairs[position].value
    }

    /// The key node for `key`, for diagnostics that point at the key rather than its value.
    package func keyNode(_ key: String) -> YAMLNode? {
        guard let position = position(of: key) else { return nil }
        return pairs[position].key
    }

    var keys: [String] { pairs.compactMap { Self.text(of: $0.key) } }

    /// Reports each key outside `allowed`. `elsewhere` tells, for a key that some other kind
    /// takes, which kinds those are, so the message can say the key is misplaced, not misspelt.
    /// Returns `true` when every key is known.
    @discardableResult
    package func reportUnknownKeys(
        allowed: [String], in what: String, allowsExtensions: Bool = false,
        elsewhere: (String) -> [String] = { _ in [] }, read: inout ScalarReader
    ) -> Bool {
        var allKnown = true
        for pair in pairs {
            guard let key = Self.text(of: pair.key), !Self.contains(allowed, key) else { continue }
            if allowsExtensions, key.hasPrefix(Self.extensionPrefix) { continue }
            allKnown = false
            let owners = elsewhere(key)
            if !owners.isEmpty {
                read.diagnostics.error(
                    "\(what) does not take '\(key)'",
                    hint: "'\(key)' belongs to \(Self.kindList(owners)); remove it or change 'kind'",
                    at: pair.key.location)
            } else if let suggestion = NearestMatch.find(key, in: allowed, synonyms: read.hints.synonyms) {
                read.diagnostics.error(
                    "unknown key '\(key)' in \(what)", hint: "did you mean '\(suggestion)'?", at: pair.key.location)
            } else {
                let extensions = allowsExtensions ? "; keys of your own start with '\(Self.extensionPrefix)'" : ""
                read.diagnostics.error(
                    "unknown key '\(key)' in \(what)",
                    hint: "valid keys are: \(allowed.joined(separator: ", "))\(extensions)", at: pair.key.location)
            }
        }
        return allKnown
    }

    /// `keys.contains(key)`, which a debug build runs through generic sequence code at several
    /// times the cost of this loop; it runs for every key of every declaration.
    private static func contains(_ keys: [String], _ key: String) -> Bool {
        var position = 0
        while position < keys.count {
            if keys[position] == key { return true }
            position += 1
        }
        return false
    }

    /// "kind a" or "kinds a, b and c", for the kinds given.
    private static func kindList(_ kinds: [String]) -> String {
        guard let last = kinds.last, kinds.count > 1 else { return "kind \(kinds.joined())" }
        return "kinds \(kinds.dropLast().joined(separator: ", ")) and \(last)"
    }

    /// Reports each key of `required` that is absent, at the start of the mapping. Returns `true`
    /// when none is.
    @discardableResult
    package func reportMissingKeys(
        _ required: [String], in what: String, hints: [String: String] = [:], read: inout ScalarReader
    ) -> Bool {
        // A loop, not `filter`: a debug build runs that through generic collection code, and this
        // runs for every declaration.
        var missing: [String] = []
        var position = 0
        while position < required.count {
            if case .none = self[required[position]] { missing.append(required[position]) }
            position += 1
        }
        for key in missing {
            read.diagnostics.error(
                "\(what) is missing required key '\(key)'", hint: hints[key] ?? read.hints.purpose[key],
                at: node.location)
        }
        return missing.isEmpty
    }
}
