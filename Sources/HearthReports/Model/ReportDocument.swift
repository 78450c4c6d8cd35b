import Foundation

/// A document that Hearth renders to HTML and to PDF: metadata, page setup, a theme, a page header and
/// footer, and a list of blocks.
///
/// The model is `Codable`, so a document can also come from JSON (`hearth report render DOC.json`).
/// Build one in code like this:
///
/// ```swift
/// let document = ReportDocument(
///     metadata: ReportMetadata(title: "Service history", author: "Hearth"),
///     theme: .brutalist,
///     blocks: [
///         .heading("2019 Honda Civic"),
///         .keyValues([("VIN", "2HGFC2F59KH512345"), ("Odometer", "48,210 mi")]),
///         .table(ReportTable(
///             columns: [.init("Date"), .init("Service", width: 3), .init("Cost", alignment: .right)],
///             rows: [["2024-03-02", "Oil change", "$79.78"]],
///             totals: ["", "Total", "$79.78"]
///         )),
///     ]
/// )
/// let pdf = try PDFRenderer().render(document)
/// let html = try HTMLRenderer().render(document)
/// ```
public struct ReportDocument: Codable, Sendable, Equatable {
    /// Title, author, subject and creation date.
    public var metadata: ReportMetadata
    /// Fonts, sizes, colours, borders and label casing; also the default page size and margins.
    public var theme: ReportTheme
    /// The page size, when it differs from the theme's.
    public var pageSize: PageSize?
    /// The page margins in points, when they differ from the theme's.
    public var margins: PageMargins?
    /// The line at the top of every page, or `nil` for none.
    public var header: PageBand?
    /// The line at the bottom of every page, or `nil` for none. Defaults to ``PageBand/standardFooter``.
    public var footer: PageBand?
    /// The content, top to bottom.
    public var blocks: [ReportBlock]

    public init(
        metadata: ReportMetadata,
        theme: ReportTheme = .clinical,
        pageSize: PageSize? = nil,
        margins: PageMargins? = nil,
        header: PageBand? = .standardHeader,
        footer: PageBand? = .standardFooter,
        blocks: [ReportBlock]
    ) {
        self.metadata = metadata
        self.theme = theme
        self.pageSize = pageSize
        self.margins = margins
        self.header = header
        self.footer = footer
        self.blocks = blocks
    }

    /// The page size in effect: the document's own, else the theme's.
    public var effectivePageSize: PageSize { pageSize ?? theme.pageSize }
    /// The margins in effect: the document's own, else the theme's.
    public var effectiveMargins: PageMargins { margins ?? theme.margins }

    enum CodingKeys: String, CodingKey {
        case metadata, theme, pageSize, margins, header, footer, blocks
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        metadata = try container.decode(ReportMetadata.self, forKey: .metadata)
        theme = try container.decodeIfPresent(ReportTheme.self, forKey: .theme) ?? .clinical
        pageSize = try container.decodeIfPresent(PageSize.self, forKey: .pageSize)
        margins = try container.decodeIfPresent(PageMargins.self, forKey: .margins)
        // An absent band gets the standard one; an explicit null turns it off.
        header =
            container.contains(.header)
            ? try container.decodeIfPresent(PageBand.self, forKey: .header) : .standardHeader
        footer =
            container.contains(.footer)
            ? try container.decodeIfPresent(PageBand.self, forKey: .footer) : .standardFooter
        blocks = try container.decode([ReportBlock].self, forKey: .blocks)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(metadata, forKey: .metadata)
        try container.encode(theme, forKey: .theme)
        try container.encodeIfPresent(pageSize, forKey: .pageSize)
        try container.encodeIfPresent(margins, forKey: .margins)
        try container.encode(header, forKey: .header)
        try container.encode(footer, forKey: .footer)
        try container.encode(blocks, forKey: .blocks)
    }
}
