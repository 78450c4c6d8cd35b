import Foundation
import HearthCore

/// The answer to a voice request: what to say, and what it was about.
public struct VoiceAnswer: Sendable, Codable, Equatable {
    public var intent: VoiceIntent
    /// One or two sentences, as a voice assistant would say them.
    public var text: String
    /// The due items the answer spoke of, most pressing first.
    public var items: [DueItem]
    /// The reading recorded, for a mileage update.
    public var mileageUpdate: MileageUpdate?
}

/// Answers voice requests ("What's due on my car?", "What maintenance is coming up?", "Update mileage to
/// 45,000 miles") from the garage store: the job the original app's Siri intents did, as text.
///
/// ```swift
/// let answer = try await GarageAssistant(store: store).ask("Update the Civic's mileage to 45k")
/// print(answer.text)   // "Civic now reads 45,000 miles."
/// ```
public struct GarageAssistant: GarageAssisting {
    private let store: any GarageWriting
    private let settings: DueSettings

    public init(store: any GarageWriting, settings: DueSettings = DueSettings()) {
        self.store = store
        self.settings = settings
    }

    /// Understands `text` and answers it; a mileage update is recorded.
    /// - Throws: ``ServiceError`` when the request is not understood, names no vehicle while there are
    ///   several, or gives a reading that is not one.
    public func ask(_ text: String) async throws -> VoiceAnswer {
        let vehicles = try await store.vehicles()
        guard !vehicles.isEmpty else {
            throw ServiceError.validationFailed(
                "There are no vehicles yet; add one with `hearth garage vehicle add` first")
        }
        let names = vehicles.flatMap { [$0.displayName, $0.name, $0.model, "\($0.make) \($0.model)"] }
        let intent: VoiceIntent
        do {
            intent = try VoiceIntentParser.parse(text, vehicleNames: names)
        } catch let error as VoiceIntentError {
            throw ServiceError.validationFailed(error.description)
        }
        switch intent {
        case .whatsDue(let name):
            let summaries = try await summaries(for: name, among: vehicles)
            return VoiceAnswer(
                intent: intent, text: Self.dueText(summaries), items: summaries.flatMap(\.pressing), mileageUpdate: nil)
        case .upcoming(let name):
            let summaries = try await summaries(for: name, among: vehicles)
            let next = Self.upcoming(summaries)
            return VoiceAnswer(
                intent: intent, text: Self.upcomingText(next, vehicles: summaries.count), items: next.map(\.item),
                mileageUpdate: nil)
        case .updateMileage(let name, let miles, _):
            let vehicle = try Self.vehicle(named: name, among: vehicles, for: "update its mileage")
            let update = try await store.updateMileage(vehicle.id, to: miles, at: nil, source: .voice)
            var text = "\(update.vehicle.displayName) now reads \(Self.number(miles)) miles."
            if let warning = update.warnings.first { text += " Note: \(warning.message)" }
            return VoiceAnswer(intent: intent, text: text, items: [], mileageUpdate: update)
        }
    }

    private func summaries(for name: String?, among vehicles: [Vehicle]) async throws -> [VehicleDue] {
        let id = try name.map { try Self.vehicle(named: $0, among: vehicles, for: "").id }
        return try await store.due(vehicleID: id, settings: settings, thresholds: UrgencyThresholds())
    }

    /// The vehicle `name` means; the only vehicle when no name is given.
    static func vehicle(named name: String?, among vehicles: [Vehicle], for purpose: String) throws -> Vehicle {
        if let name {
            let key = VoiceIntentParser.normalize(name)
            if let found = vehicles.first(where: { vehicle in
                [vehicle.displayName, vehicle.name, vehicle.model, "\(vehicle.make) \(vehicle.model)"].contains {
                    VoiceIntentParser.normalize($0) == key
                }
            }) {
                return found
            }
        }
        if vehicles.count == 1 { return vehicles[0] }
        let list = vehicles.map(\.displayName).joined(separator: ", ")
        throw ServiceError.validationFailed(
            "Which vehicle? You have \(list); name one, such as \"Update \(vehicles[0].displayName)'s mileage to 45,000 miles\" (to \(purpose))"
        )
    }

    static func dueText(_ summaries: [VehicleDue]) -> String {
        let sentences = summaries.map { summary -> String in
            let name = summary.vehicle.displayName
            let pressing = summary.pressing
            guard !pressing.isEmpty else {
                if let next = upcoming([summary]).first {
                    return "Nothing is due on \(name). Next up: \(phrase(next.item))."
                }
                return "Nothing is due on \(name)."
            }
            let parts = pressing.prefix(3).map(phrase)
            let more = pressing.count > 3 ? ", and \(pressing.count - 3) more" : ""
            return
                "\(name) has \(pressing.count) service\(pressing.count == 1 ? "" : "s") needing attention: \(list(parts))\(more)."
        }
        return sentences.joined(separator: " ")
    }

    static func upcomingText(_ next: [(vehicle: Vehicle, item: DueItem)], vehicles: Int) -> String {
        guard !next.isEmpty else {
            return "No maintenance is scheduled. Add services with due dates or mileages to see what's coming."
        }
        let parts = next.map { entry in
            vehicles > 1 ? "\(entry.vehicle.displayName): \(phrase(entry.item))" : phrase(entry.item)
        }
        return "Coming up: \(list(parts))."
    }

    /// The next few services with a due date or mileage, soonest first.
    static func upcoming(_ summaries: [VehicleDue], limit: Int = 3) -> [(vehicle: Vehicle, item: DueItem)] {
        summaries.flatMap { summary in summary.items.filter { $0.service.hasDueValues }.map { (summary.vehicle, $0) } }
            .sorted { lhs, rhs in
                switch (lhs.1.effectiveDueDate, rhs.1.effectiveDueDate) {
                case (let l?, let r?) where l != r: return l < r
                case (.some, nil): return true
                case (nil, .some): return false
                default: return (lhs.1.milesLeft ?? .max) < (rhs.1.milesLeft ?? .max)
                }
            }
            .prefix(limit).map { (vehicle: $0.0, item: $0.1) }
    }

    /// "Oil Change is overdue (due 2024-03-01)", "Tire Rotation in 320 miles".
    static func phrase(_ item: DueItem) -> String {
        let name = item.service.name
        switch item.status {
        case .overdue:
            if let days = item.daysLeft, days < 0 {
                return "\(name) is overdue by \(-days) day\(days == -1 ? "" : "s")"
            }
            if let miles = item.milesLeft, miles < 0 { return "\(name) is overdue by \(number(-miles)) miles" }
            return "\(name) is overdue"
        default:
            var when: [String] = []
            if let miles = item.milesLeft, miles >= 0 { when.append("in \(number(miles)) miles") }
            if let days = item.daysLeft, days >= 0 {
                when.append(days == 0 ? "today" : "in \(days) day\(days == 1 ? "" : "s")")
            }
            if when.isEmpty, let date = item.effectiveDueDate { when.append("around \(date.iso)") }
            return when.isEmpty ? name : "\(name) \(when.joined(separator: " or "))"
        }
    }

    static func list(_ parts: [String]) -> String {
        switch parts.count {
        case 0: ""
        case 1: parts[0]
        default: parts.dropLast().joined(separator: ", ") + " and " + parts.last!
        }
    }

    static func number(_ value: Int) -> String { value.formatted(.number.locale(Locale(identifier: "en_US"))) }
}

extension VehicleDue {
    /// Items overdue or due soon.
    var pressing: [DueItem] { items.filter { $0.status == .overdue || $0.status == .dueSoon } }
}
