public import HearthCore

/// The day type garage records use; it lives in HearthCore so every domain shares it.
public typealias CalendarDay = HearthCore.CalendarDay
