public import Foundation

/// A picture in a report: JPEG or PNG bytes, an optional caption and an optional width.
///
/// The PDF renderer passes JPEG data through untouched and decodes PNG (every colour type; alpha becomes a
/// soft mask); the HTML renderer inlines the bytes as a `data:` URL, so the page needs no other file. The
/// image is scaled to fit the column and the space left on the page, keeping its aspect ratio.
///
/// In JSON the bytes are base64:
///
/// ```json
/// {"type": "image", "name": "receipt.jpg", "data": "/9j/4AAQ…", "caption": "Oil change receipt", "width": 240}
/// ```
public struct ReportImage: Codable, Sendable, Equatable {
    /// What the image is called (a file name, usually); errors about the image name it.
    public var name: String
    /// The JPEG or PNG file's bytes.
    public var data: Data
    /// A line shown under the image.
    public var caption: String?
    /// The widest the image may be drawn, in points; without it, its pixels at 96 per inch, up to the column width.
    public var width: Double?

    public init(name: String, data: Data, caption: String? = nil, width: Double? = nil) {
        self.name = name
        self.data = data
        self.caption = caption
        self.width = width
    }
}
