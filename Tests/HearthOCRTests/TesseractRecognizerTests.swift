import Foundation
import HearthCore
import HearthOCR
import HearthTestSupport
import Testing

@Suite struct TesseractRecognizerTests {
    @Test func aMissingImageNamesItsPath() async throws {
        guard let recognizer = try OCRAccuracyTests.recognizer() else { return }
        let path = "/nonexistent/hearth/odometer.png"
        let error = await #expect(throws: ServiceError.self) {
            try await recognizer.recognize(imageAt: URL(fileURLWithPath: path), for: .odometer)
        }
        #expect(error?.code == .unreadableImage)
        #expect(error?.message.contains(path) == true)
    }

    @Test func aFileThatIsNotAnImageNamesItsPath() async throws {
        guard let recognizer = try OCRAccuracyTests.recognizer() else { return }
        let folder = try TemporaryFolder(prefix: "hearth-ocr")
        let file = folder.file("notes.png")
        try Data("not a picture".utf8).write(to: file)
        let error = await #expect(throws: ServiceError.self) {
            try await recognizer.recognize(imageAt: file, for: .vin)
        }
        #expect(error?.code == .unreadableImage)
        #expect(error?.message.contains(file.path) == true)
    }

    @Test func missingLanguageDataSaysWhichPackageToInstall() {
        let folder = try? TemporaryFolder(prefix: "hearth-ocr")
        let configuration = TesseractConfiguration(dataPath: folder?.url.path ?? "/nonexistent")
        let error = #expect(throws: ServiceError.self) { try TesseractRecognizer(configuration: configuration) }
        #expect(error?.code == .ocrUnavailable)
        // Without the library itself the message names both packages; either way it names the data.
        #expect(error?.message.contains("tesseract-ocr-eng") == true)
    }

    @Test func everyPassReportsWhatItRead() async throws {
        guard let recognizer = try OCRAccuracyTests.recognizer() else { return }
        let folder = try TemporaryFolder(prefix: "hearth-ocr")
        guard let lines = try await OCRAccuracyTests.generate(into: folder, count: 1) else { return }
        let odometer = try #require(lines.first { $0[1] == "odometer" })
        let recognitions = try await recognizer.recognize(imageAt: folder.file(odometer[0]), for: .odometer)
        #expect(recognitions.map(\.pass) == Preprocessing.defaultPasses(for: .odometer).map(\.name))
        #expect(recognitions.contains { !$0.symbols.isEmpty && $0.confidence > 0 && !$0.text.isEmpty })
    }
}
