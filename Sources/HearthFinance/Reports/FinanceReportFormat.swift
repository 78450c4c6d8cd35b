/// The file formats finance reports are written in.
public enum FinanceReportFormat: String, Sendable, Codable, CaseIterable {
    /// A PDF on A4 pages.
    case pdf
    /// One self-contained HTML file, the charts inline as SVG.
    case html
}
