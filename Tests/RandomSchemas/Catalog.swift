import PublisherGeneratorCore

/// The pools random schemas draw from. Names lean towards the ones generated code declares itself
/// (`send`, `Output`, `Context`, `Target`, …), Swift's contextual keywords and non-ASCII letters.
enum Catalog {
    /// Publisher names; a name already used in the batch gets a number appended. `URLFeed` and
    /// `UrlFeed` make the same factory name.
    static let publisherNames = [
        "Progress", "Feed", "Ticks", "SendValue", "Options", "Events", "TokenValue", "Output", "Failure",
        "Target", "Context", "Subscription", "PushSubscription", "SourceHold", "Publisher", "Demand",
        "URL", "Url", "URLFeed", "UrlFeed", "A", "Ä", "Größe", "_Private", "lowercase", "X1", "Type",
        "Protocol", "Sendable", "Timer", "Scheduler", "Driver", "Subject", "Sample", "Generated", "Never",
        "Self_", "Event", "Token", "Value", "π", "Element", "Iterator", "Default", "Init", "Clock", "Sequence",
        "PushIteration",
    ]

    /// Two names whose factories are spelled alike (`urlFeedPublisher`).
    static let twinNames = [("URLFeed", "UrlFeed"), ("IOEvents", "IoEvents"), ("HTTPStatus", "HttpStatus")]

    /// An output type: how it is written, and the sample the tests need when it has no built-in one.
    struct Output {
        let spelling: String
        let sample: String?
        var needsFoundation = false

        /// `Void` or `()`. A generic call (`currentValue()`) in a function returning Void has no
        /// type to infer its result from, so such an output's value is written `()`.
        var isVoid: Bool { spelling == "Void" || spelling == "()" }
    }

    static let outputs: [Output] = [
        Output(spelling: "Int", sample: nil), Output(spelling: "Int64", sample: nil),
        Output(spelling: "Int32", sample: nil), Output(spelling: "UInt", sample: nil),
        Output(spelling: "Double", sample: nil), Output(spelling: "Float", sample: nil),
        Output(spelling: "String", sample: nil), Output(spelling: "Bool", sample: nil),
        Output(spelling: "Void", sample: nil), Output(spelling: "()", sample: nil),
        Output(spelling: "Date", sample: nil, needsFoundation: true),
        Output(spelling: "TimeInterval", sample: nil, needsFoundation: true),
        Output(spelling: "[Int]", sample: "[index]"), Output(spelling: "[String: Int]", sample: #"["key": index]"#),
        Output(spelling: "Int?", sample: "index"), Output(spelling: "(Int, String)", sample: #"(index, "\(index)")"#),
        Output(spelling: "Result<Int, GenFailure>", sample: ".success(index)"),
        Output(spelling: "Payload", sample: "Payload(index)"),
        Output(spelling: "any Describable", sample: "Payload(index)"),
        Output(spelling: "Output", sample: "Output(index)"), Output(spelling: "Element", sample: "Element(index)"),
        Output(spelling: "Iterator", sample: "Iterator(index)"), Output(spelling: "Send", sample: "Send(index)"),
        Output(spelling: "Attach", sample: "Attach(index)"),
        Output(spelling: "ControlEvents", sample: "ControlEvents(rawValue: index)"),
        Output(spelling: "(() -> Void)?", sample: "{}"), Output(spelling: "Swift.Int", sample: "index"),
        Output(spelling: "Set<Int>", sample: "[index]"),
    ]

    /// Failure types of callback and polling declarations; `nil` leaves the key out.
    static let failures: [String?] = [nil, nil, "Never", "Error", "any Error", "Swift.Error", "GenFailure"]

    /// A parameter type and the defaults it may take.
    struct ParameterType {
        let spelling: String
        let defaults: [String]
        var needsFoundation = false
    }

    static let parameterTypes: [ParameterType] = [
        ParameterType(spelling: "Int", defaults: ["0", "-1", "Int.max", "42"]),
        ParameterType(spelling: "String", defaults: [#""""#, #""a \"quoted\" string""#, "\"#\"", #""\\(x)""#]),
        ParameterType(spelling: "Double", defaults: ["0.25", "1e-3"]),
        ParameterType(spelling: "Bool", defaults: ["true", "false"]),
        ParameterType(spelling: "[String]", defaults: ["[]", #"["a", "b"]"#]),
        ParameterType(spelling: "Int?", defaults: ["nil", "3"]),
        ParameterType(spelling: "Options", defaults: ["Options()", ".init()"]),
        ParameterType(spelling: "Payload", defaults: ["Payload(0)"]),
        ParameterType(spelling: "ControlEvents", defaults: ["ControlEvents.primary", ".changed"]),
        ParameterType(spelling: "@escaping (Int) -> Void", defaults: ["{ _ in }"]),
        ParameterType(spelling: "@escaping @Sendable () -> Void", defaults: ["{}"]),
        ParameterType(spelling: "Set<Int>", defaults: ["[]"]),
        ParameterType(spelling: "[String: Int]", defaults: ["[:]"]),
        ParameterType(spelling: "(Int, Int)", defaults: ["(0, 0)"]),
        ParameterType(spelling: "Int...", defaults: []),
        ParameterType(spelling: "some Describable", defaults: []),
        ParameterType(spelling: "TimeInterval", defaults: ["60"], needsFoundation: true),
        ParameterType(spelling: "consuming [Int]", defaults: ["[]"]),
    ]

    /// Parameter types drawn now and then: named like what the generated types declare (the
    /// world's), then others, not usable in the expressions (`inout`, `borrowing`).
    static let unusualParameterTypes: [ParameterType] =
        SchemaWorld.typesNamedLikeGeneratedOnes.map { name in
            ParameterType(
                spelling: name,
                defaults: name == "Failure" ? ["Failure.failed", ".failed"] : ["\(name)()", ".init(1)"])
        } + [
            ParameterType(spelling: "Context", defaults: ["Context()"]),
            ParameterType(spelling: "inout Int", defaults: []),
            ParameterType(spelling: "borrowing String", defaults: []),
        ]

    /// Parameter names: ordinary ones, ones close to the names generated code uses, names other
    /// kinds reserve, contextual keywords, and non-ASCII ones. None is a name of ``SchemaWorld``.
    static let parameterNames = [
        "interval", "count", "title", "limit", "queue", "delay", "tag", "identifier", "threshold",
        "sendValue", "tokenValue", "events", "finished", "failure", "failed", "publisher", "publisherAttachment",
        "publisherNextValue", "attach", "hold", "next", "value", "sample", "index", "subscriber", "demand",
        "target", "action", "handler", "register", "unregister", "error", "result", "Self_", "get", "set",
        "willSet", "didSet", "async", "some", "any", "Type", "Protocol", "actor", "isolated", "sending",
        "each", "macro", "lazy", "weak", "unowned", "mutating", "convenience", "dynamic", "indirect",
        "optional", "required", "override", "final", "copy", "consume", "Send", "Finish", "Fail", "S",
        "Subject", "Driver", "Subscriber", "größe", "π", "_x", "__", "x1",
    ]

    /// The names some kind puts in scope: valid for the other kinds, rejected for their own.
    /// Every name some kind puts in scope, as the kinds themselves say.
    static let namesSomeKindReserves = Array(
        Set(KindRegistry.standard.kinds.flatMap { KindRegistry.standard.language.namesInScope(of: $0) })
    ).sorted()

    /// Contextual keywords an expression must put in backticks to read them as names.
    static let backtickedInExpressions: Set<String> = ["copy", "consume", "some", "any", "each", "Type", "Protocol"]

    static let labels = [
        "every", "with", "using", "from", "to", "at", "by", "of", "sendValue", "events", "async", "_x",
        // Keywords Swift takes as argument labels.
        "for", "in", "where", "default", "self",
    ]

    /// Keywords a parameter may be named, written in backticks in expressions.
    static let keywordParameterNames = ["in", "for", "default", "repeat", "Any"]

    /// Doc comments with characters that a careless renderer would let out of the comment.
    static let descriptions = [
        "Emits `values` *every* tick — ünïcödé ✓ 🚀",
        #"Ends with a backslash \"#,
        #"Has "quotes" and 'apostrophes'"#,
        "Several lines,\nthe second one,\n\nand one after a blank line.",
        "Comment ends */ and starts /* and /// inside",
        "Tabs\tinside\tthe text",
        "A carriage\rreturn in the middle",
        "# a hash first, then : a colon",
        "A line separator\u{2028}and a paragraph separator\u{2029}inside",
        "A next-line\u{85}character",
        "% @ ` $(shell) \\(interpolation) <T> & <b>html</b>",
        "- a list item\n- another item",
        String(repeating: "A very long description that goes on. ", count: 12),
        "Ends with spaces   ",
        "\"\"\" a triple quote",
    ]
}
