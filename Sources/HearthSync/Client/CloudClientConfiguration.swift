public import Foundation

/// Where a ``CloudClient`` connects and how patiently.
///
/// | setting | default | meaning |
/// |---|---|---|
/// | `serverURL` | — | the server's root, such as `http://127.0.0.1:8080` (the API is under `/cloud/v1`) |
/// | `deviceID` | nil | sent as `X-Hearth-Device-ID` so the push channel does not echo this device's changes |
/// | `requestTimeout` | 30 s | how long a request may wait for the answer's head |
/// | `maxResponseBytes` | 64 MB | the largest answer body accepted |
/// | `pushIdleTimeout` | 45 s | a push connection silent this long (the server sends a heartbeat every 15 s) is dropped and reopened |
public struct CloudClientConfiguration: Sendable {
    /// The server's root URL.
    public var serverURL: URL
    /// This device's id, or nil.
    public var deviceID: String?
    /// How long a request may wait for the answer's head.
    public var requestTimeout: Duration
    /// The largest answer body accepted.
    public var maxResponseBytes: Int
    /// How long the push channel may stay silent before it counts as dropped.
    public var pushIdleTimeout: Duration

    public init(
        serverURL: URL,
        deviceID: String? = nil,
        requestTimeout: Duration = .seconds(30),
        maxResponseBytes: Int = 64 << 20,
        pushIdleTimeout: Duration = .seconds(45)
    ) {
        self.serverURL = serverURL
        self.deviceID = deviceID
        self.requestTimeout = requestTimeout
        self.maxResponseBytes = maxResponseBytes
        self.pushIdleTimeout = pushIdleTimeout
    }

    /// A configuration for the server at `text`, such as `http://127.0.0.1:8080`.
    /// - Throws: ``CloudTransportError`` (invalid request) when `text` is not an http or https URL.
    public static func server(_ text: String, deviceID: String? = nil) throws -> CloudClientConfiguration {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else {
            throw CloudTransportError(
                .invalidRequest, "\"\(text.prefix(80))\" is not a server URL; give one such as http://127.0.0.1:8080.")
        }
        return CloudClientConfiguration(serverURL: url, deviceID: deviceID)
    }

    /// The URL of the API path `path` (relative to `/cloud/v1/`).
    func url(_ path: String) -> String {
        var base = serverURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return base + "/cloud/v1/" + path
    }
}
