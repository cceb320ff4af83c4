/// A line diff for golden-file failures: `-` expected, `+` actual, with a little context.
public enum TextDiff {
    public static func unified(expected: String, actual: String, context: Int = 2) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let table = longestCommonSubsequence(old, new)
        var lines: [(mark: Character, text: String)] = []
        var (i, j) = (0, 0)
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                lines.append((" ", old[i]))
                i += 1
                j += 1
            } else if j < new.count, i == old.count || table[i][j + 1] >= table[i + 1][j] {
                lines.append(("+", new[j]))
                j += 1
            } else {
                lines.append(("-", old[i]))
                i += 1
            }
        }
        let changed = lines.indices.filter { lines[$0].mark != " " }
        let shown = Set(changed.flatMap { max(0, $0 - context)...min(lines.count - 1, $0 + context) })
        var output = ["--- expected", "+++ actual"]
        var previous = -1
        for index in lines.indices where shown.contains(index) {
            if previous >= 0, index != previous + 1 { output.append("@@") }
            output.append("\(lines[index].mark)\(lines[index].text)")
            previous = index
        }
        return output.joined(separator: "\n")
    }

    private static func longestCommonSubsequence(_ a: [String], _ b: [String]) -> [[Int]] {
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        return table
    }
}
