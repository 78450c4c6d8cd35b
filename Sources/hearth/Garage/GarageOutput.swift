import Foundation
import HearthCore
import HearthExchange
import HearthGarage

/// How garage commands print: aligned tables and lines on stdout, JSON with --json, warnings and progress on
/// stderr.
enum GarageOutput {
    /// Prints `value` as pretty JSON.
    static func json<T: Encodable>(_ value: T) throws {
        try printJSON(value, encoder: JSONEncoder.hearth)
    }

    /// Prints rows under a header, columns padded to fit.
    static func table(_ header: [String], _ rows: [[String]]) {
        print(TextTable.render(header, rows))
    }

    /// Writes a line to stderr.
    static func note(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Each warning, as "warning: …" on stderr.
    static func warn(_ warnings: [GarageWarning]) {
        for warning in warnings { note("warning: \(warning.message)") }
    }

    static func number(_ value: Int) -> String { value.formatted(.number.locale(Locale(identifier: "en_US"))) }

    static func money(_ value: Decimal?) -> String {
        guard let value else { return "—" }
        return Formatting.currency(value)
    }

    /// "2019 Honda Civic (1A2B3C4D)".
    static func label(_ vehicle: Vehicle) -> String {
        "\(vehicle.displayName) (\(vehicle.id.uuidString.prefix(8)))"
    }
}
