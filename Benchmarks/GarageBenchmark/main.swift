// GarageBenchmark: Hearth's CSV import against a Python csv + sqlite3 script on the same file, in one run.
//
//   swift run -c release GarageBenchmark [--rows 100000] [--runs 3] [--scale]
//
// It writes a fuelly.com-style export with --rows fill-ups, then imports it several times into a fresh
// database with each tool, each import in its own process so peak memory (VmHWM) is the
// import's own. It prints the median times, rows per second, the ratio, and peak memory; --scale also
// imports a quarter and two and a half times as many rows to show memory does not grow with the file.
import Foundation
import HearthCore
import HearthGarage
import HearthStore

/// One import's measurements, as a child process reports them.
struct Measurement: Codable {
    var seconds: Double
    var rows: Int
    var inserted: Int
    var maxrssKB: Int
    /// Peak memory before the import began: the runtime, libraries and an open database.
    var startKB: Int

    enum CodingKeys: String, CodingKey {
        case seconds, rows, inserted
        case maxrssKB = "maxrss_kb"
        case startKB = "start_kb"
    }
}

enum Benchmark {
    static let arguments = CommandLine.arguments
    static let showProgress = isatty(STDERR_FILENO) == 1

    static func option(_ name: String) -> String? {
        guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
        return arguments[index + 1]
    }

    static func progress(_ text: String) {
        guard showProgress else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K\(text)".utf8))
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("\nerror: \(message)\n".utf8))
        exit(1)
    }

    // MARK: The file

    /// Writes a fuelly.com export of `rows` fill-ups for one car, streamed, deterministic.
    static func writeFile(rows: Int, to url: URL) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            fail("could not create \(url.path)")
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var buffer =
            "car_name,model,mpg,odometer,miles,gallons,price,city_percentage,fuelup_date,date_added,tags,notes,missed_fuelup,partial_fuelup,latitude,longitude,brand\n"
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: UInt64) -> UInt64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (seed >> 33) % bound
        }
        var odometer = 12_000
        var day = CalendarDay(year: 1940, month: 1, day: 1)!
        let brands = ["Shell", "Chevron", "Costco", "Arco", "Valero", "Mobil", "76", ""]
        let notes = ["", "", "", "", "commute", "road trip, full load", "\"top tier\" gas", "AC on"]
        for index in 0..<rows {
            // Three fill-ups a day at most, 10–60 miles apart: a fleet car's top-ups.
            if index % 3 == 0 { day = day.adding(days: 1) }
            let miles = 10 + Int(next(51))
            odometer += miles
            let gallons = Double(150 + next(1_200)) / 100  // 1.50–13.49
            let price = Double(2_499 + next(2_000)) / 1_000  // 2.499–4.498
            let mpg = Double(miles) / gallons
            let hour = 6 + Int(next(15))
            let minute = Int(next(60))
            let date = String(format: "%02d/%02d/%04d %d:%02d", day.month, day.day, day.year, hour, minute)
            let missed = next(50) == 0 ? "1" : "0"
            let partial = next(10) == 0 ? "1" : "0"
            let note = notes[Int(next(UInt64(notes.count)))]
            let quotedNote =
                note.contains(",") || note.contains("\"")
                ? "\"" + note.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : note
            buffer +=
                "Fleet Civic,Honda Civic,\(String(format: "%.1f", mpg)),\(odometer),\(miles).0,\(String(format: "%.3f", gallons)),\(String(format: "%.3f", price)),\(next(101)),\(date),\(date),,\(quotedNote),\(missed),\(partial),37.\(next(10_000)),-122.\(next(10_000)),\(brands[Int(next(UInt64(brands.count)))])\n"
            if buffer.utf8.count > 1 << 16 {
                handle.write(Data(buffer.utf8))
                buffer.removeAll(keepingCapacity: true)
            }
        }
        handle.write(Data(buffer.utf8))
    }

    // MARK: Child: one Swift import

    /// `GarageBenchmark --import FILE DATABASE`: imports into a fresh garage and prints a Measurement.
    static func importChild(file: String, database: String) async {
        do {
            let store = try GarageStore.open(at: URL(fileURLWithPath: database))
            let vehicle = try await store.addVehicle(
                Vehicle(name: "Fleet Civic", make: "Honda", model: "Civic", year: 2015))
            let startKB = peakRSS()
            let started = ContinuousClock.now
            let report = try await GarageImporter(store: store).importFile(
                at: URL(fileURLWithPath: file), options: ImportOptions(vehicleID: vehicle.id, source: .fuelly)
            )
            let seconds = started.duration(to: .now).seconds
            let measurement = Measurement(
                seconds: seconds, rows: report.rowsRead, inserted: report.fuelImported, maxrssKB: peakRSS(),
                startKB: startKB)
            print(String(decoding: try JSONEncoder().encode(measurement), as: UTF8.self))
        } catch {
            fail("\(error)")
        }
    }

    /// VmHWM from /proc/self/status, in KiB.
    static func peakRSS() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return 0 }
        return Int(line.split(whereSeparator: \.isWhitespace)[1]) ?? 0
    }

    // MARK: Parent

    static func measure(_ executable: String, _ arguments: [String]) throws -> Measurement {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            fail("\(executable) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
        }
        do {
            return try JSONDecoder().decode(Measurement.self, from: data)
        } catch {
            fail("\(executable) printed \(String(decoding: data, as: UTF8.self))")
        }
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }

    struct Result {
        var swift: [Measurement]
        var python: [Measurement]
    }

    static func run() async throws {
        if let index = arguments.firstIndex(of: "--import"), index + 2 < arguments.count {
            return await importChild(file: arguments[index + 1], database: arguments[index + 2])
        }
        let rows = Int(option("--rows") ?? "") ?? 100_000
        let runs = max(1, Int(option("--runs") ?? "") ?? 3)
        let python = option("--python") ?? "/usr/bin/env"
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "fuelly_import.py"
        ).path
        guard FileManager.default.fileExists(atPath: script) else { fail("\(script) is missing") }
        let pythonArguments = python == "/usr/bin/env" ? ["python3", script] : [script]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "garage-benchmark-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        var results: [(Int, Result)] = []
        for count in arguments.contains("--scale") ? [rows / 4, rows, rows * 5 / 2] : [rows] {
            results.append(
                (
                    count,
                    try compareScript(
                        rows: count, runs: runs, folder: folder, python: python, pythonArguments: pythonArguments)
                ))
        }
        progress("")
        print(
            "GarageBenchmark: fuelly.com CSV import, Hearth (Swift, release) vs Python \(pythonVersion(python)) csv + sqlite3"
        )
        print("median of \(runs) run\(runs == 1 ? "" : "s"); each import in a fresh process and a fresh WAL database")
        print("")
        print("peak RSS: each import process's high-water mark (VmHWM); in brackets, before the import began")
        print("")
        print(
            "rows       swift s   python s   swift rows/s   python rows/s   speed-up   swift peak RSS           python peak RSS"
        )
        for (count, result) in results {
            let swift = median(result.swift.map(\.seconds))
            let py = median(result.python.map(\.seconds))
            let swiftRSS = result.swift.map(\.maxrssKB).max() ?? 0
            let pyRSS = result.python.map(\.maxrssKB).max() ?? 0
            let swiftStart = result.swift.map(\.startKB).max() ?? 0
            let pyStart = result.python.map(\.startKB).max() ?? 0
            print(
                [
                    count.formatted().padding(toLength: 10, withPad: " ", startingAt: 0),
                    String(format: "%7.3f", swift), String(format: "%10.3f", py),
                    String(format: "%14.0f", Double(count) / swift), String(format: "%15.0f", Double(count) / py),
                    String(format: "%9.2f×", py / swift),
                    String(format: "%8.1f MiB (%4.1f MiB)", Double(swiftRSS) / 1024, Double(swiftStart) / 1024),
                    String(format: "%8.1f MiB (%4.1f MiB)", Double(pyRSS) / 1024, Double(pyStart) / 1024),
                ].joined(separator: " "))
        }
    }

    static func compareScript(rows: Int, runs: Int, folder: URL, python: String, pythonArguments: [String]) throws
        -> Result
    {
        let file = folder.appendingPathComponent("fuelly-\(rows).csv")
        progress("Writing \(rows.formatted()) rows…")
        try writeFile(rows: rows, to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let me = URL(fileURLWithPath: CommandLine.arguments[0]).path
        var result = Result(swift: [], python: [])
        for run in 1...runs {
            progress("\(rows.formatted()) rows: run \(run)/\(runs), Swift…")
            let swiftDatabase = folder.appendingPathComponent("swift-\(rows)-\(run).sqlite")
            result.swift.append(try measure(me, ["--import", file.path, swiftDatabase.path]))
            progress("\(rows.formatted()) rows: run \(run)/\(runs), Python…")
            let pythonDatabase = folder.appendingPathComponent("python-\(rows)-\(run).sqlite")
            result.python.append(try measure(python, pythonArguments + [file.path, pythonDatabase.path]))
            for database in [swiftDatabase, pythonDatabase] {
                for suffix in ["", "-wal", "-shm"] {
                    try? FileManager.default.removeItem(atPath: database.path + suffix)
                }
            }
        }
        let swiftInserted = result.swift.map(\.inserted)
        let pythonInserted = result.python.map(\.inserted)
        guard Set(swiftInserted) == [rows], Set(pythonInserted) == [rows] else {
            fail("the imports disagree on \(rows) rows: Swift inserted \(swiftInserted), Python \(pythonInserted)")
        }
        return result
    }

    static func pythonVersion(_ python: String) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = python == "/usr/bin/env" ? ["python3", "--version"] : ["--version"]
        let output = Pipe()
        process.standardOutput = output
        guard (try? process.run()) != nil else { return "3" }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "Python ", with: "").trimmingCharacters(
            in: .whitespacesAndNewlines)
    }
}

try await Benchmark.run()
