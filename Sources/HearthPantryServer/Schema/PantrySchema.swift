import Graphiti
import HearthPantryModel
import HearthPermissions

/// The pantry's GraphQL schema, built once per server.
enum PantrySchema {
    /// The schema, and its key-path fields for ``SerialExecutor`` to read directly (see ``KeyPathFields``).
    static func make() throws -> (schema: Schema<PantryResolver, PantryContext>, keyPaths: KeyPathFields) {
        let recorder = KeyPathFields.Recorder()
        let schema = try KeyPathFields.Recorder.$current.withValue(recorder) {
            try Schema.create(from: [
                households(), kitchen(), people(), barcodes(), digest(), mealPlan(), shoppingLists(),
            ])
        }
        return (schema, recorder.fields)
    }

    /// The caller, households, members and invites, and the items and their stock.
    static func households() -> PartialSchema<PantryResolver, PantryContext> {
        PartialSchema(
            types: {
                Enum(MemberRole.self) {
                    Value(.owner).description(
                        "Owns the household: manages it and its members, and alone makes admins, deletes it and hands ownership on."
                    )
                    Value(.admin).description(
                        "Manages the household and its plain members, but not the owner, other admins or the household's deletion."
                    )
                    Value(.member).description("Reads the household and uses its pantry.")
                }.description("A member's role in a household.")
                Enum(ItemCategory.self) {
                    Value(.produce)
                    Value(.dairy)
                    Value(.meat)
                    Value(.pantry)
                    Value(.frozen)
                    Value(.beverages)
                    Value(.other)
                }.description("Where an item belongs in the pantry.")
                Enum(DueDateKind.self) {
                    Value(.bestBefore).description("Still fine for a while after the date.")
                    Value(.expiration).description("Not to be used after the date.")
                }
                Enum(ExpiryStatus.self) {
                    Value(.expired).description("Past its expiration date.")
                    Value(.overdue).description("Past its best-before date.")
                    Value(.dueSoon).description("Due today or within five days.")
                    Value(.belowMinimum).description("Less in stock than the item's minimum.")
                    Value(.ok).description("None of the above.")
                }.description("How an item stands today.")
                Enum(HouseholdChange.Kind.self, as: "HouseholdChangeKind") {
                    Value(.updated).description("The name or description changed.")
                    Value(.deleted).description("The household was deleted.")
                    Value(.membersChanged).description("Someone joined, left, was removed or changed role.")
                }
                Scalar(PermissionRule.self, as: "PermissionRule", serialize: PantrySchema.serializeRule)
                    .description("One CASL rule as JSON: {action, subject?, fields?, conditions?, inverted?, reason?}.")
                Type(Permissions.self) {
                    KeyField("rules", at: \.rules).description("The rules in order; later rules win over earlier ones.")
                    KeyField("version", at: \.version).description("Changes whenever the rules change.")
                }.description("What the signed-in user may do, as CASL rules.")
                Type(ViewerProfile.self, as: "Viewer") {
                    KeyField("id", at: \.id).description("The account's id.")
                    KeyField("email", at: \.email).description("The account's email address.")
                    KeyField("firstName", at: \.firstName).description("Empty until set.")
                    KeyField("lastName", at: \.lastName).description("Empty until set.")
                    KeyField("displayName", at: \.displayName).description(
                        "The name the user chose to be shown by, if any.")
                    KeyField("name", at: \.name).description(
                        "The display name, else first and last name, else the email address.")
                    KeyField("avatarUrl", at: \.avatarUrl)
                    KeyField("phone", at: \.phone).description("Seen only by the user.")
                    Field("primaryHouseholdId", at: ViewerProfile.primaryHouseholdId).description(
                        "The user's main household, while they belong to it.")
                    KeyField("createdAt", at: \.createdAt).description("When the account was made.")
                    KeyField("updatedAt", at: \.updatedAt).description("When the profile last changed.")
                    Field("permissions", at: ViewerProfile.permissions)
                }.description("The signed-in user.")
                Type(AccountRecord.self, as: "User") {
                    KeyField("id", at: \.id)
                    KeyField("email", at: \.email)
                    KeyField("firstName", at: \.firstName)
                    KeyField("lastName", at: \.lastName)
                    KeyField("displayName", at: \.displayName)
                    KeyField("name", at: \.name).description(
                        "The display name, else first and last name, else the email address.")
                    KeyField("avatarUrl", at: \.avatarUrl)
                    KeyField("createdAt", at: \.createdAtText)
                    KeyField("updatedAt", at: \.updatedAtText)
                }.description("An account of the server, as other members see it.")
                Type(HouseholdMember.self) {
                    KeyField("id", at: \.id)
                    KeyField("userId", at: \.userId)
                    KeyField("householdId", at: \.householdId)
                    KeyField("role", at: \.role)
                    KeyField("joinedAt", at: \.joinedAtText)
                    Field("user", at: HouseholdMember.user)
                }.description("One user's membership of a household.")
                Type(InviteCode.self, as: "Invite") {
                    KeyField("code", at: \.code)
                    KeyField("householdId", at: \.householdId)
                    KeyField("createdBy", at: \.createdBy)
                    KeyField("createdAt", at: \.createdAtText)
                    KeyField("expiresAt", at: \.expiresAtText)
                }.description("A code that lets someone join a household as a member until it expires or is revoked.")
                Type(PantryItem.self) {
                    KeyField("id", at: \.id)
                    KeyField("householdId", at: \.householdId)
                    KeyField("name", at: \.name)
                    KeyField("quantity", at: \.quantity)
                    KeyField("unit", at: \.unit)
                    KeyField("category", at: \.category)
                    KeyField("expirationDate", at: \.expirationDay).description("The day, YYYY-MM-DD.")
                    KeyField("dueDateKind", at: \.dueDateKind)
                    KeyField("minimumQuantity", at: \.minimumQuantity)
                    KeyField("location", at: \.location)
                    KeyField("notes", at: \.notes)
                    KeyField("barcode", at: \.barcodeCode).description(
                        "The product's GTIN (EAN-8, UPC-A, EAN-13 or GTIN-14), check digit last.")
                    KeyField("addedBy", at: \.addedBy)
                    KeyField("createdAt", at: \.createdAtText)
                    KeyField("updatedAt", at: \.updatedAtText)
                    Field("statuses", at: PantryItem.statuses).description(
                        "Most urgent first; [ok] when nothing applies.")
                    Field("bookings", at: PantryItem.bookings).description("Every change to the stock, oldest first.")
                }.description("Something kept in a household's pantry.")
                Type(StockBooking.self) {
                    KeyField("id", at: \.id)
                    KeyField("itemId", at: \.itemId)
                    KeyField("householdId", at: \.householdId)
                    KeyField("kind", at: \.kindName).description(
                        "purchase, consume, open, transfer or correct_inventory.")
                    KeyField("quantity", at: \.quantity).description(
                        "In the item's unit; signed for inventory corrections.")
                    KeyField("spoiled", at: \.spoiled)
                    KeyField("location", at: \.location)
                    KeyField("fromLocation", at: \.fromLocation)
                    KeyField("toLocation", at: \.toLocation)
                    KeyField("bestBefore", at: \.bestBeforeDay)
                    KeyField("createdBy", at: \.createdBy)
                    KeyField("createdAt", at: \.createdAtText)
                    KeyField("reverses", at: \.reverses).description("The booking this one undoes, for an undo.")
                }.description(
                    "One change to an item's stock; bookings are never edited, an undo is a booking of its own.")
                Type(Household.self) {
                    KeyField("id", at: \.id)
                    KeyField("name", at: \.name)
                    KeyField("description", at: \.description)
                    KeyField("createdBy", at: \.createdBy)
                    KeyField("createdAt", at: \.createdAtText)
                    KeyField("updatedAt", at: \.updatedAtText)
                    Field("memberCount", at: Household.loadedMemberCount)
                    Field("members", at: Household.loadedMembers).description(
                        "The owner, then admins, then members, oldest first.")
                    Field("items", at: Household.items)
                    Field("invites", at: Household.invites).description(
                        "Invite codes that still work; empty unless you are the owner or an admin.")
                    Field("myRole", at: Household.myRole)
                }.description("A household: people who share a pantry.")
                Type(HouseholdChangeEvent.self, as: "HouseholdChange") {
                    KeyField("householdId", at: \.householdID)
                    KeyField("kind", at: \.kind)
                    KeyField("household", at: \.household).description(
                        "The household after the change; null once deleted.")
                }
                Enum(PantryChange.Kind.self, as: "PantryChangeKind") {
                    Value(.itemAdded)
                    Value(.itemUpdated).description(
                        "An item's name, unit, category, due day, minimum, location, notes or barcode changed.")
                    Value(.itemDeleted)
                    Value(.stockBooked).description("Stock was purchased, consumed, opened, moved or corrected.")
                    Value(.bookingUndone)
                    Value(.recipeAdded)
                    Value(.recipeUpdated)
                    Value(.recipeDeleted)
                    Value(.shoppingListChanged).description(
                        "Lines were added to, changed on or removed from the shopping list.")
                    Value(.shoppingItemChecked).description(
                        "A shopping list line was checked off into stock (itemId names the item).")
                    Value(.mealPlanChanged).description(
                        "A meal plan entry was added, changed or removed (recipeId names its recipe).")
                    Value(.recipeCooked).description("A recipe was cooked from stock (recipeId names it).")
                    Value(.cookingUndone).description("A cooking was undone: its consumption was taken back.")
                }.description("What changed in a household's pantry.")
                Type(PantryChangeEvent.self, as: "PantryChange") {
                    KeyField("kind", at: \.kind)
                    KeyField("householdId", at: \.householdID)
                    KeyField("itemId", at: \.itemID).description("The item changed, if any.")
                    KeyField("recipeId", at: \.recipeID).description("The recipe changed, if any.")
                    KeyField("shoppingItemId", at: \.shoppingItemID).description(
                        "The shopping list line changed, if any.")
                    KeyField("shoppingListId", at: \.shoppingListID).description("The shopping list changed, if any.")
                    KeyField("bookingId", at: \.bookingID).description("The stock booking made or undone, if any.")
                    KeyField("byUserId", at: \.byUserID).description("Who made the change.")
                    KeyField("item", at: \.item).description(
                        "The item as it is now; null when none was touched or it is deleted.")
                }.description("A change to a household's items, stock, recipes or shopping list.")
                Input(ItemEditInput.self) {
                    InputField("name", at: \.name)
                    InputField("unit", at: \.unit).description(
                        "Only another spelling of the same unit while the item has stock.")
                    InputField("category", at: \.category)
                    InputField("expirationDate", at: \.expirationDate).description("YYYY-MM-DD; empty clears it.")
                    InputField("dueDateKind", at: \.dueDateKind)
                    InputField("minimumQuantity", at: \.minimumQuantity).description("0 removes the minimum.")
                    InputField("location", at: \.location).description("Empty clears it.")
                    InputField("notes", at: \.notes).description("Empty clears them.")
                    InputField("barcode", at: \.barcode).description(
                        "8, 12, 13 or 14 digits with a valid check digit (spaces and dashes allowed); empty clears it.")
                }.description(
                    "What updateItem changes; fields left out stay as they are. Quantities change only through the stock verbs."
                )
                Input(HouseholdInput.self) {
                    InputField("name", at: \.name)
                    InputField("description", at: \.description)
                }
                Input(ItemInput.self) {
                    InputField("householdId", at: \.householdId)
                    InputField("name", at: \.name)
                    InputField("quantity", at: \.quantity).description("The stock it starts with, bought at location.")
                    InputField("unit", at: \.unit)
                    InputField("category", at: \.category)
                    InputField("expirationDate", at: \.expirationDate).description("YYYY-MM-DD.")
                    InputField("dueDateKind", at: \.dueDateKind)
                    InputField("minimumQuantity", at: \.minimumQuantity)
                    InputField("location", at: \.location)
                    InputField("notes", at: \.notes)
                    InputField("barcode", at: \.barcode).description(
                        "8, 12, 13 or 14 digits with a valid check digit (spaces and dashes allowed).")
                }
            },
            query: {
                Field("me", at: PantryResolver.me).description("The signed-in user.")
                Field("households", at: PantryResolver.households).description(
                    "Every household you belong to, by name.")
                Field("household", at: PantryResolver.household) {
                    Argument("id", at: \.id)
                }.description("One household you belong to.")
                Field("items", at: PantryResolver.items) {
                    Argument("householdId", at: \.householdId)
                    Argument("expiringWithinDays", at: \.expiringWithinDays).description(
                        "Only items expired, overdue or due within this many days.")
                    Argument("barcode", at: \.barcode).description(
                        "Only items with this barcode (a UPC-A matches the same product's EAN-13).")
                }.description("A household's items, by name.")
                Field("item", at: PantryResolver.item) {
                    Argument("id", at: \.id)
                }.description("One item of a household you belong to, with its bookings.")
            },
            mutation: {
                Field("createHousehold", at: PantryResolver.createHousehold) {
                    Argument("input", at: \.input)
                }.description("Creates a household that you own.")
                Field("updateHousehold", at: PantryResolver.updateHousehold) {
                    Argument("id", at: \.id)
                    Argument("input", at: \.input)
                }
                Field("deleteHousehold", at: PantryResolver.deleteHousehold) {
                    Argument("id", at: \.id)
                }.description("Deletes a household and everything in it; only its owner may.")
                Field("createInvite", at: PantryResolver.createInvite) {
                    Argument("householdId", at: \.householdId)
                }.description("A new invite code to the household, working for seven days.")
                Field("revokeInvite", at: PantryResolver.revokeInvite) {
                    Argument("code", at: \.code)
                }
                Field("joinHousehold", at: PantryResolver.joinHousehold) {
                    Argument("code", at: \.code)
                }
                Field("updateMemberRole", at: PantryResolver.updateMemberRole) {
                    Argument("memberId", at: \.memberId)
                    Argument("role", at: \.role)
                }
                Field("removeMember", at: PantryResolver.removeMember) {
                    Argument("memberId", at: \.memberId)
                }
                Field("leaveHousehold", at: PantryResolver.leaveHousehold) {
                    Argument("householdId", at: \.householdId)
                }
                Field("addMember", at: PantryResolver.addMember) {
                    Argument("householdId", at: \.householdId)
                    Argument("userId", at: \.userId).description(
                        "The account to add: someone who already shares another household with you, such as one a user search found."
                    )
                    Argument("role", at: \.role).description("admin (by the owner only) or member (the default).")
                }.description(
                    "Adds someone who already shares a household with you, by the household's owner or an admin; anyone else joins with an invite code."
                )
                Field("transferOwnership", at: PantryResolver.transferOwnership) {
                    Argument("householdId", at: \.householdId)
                    Argument("memberId", at: \.memberId)
                }
                Field("addItem", at: PantryResolver.addItem) {
                    Argument("input", at: \.input)
                }.description("Adds an item; a quantity above 0 is booked as its first purchase.")
                Field("updateItem", at: PantryResolver.updateItem) {
                    Argument("id", at: \.id)
                    Argument("input", at: \.input)
                }.description("Edits an item's description; its quantity changes only through the stock verbs.")
                Field("deleteItem", at: PantryResolver.deleteItem) {
                    Argument("id", at: \.id)
                }.description("Deletes an item and its stock history; answers the item as it was.")
                Field("purchase", at: PantryResolver.purchase) {
                    Argument("itemId", at: \.itemId)
                    Argument("quantity", at: \.quantity)
                    Argument("location", at: \.location)
                    Argument("bestBefore", at: \.bestBefore)
                }.description("Books stock bought, at a location of the household.")
                Field("consume", at: PantryResolver.consume) {
                    Argument("itemId", at: \.itemId)
                    Argument("quantity", at: \.quantity)
                    Argument("location", at: \.location)
                    Argument("spoiled", at: \.spoiled)
                }.description(
                    "Books stock used up, or thrown away when spoiled; open and earliest-due stock goes first.")
                Field("openItem", at: PantryResolver.openItem) {
                    Argument("itemId", at: \.itemId)
                    Argument("quantity", at: \.quantity)
                    Argument("location", at: \.location)
                }
                Field("transfer", at: PantryResolver.transfer) {
                    Argument("itemId", at: \.itemId)
                    Argument("quantity", at: \.quantity)
                    Argument("from", at: \.from)
                    Argument("to", at: \.to)
                }.description("Moves stock between two locations of the household.")
                Field("correctInventory", at: PantryResolver.correctInventory) {
                    Argument("itemId", at: \.itemId)
                    Argument("quantity", at: \.quantity).description(
                        "The difference counted: + found more, - found less.")
                    Argument("location", at: \.location)
                    Argument("bestBefore", at: \.bestBefore)
                }
                Field("undoBooking", at: PantryResolver.undoBooking) {
                    Argument("id", at: \.id)
                }.description("Takes a booking back by booking its undo; the history keeps both.")
            },
            subscription: {
                SubscriptionField(
                    "householdChanged", as: HouseholdChangeEvent.self, atSub: PantryResolver.householdChanged
                ) {
                    Argument("id", at: \.id)
                }
                SubscriptionField("pantryChanged", as: PantryChangeEvent.self, atSub: PantryResolver.pantryChanged) {
                    Argument("householdId", at: \.householdId)
                }.description(
                    "Changes to a household's items, stock, recipes and shopping list, by any member, as they commit.")
            })
    }
}
