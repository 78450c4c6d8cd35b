import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads one pipe to its end on a thread of its own — never a thread of the cooperative pool — handing
/// every chunk to `onData`, then an empty chunk at the end of file, and then closes the pipe.
///
/// Why not `FileHandle.readabilityHandler` (a Dispatch read source)? On Linux it loses the end-of-file
/// event when it comes with the last of the data, so a reader waiting for it waits forever
/// (swift-corelibs-foundation issue 3275), and setting up and tearing down read sources from many threads
/// at once corrupts libdispatch's epoll bookkeeping and crashes the process in `_dispatch_event_loop_drain`
/// (swift-corelibs-libdispatch issue 949) — both seen in this test suite. A blocking `read` on a dedicated
/// thread has neither problem: it always sees the end of file, registers nothing with Dispatch, and is the
/// only reader of the descriptor.
enum PipeReader {
    /// Starts reading `handle`, the read end of a pipe this process owns, on a new thread named `name`.
    static func start(_ handle: FileHandle, name: String, onData: @escaping @Sendable (Data) -> Void) {
        let thread = Thread {
            let descriptor = handle.fileDescriptor
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    onData(Data(buffer[..<count]))
                } else if count < 0, errno == EINTR {
                    continue
                } else {
                    break  // 0 is the end of file; any other error ends the stream just the same
                }
            }
            try? handle.close()
            onData(Data())
        }
        thread.name = name
        thread.start()
    }
}
