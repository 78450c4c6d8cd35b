public import Foundation

/// The document information: what PDF readers show as title, author and subject.
public struct ReportMetadata: Codable, Sendable, Equatable {
    /// The document title, also used by the standard header and the HTML `<title>`.
    public var title: String
    /// Who or what produced the document.
    public var author: String?
    /// What the document is about.
    public var subject: String?
    /// Search keywords, comma separated.
    public var keywords: String?
    /// When the document was created; when absent, the render time is used.
    public var creationDate: Date?

    public init(
        title: String, author: String? = nil, subject: String? = nil, keywords: String? = nil, creationDate: Date? = nil
    ) {
        self.title = title
        self.author = author
        self.subject = subject
        self.keywords = keywords
        self.creationDate = creationDate
    }
}
