import HearthCore
import HearthPantryModel
import Synchronization

/// Each household's items as last read, kept while the household's item revision stays the same, with the
/// stock worked out for ranking recipes on them.
///
/// Every insert, update and delete of a `pantry_items` row moves its household's revision on, in the same
/// transaction (a trigger, so no write path can forget it; see ``PantryTables``). A reader asks for the
/// revision before it reads the items, so an entry can only ever be newer than its revision says — which
/// costs one more read later — and never older. Entries are dropped least recently used first once they hold
/// more than ``itemLimit`` items between them or there are more than ``householdLimit`` of them (which also
/// bounds the search for the oldest).
final class PantryItemCache: Sendable {
    /// At most this many items are kept, across all households.
    let itemLimit: Int
    /// At most this many households' items are kept.
    let householdLimit: Int
    private let entries: Mutex<LeastRecentlyUsed<String, Entry>>

    private struct Entry {
        let revision: Int64
        let items: [PantryItem]
        var stock: (day: CalendarDay?, index: CookableRanking.StockIndex)?
    }

    init(itemLimit: Int = 100_000, householdLimit: Int = 4_096) {
        self.itemLimit = itemLimit
        self.householdLimit = householdLimit
        self.entries = Mutex(
            LeastRecentlyUsed(costLimit: itemLimit, countLimit: householdLimit) { _, entry in entry.items.count })
    }

    /// The household's items if they were read at `revision`.
    func items(_ householdID: String, revision: Int64) -> [PantryItem]? {
        entries.withLock { entries in
            guard entries.peek(householdID)?.revision == revision else { return nil }
            return entries.use(householdID)?.items
        }
    }

    /// Keeps `items`, read at `revision` or later, unless a newer revision's are already kept.
    func store(_ householdID: String, revision: Int64, items: [PantryItem]) {
        guard items.count <= itemLimit else { return }
        entries.withLock { entries in
            if let kept = entries.peek(householdID), kept.revision >= revision { return }
            entries.set(householdID, Entry(revision: revision, items: items, stock: nil))
        }
    }

    /// The stock index of `items` (the household's items at `revision`) for `today`, worked out once per day and revision.
    func stockIndex(_ householdID: String, revision: Int64, items: [PantryItem], today: CalendarDay?)
        -> CookableRanking.StockIndex
    {
        if let kept = entries.withLock({ entries -> CookableRanking.StockIndex? in
            guard let entry = entries.peek(householdID), entry.revision == revision, let stock = entry.stock,
                stock.day == today
            else { return nil }
            return stock.index
        }) {
            return kept
        }
        let index = CookableRanking.StockIndex(items, today: today)
        entries.withLock { entries in
            entries.update(householdID) { entry in
                if entry.revision == revision { entry.stock = (today, index) }
            }
        }
        return index
    }

    /// How many households' items are kept (for tests).
    var count: Int { entries.withLock { $0.count } }
}
