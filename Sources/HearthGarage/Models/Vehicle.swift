public import Foundation
import GRDB
public import HearthCloudModel

/// A vehicle the user maintains: what it is, its odometer, and its Puerto Rico registration sticker (marbete).
public struct Vehicle: GarageRecord, Equatable, Hashable {
    public static let databaseTableName = "garageVehicle"
    public static let entity = GarageEntity.vehicle

    public let id: UUID
    /// The user's name for it, such as "Daily driver"; may be empty.
    public var name: String
    public var make: String
    public var model: String
    public var year: Int
    /// The odometer reading, in miles.
    public var currentMileage: Int
    /// The vehicle identification number, upper case.
    public var vin: String?
    public var licensePlate: String?
    public var tireSize: String?
    public var oilType: String?
    public var notes: String?
    /// When ``currentMileage`` was last updated.
    public var mileageUpdatedAt: Date?
    /// The month (1–12) the marbete expires in; set together with ``marbeteExpirationYear``.
    public var marbeteExpirationMonth: Int?
    /// The year the marbete expires in; set together with ``marbeteExpirationMonth``.
    public var marbeteExpirationYear: Int?
    /// Sold or parked for good: the vehicle keeps its history, and leaves the due lists and reminders.
    public var isArchived: Bool
    /// The picture it is shown with: a ``VehicleIcon`` name; nil for the default.
    public var icon: String?
    /// The photo's copy in the garage's `documents` folder, when it has one (see ``photoColumns``).
    public var photoFile: String?
    /// The photo as uploaded to the server; nil until the device that took it syncs.
    public var photoAsset: CloudAsset?
    public var createdAt: Date
    public var modifiedAt: Date

    /// The columns of the photo a vehicle keeps.
    public static let photoColumns = GarageFileColumns(name: "photoFile", asset: "photoAsset")

    public init(
        id: UUID = UUID(), name: String = "", make: String, model: String, year: Int, currentMileage: Int = 0,
        vin: String? = nil, licensePlate: String? = nil, tireSize: String? = nil, oilType: String? = nil,
        notes: String? = nil, mileageUpdatedAt: Date? = nil, marbeteExpirationMonth: Int? = nil,
        marbeteExpirationYear: Int? = nil, isArchived: Bool = false, icon: String? = nil, photoFile: String? = nil,
        photoAsset: CloudAsset? = nil, createdAt: Date = Date(), modifiedAt: Date? = nil
    ) {
        self.id = id
        self.name = name
        self.make = make
        self.model = model
        self.year = year
        self.currentMileage = currentMileage
        self.vin = vin
        self.licensePlate = licensePlate
        self.tireSize = tireSize
        self.oilType = oilType
        self.notes = notes
        self.mileageUpdatedAt = mileageUpdatedAt
        self.marbeteExpirationMonth = marbeteExpirationMonth
        self.marbeteExpirationYear = marbeteExpirationYear
        self.isArchived = isArchived
        self.icon = icon
        self.photoFile = photoFile
        self.photoAsset = photoAsset
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt ?? createdAt
    }

    /// The name the user gave, or "year make model" when there is none.
    public var displayName: String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if !trimmed.isEmpty { return trimmed }
        return [year > 0 ? String(year) : "", make, model]
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
            .joined(separator: " ")
    }

    /// The icon it is shown with: its own choice, or a car.
    public var shownIcon: VehicleIcon { icon.flatMap(VehicleIcon.init(rawValue:)) ?? .car }

    /// The marbete, when both its month and year are set.
    public var marbete: Marbete? {
        guard let month = marbeteExpirationMonth, let year = marbeteExpirationYear else { return nil }
        return Marbete(month: month, year: year)
    }

    /// Every rule this vehicle breaks, in words a person can act on; empty when it is valid.
    public func validationProblems(currentYear: Int) -> [String] {
        var problems: [String] = []
        if displayName.isEmpty {
            problems.append("A vehicle needs a name, or a make and model (for example --make Honda --model Civic)")
        }
        if year != 0 && !(1886...(currentYear + 2)).contains(year) {
            problems.append("Year \(year) is not a model year; use a year from 1886 to \(currentYear + 2)")
        }
        if currentMileage < 0 { problems.append("Mileage cannot be negative (got \(currentMileage))") }
        if currentMileage > 9_999_999 { problems.append("Mileage \(currentMileage) is larger than any odometer reads") }
        switch (marbeteExpirationMonth, marbeteExpirationYear) {
        case (nil, nil): break
        case (.some, nil), (nil, .some):
            problems.append("The marbete needs both its expiration month and year, or neither")
        case (.some(let month), .some(let year)):
            if !(1...12).contains(month) { problems.append("Marbete month \(month) is not a month; use 1–12") }
            if !(2000...(currentYear + 5)).contains(year) {
                problems.append("Marbete year \(year) is out of range; use a year from 2000 to \(currentYear + 5)")
            }
        }
        if let vin, !vin.isEmpty {
            if case .failure(let problem) = VIN.parse(vin) { problems.append(problem.message) }
        }
        if let icon, VehicleIcon(rawValue: icon) == nil {
            problems.append("Icon \"\(icon.prefix(40))\" is not one of: \(VehicleIcon.names)")
        }
        return problems
    }
}

extension Vehicle {
    enum CodingKeys: String, CodingKey {
        case id, name, make, model, year, currentMileage, vin, licensePlate, tireSize, oilType, notes
        case mileageUpdatedAt, marbeteExpirationMonth, marbeteExpirationYear, isArchived, icon, photoFile, photoAsset
        case createdAt, modifiedAt
    }

    /// Decodes a vehicle; one written before vehicles could be archived is not archived, nor has an icon or a
    /// photo.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try values.decode(UUID.self, forKey: .id), name: try values.decode(String.self, forKey: .name),
            make: try values.decode(String.self, forKey: .make), model: try values.decode(String.self, forKey: .model),
            year: try values.decode(Int.self, forKey: .year),
            currentMileage: try values.decode(Int.self, forKey: .currentMileage),
            vin: try values.decodeIfPresent(String.self, forKey: .vin),
            licensePlate: try values.decodeIfPresent(String.self, forKey: .licensePlate),
            tireSize: try values.decodeIfPresent(String.self, forKey: .tireSize),
            oilType: try values.decodeIfPresent(String.self, forKey: .oilType),
            notes: try values.decodeIfPresent(String.self, forKey: .notes),
            mileageUpdatedAt: try values.decodeIfPresent(Date.self, forKey: .mileageUpdatedAt),
            marbeteExpirationMonth: try values.decodeIfPresent(Int.self, forKey: .marbeteExpirationMonth),
            marbeteExpirationYear: try values.decodeIfPresent(Int.self, forKey: .marbeteExpirationYear),
            isArchived: try values.decodeIfPresent(Bool.self, forKey: .isArchived) ?? false,
            icon: try values.decodeIfPresent(String.self, forKey: .icon),
            photoFile: try values.decodeIfPresent(String.self, forKey: .photoFile),
            photoAsset: try values.decodeIfPresent(CloudAsset.self, forKey: .photoAsset),
            createdAt: try values.decode(Date.self, forKey: .createdAt),
            modifiedAt: try values.decode(Date.self, forKey: .modifiedAt))
    }
}
