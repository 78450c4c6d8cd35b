import AsyncHTTPClient
public import Foundation
import HearthCore
import HearthPantryModel
import NIOCore
import NIOHTTP1
import NIOPosix

/// Fetches recipe pages from the web for `importRecipe`, on behalf of people whose requests the server must not
/// let reach its own network.
///
/// Only `http` and `https` addresses are fetched. Before each request, the host is resolved and every address it
/// has is checked: a loopback, private, link-local or otherwise non-public one refuses the page (unless the host
/// is one of ``Configuration/privateHostsAllowed``), and the connection is then made to the checked address, so a name
/// that resolves differently a moment later cannot slip past. Redirects are followed by hand, each hop checked the
/// same way, at most ``Configuration/maxRedirects``. The page is read up to ``Configuration/maxBytes`` and no
/// further, and the whole fetch, redirects included, must finish within ``Configuration/timeout`` on the given
/// clock.
///
/// ```swift
/// let fetcher = RecipePageFetcher()
/// let (bytes, url) = try await fetcher.fetch("https://example.com/pancakes")
/// ```
public struct RecipePageFetcher: RecipePageFetching {
    /// How pages are fetched.
    public struct Configuration: Sendable {
        /// The longest a fetch may take, redirects included: 15 seconds by default.
        public var timeout: Duration
        /// The largest page read: ``RecipePage/Limits/maxBytes`` by default (2 MiB).
        public var maxBytes: Int
        /// The most redirects followed: 5 by default.
        public var maxRedirects: Int
        /// The hosts (names or addresses, as URLs write them, in lower case) whose loopback, private or link-local
        /// addresses may be fetched; `*` allows every host. None by default: a server on a home network, or in a
        /// cloud whose metadata address must stay out of reach, fetches public pages only.
        public var privateHostsAllowed: Set<String>

        public init(
            timeout: Duration = .seconds(15), maxBytes: Int = 2 << 20, maxRedirects: Int = 5,
            privateHostsAllowed: Set<String> = []
        ) {
            self.timeout = timeout
            self.maxBytes = maxBytes
            self.maxRedirects = maxRedirects
            self.privateHostsAllowed = Set(privateHostsAllowed.map { $0.lowercased() })
        }

        /// Whether `host`'s private addresses may be fetched.
        func allowsPrivate(_ host: String) -> Bool {
            privateHostsAllowed.contains("*") || privateHostsAllowed.contains(host.lowercased())
        }
    }

    public let configuration: Configuration
    public var maxBytes: Int { configuration.maxBytes }
    private let clock: any Clock<Duration>

    /// - Parameters:
    ///   - configuration: limits and whether private addresses may be fetched.
    ///   - clock: what the fetch's timeout runs on.
    public init(configuration: Configuration = Configuration(), clock: any Clock<Duration> = ContinuousClock()) {
        self.configuration = configuration
        self.clock = clock
    }

    public func fetch(_ url: String) async throws -> (bytes: [UInt8], url: URL) {
        let start = try Self.checkedURL(url, given: url)
        let timeout = configuration.timeout
        let clock = self.clock
        return try await withThrowingTaskGroup(of: (bytes: [UInt8], url: URL).self) { group in
            group.addTask {
                var target = start
                for _ in 0...configuration.maxRedirects {
                    switch try await fetchOnce(target, given: url) {
                    case .page(let bytes): return (bytes, target)
                    case .redirect(let next): target = next
                    }
                }
                throw ServiceError.validationFailed(
                    "\(url) redirects more than \(configuration.maxRedirects) times; give the recipe page's own address."
                )
            }
            group.addTask {
                try await clock.sleep(for: timeout)
                throw ServiceError(
                    .timedOut,
                    "\(Redaction.url(start)) did not send its page within \(Self.seconds(timeout)); try again later, or save the page and import the file."
                )
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
    }

    private enum Answer {
        case page([UInt8])
        case redirect(URL)
    }

    /// An http(s) URL with a host, or `INVALID_URL` naming what was given.
    static func checkedURL(_ text: String, given: String) throws -> URL {
        guard let url = URL(string: text.trimmingCharacters(in: .whitespacesAndNewlines)),
            let scheme = url.scheme?.lowercased()
        else {
            throw ServiceError(
                .invalidURL,
                "\"\(given.prefix(200))\" is not a web address; give one such as https://example.com/pancakes.")
        }
        guard scheme == "http" || scheme == "https" else {
            throw ServiceError(
                .invalidURL,
                "Only http and https pages can be imported, not \(scheme): addresses; for a saved page, send its HTML instead."
            )
        }
        guard let host = url.host, !host.isEmpty else {
            throw ServiceError(
                .invalidURL,
                "\"\(given.prefix(200))\" names no host; give an address such as https://example.com/pancakes.")
        }
        return url
    }

    private func fetchOnce(_ url: URL, given: String) async throws -> Answer {
        let checked: CheckedHost
        do {
            checked = try await CheckedHost.check(url, allowsPrivate: configuration.allowsPrivate)
        } catch CheckedHost.Refusal.notFound(let host, let reason) {
            throw ServiceError.validationFailed(
                "The host \(host) of \(Redaction.url(url)) could not be found (\(reason)); check the address.")
        } catch CheckedHost.Refusal.privateAddress(let host, let address) {
            throw ServiceError.validationFailed(
                "\(Redaction.url(url)) is on a private, loopback or link-local address (\(host) is \(address)), which recipe imports may not reach; give a page on the public web, or send the page's HTML instead."
            )
        }
        let client = checked.client(timeout: configuration.timeout)
        // The page is read whole before the client shuts down; failing to shut down is no failure of the fetch.
        do {
            let answer = try await request(url, with: client)
            try? await client.shutdown()
            return answer
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    private func request(_ url: URL, with client: HTTPClient) async throws -> Answer {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "Accept", value: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5")
        request.headers.add(name: "User-Agent", value: "Hearth recipe import")
        let label = Redaction.url(url)
        let response: HTTPClientResponse
        do {
            response = try await client.execute(request, timeout: .hours(1), logger: nil)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw ServiceError.validationFailed(
                "\(label) could not be fetched: \(error). Check the address and try again.")
        }
        if (300..<400).contains(Int(response.status.code)), let location = response.headers.first(name: "Location") {
            guard let next = URL(string: location, relativeTo: url)?.absoluteURL else {
                throw ServiceError.validationFailed(
                    "\(label) redirects to \"\(location.prefix(200))\", which is not an address.")
            }
            return .redirect(try Self.checkedURL(next.absoluteString, given: location))
        }
        guard (200..<300).contains(Int(response.status.code)) else {
            throw ServiceError.validationFailed(
                "\(label) answered HTTP \(response.status.code) \(response.status.reasonPhrase); check the address.")
        }
        let limit = configuration.maxBytes
        let bytes = try await response.bytes(upTo: limit) {
            Self.tooLarge(label, limit)
        } stopped: { error in
            ServiceError.validationFailed("\(label) stopped sending its page: \(error). Try again.")
        }
        return .page(bytes)
    }

    private static func seconds(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return Units.formatNumber(seconds, maximumFractionDigits: 1) + (seconds == 1 ? " second" : " seconds")
    }

    private static func tooLarge(_ label: String, _ limit: Int) -> ServiceError {
        ServiceError.validationFailed(
            "The page at \(label) is larger than the \(limit) bytes a recipe page may be; save the recipe's part of the page and import that."
        )
    }
}
