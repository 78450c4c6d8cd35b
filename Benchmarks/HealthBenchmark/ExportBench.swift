import Foundation
import HearthCore
import HearthHealth

/// Export to JSON v1 and PDF, each against a baseline in the same run.
struct ExportBench {
    let folder: URL
    let count: Int
    let python: String

    func run() async throws {
        let service = try HealthRecordService.open(at: folder.appendingPathComponent("export.sqlite"))
        for index in 0..<count {
            _ = try await Sample.make(index, on: service)
            if index % 50 == 0 { note("making records \(index)/\(count)…") }
        }
        let uuids = try await service.records().map(\.uuid)
        clearNote()
        print("Export of \(uuids.count) records (half people, half pets; 6–9 entries each), one file per record")

        // JSON: the service against JSONSerialization writing the same documents (read in beforehand).
        let jsonFolder = folder.appendingPathComponent("json")
        try FileManager.default.createDirectory(at: jsonFolder, withIntermediateDirectories: true)
        let jsonStart = ContinuousClock.now
        var jsonBytes = 0
        for (index, uuid) in uuids.enumerated() {
            let data = try await service.exportJSON(uuid)
            jsonBytes += data.count
            try data.write(to: jsonFolder.appendingPathComponent("\(index).json"))
        }
        let jsonSeconds = seconds(ContinuousClock.now - jsonStart)
        let documents = try (0..<uuids.count).map {
            try JSONSerialization.jsonObject(with: Data(contentsOf: jsonFolder.appendingPathComponent("\($0).json")))
        }
        let baselineFolder = folder.appendingPathComponent("json-baseline")
        try FileManager.default.createDirectory(at: baselineFolder, withIntermediateDirectories: true)
        let baselineStart = ContinuousClock.now
        for (index, document) in documents.enumerated() {
            let data = try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
            try data.write(to: baselineFolder.appendingPathComponent("\(index).json"))
        }
        let baselineSeconds = seconds(ContinuousClock.now - baselineStart)
        print(
            "  " + pad("JSON v1", 10) + rate(uuids.count, jsonSeconds)
                + String(format: "  (%.1f MB)", Double(jsonBytes) / 1_048_576))
        print(
            "  " + pad("baseline", 10) + rate(uuids.count, baselineSeconds)
                + "  JSONSerialization writing the same documents, read from disk beforehand")
        print(String(format: "  Hearth / baseline throughput: %.2f×", baselineSeconds / jsonSeconds))

        // PDF: the service (clinical theme, charts for pets) against ReportLab on the same records.
        let pdfFolder = folder.appendingPathComponent("pdf")
        try FileManager.default.createDirectory(at: pdfFolder, withIntermediateDirectories: true)
        let reports = HealthReportService(records: service)
        let pdfStart = ContinuousClock.now
        var pdfBytes = 0
        for (index, uuid) in uuids.enumerated() {
            let data = try await reports.render(uuid, format: .pdf)
            pdfBytes += data.count
            try data.write(to: pdfFolder.appendingPathComponent("\(index).pdf"))
            if index % 50 == 0 { note("PDF \(index)/\(uuids.count)…") }
        }
        let pdfSeconds = seconds(ContinuousClock.now - pdfStart)
        clearNote()
        print(
            "  " + pad("PDF", 10) + rate(uuids.count, pdfSeconds)
                + String(format: "  (%.1f MB)", Double(pdfBytes) / 1_048_576))
        if let peer = try reportLab(jsonFolder: jsonFolder, count: uuids.count) {
            print(
                "  " + pad("ReportLab", 10) + rate(uuids.count, peer)
                    + "  the same records from their JSON exports, tables and a weight chart for pets")
            print(String(format: "  Hearth / ReportLab throughput: %.2f×", peer / pdfSeconds))
        }
        print(String(format: "  peak memory of this process after both exports: %.1f MB", peakMegabytes()))
        print("")
    }

    private func rate(_ count: Int, _ seconds: Double) -> String {
        String(format: "%7.2f s %8.0f records/s", seconds, Double(count) / seconds)
    }

    /// Seconds ReportLab takes for the same records, or nil (with the reason printed) when it is not installed.
    private func reportLab(jsonFolder: URL, count: Int) throws -> Double? {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "reportlab_health.py")
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        check.arguments = [python, "-c", "import reportlab"]
        check.standardError = FileHandle.nullDevice
        try? check.run()
        check.waitUntilExit()
        guard check.terminationStatus == 0 else {
            print(
                "  ReportLab    skipped: \(python) cannot import reportlab (install it with `.build/venv/bin/pip install reportlab`, or give --python)"
            )
            return nil
        }
        let output = folder.appendingPathComponent("reportlab")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [python, script.path, jsonFolder.path, output.path, String(count)]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let seconds = Double(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            print("  ReportLab    failed (exit \(process.terminationStatus))")
            return nil
        }
        return seconds
    }
}
