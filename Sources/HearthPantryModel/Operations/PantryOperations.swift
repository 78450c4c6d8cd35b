/// Every operation the pantry client sends, by name, so tests can check each document against the server's
/// schema.
public enum PantryOperations {
    /// The operation types, in no particular order.
    public static let all: [any PantryOperation.Type] = [
        HouseholdsQuery.self, HouseholdQuery.self, CreateHouseholdMutation.self, UpdateHouseholdMutation.self,
        DeleteHouseholdMutation.self, CreateInviteMutation.self, RevokeInviteMutation.self, JoinHouseholdMutation.self,
        AddMemberMutation.self, UpdateMemberRoleMutation.self, RemoveMemberMutation.self, LeaveHouseholdMutation.self,
        TransferOwnershipMutation.self,
        ItemsQuery.self, AddItemMutation.self,
        ItemQuery.self, ExpiringItemsQuery.self, UpdateItemMutation.self, DeleteItemMutation.self,
        LookupBarcodeQuery.self,
        PurchaseMutation.self, ConsumeMutation.self,
        OpenItemMutation.self, TransferMutation.self, CorrectInventoryMutation.self, UndoBookingMutation.self,
        PantryChangedSubscription.self, HouseholdChangedSubscription.self,
        RecipesQuery.self, AddRecipeMutation.self, UpdateRecipeMutation.self, DeleteRecipeMutation.self,
        ImportRecipeMutation.self, CookableRecipesQuery.self,
        ShoppingListQuery.self, AddShoppingItemMutation.self, UpdateShoppingItemMutation.self,
        DeleteShoppingItemMutation.self,
        ClearCheckedShoppingItemsMutation.self, AddMissingIngredientsMutation.self,
        AddExpiringAndBelowMinimumMutation.self,
        CheckShoppingItemMutation.self,
        ShoppingListsQuery.self, CreateShoppingListMutation.self, RenameShoppingListMutation.self,
        SetShoppingListStoreMutation.self, DeleteShoppingListMutation.self, MoveShoppingItemMutation.self,
        StoresQuery.self, CreateStoreMutation.self, UpdateStoreMutation.self, DeleteStoreMutation.self,
        MeQuery.self, UpdateMeMutation.self, SearchUsersQuery.self,
        DigestPreferencesQuery.self, SetDigestPreferencesMutation.self,
        MealPlanQuery.self, AddMealPlanEntryMutation.self, RemoveMealPlanEntryMutation.self,
        AddMissingIngredientsToShoppingListMutation.self, CookRecipeMutation.self, UndoCookingMutation.self,
    ]

    /// Each operation's document, keyed by its type's name.
    public static var documents: [String: String] {
        Dictionary(uniqueKeysWithValues: all.map { (String(describing: $0), $0.document) })
    }
}
