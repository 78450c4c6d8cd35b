import Foundation

/// Unambiguous bytes for a list of components (each length-prefixed), the form every signature, HPKE info
/// and field binding in ``HealthVault`` is computed over, so no two different contexts share bytes.
struct KeyContext {
    private(set) var bytes = Data()

    init(_ label: String) { append(label) }

    mutating func append(_ text: String) { append(Data(text.utf8)) }

    mutating func append(_ number: Int) { append(String(number)) }

    mutating func append(_ data: Data) {
        var length = UInt32(data.count).bigEndian
        withUnsafeBytes(of: &length) { bytes.append(contentsOf: $0) }
        bytes.append(data)
    }

    /// A context built from `components` after `label`.
    static func of(_ label: String, _ components: String...) -> Data {
        var context = KeyContext(label)
        for component in components { context.append(component) }
        return context.bytes
    }
}
