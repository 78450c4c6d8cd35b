import CTesseract
import Foundation
import HearthCore

/// One Tesseract handle set up for one job. Not thread-safe: only ``TesseractRecognizer`` uses it, from
/// inside the actor.
final class TesseractEngine {
    private let handle: OpaquePointer

    init(job: OCRJob, configuration: TesseractConfiguration) throws {
        guard let handle = TessBaseAPICreate() else {
            throw ServiceError(.ocrUnavailable, "Tesseract could not start; reinstall libtesseract-dev (apt-get install libtesseract-dev).")
        }
        let status = TessBaseAPIInit3(handle, configuration.dataPath, configuration.language)
        guard status == 0 else {
            TessBaseAPIDelete(handle)
            let folder = configuration.dataPath ?? ProcessInfo.processInfo.environment["TESSDATA_PREFIX"]
                ?? "Tesseract's default folder (/usr/share/tesseract-ocr/5/tessdata)"
            let package = configuration.language == "eng" ? "tesseract-ocr-eng" : "tesseract-ocr-\(configuration.language)"
            throw ServiceError(
                .ocrUnavailable,
                "Tesseract has no '\(configuration.language)' language data in \(folder): install it with "
                    + "`apt-get install \(package)`, or set TESSDATA_PREFIX to the folder that holds \(configuration.language).traineddata.")
        }
        self.handle = handle
        TessBaseAPISetVariable(handle, "tessedit_char_whitelist", job.characterWhitelist)
        // 2 = the alternatives the LSTM weighed for each character, which the readers use to correct.
        TessBaseAPISetVariable(handle, "lstm_choice_mode", "2")
        TessBaseAPISetPageSegMode(handle, PSM_SINGLE_LINE)
    }

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    func read(_ image: LeptonicaImage, pass: String) -> Recognition {
        defer { TessBaseAPIClear(handle) }
        TessBaseAPISetImage2(handle, image.pix)
        // The photos carry no resolution; saying 300 dpi keeps Tesseract from guessing and warning.
        TessBaseAPISetSourceResolution(handle, 300)
        guard TessBaseAPIRecognize(handle, nil) == 0 else { return Recognition(pass: pass, text: "", confidence: 0) }
        var text = ""
        if let utf8 = TessBaseAPIGetUTF8Text(handle) {
            text = String(cString: utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            TessDeleteText(utf8)
        }
        let symbols = symbols()
        // Tesseract's mean word confidence drops to 0 for strings it finds unlikely as words, which every
        // VIN and many odometers are; the characters' own confidences say more.
        let confidence = symbols.isEmpty
            ? Double(max(0, TessBaseAPIMeanTextConf(handle)))
            : symbols.map(\.confidence).reduce(0, +) / Double(symbols.count)
        return Recognition(pass: pass, text: text, confidence: confidence, symbols: symbols)
    }

    private func symbols() -> [RecognizedSymbol] {
        guard let iterator = TessBaseAPIGetIterator(handle) else { return [] }
        defer { TessResultIteratorDelete(iterator) }
        let page = TessResultIteratorGetPageIterator(iterator)
        var symbols: [RecognizedSymbol] = []
        repeat {
            guard let utf8 = TessResultIteratorGetUTF8Text(iterator, RIL_SYMBOL) else { break }
            let text = String(cString: utf8)
            TessDeleteText(utf8)
            let confidence = Double(TessResultIteratorConfidence(iterator, RIL_SYMBOL))
            var alternatives: [RecognizedSymbol.Alternative] = []
            if let choices = TessResultIteratorGetChoiceIterator(iterator) {
                repeat {
                    if let choice = TessChoiceIteratorGetUTF8Text(choices) {
                        let alternative = String(cString: choice)
                        if alternative != text {
                            alternatives.append(.init(alternative, confidence: Double(TessChoiceIteratorConfidence(choices))))
                        }
                    }
                } while TessChoiceIteratorNext(choices) != 0
                TessChoiceIteratorDelete(choices)
            }
            symbols.append(RecognizedSymbol(text, confidence: confidence, alternatives: alternatives))
        } while TessPageIteratorNext(page, RIL_SYMBOL) != 0
        return symbols
    }
}
