public import GRDB
public import HearthCore

extension CalendarDay: DatabaseValueConvertible {
    /// Stored as `yyyy-MM-dd` text, which sorts in date order.
    public var databaseValue: DatabaseValue { iso.databaseValue }

    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> CalendarDay? {
        guard let text = String.fromDatabaseValue(dbValue) else { return nil }
        return CalendarDay(iso: text)
    }
}
