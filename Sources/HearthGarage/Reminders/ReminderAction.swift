import Foundation
import GRDB

/// A button on a reminder.
public struct ReminderAction: Hashable, Sendable, Codable {
    /// The stable identifier callers pass back, such as `MARK_DONE`.
    public var identifier: String
    /// The button's title, such as "Mark Done".
    public var title: String

    public init(identifier: String, title: String) {
        self.identifier = identifier
        self.title = title
    }

    public static let markDone = ReminderAction(identifier: "MARK_DONE", title: "Mark Done")
    public static let remindTomorrow = ReminderAction(identifier: "REMIND_TOMORROW", title: "Remind Tomorrow")
    public static let updateNow = ReminderAction(identifier: "UPDATE_NOW", title: "Update Now")
    public static let remindLater = ReminderAction(identifier: "REMIND_LATER", title: "Remind Later")
    public static let viewCosts = ReminderAction(identifier: "VIEW_COSTS", title: "View Costs")

    /// Every action, for looking one up by identifier or title.
    public static let all: [ReminderAction] = [.markDone, .remindTomorrow, .updateNow, .remindLater, .viewCosts]

    /// The action whose identifier or title is `text`, ignoring case, spaces, '-' and '_'.
    public static func named(_ text: String) -> ReminderAction? {
        func key(_ value: String) -> String { value.lowercased().filter { $0.isLetter } }
        return all.first { key($0.identifier) == key(text) || key($0.title) == key(text) }
    }
}
