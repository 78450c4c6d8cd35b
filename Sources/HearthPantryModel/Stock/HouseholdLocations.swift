/// Where a household keeps stock: every household has these three, and any other place an item or a booking names.
public enum HouseholdLocations {
    /// The places every household starts with.
    public static let defaults = ["Pantry", "Fridge", "Freezer"]
}
