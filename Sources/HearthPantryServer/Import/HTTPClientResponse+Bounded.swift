import AsyncHTTPClient
import HearthCore
import NIOCore
import NIOHTTP1

extension HTTPClientResponse {
    /// The body, read up to `limit` bytes and no further: `tooLarge()` when its Content-Length or its bytes pass
    /// the limit, `stopped(error)` when the sender breaks off; cancellation passes through as it is.
    func bytes(
        upTo limit: Int, tooLarge: () -> ServiceError, stopped: (any Error) -> ServiceError
    ) async throws -> [UInt8] {
        if let length = headers.first(name: "Content-Length").flatMap(Int.init), length > limit { throw tooLarge() }
        var bytes: [UInt8] = []
        do {
            for try await chunk in body {
                guard bytes.count + chunk.readableBytes <= limit else { throw tooLarge() }
                bytes += chunk.readableBytesView
            }
        } catch let error as ServiceError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw stopped(error)
        }
        return bytes
    }
}
