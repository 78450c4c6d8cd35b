public import Foundation
public import HearthCore
public import HearthPantryModel

/// One member's pantry digest for one day of theirs: in each of their households, the items expired or due
/// within their window (with something left of them), and the items below their minimum, grouped by location.
///
/// Pure: ``make(memberID:day:daysAhead:households:)`` judges items with ``ExpiryStatus`` on the member's day.
/// An empty digest (``isEmpty``) is never sent.
public struct PantryDigest: Codable, Sendable, Hashable {
    /// One item worth a word.
    public struct Entry: Codable, Sendable, Hashable {
        public var itemID: String
        public var name: String
        public var quantity: Double
        public var unit: String
        /// Its due day, when it is in the digest for it.
        public var expirationDate: CalendarDay?
        /// Days from the digest's day to the due day: negative once past, nil when not in for its date.
        public var daysUntilDue: Int?
        /// Expired, overdue or due soon; nil when only below its minimum.
        public var dateStatus: ExpiryStatus?
        /// The minimum, when the item is below it.
        public var belowMinimum: Double?
    }

    /// The entries kept in one place of a household ("Fridge"; nil for items with no location).
    public struct Location: Codable, Sendable, Hashable {
        public var name: String?
        public var entries: [Entry]
    }

    /// One household's part.
    public struct Household: Codable, Sendable, Hashable {
        public var id: String
        public var name: String
        public var locations: [Location]
    }

    /// The member it is for.
    public var memberID: String
    /// The member's day it was made for.
    public var day: CalendarDay
    /// How many days ahead counted as expiring soon.
    public var daysAhead: Int
    /// Their households with something to say, by name.
    public var households: [Household]

    /// The key its delivery goes by, the same on every try: `<member>.<day>`.
    public var deliveryKey: String { "\(memberID).\(day.iso)" }

    /// Whether there is nothing to say.
    public var isEmpty: Bool { households.isEmpty }

    private var entries: [Entry] { households.flatMap { $0.locations.flatMap(\.entries) } }

    /// Items past their date (expired or overdue).
    public var expiredCount: Int { entries.filter { ($0.daysUntilDue ?? 0) < 0 && $0.dateStatus != nil }.count }
    /// Items due today or within the window.
    public var expiringSoonCount: Int { entries.filter { $0.dateStatus == .dueSoon }.count }
    /// Items below their minimum.
    public var belowMinimumCount: Int { entries.filter { $0.belowMinimum != nil }.count }

    /// The digest of `households` (each with its items) on `day`.
    public static func make(
        memberID: String, day: CalendarDay, daysAhead: Int,
        households: [(household: HearthPantryModel.Household, items: [PantryItem])]
    ) -> PantryDigest {
        var sections: [Household] = []
        for (household, items) in households {
            var entries: [(location: String?, entry: Entry)] = []
            for item in items {
                let statuses = ExpiryStatus.statuses(of: item, on: day, dueSoonDays: daysAhead)
                let dateStatus = statuses.first(where: \.isAboutDate)
                let below = statuses.contains(.belowMinimum) ? item.minimumQuantity : nil
                guard dateStatus != nil || below != nil else { continue }
                let location = item.location.map(Validation.trimmed).flatMap { $0.isEmpty ? nil : $0 }
                entries.append(
                    (
                        location,
                        Entry(
                            itemID: item.id, name: item.name, quantity: item.quantity, unit: item.unit,
                            expirationDate: dateStatus == nil ? nil : item.expirationDate,
                            daysUntilDue: dateStatus == nil ? nil : ExpiryStatus.daysUntilDue(item, on: day),
                            dateStatus: dateStatus, belowMinimum: below)
                    ))
            }
            guard !entries.isEmpty else { continue }
            let byLocation = Dictionary(grouping: entries, by: \.location)
            // Named places by name, then the items kept nowhere in particular; within each, soonest due first.
            let locations = byLocation.keys.sorted { ($0 == nil ? 1 : 0, $0 ?? "") < ($1 == nil ? 1 : 0, $1 ?? "") }
                .map { name in
                    Location(
                        name: name,
                        entries: (byLocation[name] ?? []).map(\.entry).sorted {
                            ($0.daysUntilDue ?? .max, $0.name.lowercased(), $0.itemID)
                                < ($1.daysUntilDue ?? .max, $1.name.lowercased(), $1.itemID)
                        })
                }
            sections.append(Household(id: household.id, name: household.name, locations: locations))
        }
        sections.sort { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
        return PantryDigest(memberID: memberID, day: day, daysAhead: daysAhead, households: sections)
    }
}
