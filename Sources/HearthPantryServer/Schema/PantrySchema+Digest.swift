import Graphiti
import HearthPantryModel

extension PantrySchema {
    /// The daily digest of expiring and below-minimum items: each member's own preferences.
    static func digest() -> PartialSchema<PantryResolver, PantryContext> {
        PartialSchema(
            types: {
                Type(DigestPreferences.self) {
                    KeyField("enabled", at: \.enabled).description("Whether the daily digest is sent; off by default.")
                    KeyField("email", at: \.email).description("Whether it goes to your account's e-mail address.")
                    KeyField("webhookUrl", at: \.webhookURL).description(
                        "An http(s) address it is also POSTed to as JSON, with an Idempotency-Key header.")
                    KeyField("hour", at: \.hour).description("The hour of your day (0–23) from which it goes out.")
                    KeyField("timeZone", at: \.timeZone).description("Your time zone, such as Europe/Madrid.")
                    KeyField("daysAhead", at: \.daysAhead).description(
                        "Items due within this many days count as expiring soon; expired ones always count.")
                }.description(
                    "How you get the daily pantry digest: at most one a day, with the items of your households expired or expiring soon and those below their minimum."
                )
                Input(DigestPreferencesInput.self) {
                    InputField("enabled", at: \.enabled)
                    InputField("email", at: \.email)
                    InputField("webhookUrl", at: \.webhookUrl).description(
                        "An http:// or https:// address on the public internet; an empty string removes it.")
                    InputField("hour", at: \.hour).description("0 to 23.")
                    InputField("timeZone", at: \.timeZone).description(
                        "An IANA time zone, such as America/Puerto_Rico.")
                    InputField("daysAhead", at: \.daysAhead).description("0 (today only) to 60.")
                }.description("Changes to your digest preferences: fields left out stay as they are.")
            },
            query: {
                Field("digestPreferences", at: PantryResolver.digestPreferences) {
                    Argument("userId", at: \.userId).description("Yours, or left out; nobody else's can be read.")
                }.description("Your daily digest preferences (the defaults until you set them).")
            },
            mutation: {
                Field("setDigestPreferences", at: PantryResolver.setDigestPreferences) {
                    Argument("userId", at: \.userId).description("Yours, or left out; nobody else's can be changed.")
                    Argument("input", at: \.input)
                }.description("Changes your daily digest preferences; every field is checked before anything is kept.")
            })
    }
}
