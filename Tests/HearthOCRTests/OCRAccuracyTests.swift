import Foundation
import HearthCore
import HearthGarage
import HearthOCR
import HearthTestSupport
import Testing

/// Tesseract against photos drawn by `scripts/ocr/generate.py` (digits and VINs in several fonts, with noise,
/// blur, rotation and uneven light): at least 95 % of odometers and of VINs must be read exactly.
///
/// It reads the full set of 100 of each kind that BENCHMARKS.md reports (about 30 s of one core);
/// `HEARTH_OCR_SAMPLES=N` reads the first N of each kind instead, `HEARTH_OCR_SEED` draws another set. Without Tesseract's English data or Pillow the tests skip, saying what to
/// install; on CI (`CI=true`), where `.ci/run` installs both, they fail instead.
@Suite("OCR reads generated odometer and VIN photos", .serialized, .timeLimit(.minutes(30)))
struct OCRAccuracyTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let generator = repository.appendingPathComponent("scripts/ocr/generate.py")
    static let python = ExternalTool(
        name: "Python with Pillow", variable: "HEARTH_OCR_PYTHON",
        candidates: [repository.appendingPathComponent(".build/venv/bin/python")],
        install: "python3 -m venv .build/venv && .build/venv/bin/pip install pillow (.ci/run does)")

    /// How many photos of each kind to read.
    static var samples: Int {
        Int(ProcessInfo.processInfo.environment["HEARTH_OCR_SAMPLES"] ?? "") ?? 100
    }

    /// The generator's seed: its default unless `HEARTH_OCR_SEED` says otherwise.
    static var seedArguments: [String] {
        ProcessInfo.processInfo.environment["HEARTH_OCR_SEED"].map { ["--seed", $0] } ?? []
    }

    /// Skips (or fails on CI) with `reason`.
    static func missing(_ reason: String) throws {
        if ExternalTool.missingFails {
            Issue.record(Comment(rawValue: reason))
            return
        }
        try Test.cancel(Comment(rawValue: reason))
    }

    /// A Tesseract recognizer, or nil after skipping or failing because it cannot start.
    static func recognizer() throws -> TesseractRecognizer? {
        do {
            return try TesseractRecognizer()
        } catch let error as ServiceError where error.code == .ocrUnavailable {
            try missing(error.message)
            return nil
        }
    }

    /// The generated photos and their manifest lines (file, kind, text), or nil after skipping or failing.
    static func generate(into folder: TemporaryFolder, count: Int) async throws -> [[String]]? {
        guard let python = Self.python.executable else {
            try missing(Self.python.missingReason)
            return nil
        }
        let probe = try await ChildProcess.run(python, ["-c", "import PIL"])
        guard probe.status == 0 else {
            try missing("Pillow is missing from \(python.path); \(Self.python.install).")
            return nil
        }
        let run = try await ChildProcess.run(
            python,
            [generator.path, folder.url.path, "--odometers", String(count), "--vins", String(count)] + seedArguments)
        // 3: a face the set is drawn in is not installed; the generator names the package.
        guard run.status != 3 else {
            try missing(run.stderr.trimmingCharacters(in: .whitespacesAndNewlines))
            return nil
        }
        try #require(run.status == 0, "generate.py failed: \(run.stderr)")
        let manifest = try String(contentsOf: folder.file("manifest.tsv"), encoding: .utf8)
        return manifest.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
    }

    @Test("at least 95 % of odometers and of VINs are read exactly")
    func accuracy() async throws {
        guard let recognizer = try Self.recognizer() else { return }
        let folder = try TemporaryFolder(prefix: "hearth-ocr")
        guard let lines = try await Self.generate(into: folder, count: Self.samples) else { return }
        // As `hearth garage ocr vin` does: the garage's table of makers' codes backs the check digit.
        let reader = PhotoReader(recognizer: recognizer, vin: VINReader(knownWMIs: VIN.knownWMIs))
        // The same recognitions read without the table, for the figure BENCHMARKS.md reports beside it.
        let plainReader = VINReader()
        var odometers = (right: 0, total: 0)
        var vins = (right: 0, total: 0)
        var vinsWithoutTable = 0
        var misses: [String] = []
        let started = ContinuousClock.now
        for line in lines where line.count >= 3 {
            let (file, kind, expected) = (line[0], line[1], line[2])
            let url = folder.file(file)
            if kind == "odometer" {
                let reading = try await reader.readOdometer(at: url)
                odometers.total += 1
                if reading.value == Int(expected) {
                    odometers.right += 1
                } else {
                    misses.append(
                        "\(file) (\(line.dropFirst(3).joined(separator: " "))): expected \(expected), read \(reading.best?.text ?? "nothing")"
                    )
                }
            } else {
                let recognitions = try await recognizer.recognize(imageAt: url, for: .vin)
                let reading = reader.vin.read(recognitions)
                if plainReader.read(recognitions).vin == expected { vinsWithoutTable += 1 }
                vins.total += 1
                if reading.vin == expected {
                    vins.right += 1
                } else {
                    misses.append(
                        "\(file) (\(line.dropFirst(3).joined(separator: " "))): expected \(expected), read \(reading.vin ?? "no VIN") from \(reading.text)"
                    )
                }
            }
        }
        let elapsed = ContinuousClock.now - started
        let summary =
            "odometers \(odometers.right)/\(odometers.total), VINs \(vins.right)/\(vins.total) read exactly (\(vinsWithoutTable) VINs without the makers' codes) in \(elapsed)"
        print("OCR accuracy: \(summary)")
        for miss in misses { print("  missed \(miss)") }
        #expect(odometers.total == Self.samples && vins.total == Self.samples)
        #expect(
            Double(odometers.right) >= 0.95 * Double(odometers.total), "\(summary)\n\(misses.joined(separator: "\n"))")
        #expect(Double(vins.right) >= 0.95 * Double(vins.total), "\(summary)\n\(misses.joined(separator: "\n"))")
    }
}
