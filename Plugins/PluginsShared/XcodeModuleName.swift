/// The module name Xcode gives a target by default: `PRODUCT_MODULE_NAME` is
/// `$(PRODUCT_NAME:c99extidentifier)`, the product name with every character that cannot appear in
/// an identifier replaced by `_`, and `_` before a leading digit. Plain Swift, so it also compiles
/// (and is used by nothing) on Linux.
enum XcodeModuleName {
    static func from(productName: String) -> String {
        var name = String(productName.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        if name.isEmpty { name = "_" }
        if let first = name.first, first.isNumber { name.insert("_", at: name.startIndex) }
        return name
    }
}
