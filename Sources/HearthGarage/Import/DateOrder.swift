import Foundation
import HearthExchange

/// Which comes first in slash dates such as 03/04/2024.
public enum DateOrder: String, Sendable, Codable, CaseIterable {
    /// 03/04/2024 is 4 March.
    case monthFirst = "month-first"
    /// 03/04/2024 is 3 April.
    case dayFirst = "day-first"
}
