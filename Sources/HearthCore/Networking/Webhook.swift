public import Foundation

/// A URL that receives events as JSON by POST — home-automation hubs, chat bots and the like — each with a
/// delivery key in the `Idempotency-Key` header.
///
/// A delivery whose answer never came is posted again later with the same key, by which the receiver drops
/// the repeat. The garage's reminders and the pantry's digests both go out through it.
///
/// ```swift
/// let hook = try Webhook(url: URL(string: "https://hub.example.com/hooks/pantry")!)
/// try await hook.post(payload, deliveryKey: "ana.2026-11-28")
/// ```
public struct Webhook: Sendable {
    /// The header that carries the delivery key.
    public static let idempotencyHeader = "Idempotency-Key"

    /// Where events are posted.
    public let url: URL
    private let network: any NetworkServicing

    /// - Parameters:
    ///   - url: where to POST; must be an http or https URL with a host.
    ///   - network: the HTTP client (default: a ``NetworkService`` with a 15 s timeout and two retries).
    /// - Throws: ``ServiceError`` (invalid URL) naming the URL, its credentials hidden.
    public init(url: URL, network: (any NetworkServicing)? = nil) throws {
        guard Validation.isValidURL(url.absoluteString) else {
            throw ServiceError(.invalidURL, "The webhook URL \(Redaction.origin(url)) is not an http(s) URL.")
        }
        self.url = url
        self.network =
            network ?? NetworkService(configuration: NetworkConfiguration(timeout: .seconds(15), maxRetries: 2))
    }

    /// POSTs `payload` as JSON (ISO 8601 dates) with `deliveryKey` in the `Idempotency-Key` header.
    /// - Throws: the network's ``ServiceError`` when the receiver cannot be reached or answers other than 2xx.
    public func post(_ payload: some Encodable, deliveryKey: String) async throws {
        let body = try JSONEncoder.hearth.encode(payload)
        _ = try await network.send(
            .post, url.absoluteString, query: [], headers: [Self.idempotencyHeader: deliveryKey], body: body)
    }
}
