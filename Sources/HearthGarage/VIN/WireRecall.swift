import Foundation
import HearthCore

struct WireRecall: Decodable, Sendable {
    var fields: [String: LenientText]

    init(from decoder: any Decoder) throws {
        fields = try decoder.singleValueContainer().decode([String: LenientText].self)
    }

    var recall: Recall {
        func text(_ key: String) -> String? {
            let value = fields[key]?.text.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            return value.isEmpty ? nil : value
        }
        func flag(_ key: String) -> Bool {
            guard let value = text(key)?.lowercased() else { return false }
            return ["true", "yes", "y", "1"].contains(value)
        }
        // ReportReceivedDate is DD/MM/YYYY.
        let received = text("ReportReceivedDate").flatMap { value -> CalendarDay? in
            let parts = value.split(separator: "/").compactMap { Int($0) }
            guard parts.count == 3 else { return nil }
            return CalendarDay(year: parts[2], month: parts[1], day: parts[0])
        }
        return Recall(
            campaignNumber: text("NHTSACampaignNumber") ?? "", manufacturer: text("Manufacturer"),
            component: text("Component"), summary: text("Summary"), consequence: text("Consequence"),
            remedy: text("Remedy"), notes: text("Notes"), modelYear: text("ModelYear"), make: text("Make"),
            model: text("Model"), reportReceivedDate: received, parkIt: flag("parkIt"),
            parkOutside: flag("parkOutSide"), overTheAirUpdate: flag("overTheAirUpdate")
        )
    }
}
