import Foundation

/// How generated names derive from declared ones; validation and emitting both follow it.
package enum GeneratedNames {
    /// `PlayheadProgress` → `playheadProgress`, `URLSession` → `urlSession`.
    package static func lowerCamelCase(_ name: String) -> String {
        if ASCIIText.isASCII(name) {
            var bytes = Array(name.utf8)
            var upperRun = 0
            while upperRun < bytes.count, bytes[upperRun] >= 0x41, bytes[upperRun] <= 0x5A { upperRun += 1 }
            if upperRun == 0 { return name }
            let lowered = upperRun == 1 || upperRun == bytes.count ? upperRun : upperRun - 1
            for index in 0..<lowered { bytes[index] += 0x20 }
            return String(decoding: bytes, as: UTF8.self)
        }
        let characters = Array(name)
        var upperRun = 0
        while upperRun < characters.count, characters[upperRun].isUppercase { upperRun += 1 }
        if upperRun == 0 { return name }
        // Lower a leading acronym except the letter that starts the next word.
        let lowered = upperRun == 1 || upperRun == characters.count ? upperRun : upperRun - 1
        return String(characters[..<lowered]).lowercased() + String(characters[lowered...])
    }

    /// The engine's generic types and protocols that a declaration's own names end like: its forms
    /// (`<Name>Publisher`, `<Name>Sequence`) and its tag (`<Name>Source`) are typealiases and enums
    /// at the module's top level beside them, so a declaration named `Push` would make
    /// `PushPublisher` a typealias of itself. `EngineTypeNamesTests` keeps the list in step with
    /// `Templates/Engine`.
    package static let engineTypesNamedLikeDeclarations: Set = [
        "DeclaredSource", "PullPublisher", "PullSequence", "PushPublisher", "PushPublisherSource", "PushSequence",
        "PushSequenceSource",
    ]

    /// The generated names that end like a declaration's own (`Publisher`, `Sequence`, `Source`).
    package static let declarationNameSuffixes = ["Publisher", "Sequence", "Source"]

    /// The engine type that a declaration named `name` would name one of its own types like
    /// (`Push` → `PushPublisher`), or `nil`.
    package static func engineType(takenByDeclarationNamed name: String) -> String? {
        declarationNameSuffixes.lazy.map { name + $0 }.first(where: engineTypesNamedLikeDeclarations.contains)
    }

    /// The names a generated publisher declares for itself: its typealiases `Output`, `Failure`,
    /// and the closure types `Send`, `Finish`, `Fail` and `Attach`. Inside the publisher they mean
    /// its own, not a type of the module's by that name.
    package static let publisherTypeNames: Set = ["Output", "Failure", "Send", "Finish", "Fail", "Attach"]
    /// The names a generated sequence declares besides ``publisherTypeNames``: `Element`, `struct Iterator`.
    package static let sequenceTypeNames: Set = ["Element", "Iterator"]

    /// `dataSource` → `DataSource`: the first letter raised.
    package static func upperCamelCase(_ name: String) -> String {
        guard let first = name.first else { return name }
        return first.uppercased() + name.dropFirst()
    }

    /// `base`, or, when one of `texts` (the Swift types a declaration writes) mentions it as a whole
    /// word, `base` with the first number from 2 on that none mentions: the name of something the
    /// generated code introduces around the declaration's types (a generic parameter), which would
    /// otherwise capture the user's type of that name. A qualified mention (`MyModule.Sender`)
    /// counts too: the price is a number in a generated name, never a refused schema.
    package static func unclaimed(_ base: String, in texts: [String]) -> String {
        // Asked for each use of the name in a declaration's code: a text that does not hold `base`
        // at all cannot mention it, and most do not, so they are not split into words.
        guard texts.contains(where: { mayMention($0, base) }) else { return base }
        let words = Set(texts.flatMap { identifiers(in: $0).map(String.init) })
        guard words.contains(base) else { return base }
        var number = 2
        while words.contains("\(base)\(number)") { number += 1 }
        return "\(base)\(number)"
    }

    /// Whether `text` may mention `name`: it holds its bytes, found with the C library's `memchr`
    /// and `memcmp`, or, when either is not ASCII, Foundation's `contains` finds it (it compares
    /// characters, as the words `unclaimed` then compares do, and a character may be written in
    /// more than one way). Asked some twenty times for each declaration: Foundation's search alone
    /// cost thousands of instructions a call in the debug build the build plugin runs, a twentieth
    /// of a generation.
    static func mayMention(_ text: String, _ name: String) -> Bool {
        var text = text
        var name = name
        let (holdsBytes, isASCII) = text.withUTF8 { text in
            name.withUTF8 { name in
                let isASCII = isASCIIBytes(text) && isASCIIBytes(name)
                guard let textBase = text.baseAddress, let nameBase = name.baseAddress, let first = name.first else {
                    return (name.isEmpty, isASCII)
                }
                var start = 0
                while text.count - start >= name.count {
                    guard let found = memchr(textBase + start, Int32(first), text.count - start - name.count + 1)
                    else { break }
                    let offset = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - textBase
                    if memcmp(textBase + offset, nameBase, name.count) == 0 { return (true, isASCII) }
                    start = offset + 1
                }
                return (false, isASCII)
            }
        }
        return holdsBytes || (!isASCII && text.contains(name))
    }

    /// Whether every byte of `bytes` is ASCII, read eight at a time.
    private static func isASCIIBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        var highBits: UInt64 = 0
        while offset + 8 <= bytes.count {
            highBits |= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        while offset < bytes.count {
            highBits |= UInt64(base[offset])
            offset += 1
        }
        return highBits & 0x8080_8080_8080_8080 == 0
    }

    /// The identifiers written in `text`: runs of letters, digits and `_` (backticks are not part
    /// of one).
    static func identifiers(in text: String) -> [Substring] {
        text.split { !($0 == "_" || $0.isLetter || $0.isNumber) }
    }
}
