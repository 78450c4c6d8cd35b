import Foundation
import HearthExchange

/// Choosing which of a file's vehicles to import: the one the user named, else the first the file lists.
struct SourceVehicleFilter {
    let wanted: String?
    private(set) var names: [String] = []
    private(set) var chosen: String?

    init(wanted: String?) {
        self.wanted = wanted?.trimmingCharacters(in: .whitespaces)
    }

    /// Remembers a vehicle the file lists.
    mutating func list(_ name: String) {
        if !names.contains(name) { names.append(name) }
    }

    /// - Throws: ``ServiceError`` when the user named a vehicle the file never mentioned, listing those it does.
    func requireChosen(in label: String, calling noun: String) throws {
        guard let wanted, chosen == nil else { return }
        throw ImportError.badFile(
            "\(label) has no \(noun) \"\(wanted)\"; it holds \(names.map { "\"\($0)\"" }.joined(separator: ", ")).")
    }

    /// The last name asked about and its answer: consecutive rows are nearly always the same vehicle.
    private var last: (name: String, reason: String?)?

    /// nil when a row of vehicle `name` is imported, else why it is skipped.
    mutating func skipReason(for name: String?) -> String? {
        guard let name, !name.isEmpty else { return nil }
        if let last, last.name == name, chosen != nil { return last.reason }
        let reason = decide(name)
        last = (name, reason)
        return reason
    }

    private mutating func decide(_ name: String) -> String? {
        list(name)
        if chosen == nil {
            if let wanted {
                chosen =
                    names.first { $0.caseInsensitiveCompare(wanted) == .orderedSame }
                    ?? (name.caseInsensitiveCompare(wanted) == .orderedSame ? name : nil)
            } else {
                chosen = names.first
            }
        }
        guard let chosen else {
            return "belongs to another vehicle (\(name)); --from-vehicle chose \"\(wanted ?? "")\""
        }
        return name.caseInsensitiveCompare(chosen) == .orderedSame
            ? nil : "belongs to another vehicle in the file (import it with --from-vehicle \"\(name)\")"
    }
}
