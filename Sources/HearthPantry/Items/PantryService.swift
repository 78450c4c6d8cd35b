import Foundation
public import HearthCore
public import HearthPantryModel

/// The items in a household's pantry.
public protocol PantryItemServicing: ServiceHealth {
    /// The household's items.
    func items(in householdId: String) async throws -> [PantryItem]
    /// Adds an item; its quantity is the stock it starts with.
    func addItem(
        householdId: String, name: String, quantity: Double, unit: String?, category: ItemCategory?,
        expirationDate: CalendarDay?, location: String?, notes: String?
    ) async throws -> PantryItem
}

/// Pantry items over the server's GraphQL (`items`, `addItem`). Strings are trimmed before they are sent; an
/// empty name is refused here with the pantry's message, anything else the server's rules refuse comes back as
/// `validationFailed` with their messages.
public actor PantryItemService: PantryItemServicing {
    public nonisolated let serviceName = "PantryItemService"
    private let graphQL: any GraphQLServing

    /// A service over `graphQL`.
    public init(graphQL: any GraphQLServing) {
        self.graphQL = graphQL
    }

    public func items(in householdId: String) async throws -> [PantryItem] {
        let id = try Self.required(householdId, "Household id")
        return try await graphQL.perform(ItemsQuery(householdId: id))
    }

    public func addItem(
        householdId: String, name: String, quantity: Double, unit: String?, category: ItemCategory?,
        expirationDate: CalendarDay?, location: String?, notes: String?
    ) async throws -> PantryItem {
        let household = try Self.required(householdId, "Household id")
        let name = try Self.required(name, "Item name")
        let input = NewPantryItem(
            householdId: household, name: name, quantity: quantity, unit: Self.trimmed(unit), category: category,
            expirationDate: expirationDate, location: Self.trimmed(location), notes: Self.trimmed(notes))
        return try await graphQL.perform(AddItemMutation(input: input))
    }

    public func checkHealth() async -> HealthStatus {
        let started = Date()
        do {
            _ = try await graphQL.perform(HouseholdsQuery())
            return HealthStatus(isHealthy: true, lastChecked: started, responseTime: Date().timeIntervalSince(started))
        } catch {
            return HealthStatus(isHealthy: false, lastChecked: started, errors: ["\(error)"], responseTime: Date().timeIntervalSince(started))
        }
    }

    private static func trimmed(_ value: String?) -> String? {
        guard let value = value?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
        return value
    }

    private static func required(_ value: String, _ what: String) throws -> String {
        guard let value = trimmed(value) else { throw ServiceError.validationFailed("\(what) cannot be empty") }
        return value
    }
}
