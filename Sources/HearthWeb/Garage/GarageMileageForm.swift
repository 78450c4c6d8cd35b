public import Foundation
import HearthCore

/// "Update the mileage", as a page's form sends it, checked by
/// ``GarageRecords/updateMileage(_:userID:now:)`` before anything is saved.
public struct GarageMileageForm: Sendable, Equatable {
    /// The vehicle read.
    public var vehicleID: UUID
    /// The odometer reading, in whole miles, such as `42600`.
    public var mileage: String

    /// The highest reading accepted (as the garage's own check).
    static let maxMiles = 9_999_999

    public init(vehicleID: UUID, mileage: String) {
        self.vehicleID = vehicleID
        self.mileage = mileage
    }

    /// The reading, checked.
    /// - Throws: ``ServiceError`` (validation failed) naming the field and how to write it.
    func checked() throws -> Int {
        var problems: [String] = []
        guard let miles = Self.miles(mileage, field: "mileage", problems: &problems) else {
            if problems.isEmpty {
                problems.append("mileage is empty; give the odometer reading in whole miles, such as 42600")
            }
            throw ServiceError.validationFailed(problems)
        }
        return miles
    }

    /// A reading as typed (`42600` or `42,600`), or nil when none was given; a bad one adds a problem naming `field`.
    static func miles(_ text: String?, field: String, problems: inout [String]) -> Int? {
        guard let text = GarageServiceForm.given(text) else { return nil }
        let digits = text.replacingOccurrences(of: ",", with: "")
        guard digits.count <= 7, !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            let miles = Int(digits)
        else {
            problems.append(
                "\(field) \"\(text.prefix(40))\" is not a reading; give whole miles from 0 to \(maxMiles), such as 42600"
            )
            return nil
        }
        return miles
    }
}
