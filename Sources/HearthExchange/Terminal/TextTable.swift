/// Aligned columns for a terminal: the one table printer of the command line.
///
/// ```swift
/// print(TextTable.render(["NAME", "DUE"], [["Oil Change", "2026-12-01"]]))
/// ```
public enum TextTable {
    /// `rows` under `header`, each column padded to its widest cell and separated by two spaces; the last
    /// column is not padded, and no line ends in spaces.
    public static func render(_ header: [String], _ rows: [[String]]) -> String {
        let all = [header] + rows
        let columns = all.map(\.count).max() ?? 0
        var widths = Array(repeating: 0, count: columns)
        for row in all {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        return all.map { row in
            var line = ""
            for (index, cell) in row.enumerated() {
                if index > 0 { line += "  " }
                line += cell
                if index < row.count - 1 { line += String(repeating: " ", count: widths[index] - cell.count) }
            }
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }
}
