/// The file formats garage reports are written in.
public enum GarageReportFormat: String, Sendable, Codable, CaseIterable {
    /// A PDF on US Letter pages.
    case pdf
    /// One self-contained HTML file (images and charts inline).
    case html

    /// Its analytics category.
    var analyticsFormat: GarageEvent.ExportFormat {
        switch self {
        case .pdf: .pdf
        case .html: .html
        }
    }

    /// The file name extension, without the dot.
    public var fileExtension: String { rawValue }

    /// The format a file name's extension asks for: `.html`/`.htm` is HTML, anything else PDF.
    public static func forFile(_ path: String) -> GarageReportFormat {
        let lower = path.lowercased()
        return lower.hasSuffix(".html") || lower.hasSuffix(".htm") ? .html : .pdf
    }
}
