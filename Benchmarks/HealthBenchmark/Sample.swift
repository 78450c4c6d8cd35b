import Foundation
import HearthCore
import HearthHealth

/// The records both sides of each measurement work on: half people, half pets, each with entries of most kinds.
enum Sample {
    static let names = ["Rex", "Luna", "Milo", "Bella", "Kira", "Toby", "Nala", "Otto"]
    static let families = ["García", "Papadopoulos", "Иванова", "Müller", "Okafor", "Nguyễn", "Smith", "Kowalski"]

    /// Record `index` with its entries, made on `service`; `cloud` turns the cloud on for it.
    static func make(_ index: Int, on service: HealthRecordService, cloud: Bool = false) async throws -> MedicalRecord {
        let isPet = index % 2 == 1
        var record = MedicalRecord(isPet: isPet)
        if isPet {
            record.personalName = "\(names[index % names.count]) \(index)"
            record.petBreed = index % 3 == 0 ? "Beagle" : "Mixed"
            record.petColor = "brown"
            record.ownerName = "Owner \(index)"
            record.ownerPhone = "+1 555 01\(index % 100)"
            record.vetClinicName = "Clinic \(index % 17)"
        } else {
            record.personalGivenName = "Person \(index)"
            record.personalFamilyName = families[index % families.count]
            record.personalGender = index % 4 == 0 ? "Female" : "Male"
            record.personalBirthdate = CalendarDay(year: 1950 + index % 60, month: index % 12 + 1, day: index % 28 + 1)
            record.personalAddress = "\(index) Main Street, Springfield"
            record.personalHealthInsurance = "Insurer \(index % 9)"
        }
        record.isCloudEnabled = cloud
        let saved = try await service.createRecord(record)
        let year = 2015 + index % 10
        try await service.addEntry(
            VaccinationEntry(
                date: CalendarDay(year: year, month: 3, day: 2), name: isPet ? "Rabies" : "Tetanus",
                information: "booster", place: "Clinic \(index % 17)"), to: saved.uuid)
        try await service.addEntry(
            VaccinationEntry(
                date: CalendarDay(year: year + 1, month: 3, day: 2), name: isPet ? "Distemper" : "Influenza"),
            to: saved.uuid)
        try await service.addEntry(
            AllergyEntry(
                date: CalendarDay(year: year, month: 5, day: 9), name: "Penicillin", information: "rash",
                comment: "since childhood"), to: saved.uuid)
        try await service.addEntry(
            DrugEntry(
                date: CalendarDay(year: year, month: 6, day: 1), nameAndDosage: "Ibuprofen 200 mg", comment: "as needed"
            ), to: saved.uuid)
        if isPet {
            for month in [1, 4, 7, 10] {
                try await service.addEntry(
                    WeightEntry(
                        date: CalendarDay(year: year, month: month, day: 1),
                        weightKg: Decimal(10 + (index + month) % 15), comment: ""), to: saved.uuid)
            }
            try await service.addEntry(
                PetYearlyCost(
                    date: CalendarDay(year: year, month: 12, day: 1), category: "Food",
                    amount: Decimal(300 + index % 200)), to: saved.uuid)
        } else {
            try await service.addEntry(
                IllnessEntry(
                    date: CalendarDay(year: year, month: 2, day: 11), name: "Bronchitis",
                    informationOrComment: "two weeks"), to: saved.uuid)
            try await service.addEntry(
                BloodEntry(date: CalendarDay(year: year, month: 8, day: 20), name: "A+", comment: "routine"),
                to: saved.uuid)
        }
        return saved
    }
}

/// Peak resident memory of this process, in MB.
func peakMegabytes() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return Double(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "").map {
            $0 / 1024
        } ?? 0
    }
    return 0
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

let showsProgress = isatty(STDERR_FILENO) == 1

func note(_ text: String) {
    if showsProgress { FileHandle.standardError.write(Data("\r\u{1B}[K\(text)".utf8)) }
}

func clearNote() {
    if showsProgress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
}
