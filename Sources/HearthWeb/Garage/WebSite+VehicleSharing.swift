import Foundation
import HearthCloudModel
import HearthCore
import HearthGarage
import Hummingbird
import HummingbirdCore

/// Vehicles shared from the browser: the owner shares one with an address (read-only or read-write) and takes
/// people out again; the people invited accept from their garage page and may give the vehicle back. The
/// shares are the record store's own, so `hearth garage share` on a device sees the same.
extension WebSite {
    func registerVehicleSharing<Context: WebRequestContext>(on router: Router<Context>) {
        router.post("/garage/:vehicle/share") { request, context in
            await form(request, context) { visit, caller, form in
                let vehicle = try context.parameters.uuid("vehicle")
                return try await vehicleWrite(vehicle, visit, caller, form, notice: "shared") {
                    try await garage.share(
                        vehicle, with: form["email"] ?? "", readOnly: form["rights"] == "readOnly",
                        userID: caller.userRecordName)
                }
            }
        }
        router.post("/garage/:vehicle/share/remove") { request, context in
            await form(request, context) { visit, caller, form in
                let vehicle = try context.parameters.uuid("vehicle")
                return try await vehicleWrite(vehicle, visit, caller, form, notice: "unshared") {
                    try await garage.unshare(
                        vehicle, participant: form["participant"] ?? "", userID: caller.userRecordName)
                }
            }
        }
        router.post("/garage/:vehicle/leave") { request, context in
            await form(request, context) { _, caller, _ in
                try await garage.leave(try context.parameters.uuid("vehicle"), userID: caller.userRecordName)
                throw WebRedirect(location: "/garage?notice=left")
            }
        }
        router.post("/garage/shares/accept") { request, context in
            await form(request, context) { _, caller, form in
                let vehicle = try await garage.accept(form["token"] ?? "", userID: caller.userRecordName)
                throw WebRedirect(location: "/garage/\(vehicle.uuidString.lowercased())?notice=accepted")
            }
        }
    }

    /// Who shares the vehicle with the user, or whom the user shares it with.
    func sharingState(_ vehicle: UUID, userID: String) async throws -> VehicleSharingState {
        if let access = try await garage.shared(userID: userID)[vehicle] {
            return VehicleSharingState(sharedBy: access)
        }
        return VehicleSharingState(people: try await garage.share(of: vehicle, userID: userID)?.current ?? [])
    }

    /// The vehicle page's sharing section: who the owner shares it with, or who shared it with the user.
    static func sharingValues(_ state: VehicleSharingState, typed: [String: String]) -> [String: Any] {
        if let access = state.sharedBy {
            return ["sharedBy": ["owner": access.owner, "writable": access.isWritable]]
        }
        return [
            "sharing": [
                "people": state.people.map { person -> [String: Any] in
                    [
                        "who": person.emailAddress ?? person.userRecordName ?? person.participantID,
                        "rights": person.permission == .readWrite ? "may change it" : "read-only",
                        "status": person.acceptanceStatus == .accepted ? "has it" : "invited",
                    ]
                },
                "hasPeople": !state.people.isEmpty, "readOnlyTyped": typed["rights"] == "readOnly",
            ]
        ]
    }

    /// The sharing forms' offer of the user's household people (``householdPeople(visit:leaving:)``).
    func householdPeopleValues(visit: WebVisit, leaving: [String]) async throws -> [String: Any] {
        let people = try await householdPeople(visit: visit, leaving: leaving)
        return [
            "householdPeople": people.enumerated().map { index, person in
                person.merging(["last": index == people.count - 1 ? "1" : ""]) { $1 }
            },
            "hasHouseholdPeople": !people.isEmpty,
        ]
    }

    /// The people of the user's pantry households, by name, each once, but those in `leaving` (the user, and
    /// whoever has the vehicle already): whom the sharing form offers first.
    func householdPeople(visit: WebVisit, leaving: [String]) async throws -> [[String: String]] {
        let households = try await pantry.perform(HouseholdPeopleQuery(), as: try visit.signedInViewer())
        var seen = Set(leaving.map { $0.lowercased() })
        var people: [[String: String]] = []
        for household in households {
            for member in household.members {
                guard let person = member.user, seen.insert(person.email.lowercased()).inserted else { continue }
                let named = !person.name.isEmpty && person.name.caseInsensitiveCompare(person.email) != .orderedSame
                people.append([
                    "name": named ? person.name : person.email, "email": person.email, "household": household.name,
                    "label": named ? "\(person.name) <\(person.email)>" : person.email,
                ])
            }
        }
        return people.sorted { ($0["name"] ?? "") < ($1["name"] ?? "") }
    }
}
