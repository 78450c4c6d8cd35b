/// A channel the pantry's digests go out on: e-mail, a webhook.
public protocol DigestDelivering: Sendable {
    /// The channel's name in the delivery records and reports, such as "email" or "webhook".
    var channel: String { get }
    /// Whether `recipient` asked for this channel.
    func applies(to recipient: DigestRecipient) -> Bool
    /// Delivers `digest` to `recipient`; throwing leaves it to be tried again at the next run, with the same
    /// ``PantryDigest/deliveryKey``.
    func deliver(_ digest: PantryDigest, to recipient: DigestRecipient) async throws
}
