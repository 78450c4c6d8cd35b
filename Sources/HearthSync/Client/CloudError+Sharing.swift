public import HearthCloudModel
public import HearthCore

extension CloudError {
    /// The server's refusal of a call about shares as the ``HearthCore/ServiceError`` the apps show: "Could not
    /// `what`: the reason", its code following the server's (not found, not allowed, a bad request).
    public func serviceError(doing what: String) -> ServiceError {
        let code: ServiceError.Code =
            switch serverErrorCode {
            case .notFound: .notFound
            case .accessDenied: .unauthorized
            case .badRequest: .validationFailed
            default: .operationFailed
            }
        return ServiceError(code, "Could not \(what): \(reason)", underlying: self)
    }

    /// `body`'s value; the server's refusal thrown as ``serviceError(doing:)`` says it failed to do `what`.
    public static func sharing<T: Sendable>(_ what: String, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as CloudError {
            throw error.serviceError(doing: what)
        }
    }
}
