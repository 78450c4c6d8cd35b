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
    private let state = Mutex(State())

    private struct State {
        var entries: [String: Entry] = [:]
        var items = 0
        var clock: UInt64 = 0
    }

    private struct Entry {
        let revision: Int64
        let items: [PantryItem]
        var stock: (day: CalendarDay?, index: CookableRanking.StockIndex)?
        var lastUse: UInt64
    }

    init(itemLimit: Int = 100_000, householdLimit: Int = 4_096) {
        self.itemLimit = itemLimit
        self.householdLimit = householdLimit
    }

    /// The household's items if they were read at `revision`.
    func items(_ householdID: String, revision: Int64) -> [PantryItem]? {
        state.withLock { state in
            guard var entry = state.entries[householdID], entry.revision == revision else { return nil }
            state.clock += 1
            entry.lastUse = state.clock
            state.entries[householdID] = entry
            return entry.items
        }
    }

    /// Keeps `items`, read at `revision` or later, unless a newer revision's are already kept.
    func store(_ householdID: String, revision: Int64, items: [PantryItem]) {
        guard items.count <= itemLimit else { return }
        state.withLock { state in
            if let kept = state.entries[householdID] {
                guard kept.revision < revision else { return }
                state.items -= kept.items.count
            }
            state.clock += 1
            state.entries[householdID] = Entry(revision: revision, items: items, stock: nil, lastUse: state.clock)
            state.items += items.count
            while state.items > itemLimit || state.entries.count > householdLimit, let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                state.entries[oldest.key] = nil
                state.items -= oldest.value.items.count
            }
        }
    }

    /// The stock index of `items` (the household's items at `revision`) for `today`, worked out once per day and revision.
    func stockIndex(_ householdID: String, revision: Int64, items: [PantryItem], today: CalendarDay?) -> CookableRanking.StockIndex {
        if let kept = state.withLock({ state -> CookableRanking.StockIndex? in
            guard let entry = state.entries[householdID], entry.revision == revision, let stock = entry.stock, stock.day == today else { return nil }
            return stock.index
        }) {
            return kept
        }
        let index = CookableRanking.StockIndex(items, today: today)
        state.withLock { state in
            guard var entry = state.entries[householdID], entry.revision == revision else { return }
            entry.stock = (today, index)
            state.entries[householdID] = entry
        }
        return index
    }

    /// How many households' items are kept (for tests).
    var count: Int { state.withLock { $0.entries.count } }
}
