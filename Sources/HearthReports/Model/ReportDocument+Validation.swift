import Foundation
import HearthCore

extension ReportDocument {
    /// Checks what the type system cannot: every table row has one cell per column, widths and sizes are
    /// sensible. Decoding from JSON checks the same, so this matters for documents built in code.
    /// - Throws: ``ServiceError`` `validationFailed` whose reasons name each field at fault, such as
    ///   `blocks[2].rows[5]: this row has 2 cells but the table has 3 columns`.
    public func validate() throws {
        var reasons: [String] = []
        if metadata.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            reasons.append("metadata.title: a document needs a title")
        }
        let size = effectivePageSize
        if !(PageSize.minimumSide...PageSize.maximumSide).contains(size.width)
            || !(PageSize.minimumSide...PageSize.maximumSide).contains(size.height)
        {
            reasons.append(
                "pageSize: \(size.width)×\(size.height) points is outside \(Int(PageSize.minimumSide))...\(Int(PageSize.maximumSide))"
            )
        }
        let m = effectiveMargins
        if [m.top, m.right, m.bottom, m.left].contains(where: { !($0 >= 0 && $0 < 10_000) }) {
            reasons.append("margins: a margin cannot be negative")
        }
        if theme.headingSizes.count != 3 {
            reasons.append("theme.headingSizes: give three sizes, for heading levels 1, 2 and 3")
        }
        for (name, value) in [("bodySize", theme.bodySize), ("smallSize", theme.smallSize)]
        where !(2...200).contains(value) {
            reasons.append("theme.\(name): a size must be 2...200 points, not \(value)")
        }
        if theme.headingSizes.contains(where: { !(2...200).contains($0) }) {
            reasons.append("theme.headingSizes: a size must be 2...200 points")
        }
        if !(0.8...4).contains(theme.lineHeight) {
            reasons.append(
                "theme.lineHeight: a line height is a multiple of the font size in 0.8...4, not \(theme.lineHeight)")
        }
        for (name, value) in [("borderWidth", theme.borderWidth), ("ruleWidth", theme.ruleWidth)]
        where !(0...20).contains(value) {
            reasons.append("theme.\(name): a line width must be 0...20 points, not \(value)")
        }
        for (index, block) in blocks.enumerated() {
            switch block {
            case .heading(let heading) where !(1...3).contains(heading.level):
                reasons.append("blocks[\(index)].level: a heading level must be 1, 2 or 3, not \(heading.level)")
            case .table(let table):
                if table.columns.isEmpty {
                    reasons.append("blocks[\(index)].columns: a table needs at least one column")
                }
                for (column, spec) in table.columns.enumerated() where !(spec.width > 0 && spec.width <= 1000) {
                    reasons.append(
                        "blocks[\(index)].columns[\(column)].width: a column width is a relative weight above 0, not \(spec.width)"
                    )
                }
                for (row, cells) in table.rows.enumerated() where cells.count != table.columns.count {
                    reasons.append(
                        "blocks[\(index)].rows[\(row)]: this row has \(cells.count) cell\(cells.count == 1 ? "" : "s") but the table has \(table.columns.count) columns"
                    )
                    if reasons.count > 20 { break }
                }
                if let totals = table.totals, totals.count != table.columns.count {
                    reasons.append(
                        "blocks[\(index)].totals: the totals row has \(totals.count) cell\(totals.count == 1 ? "" : "s") but the table has \(table.columns.count) columns"
                    )
                }
            case .spacer(let height) where !(0...10_000).contains(height):
                reasons.append("blocks[\(index)].height: a spacer's height must be 0...10000 points")
            case .image(let image):
                if image.name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                    reasons.append("blocks[\(index)].name: an image needs a name, such as its file name")
                }
                if image.data.isEmpty {
                    reasons.append(
                        "blocks[\(index)].data: the image \"\(image.name)\" has no bytes; give the JPEG or PNG file's contents"
                    )
                }
                if let width = image.width, !(width >= 8 && width <= 10_000) {
                    reasons.append("blocks[\(index)].width: an image's width must be 8...10000 points, not \(width)")
                }
            case .chart(let chart):
                reasons += chart.problems().map { "blocks[\(index)]: \($0)" }
            default:
                break
            }
        }
        if !reasons.isEmpty { throw ServiceError.validationFailed(reasons) }
    }
}
