import Foundation
import HearthTestSupport
import Testing

/// `hearth garage ocr` on photos drawn by `scripts/ocr/generate.py`: the reading, the check against the
/// vehicle's mileage, and the errors. Skips (fails on CI) without Pillow in `.build/venv`.
@Suite(.serialized, .timeLimit(.minutes(10))) struct GarageOCRCLITests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
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
            if ExternalTool.missingFails { Issue.record(reason); return nil }
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
        return ((folder.appendingPathComponent(odometer[0]), odometer[2]), (folder.appendingPathComponent(vin[0]), vin[2]))
    }

    @Test func readsAVINAndAnOdometerCheckedAgainstTheVehicle() async throws {
        let cli = try HearthCLI()
        guard let photos = try await photos(in: cli.dataDirectory) else { return }
        let vin = try await cli.run("ocr", "vin", photos.vin.0.path, "--json")
        #expect(vin.status == 0, "\(vin.stderr)")
        let vinJSON = try #require(try JSONSerialization.jsonObject(with: Data(vin.stdout.utf8)) as? [String: Any])
        #expect(vinJSON["vin"] as? String == photos.vin.1)

        let expected = try #require(Int(photos.odometer.1))
        #expect(try await cli.run("vehicle", "add", "--name", "Daily", "--make", "Honda", "--model", "Civic", "--year", "2019",
                                  "--mileage", String(expected + 1000)).status == 0)
        let odometer = try await cli.run("ocr", "odometer", photos.odometer.0.path, "--vehicle", "Daily")
        #expect(odometer.status == 0, "\(odometer.stderr)")
        #expect(odometer.stdout.contains(expected.formatted(.number.locale(Locale(identifier: "en_US")))))
        #expect(odometer.stderr.contains("is below the vehicle's last mileage (\(expected + 1000))"))
    }

    @Test func aMissingPhotoIsNamed() async throws {
        let cli = try HearthCLI()
        let path = cli.dataDirectory.appendingPathComponent("no-such-photo.jpg").path
        let result = try await cli.run("ocr", "odometer", path)
        #expect(result.status != 0)
        #expect(result.stderr.contains("There is no image at \(path)"))
    }
}
