import HearthCloudModel
public import HearthCore

extension SyncService {
    /// The text that ends a failure's message by default: nothing local changed, and nothing is lost.
    public static let keptForNextSync = "Nothing local was changed; pending changes are kept for the next sync."

    /// A failed round (or a failed request to the server) as a ``ServiceError`` that says what went wrong and
    /// what to do; the original error is its `underlying` error, and a ``ServiceError`` stays as it is.
    /// - Parameters:
    ///   - kept: what became of local data ("Nothing local was changed; …").
    ///   - retry: what to do once the cause is fixed ("sync again", "try again").
    public static func explain(_ error: any Error, kept: String = keptForNextSync, retry: String = "sync again")
        -> ServiceError
    {
        switch error {
        case let error as ServiceError:
            return error
        case let error as CloudTransportError:
            return ServiceError(
                .operationFailed,
                "Cannot reach the server: \(error.message). \(kept) Check the address and your connection, then \(retry).",
                underlying: error)
        case let error as CloudError:
            switch error.serverErrorCode {
            case .authenticationFailed, .authenticationRequired:
                return ServiceError(
                    .notAuthenticated, "The server refused the sign-in (\(error.reason)). \(kept) Sign in again.",
                    underlying: error)
            case .throttled, .tryAgainLater:
                return ServiceError(
                    .rateLimited,
                    "The server is busy (\(error.reason)). \(kept) \(capitalized(retry)) in \(error.retryAfter ?? 60) seconds.",
                    underlying: error)
            default:
                return ServiceError(
                    .operationFailed, "The server answered \(error.serverErrorCode): \(error.reason). \(kept)",
                    underlying: error)
            }
        default:
            return ServiceError(.operationFailed, "Sync failed: \(error). \(kept)", underlying: error)
        }
    }

    private static func capitalized(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }
}
