import HearthCloud

extension RecordStore {
    /// The address of the account `id`, for the pages to name a sharer by; nil for none, or no such account.
    func address(of id: String?) async throws -> String? {
        guard let id else { return nil }
        return try await account(id: id)?.email
    }
}
