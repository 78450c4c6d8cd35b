public import Foundation

/// The error every finance store operation throws: an opaque ``Code``, a message a person can act on,
/// and an optional underlying cause.
///
/// A failed operation never leaves partial changes behind: the store rolls its transaction back before
/// throwing.
///
/// ```swift
/// do {
///     try await store.updatePerson(person)
/// } catch let error as PersistenceError where error.code == .entityNotFound {
///     print(error.message) // "Person 6F1C… was not found. …"
/// }
/// ```
public struct PersistenceError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// What kind of failure this is. A struct rather than an enum, so adding a code never breaks callers.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// A stable, machine-readable name such as `"ENTITY_NOT_FOUND"`.
        public let rawValue: String

        public init(_ rawValue: String) { self.rawValue = rawValue }

        /// Storing a value failed.
        public static let saveFailed = Code("SAVE_FAILED")
        /// Reading values failed.
        public static let fetchFailed = Code("FETCH_FAILED")
        /// Deleting a value failed.
        public static let deleteFailed = Code("DELETE_FAILED")
        /// Updating a value failed.
        public static let updateFailed = Code("UPDATE_FAILED")
        /// No value with the given id exists.
        public static let entityNotFound = Code("ENTITY_NOT_FOUND")
        /// The value broke a rule; the message is the rule's exact text.
        public static let validationFailed = Code("VALIDATION_FAILED")
        /// The database could not be opened or used.
        public static let contextError = Code("CONTEXT_ERROR")
        /// The value refers to something that does not exist or does not belong together.
        public static let relationshipError = Code("RELATIONSHIP_ERROR")

        public var description: String { rawValue }
    }

    /// What kind of failure this is.
    public let code: Code
    /// What went wrong and, where possible, what to do about it.
    public let message: String
    /// The id of the missing entity, for ``Code/entityNotFound``.
    public let entityID: UUID?
    /// The error that caused this one, if any.
    public let underlying: (any Error)?

    public init(_ code: Code, _ message: String, entityID: UUID? = nil, underlying: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.entityID = entityID
        self.underlying = underlying
    }

    public var description: String { message }
    public var errorDescription: String? { message }

    /// Two errors are equal when their code, message and entity id match; causes are ignored.
    public static func == (lhs: PersistenceError, rhs: PersistenceError) -> Bool {
        lhs.code == rhs.code && lhs.message == rhs.message && lhs.entityID == rhs.entityID
    }

    // MARK: The cases of the original API

    /// The value broke a rule; `reason` is shown as it is.
    public static func validationFailed(_ reason: String) -> PersistenceError {
        PersistenceError(.validationFailed, reason)
    }

    /// No `entity` with `id` exists.
    public static func entityNotFound(_ id: UUID, entity: String = "Entity") -> PersistenceError {
        PersistenceError(
            .entityNotFound, "\(entity) \(id.uuidString) was not found. Check the id (list them to see what exists).",
            entityID: id)
    }

    /// The value refers to something that does not exist or does not belong together.
    public static func relationshipError(_ reason: String) -> PersistenceError {
        PersistenceError(.relationshipError, reason)
    }

    /// Storing failed because of `underlying`.
    public static func saveFailed(_ underlying: any Error) -> PersistenceError {
        PersistenceError(.saveFailed, "Could not save: \(underlying)", underlying: underlying)
    }

    /// Reading failed because of `underlying`.
    public static func fetchFailed(_ underlying: any Error) -> PersistenceError {
        PersistenceError(.fetchFailed, "Could not read: \(underlying)", underlying: underlying)
    }

    /// Deleting failed because of `underlying`.
    public static func deleteFailed(_ underlying: any Error) -> PersistenceError {
        PersistenceError(.deleteFailed, "Could not delete: \(underlying)", underlying: underlying)
    }

    /// Updating failed because of `underlying`.
    public static func updateFailed(_ underlying: any Error) -> PersistenceError {
        PersistenceError(.updateFailed, "Could not update: \(underlying)", underlying: underlying)
    }

    /// The database could not be opened or used.
    public static func contextError(_ message: String, underlying: (any Error)? = nil) -> PersistenceError {
        PersistenceError(.contextError, message, underlying: underlying)
    }
}
