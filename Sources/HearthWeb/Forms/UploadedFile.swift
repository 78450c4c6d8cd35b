import Foundation

/// A file sent with a form: the field it came in, its name as the browser gave it (cleaned), and its bytes.
struct UploadedFile: Sendable, Equatable {
    var field: String
    var fileName: String
    var data: Data
}
