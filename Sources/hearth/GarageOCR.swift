import ArgumentParser
import Foundation
import HearthCore
import HearthGarage
import HearthOCR

/// `hearth garage ocr odometer|vin IMAGE`: read a photo with Tesseract.
struct GarageOCR: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ocr",
        abstract: "Read an odometer or a VIN from a photo (Tesseract, loaded when used: apt-get install libtesseract5 tesseract-ocr-eng).",
        subcommands: [Odometer.self, VINPhoto.self]
    )

    struct Odometer: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "odometer",
            abstract: "Read the mileage from an odometer photo; with --vehicle it is checked against the vehicle's current mileage."
        )
        @OptionGroup var options: GarageOptions
        @Argument(help: "The photo (PNG, JPEG, TIFF, BMP, GIF or WebP).") var image: String
        @Option(help: "The vehicle whose current mileage the reading must not fall below (nor jump far above).") var vehicle: String?

        func run() async throws {
            var lastMileage: Int?
            var vehicleLabel: String?
            if let vehicle {
                let found = try await options.openStore().vehicle(matching: vehicle)
                lastMileage = found.currentMileage
                vehicleLabel = found.displayName
            }
            let reader = PhotoReader(recognizer: try TesseractRecognizer())
            let reading = try await reader.readOdometer(at: GarageOCR.url(image), lastMileage: lastMileage)
            if options.json { return try GarageOutput.json(reading) }
            guard let best = reading.best else {
                GarageOCR.warn(reading.warnings)
                throw ExitCode(1)
            }
            var rows: [[String]] = [
                ["Mileage", GarageOutput.number(best.value)],
                ["Digits read", best.text],
                ["Confidence", GarageOCR.percent(best.confidence)],
            ]
            if let lastMileage, let vehicleLabel {
                rows.append(["Last mileage (\(vehicleLabel))", GarageOutput.number(lastMileage)])
            }
            GarageOutput.table(["FIELD", "VALUE"], rows)
            GarageOCR.warn(reading.warnings)
        }
    }

    struct VINPhoto: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "vin",
            abstract: "Read a VIN from a photo; O, I and Q are corrected and the check digit chooses among look-alike characters."
        )
        @OptionGroup var options: GarageOptions
        @Argument(help: "The photo (PNG, JPEG, TIFF, BMP, GIF or WebP).") var image: String

        func run() async throws {
            let reader = PhotoReader(recognizer: try TesseractRecognizer(), vin: VINReader(knownWMIs: VIN.knownWMIs))
            let reading = try await reader.readVIN(at: GarageOCR.url(image))
            if options.json { return try GarageOutput.json(reading) }
            guard let vin = reading.vin else {
                if !reading.text.isEmpty { print("Read \(reading.text), but no reading of it is a VIN with a matching check digit.") }
                GarageOCR.warn(reading.warnings)
                throw ExitCode(1)
            }
            GarageOutput.table(["FIELD", "VALUE"], [
                ["VIN", vin],
                ["Text read", reading.text],
                ["Confidence", GarageOCR.percent(reading.confidence)],
            ])
            GarageOCR.warn(reading.warnings)
        }
    }

    static func url(_ path: String) -> URL { URL(fileURLWithPath: (path as NSString).expandingTildeInPath) }

    static func percent(_ value: Double) -> String { "\(Int((value * 100).rounded())) %" }

    static func warn(_ warnings: [OCRWarning]) {
        for warning in warnings { GarageOutput.note("warning: \(warning.message)") }
    }
}
