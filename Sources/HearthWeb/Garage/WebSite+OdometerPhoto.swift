import Foundation
import HearthCloudModel
import HearthCore
import HearthGarage
import Hummingbird
import HummingbirdCore

/// The mileage from a photo of the odometer: uploaded from the vehicle page (bounded, typed by its content),
/// read on the server, and shown with what was read and how sure the reader is, to confirm or correct before it
/// is saved. The photo itself is not kept.
extension WebSite {
    /// The largest photo the page takes.
    static let maxPhotoBytes = 10 << 20

    func registerOdometerPhoto<Context: WebRequestContext>(on router: Router<Context>) {
        router.post("/garage/:vehicle/odometer-photo") { request, context in
            await form(request, context, uploadLimit: Self.maxPhotoBytes) { visit, caller, form in
                let vehicle = try context.parameters.uuid("vehicle")
                return try await refusable {
                    guard let readOdometer else {
                        throw ServiceError.validationFailed(
                            "This server reads no photos (the command line's hearth serve does, with Tesseract); type the mileage instead"
                        )
                    }
                    guard let photo = form.file("photo"), !photo.data.isEmpty else {
                        throw ServiceError.validationFailed(
                            "odometer photo: none was chosen; take or choose a photo of the odometer")
                    }
                    guard PictureFormat(sniffing: photo.data) != nil else {
                        throw ServiceError.validationFailed(
                            "odometer photo: \(photo.fileName.isEmpty ? "the file" : photo.fileName) is not a PNG, JPEG, GIF, BMP, TIFF or WebP picture; choose a photo"
                        )
                    }
                    let records = try await garage.vehicle(id: vehicle, userID: caller.userRecordName, now: clock())
                    let last = records.due.vehicle.currentMileage
                    let reading = try await photo.written { try await readOdometer($0, last) }
                    return try render(
                        "garage/odometer",
                        [
                            "title": "Mileage read from the photo", "section": ["garage": true],
                            "vehicle": [
                                "id": vehicle.uuidString.lowercased(), "name": records.due.vehicle.displayName,
                                "mileage": WebFormat.miles(last),
                            ],
                            "read": reading.mileage != nil,
                            "reading": [
                                "mileage": reading.mileage.map(WebFormat.miles) ?? "",
                                "digits": reading.digits,
                                "confidence": "\(Int((reading.confidence * 100).rounded())) %",
                            ],
                            "typed": ["mileage": reading.mileage.map(String.init) ?? ""],
                            "warnings": reading.warnings,
                        ], visit: visit)
                } again: { problems in
                    try await vehiclePage(vehicle, caller: caller, visit: visit, problems: problems)
                }
            }
        }
    }

}
