import Foundation
import HearthCore

// MARK: Wire types

/// A JSON scalar read as text: vPIC values are strings, but nulls and numbers appear in the wild.
struct LenientText: Decodable, Sendable {
    let text: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            text = ""
        } else if let string = try? container.decode(String.self) {
            text = string
        } else if let int = try? container.decode(Int.self) {
            text = String(int)
        } else if let double = try? container.decode(Double.self) {
            text = String(double)
        } else if let bool = try? container.decode(Bool.self) {
            text = bool ? "true" : "false"
        } else {
            text = ""
        }
    }
}
