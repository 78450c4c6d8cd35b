import HearthPantryModel

/// The loaders of one GraphQL request: each batches and caches one kind of read of the ``PantryStore``.
final class PantryLoaders: Sendable {
    let households: DataLoader<String, Household>
    let members: DataLoader<String, [HouseholdMember]>
    let items: DataLoader<String, [PantryItem]>
    let invites: DataLoader<String, [InviteCode]>
    let accounts: DataLoader<String, AccountRecord>
    let memberships: DataLoader<String, [HouseholdMember]>
    let bookings: DataLoader<String, [StockBooking]>
    let recipes: DataLoader<String, [Recipe]>
    let shoppingLists: DataLoader<String, [ShoppingListItem]>

    init(store: PantryStore) {
        let accounts = DataLoader<String, AccountRecord> { try await store.accounts(ids: $0) }
        self.accounts = accounts
        households = DataLoader { try await store.households(ids: $0) }
        // Whoever asks for members will ask for their accounts next: every member of the batch is expected.
        members = DataLoader { ids in
            let members = try await store.members(inHouseholds: ids)
            await accounts.expect(members.values.flatMap { $0.map(\.userId) })
            return members
        }
        let bookings = DataLoader<String, [StockBooking]> { try await store.bookings(ofItems: $0) }
        self.bookings = bookings
        // Likewise whoever lists items may ask for their bookings: every item of the batch, in every household.
        items = DataLoader { ids in
            let items = try await store.items(inHouseholds: ids)
            await bookings.expect(items.values.flatMap { $0.map(\.id) })
            return items
        }
        invites = DataLoader { try await store.invites(inHouseholds: $0) }
        memberships = DataLoader { try await store.memberships(ofUsers: $0) }
        recipes = DataLoader { try await store.recipes(inHouseholds: $0) }
        shoppingLists = DataLoader { try await store.shoppingLists(ofHouseholds: $0) }
    }

    /// Tells the loaders of a household's fields that these households will be asked about.
    func expectHouseholds(_ ids: [String]) async {
        await members.expect(ids)
        await items.expect(ids)
        await invites.expect(ids)
    }
}
