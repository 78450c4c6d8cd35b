import Foundation

extension ScheduledReminder {
    /// The reminder as the text of a message (an e-mail, say): what it says, then each action as the
    /// `hearth garage reminders act` command that applies it, then its id and slot.
    public var messageText: String {
        var lines = [body, ""]
        if !actions.isEmpty {
            lines.append("What you can do:")
            for action in actions {
                let name = action.title.lowercased().replacingOccurrences(of: " ", with: "-")
                let extra = action == .updateNow ? " --mileage MILES" : ""
                lines.append("  \(action.title): hearth garage reminders act \(id) \(name)\(extra)")
            }
            lines.append("")
        }
        lines.append("Reminder \(id), for \(slotAt.formatted(.iso8601)).")
        return lines.joined(separator: "\n")
    }
}
