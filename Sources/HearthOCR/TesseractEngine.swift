import Foundation
import HearthCore

/// One Tesseract handle set up for one job. Not thread-safe: only ``TesseractRecognizer`` uses it, on
/// its queue.
final class TesseractEngine {
    private let api: TesseractLibrary
    private let handle: OpaquePointer

    init(job: OCRJob, configuration: TesseractConfiguration) throws {
        let api = try TesseractLibrary.load()
        guard let handle = api.create() else {
            throw ServiceError(.ocrUnavailable, "Tesseract could not start; \(TesseractLibrary.installHint).")
        }
        let status = api.initialize(handle, configuration.dataPath, configuration.language)
        guard status == 0 else {
            api.delete(handle)
            let folder =
                configuration.dataPath ?? ProcessInfo.processInfo.environment["TESSDATA_PREFIX"]
                ?? "Tesseract's default folder (/usr/share/tesseract-ocr/5/tessdata)"
            let package =
                configuration.language == "eng" ? "tesseract-ocr-eng" : "tesseract-ocr-\(configuration.language)"
            throw ServiceError(
                .ocrUnavailable,
                "Tesseract has no '\(configuration.language)' language data in \(folder): install it with "
                    + "`apt-get install \(package)`, or set TESSDATA_PREFIX to the folder that holds \(configuration.language).traineddata."
            )
        }
        self.api = api
        self.handle = handle
        _ = api.setVariable(handle, "tessedit_char_whitelist", job.characterWhitelist)
        // 2 = the alternatives the LSTM weighed for each character, which the readers use to correct.
        _ = api.setVariable(handle, "lstm_choice_mode", "2")
        api.setPageSegMode(handle, TesseractLibrary.pageSegModeSingleLine)
    }

    deinit {
        api.end(handle)
        api.delete(handle)
    }

    func read(_ image: LeptonicaImage, pass: String) -> Recognition {
        defer { api.clear(handle) }
        api.setImage(handle, image.pix)
        // The photos carry no resolution; saying 300 dpi keeps Tesseract from guessing and warning.
        api.setSourceResolution(handle, 300)
        guard api.recognize(handle, nil) == 0 else { return Recognition(pass: pass, text: "", confidence: 0) }
        var text = ""
        if let utf8 = api.utf8Text(handle) {
            text = String(cString: utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            api.deleteText(utf8)
        }
        let symbols = symbols()
        // Tesseract's mean word confidence drops to 0 for strings it finds unlikely as words, which every
        // VIN and many odometers are; the characters' own confidences say more.
        let confidence =
            symbols.isEmpty
            ? Double(max(0, api.meanTextConfidence(handle)))
            : symbols.map(\.confidence).reduce(0, +) / Double(symbols.count)
        return Recognition(pass: pass, text: text, confidence: confidence, symbols: symbols)
    }

    private func symbols() -> [RecognizedSymbol] {
        guard let iterator = api.iterator(handle) else { return [] }
        defer { api.iteratorDelete(iterator) }
        let page = api.iteratorPage(iterator)
        var symbols: [RecognizedSymbol] = []
        repeat {
            guard let utf8 = api.iteratorText(iterator, TesseractLibrary.levelSymbol) else { break }
            let text = String(cString: utf8)
            api.deleteText(utf8)
            let confidence = Double(api.iteratorConfidence(iterator, TesseractLibrary.levelSymbol))
            var alternatives: [RecognizedSymbol.Alternative] = []
            if let choices = api.iteratorChoices(iterator) {
                repeat {
                    if let choice = api.choiceText(choices) {
                        let alternative = String(cString: choice)
                        if alternative != text {
                            alternatives.append(.init(alternative, confidence: Double(api.choiceConfidence(choices))))
                        }
                    }
                } while api.choiceNext(choices) != 0
                api.choiceDelete(choices)
            }
            symbols.append(RecognizedSymbol(text, confidence: confidence, alternatives: alternatives))
        } while api.pageNext(page, TesseractLibrary.levelSymbol) != 0
        return symbols
    }
}
