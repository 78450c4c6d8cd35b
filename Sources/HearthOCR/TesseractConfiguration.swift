/// How ``TesseractRecognizer`` finds and runs Tesseract.
///
/// Keys: `dataPath` (the folder holding `<language>.traineddata`; nil uses `TESSDATA_PREFIX`, else the
/// folder Debian's `tesseract-ocr-eng` installs to), `language` (default `eng`), `passes` (the
/// preprocessing passes per job, default ``Preprocessing/defaultPasses(for:)``).
public struct TesseractConfiguration: Sendable, Hashable {
    /// The folder holding the language data; nil for `TESSDATA_PREFIX` or the default.
    public var dataPath: String?
    /// The Tesseract language code, such as `eng`.
    public var language: String
    /// The preprocessing passes each job runs; each gives one ``Recognition``.
    public var passes: [OCRJob: [Preprocessing]]

    public init(
        dataPath: String? = nil, language: String = "eng",
        passes: [OCRJob: [Preprocessing]] = Dictionary(
            uniqueKeysWithValues: OCRJob.allCases.map { ($0, Preprocessing.defaultPasses(for: $0)) })
    ) {
        self.dataPath = dataPath
        self.language = language
        self.passes = passes
    }
}
