import Foundation

/// One line of progress on stderr that redraws itself ("Importing log.csv… 42% (120,000 rows)"), drawn only
/// when stderr is a terminal and the output is not JSON: piped output stays clean.
public struct ProgressLine: Sendable {
    /// Whether anything is drawn.
    public let enabled: Bool
    private let describe: @Sendable (ExchangeProgress) -> String

    /// A progress line that draws `describe(progress)` when `enabled` and stderr is a terminal.
    public init(enabled: Bool = true, _ describe: @escaping @Sendable (ExchangeProgress) -> String) {
        self.enabled = enabled && isatty(STDERR_FILENO) == 1
        self.describe = describe
    }

    /// The usual text: "`verb` `noun`… 42% (120,000 rows)", the percentage only when the size is known.
    public init(enabled: Bool = true, verb: String, noun: String = "rows") {
        self.init(enabled: enabled) { progress in
            let count = progress.items.formatted(.number.locale(Locale(identifier: "en_US")))
            guard let fraction = progress.fraction else { return "\(verb)… \(count) \(noun)" }
            return "\(verb)… \(Int(fraction * 100))% (\(count) \(noun))"
        }
    }

    /// Redraws the line; pass it as an importer's progress handler.
    public func update(_ progress: ExchangeProgress) {
        draw(describe(progress))
    }

    /// Redraws the line with `text`, for work whose progress is not counted in rows (a sync).
    public func draw(_ text: String) {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\(text)\u{1B}[K".utf8))
    }

    /// Clears the line.
    public func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
