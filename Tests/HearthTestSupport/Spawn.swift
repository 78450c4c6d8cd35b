import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starting a child with `posix_spawn`, for ``ChildProcess``: pipes made close-on-exec, the child's standard
/// streams set, every other descriptor closed in the child, no signal blocked, SIGPIPE back to its default, and
/// a process group of its own; and waiting for it on the calling thread.
enum Spawn {
    /// The two ends of a pipe, both close-on-exec.
    struct Pipe {
        let read: Int32
        let write: Int32
    }

    /// A new pipe for the child named `name`.
    static func pipe(for name: String) throws -> Pipe {
        var ends: [Int32] = [-1, -1]
        // (`pipe2` is a GNU extension Swift's Glibc module leaves out; a child spawned between the two calls
        // closes every descriptor from 3 up anyway.)
        guard ends.withUnsafeMutableBufferPointer({ systemPipe($0.baseAddress) }) == 0 else {
            throw failure("No pipe for \(name)", errno)
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return Pipe(read: ends[0], write: ends[1])
    }

    /// Spawns `path` with `arguments` (the first is the program's name) and `environment` (`NAME=value`), in
    /// `directory` when given, its stdin from `stdin` (`/dev/null` when nil) and its stdout and stderr into the
    /// given descriptors. Returns its process identifier.
    static func run(
        _ path: String, _ arguments: [String], environment: [String], directory: String?, stdin: Int32?,
        stdout: Int32, stderr: Int32
    ) throws -> Int32 {
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t?
            var attributes: posix_spawnattr_t?
        #else
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }

        if let stdin {
            posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP)
        #if canImport(Darwin)
            flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
            if let directory { posix_spawn_file_actions_addchdir_np(&actions, directory) }
        #else
            // Descriptors another part of the test process opened without close-on-exec stay out of the child.
            if let closeFrom = glibcCloseFrom { _ = closeFrom(&actions, 3) }
            if let directory {
                guard let changeDirectory = glibcChangeDirectory else {
                    throw failure(
                        "Cannot start \(path) in \(directory): this C library cannot change a child's folder", ENOSYS)
                }
                _ = changeDirectory(&actions, directory)
            }
        #endif
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard result == 0 else { throw failure("Could not start \(path)", result) }
        return pid
    }

    /// Waits, blocking the calling thread, until `pid` ends; returns its exit status and how it ended.
    static func wait(_ pid: Int32) -> (status: Int32, reason: Process.TerminationReason) {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { return (-1, .exit) }
        }
        let signal = status & 0x7f
        return signal == 0 ? ((status >> 8) & 0xff, .exit) : (signal, .uncaughtSignal)
    }

    private static func systemPipe(_ ends: UnsafeMutablePointer<Int32>?) -> Int32 {
        #if canImport(Darwin)
            Darwin.pipe(ends)
        #elseif canImport(Musl)
            Musl.pipe(ends)
        #else
            Glibc.pipe(ends)
        #endif
    }

    private static func failure(_ what: String, _ code: Int32) -> ChildProcessError {
        ChildProcessError(.notStarted, "\(what): \(String(cString: strerror(code))).")
    }

    #if !canImport(Darwin)
        /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34) and `…_addchdir_np` (2.29), looked up at
        /// run time: Swift's Glibc module does not declare these GNU extensions.
        private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        private typealias ChangeDirectory =
            @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

        private static let glibcCloseFrom: CloseFrom? = symbol("posix_spawn_file_actions_addclosefrom_np")
        private static let glibcChangeDirectory: ChangeDirectory? = symbol("posix_spawn_file_actions_addchdir_np")

        private static func symbol<T>(_ name: String) -> T? {
            guard let found = dlsym(nil, name) else { return nil }
            return unsafeBitCast(found, to: T.self)
        }
    #endif
}
