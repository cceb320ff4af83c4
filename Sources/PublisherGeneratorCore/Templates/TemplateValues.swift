import Stencil

/// Values a template reads as `publisher.name`. A class rather than a dictionary: Stencil copies
/// and re-casts every entry of a dictionary on each lookup, which made rendering grow with the
/// square of a declaration's keys; a member lookup is one hash.
final class TemplateValues: DynamicMemberLookup {
    private let values: [String: Any]

    init(_ values: [String: Any]) {
        self.values = values
    }

    subscript(dynamicMember member: String) -> Any? {
        values[member]
    }
}
