import Foundation

/// How a notice travels in a `NOTIFY` payload, told apart from a change event by its one key.
struct SQLNoticeEnvelope: Codable {
    var notice: SQLNotice
}
