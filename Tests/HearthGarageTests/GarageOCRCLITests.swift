import Foundation
import HearthCore
import HearthTestSupport
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import HearthGarage

/// `hearth garage ocr` on photos drawn by `scripts/ocr/generate.py`: the reading, the check against the
/// vehicle's mileage, and the errors. Skips (fails on CI) without Pillow in `.build/venv`.
@Suite(.serialized, .timeLimit(.minutes(10))) struct GarageOCRCLITests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let python = ExternalTool(
        name: "Python with Pillow", variable: "HEARTH_OCR_PYTHON",
        candidates: [repository.appendingPathComponent(".build/venv/bin/python")],
        install: "python3 -m venv .build/venv && .build/venv/bin/pip install pillow (.ci/run does)")

    /// One odometer and one VIN photo in `folder`, with their expected text; nil after skipping or failing.
    func photos(in folder: URL) async throws -> (odometer: (URL, String), vin: (URL, String))? {
        guard let python = Self.python.executable,
            try await ChildProcess.run(python, ["-c", "import PIL"]).status == 0
        else {
            let reason = Comment(rawValue: Self.python.missingReason)
            if ExternalTool.missingFails {
                Issue.record(reason)
                return nil
            }
            try Test.cancel(reason)
        }
        let script = Self.repository.appendingPathComponent("scripts/ocr/generate.py").path
        let run = try await ChildProcess.run(python, [script, folder.path, "--odometers", "2", "--vins", "1"])
        try #require(run.status == 0, "\(run.stderr)")
        let lines = try String(contentsOf: folder.appendingPathComponent("manifest.tsv"), encoding: .utf8)
            .split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        // odometer-001 is an LCD readout, which the tuned passes read on this seed.
        let odometer = try #require(lines.first { $0[0] == "odometer-001.png" })
        let vin = try #require(lines.first { $0[1] == "vin" })
        return (
            (folder.appendingPathComponent(odometer[0]), odometer[2]), (folder.appendingPathComponent(vin[0]), vin[2])
        )
    }

    @Test func readsAVINAndAnOdometerCheckedAgainstTheVehicle() async throws {
        let cli = try HearthCLI()
        guard let photos = try await photos(in: cli.dataDirectory) else { return }
        let vin = try await cli.run("ocr", "vin", photos.vin.0.path, "--json")
        #expect(vin.status == 0, "\(vin.stderr)")
        let vinJSON = try #require(try JSONSerialization.jsonObject(with: Data(vin.stdout.utf8)) as? [String: Any])
        #expect(vinJSON["vin"] as? String == photos.vin.1)

        let expected = try #require(Int(photos.odometer.1))
        #expect(
            try await cli.run(
                "vehicle", "add", "--name", "Daily", "--make", "Honda", "--model", "Civic", "--year", "2019",
                "--mileage", String(expected + 1000)
            ).status == 0)
        let odometer = try await cli.run("ocr", "odometer", photos.odometer.0.path, "--vehicle", "Daily")
        #expect(odometer.status == 0, "\(odometer.stderr)")
        #expect(odometer.stdout.contains(expected.formatted(.number.locale(Locale(identifier: "en_US")))))
        #expect(odometer.stderr.contains("is below the vehicle's last mileage (\(expected + 1000))"))
    }

    @Test func aVINPhotoIsDecodedOfflineAndThroughVPIC() async throws {
        let cli = try HearthCLI()
        guard let photos = try await photos(in: cli.dataDirectory) else { return }
        let expected = photos.vin.1
        guard case .success(let parsed) = VIN.parse(expected) else {
            Issue.record("the generator drew \(expected), not a VIN")
            return
        }

        // Offline: what the VIN itself says.
        let offline = try await cli.run("ocr", "vin", photos.vin.0.path, "--decode", "--json")
        #expect(offline.status == 0, "\(offline.stderr)")
        let offlineJSON = try #require(
            try JSONSerialization.jsonObject(with: Data(offline.stdout.utf8)) as? [String: Any])
        #expect(offlineJSON["vin"] as? String == expected)
        let decoded = try #require(offlineJSON["decoded"] as? [String: Any])
        #expect(decoded["vin"] as? String == expected)
        #expect(decoded["checkDigitValid"] as? Bool == true)
        #expect(decoded["modelYear"] as? Int == parsed.modelYear)
        #expect(decoded["region"] as? String == parsed.region.rawValue)
        #expect(decoded["nhtsa"] == nil)
        let table = try await cli.run("ocr", "vin", photos.vin.0.path, "--decode")
        #expect(table.stdout.contains("Check digit") && table.stdout.contains("(valid)"), "\(table.stdout)")

        // Online: a local vPIC answers the VIN read, as the real one does, and the decoding is shown.
        let asked = Locked<[String]>([])
        let router = Router()
        router.get("/api/vehicles/DecodeVinValues/:vin") { request, context -> Response in
            let vin = try context.parameters.require("vin")
            asked.withLock { $0.append(vin) }
            guard request.uri.queryParameters["format"] == "json" else { return Response(status: .badRequest) }
            var values = FakeNHTSA.accord
            values["ModelYear"] = parsed.modelYear.map(String.init) ?? ""
            return Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: FakeNHTSA.vpic(vin: vin, values))))
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            var cli = cli
            cli.environment["HEARTH_NHTSA_VPIC_URL"] = "http://127.0.0.1:\(port)"
            let online = try await cli.run("ocr", "vin", photos.vin.0.path, "--decode", "--online")
            #expect(online.status == 0, "\(online.stderr)")
            #expect(
                online.stdout.contains("HONDA") && online.stdout.contains("Accord")
                    && online.stdout.contains("3.0 L, 6 cyl"), "\(online.stdout)")
            #expect(asked.withLock { $0 } == [expected])
        }

        let mistaken = try await cli.run("ocr", "vin", photos.vin.0.path, "--online")
        #expect(mistaken.status != 0)
        #expect(mistaken.stderr.contains("add --decode"))
    }

    @Test func aMissingPhotoIsNamed() async throws {
        let cli = try HearthCLI()
        let path = cli.dataDirectory.appendingPathComponent("no-such-photo.jpg").path
        let result = try await cli.run("ocr", "odometer", path)
        #expect(result.status != 0)
        #expect(result.stderr.contains("There is no image at \(path)"))
    }
}
