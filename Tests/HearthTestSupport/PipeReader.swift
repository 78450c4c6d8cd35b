import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads one pipe to its end with a readability handler of its own — a Dispatch read source on a serial
/// queue — and hands every chunk to `onData`, then an empty chunk at the end of file.
///
/// `FileHandle.readabilityHandler` reads once per event, and on Linux the event for the end of file can go
/// missing when it comes with the last of the data, so a reader waiting for it waits forever
/// (swift-corelibs-foundation issue 3275). Here the descriptor is non-blocking and every event reads until
/// the pipe is empty or ended, so the end of file is always seen; and every read happens on the one serial
/// queue, so no two readers ever race on the descriptor.
final class PipeReader: @unchecked Sendable {
    // `ended` and the reads are confined to `queue`; the rest is immutable.
    private let handle: FileHandle
    private let queue = DispatchQueue(label: "hearth.test-support.pipe-reader")
    private let source: any DispatchSourceRead
    private let onData: @Sendable (Data) -> Void
    private var ended = false

    /// Starts reading `handle`, the read end of a pipe this process owns.
    init(_ handle: FileHandle, onData: @escaping @Sendable (Data) -> Void) {
        self.handle = handle
        self.onData = onData
        let descriptor = handle.fileDescriptor
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        // The handlers keep the reader alive until the end of file cancels the source.
        source.setEventHandler { self.drain() }
        source.setCancelHandler { try? self.handle.close() }
        source.resume()
    }

    /// Reads whatever is there now, even if no event announced it.
    func readAgain() {
        queue.async { self.drain() }
    }

    private func drain() {
        guard !ended else { return }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                onData(Data(buffer[..<count]))
                continue
            }
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { return }
            // 0 is the end of file; any other error ends the stream just the same.
            ended = true
            source.cancel()
            onData(Data())
            return
        }
    }
}
