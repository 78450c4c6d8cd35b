import Graphiti

extension PantrySchema {
    /// The signed-in user's profile, and finding the people one shares households with.
    static func people() -> PartialSchema<PantryResolver, PantryContext> {
        PartialSchema(
            types: {
                Input(ProfileInput.self) {
                    InputField("firstName", at: \.firstName)
                    InputField("lastName", at: \.lastName)
                    InputField("displayName", at: \.displayName)
                    InputField("avatarUrl", at: \.avatarUrl).description("An http:// or https:// address.")
                    InputField("phone", at: \.phone).description("Digits, spaces and + - ( ) .")
                    InputField("primaryHouseholdId", at: \.primaryHouseholdId).description("A household you belong to.")
                }.description("Changes to your profile: fields left out stay as they are, an empty string clears one.")
            },
            query: {
                Field("searchUsers", at: PantryResolver.searchUsers) {
                    Argument("text", at: \.text).description(
                        "At least 2 characters, matched in names and email addresses, ignoring case and accents.")
                }.description(
                    "People who share a household with you (you included), by name, at most 20; nobody else's account is ever shown."
                )
            },
            mutation: {
                Field("updateMe", at: PantryResolver.updateMe) {
                    Argument("input", at: \.input)
                }.description("Changes your profile.")
            })
    }
}
