/// The Pantry app's permission questions, as its services ask them.
extension Ability {
    /// Whether the user may do everything with the household (owner or admin under the Pantry rules).
    public func canManageHousehold(_ householdId: String) -> Bool {
        can("manage", PantryPermissions.household(id: householdId))
    }

    /// Whether the user may see the household.
    public func canReadHousehold(_ householdId: String) -> Bool {
        can("read", PantryPermissions.household(id: householdId))
    }

    /// Whether the user may rename or otherwise change the household.
    public func canUpdateHousehold(_ householdId: String) -> Bool {
        can("update", PantryPermissions.household(id: householdId))
    }

    /// Whether the user may delete the household.
    public func canDeleteHousehold(_ householdId: String) -> Bool {
        can("delete", PantryPermissions.household(id: householdId))
    }

    /// Whether the user may add, change and remove the household's members: true when they may manage
    /// the household, or may manage a `HouseholdMember` whose `household_id` is this household.
    public func canManageMembers(in householdId: String) -> Bool {
        canManageHousehold(householdId) || can("manage", PantryPermissions.member(householdId: householdId))
    }
}
