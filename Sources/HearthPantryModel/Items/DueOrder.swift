import HearthCore

/// The order stock is used in by date: the earlier due day first, undated stock last.
enum DueOrder {
    /// Whether `lhs` comes before `rhs`; nil when neither does (the same day, or both undated).
    static func isEarlier(_ lhs: CalendarDay?, _ rhs: CalendarDay?) -> Bool? {
        switch (lhs, rhs) {
        case (let l?, let r?): l == r ? nil : l < r
        case (.some, nil): true
        case (nil, .some): false
        case (nil, nil): nil
        }
    }
}
