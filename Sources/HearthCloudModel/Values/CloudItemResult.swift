/// The outcome of one item in a batch: the item, or the error that stopped it.
///
/// On the wire a failure is recognised by its `serverErrorCode` key, as in CloudKit Web Services.
public enum CloudItemResult<Item: Codable & Sendable & Hashable>: Codable, Sendable, Hashable {
    case success(Item)
    case failure(CloudError)

    /// The item, when the operation succeeded.
    public var item: Item? {
        if case .success(let item) = self { return item }
        return nil
    }

    /// The error, when the operation failed.
    public var error: CloudError? {
        if case .failure(let error) = self { return error }
        return nil
    }

    private enum Probe: String, CodingKey { case serverErrorCode }

    public init(from decoder: any Decoder) throws {
        let probe = try decoder.container(keyedBy: Probe.self)
        if probe.contains(.serverErrorCode) {
            self = .failure(try CloudError(from: decoder))
        } else {
            self = .success(try Item(from: decoder))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .success(let item): try item.encode(to: encoder)
        case .failure(let error): try error.encode(to: encoder)
        }
    }
}
