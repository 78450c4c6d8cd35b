public import Foundation

/// A report file that was written.
public struct GarageReportFile: Sendable, Equatable, Codable {
    /// Where it is, as an absolute path.
    public var path: String
    /// PDF or HTML.
    public var format: GarageReportFormat
    /// Pages in the PDF; `nil` for HTML.
    public var pageCount: Int?
    /// Size in bytes.
    public var byteCount: Int

    public init(url: URL, format: GarageReportFormat, pageCount: Int?, byteCount: Int) {
        path = url.path
        self.format = format
        self.pageCount = pageCount
        self.byteCount = byteCount
    }

    /// Where it is.
    public var url: URL { URL(fileURLWithPath: path) }
}
