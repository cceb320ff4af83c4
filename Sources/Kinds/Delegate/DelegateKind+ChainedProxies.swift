import GeneratorDiagnostics
import GeneratorModel

extension DelegateKind {
    /// Declarations on different owner types that can reach one object's delegate property: the
    /// same protocol, the same last property, and at least one reached through a path, whose object
    /// may be of the other's type (`NSTextStorage.delegate` and `UITextView` through
    /// `textStorage.delegate`). Each owner type has a proxy class of its own, so one object then
    /// gets two proxies chained on one slot, each the other's app delegate. The runtime hands the
    /// app's delegate back whichever leaves first, so this compiles and works: a warning, with the
    /// way to one proxy.
    ///
    /// Two declarations that hold the property directly on different owner types are not warned
    /// about: the generator cannot see that one type is a subclass of the other, and sibling types
    /// (`UITableView` and `UICollectionView`, each with a `UIScrollViewDelegate`) never share an
    /// object.
    static func warnAboutChainedProxies(
        _ declarations: [(PublisherDeclaration, DelegateSource)], diagnostics: inout DiagnosticCollector
    ) {
        var slots: [(owner: String, declaration: PublisherDeclaration, source: DelegateSource)] = []
        for (declaration, source) in declarations {
            guard let owner = declaration.owner?.value,
                !slots.contains(where: { $0.owner == owner && $0.source.property.value == source.property.value })
            else { continue }
            let property = source.property.value
            let earlier = slots.first { slot in
                slot.owner != owner && slot.source.protocolName.value == source.protocolName.value
                    && lastComponent(of: slot.source.property.value) == lastComponent(of: property)
                    && (slot.source.property.value.contains(".") || property.contains("."))
            }
            slots.append((owner, declaration, source))
            guard let earlier else { continue }
            let earlierSlot = earlier.owner + "." + earlier.source.property.value
            let slot = owner + "." + property
            diagnostics.warning(
                "publisher '\(declaration.name.value)' observes '\(slot)' and publisher '\(earlier.declaration.name.value)' "
                    + "(\(place(earlier.declaration.location, from: declaration.location))) observes '\(earlierSlot)', "
                    + "both with '\(source.protocolName.value)'; when both reach one object, it gets two proxies chained "
                    + "on one delegate slot, each handing the app's delegate to the other when it leaves",
                hint: "declare both on one owner type, so that they share one proxy: both on '\(owner)' or both on "
                    + "'\(earlier.owner)', with the same 'property'",
                at: declaration.location)
        }
    }

    /// `delegate` of `textStorage.delegate`.
    private static func lastComponent(of property: String) -> Substring {
        property.split(separator: ".").last ?? Substring(property)
    }
}
