import ArgumentParser
import Foundation
import HearthCloudModel
import HearthCore
import HearthGarage
import HearthSync
import Logging

/// `hearth garage share add|list|remove|stop|invitations|accept|leave`: vehicles shared with other people.
struct GarageShareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share",
        abstract: "Share a vehicle with other people, or take up a vehicle shared with you.",
        discussion:
            "A shared vehicle comes with its services, history, fuel, expenses and documents. The people it is shared with accept the invitation (hearth garage share invitations, then accept, or from their garage page) and find it beside their own at their next sync; read-only members cannot change it. Every command here talks to the server: sign in as for hearth garage sync.",
        subcommands: [Add.self, List.self, Remove.self, Stop.self, Invitations.self, Accept.self, Leave.self],
        defaultSubcommand: List.self)

    /// Runs `body` with the garage's sharing, signed in; the sync round it runs is the garage's own.
    static func withSharing<T: Sendable>(
        _ options: GarageOptions, _ signIn: SyncSignInOptions, _ body: (GarageSharing) async throws -> T
    ) async throws -> T {
        do {
            let describe: @Sendable (any Error) -> String = { "\($0)" }
            return try await signIn.withSession(describeOther: describe) { session in
                let garage = try GarageSyncCLI.open(options)
                let service = GarageSyncCLI.connect(
                    garage, session: session, logger: Logger(label: "hearth.garage.share"))
                let sharing = GarageSharing(store: garage.store, outbox: garage.outbox, cloud: session.client) {
                    let report = try await service.sync()
                    if let problem = report.problems.first {
                        throw ServiceError(.operationFailed, "The sync before sharing did not finish: \(problem)")
                    }
                }
                return try await body(sharing)
            }
        } catch let failure as SyncCommandFailure {
            throw ServiceError(.operationFailed, failure.message)
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Share a vehicle with someone by their address.",
            discussion:
                "They accept from their garage page or with hearth garage share accept. Sharing a vehicle the first time sends its records once more, so the share covers every one of them."
        )
        @OptionGroup var options: GarageOptions
        @OptionGroup var signIn: SyncSignInOptions
        @Argument(help: "The vehicle: its id or name.") var vehicle: String
        @Argument(help: "The address of the person to share with.") var address: String
        @Flag(name: .customLong("read-only"), help: "Let them see the vehicle but not change it.") var readOnly = false

        func run() async throws {
            let share = try await GarageShareCommand.withSharing(options, signIn) { sharing in
                let vehicle = try await sharing.store.vehicle(matching: vehicle)
                return try await sharing.share(vehicle.id, with: address, permission: readOnly ? .readOnly : .readWrite)
            }
            if options.json { return try GarageOutput.json(share) }
            print(
                "Shared with \(address) (\(readOnly ? "read-only" : "read-write")); they accept it from their garage page or with hearth garage share accept \(share.token)"
            )
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The vehicles you share and who has them, and the vehicles shared with you.")
        @OptionGroup var options: GarageOptions
        @OptionGroup var signIn: SyncSignInOptions

        func run() async throws {
            struct Listing: Encodable {
                var shared: [VehicleShare]
                var sharedWithMe: [GarageShareAccess]
            }
            let listing = try await GarageShareCommand.withSharing(options, signIn) { sharing in
                var shared: [VehicleShare] = []
                let withMe = try await sharing.refreshAccess()
                let theirs = Set(withMe.map(\.vehicleID))
                for vehicle in try await sharing.store.vehicles() where !theirs.contains(vehicle.id) {
                    if let share = try await sharing.share(of: vehicle.id) { shared.append(share) }
                }
                return Listing(shared: shared, sharedWithMe: withMe)
            }
            if options.json { return try GarageOutput.json(listing) }
            let store = try options.openStore()
            var rows: [[String]] = []
            for share in listing.shared {
                let name = (try? await store.vehicle(id: share.vehicleID).displayName) ?? share.vehicleID.uuidString
                rows += share.current.map { [name, "shared by you"] + ShareRow.cells($0) }
            }
            for access in listing.sharedWithMe {
                let name = (try? await store.vehicle(id: access.vehicleID).displayName) ?? access.vehicleID.uuidString
                rows.append([
                    name, "shared with you", "account \(access.owner)", access.isWritable ? "read-write" : "read-only",
                    "accepted",
                ])
            }
            if rows.isEmpty { return print("No vehicle is shared. Share one: hearth garage share add VEHICLE ADDRESS") }
            GarageOutput.table(["VEHICLE", "SHARE", "WHO", "RIGHTS", "STATUS"], rows)
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Take someone out of a vehicle's share; their devices drop it at their next sync.")
        @OptionGroup var options: GarageOptions
        @OptionGroup var signIn: SyncSignInOptions
        @Argument(help: "The vehicle: its id or name.") var vehicle: String
        @Argument(help: "Their address.") var address: String

        func run() async throws {
            let share = try await GarageShareCommand.withSharing(options, signIn) { sharing in
                try await sharing.remove(address, from: try await sharing.store.vehicle(matching: vehicle).id)
            }
            if options.json { return try GarageOutput.json(share) }
            print("\(address) no longer has the vehicle.")
        }
    }

    struct Stop: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Stop sharing a vehicle with everyone; it stays in your garage.")
        @OptionGroup var options: GarageOptions
        @OptionGroup var signIn: SyncSignInOptions
        @Argument(help: "The vehicle: its id or name.") var vehicle: String

        func run() async throws {
            try await GarageShareCommand.withSharing(options, signIn) { sharing in
                try await sharing.stopSharing(try await sharing.store.vehicle(matching: vehicle).id)
            }
            if options.json { return try GarageOutput.json(["stopped": vehicle]) }
            print("\(vehicle) is no longer shared.")
        }
    }

    struct Invitations: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Vehicles offered to you, waiting to be accepted.")
        @OptionGroup var options: GarageOptions
        @OptionGroup var signIn: SyncSignInOptions

        func run() async throws {
            let invitations = try await GarageShareCommand.withSharing(options, signIn) { try await $0.invitations() }
            if options.json { return try GarageOutput.json(invitations) }
            if invitations.isEmpty { return print("No vehicle waits for you.") }
            GarageOutput.table(
                ["FROM ACCOUNT", "VEHICLE", "ACCEPT WITH"],
                invitations.map {
                    [
                        $0.zoneID.ownerRecordName ?? "?", $0.rootRecordName ?? "?",
                        "hearth garage share accept \($0.shareToken)",
                    ]
                })
        }
    }

    struct Accept: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Accept a vehicle shared with you (the token hearth garage share invitations names), then sync.")
        @OptionGroup var options: GarageOptions
        @OptionGroup var signIn: SyncSignInOptions
        @Argument(help: "The share's token.") var token: String

        func run() async throws {
            let access = try await GarageShareCommand.withSharing(options, signIn) { try await $0.accept(token) }
            if options.json { return try GarageOutput.json(access) }
            let name = (try? await options.openStore().vehicle(id: access.vehicleID).displayName) ?? "The vehicle"
            print("\(name) is here (\(access.isWritable ? "read-write" : "read-only")).")
        }
    }

    struct Leave: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Give back a vehicle shared with you; it goes from this device.")
        @OptionGroup var options: GarageOptions
        @OptionGroup var signIn: SyncSignInOptions
        @Argument(help: "The vehicle: its id or name.") var vehicle: String

        func run() async throws {
            try await GarageShareCommand.withSharing(options, signIn) { sharing in
                try await sharing.leave(try await sharing.store.vehicle(matching: vehicle).id)
            }
            if options.json { return try GarageOutput.json(["left": vehicle]) }
            print("You left the share of \(vehicle).")
        }
    }
}
