import GeneratorDiagnostics
import GeneratorLanguage
import GeneratorModel
import GeneratorValidating
import SwiftTypeSyntax

/// Reads a protocol method's signature as the schema writes it, the way the protocol declares it:
/// `tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) -> Bool`. A leading
/// `@objc`, `optional` or `func`, as pasted from a protocol, is accepted and left out.
extension DelegateMethodSignature {
    /// Where and why a text is not a method signature; `offset` counts Unicode scalars.
    struct Failure: Error {
        var offset: Int
        var message: String
        var hint: String?
    }

    static let shapeHint =
        "write it as the protocol declares it, e.g. 'tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)'"

    static func parse(_ text: String, at location: SourceLocation) -> Result<DelegateMethodSignature, Failure> {
        let scalars = Array(text.unicodeScalars)
        var start = 0
        func skipSpaces(_ index: inout Int) { while index < scalars.count, scalars[index] == " " { index += 1 } }
        skipSpaces(&start)
        // Words a pasted requirement starts with.
        for word in ["@objc", "optional", "func"] {
            let end = start + word.unicodeScalars.count
            if end < scalars.count, string(scalars[start..<end]) == word,
                scalars[end] == " "
            {
                start = end
                skipSpaces(&start)
            }
        }
        guard let open = scalars[start...].firstIndex(of: "(") else {
            return .failure(Failure(offset: scalars.count, message: "'method' has no parameter list", hint: shapeHint))
        }
        let baseName = string(scalars[start..<open]).trimming { $0 == " " }
        guard SwiftNames.isIdentifier(baseName) else {
            return .failure(
                Failure(offset: start, message: "'\(baseName)' is not a method name", hint: shapeHint))
        }
        guard let close = closingParenthesis(scalars, from: open) else {
            return .failure(Failure(offset: scalars.count, message: "the parameter list has no ')'", hint: shapeHint))
        }
        var parameters: [Parameter] = []
        for (range, piece) in topLevelPieces(scalars, in: (open + 1)..<close) {
            switch parameter(piece, startingAt: range.lowerBound) {
            case let .success(parameter): parameters.append(parameter)
            case let .failure(failure): return .failure(failure)
            }
        }
        var index = close + 1
        skipSpaces(&index)
        var returnType: String?
        if index < scalars.count {
            guard index + 1 < scalars.count, scalars[index] == "-", scalars[index + 1] == ">" else {
                return .failure(
                    Failure(
                        offset: index, message: "a delegate method ends with its parameters or '-> Type'",
                        hint: "delegate methods that are 'async' or 'throws' cannot be observed"))
            }
            let typeStart = index + 2
            let (type, leading) = trimmed(string(scalars[typeStart...]))
            switch SwiftTypeGrammar.parse(type) {
            case let .failure(failure):
                return .failure(
                    Failure(
                        offset: typeStart + leading + failure.offset, message: "the return type: \(failure.message)",
                        hint: failure.hint))
            case let .success(syntax):
                returnType = syntax.isVoid ? nil : type
            }
        }
        return .success(
            DelegateMethodSignature(
                baseName: baseName, parameters: parameters, returnType: returnType, location: location))
    }

    /// One parameter, `label name: Type` or `name: Type`.
    private static func parameter(
        _ scalars: ArraySlice<Unicode.Scalar>, startingAt offset: Int
    ) -> Result<
        Parameter, Failure
    > {
        let all = Array(scalars)
        var depth = 0
        var colon: Int?
        for (index, scalar) in all.enumerated() {
            switch scalar {
            case "(", "[", "<": depth += 1
            case ")", "]": depth -= 1
            case ">" where index == 0 || all[index - 1] != "-": depth -= 1
            case ":" where depth == 0: colon = index
            default: break
            }
            if colon != nil { break }
        }
        let leading = all.prefix { $0 == " " }.count
        guard let colon else {
            return .failure(
                Failure(
                    offset: offset + leading,
                    message: "a parameter needs a name and a type, as in 'indexPath: IndexPath'",
                    hint: shapeHint))
        }
        let names = string(all[..<colon]).split(separator: " ").map(String.init)
        // A label may be a keyword, as in `numberOfComponents(in pickerView: UIPickerView)`; a name may not.
        let labelIsValid = names.count == 2 && (names[0] == "_" || SwiftNames.isArgumentLabel(names[0]))
        guard (1...2).contains(names.count), names.count == 1 || labelIsValid,
            names.last == "_" || names.last.map(SwiftNames.isIdentifier) == true
        else {
            return .failure(
                Failure(
                    offset: offset + leading,
                    message: "'\(string(all[..<colon]).trimming { $0 == " " })' is not a label and a name",
                    hint: shapeHint))
        }
        let label = names[0]
        let name = names.count == 2 ? names[1] : names[0]
        guard name != "_" else {
            return .failure(
                Failure(
                    offset: offset + leading, message: "the parameter has no name for the body to use",
                    hint: "name it, e.g. '_ tableView: UITableView'"))
        }
        let typeStart = colon + 1
        let (type, typeLeading) = trimmed(string(all[typeStart...]))
        if case let .failure(failure) = SwiftTypeGrammar.parse(type) {
            return .failure(
                Failure(
                    offset: offset + typeStart + typeLeading + failure.offset,
                    message: "the type of '\(name)': \(failure.message)", hint: failure.hint))
        }
        return .success(Parameter(label: label, name: name, type: type))
    }

    /// The index of the `)` that closes the `(` at `open`.
    private static func closingParenthesis(_ scalars: [Unicode.Scalar], from open: Int) -> Int? {
        var depth = 0
        for index in open..<scalars.count {
            switch scalars[index] {
            case "(": depth += 1
            case ")":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }

    /// The comma-separated pieces of `range` outside brackets, each with where it starts; none for
    /// an empty list.
    private static func topLevelPieces(
        _ scalars: [Unicode.Scalar], in range: Range<Int>
    ) -> [(Range<Int>, ArraySlice<Unicode.Scalar>)] {
        if scalars[range].allSatisfy({ $0 == " " }) { return [] }
        var pieces: [(Range<Int>, ArraySlice<Unicode.Scalar>)] = []
        var depth = 0
        var start = range.lowerBound
        for index in range {
            switch scalars[index] {
            case "(", "[", "<": depth += 1
            case ")", "]": depth -= 1
            case ">" where index == 0 || scalars[index - 1] != "-": depth -= 1
            case "," where depth == 0:
                pieces.append((start..<index, scalars[start..<index]))
                start = index + 1
            default: break
            }
        }
        pieces.append((start..<range.upperBound, scalars[start..<range.upperBound]))
        return pieces
    }

    private static func string<S: Sequence>(_ scalars: S) -> String where S.Element == Unicode.Scalar {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }
}

extension DelegateMethodSignature {
    /// `text` without the spaces around it, and how many scalars went from its start.
    fileprivate static func trimmed(_ text: String) -> (text: String, leading: Int) {
        (text.trimming { $0 == " " }, text.unicodeScalars.prefix { $0 == " " }.count)
    }
}
