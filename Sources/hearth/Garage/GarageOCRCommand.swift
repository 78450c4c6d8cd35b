import ArgumentParser
import Foundation
import HearthCore
import HearthGarage
import HearthOCR

/// `hearth garage ocr odometer|vin IMAGE`: read a photo with Tesseract.
struct GarageOCRCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ocr",
        abstract:
            "Read an odometer or a VIN from a photo (Tesseract, loaded when used: apt-get install libtesseract5 tesseract-ocr-eng).",
        subcommands: [Odometer.self, VINPhoto.self]
    )

    struct Odometer: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "odometer",
            abstract:
                "Read the mileage from an odometer photo; with --vehicle it is checked against the vehicle's current mileage."
        )
        @OptionGroup var options: GarageOptions
        @Argument(help: "The photo (PNG, JPEG, TIFF, BMP, GIF or WebP).") var image: String
        @Option(help: "The vehicle whose current mileage the reading must not fall below (nor jump far above).")
        var vehicle: String?

        func run() async throws {
            var lastMileage: Int?
            var vehicleLabel: String?
            if let vehicle {
                let found = try await options.openStore().vehicle(matching: vehicle)
                lastMileage = found.currentMileage
                vehicleLabel = found.displayName
            }
            let reader = PhotoReader(recognizer: try TesseractRecognizer())
            let reading = try await reader.readOdometer(at: GarageOCRCommand.url(image), lastMileage: lastMileage)
            if options.json { return try GarageOutput.json(reading) }
            guard let best = reading.best else {
                GarageOCRCommand.warn(reading.warnings)
                throw ExitCode(1)
            }
            var rows: [[String]] = [
                ["Mileage", GarageOutput.number(best.value)],
                ["Digits read", best.text],
                ["Confidence", GarageOCRCommand.percent(best.confidence)],
            ]
            if let lastMileage, let vehicleLabel {
                rows.append(["Last mileage (\(vehicleLabel))", GarageOutput.number(lastMileage)])
            }
            GarageOutput.table(["FIELD", "VALUE"], rows)
            GarageOCRCommand.warn(reading.warnings)
        }
    }

    struct VINPhoto: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "vin",
            abstract:
                "Read a VIN from a photo; O, I and Q are corrected and the check digit chooses among look-alike characters.",
            discussion:
                "--decode also decodes the VIN read, as `hearth garage vin decode` does: offline, and with --online through NHTSA's vPIC."
        )
        @OptionGroup var options: GarageOptions
        @OptionGroup var nhtsa: NHTSAOptions
        @Argument(help: "The photo (PNG, JPEG, TIFF, BMP, GIF or WebP).") var image: String
        @Flag(help: "Decode the VIN read: model year, region and maker.") var decode = false
        @Flag(help: "With --decode, also ask NHTSA's vPIC service.") var online = false
        @Option(name: .customLong("model-year"), help: "Helps vPIC with pre-1981 or ambiguous VINs.") var modelYear:
            Int?

        func validate() throws {
            if online && !decode { throw ValidationError("--online decodes the VIN read with NHTSA; add --decode.") }
        }

        struct Output: Encodable {
            var reading: VINReading
            var decoded: VINReport?

            func encode(to encoder: any Encoder) throws {
                try reading.encode(to: encoder)
                var container = encoder.container(keyedBy: Keys.self)
                try container.encodeIfPresent(decoded, forKey: .decoded)
            }

            enum Keys: String, CodingKey { case decoded }
        }

        func run() async throws {
            let reader = PhotoReader(recognizer: try TesseractRecognizer(), vin: VINReader(knownWMIs: VIN.knownWMIs))
            let reading = try await reader.readVIN(at: GarageOCRCommand.url(image))
            var decoded: VINReport?
            if decode, let vin = reading.vin {
                let store = try options.openStore()
                decoded = try await VINLookup(nhtsa: online ? try nhtsa.client() : nil, analytics: store.analytics)
                    .decode(vin, online: online, modelYear: modelYear)
            }
            if options.json { return try GarageOutput.json(Output(reading: reading, decoded: decoded)) }
            guard let vin = reading.vin else {
                if !reading.text.isEmpty {
                    print("Read \(reading.text), but no reading of it is a VIN with a matching check digit.")
                }
                GarageOCRCommand.warn(reading.warnings)
                throw ExitCode(1)
            }
            GarageOutput.table(
                ["FIELD", "VALUE"],
                [
                    ["VIN", vin],
                    ["Text read", reading.text],
                    ["Confidence", GarageOCRCommand.percent(reading.confidence)],
                ])
            GarageOCRCommand.warn(reading.warnings)
            if let decoded {
                print("")
                GarageVINCommand.print(decoded)
            }
        }
    }

    static func url(_ path: String) -> URL { URL(fileURLWithPath: (path as NSString).expandingTildeInPath) }

    static func percent(_ value: Double) -> String { "\(Int((value * 100).rounded())) %" }

    static func warn(_ warnings: [OCRWarning]) {
        for warning in warnings { GarageOutput.note("warning: \(warning.message)") }
    }
}
