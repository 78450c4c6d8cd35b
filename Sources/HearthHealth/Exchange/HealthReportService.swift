public import Foundation
import HearthCore
public import HearthReports
public import HearthStore

/// How a record is written out as a document.
public enum HealthDocumentFormat: String, Sendable, Codable, CaseIterable {
    case pdf, html

    var fileExtension: String { rawValue }
}

/// Turns a medical record into a report (PDF or self-contained HTML) in the clinical theme: every section
/// that has something in it, a pet's weight over time as a line chart, and its yearly costs by category as a
/// bar chart. Files are written through a ``ProtectedFileStore``: 0600, and encrypted when it has a key.
///
/// ```swift
/// let reports = HealthReportService(records: health)
/// let name = try await reports.write(rex.uuid, format: .pdf, to: ProtectedFileStore(directory: exports))
/// // "Rex - Medical Record.pdf"
/// ```
public struct HealthReportService: HealthReporting {
    private let records: any HealthRecordServicing
    private let attachments: HealthAttachmentService?

    /// - Parameter attachments: where the attached pictures are read from, to draw them under their entries;
    ///   nil names every attachment without drawing it.
    public init(records: any HealthRecordServicing, attachments: HealthAttachmentService? = nil) {
        self.records = records
        self.attachments = attachments
    }

    /// `"<displayName> - Medical Record.pdf"`, with characters no file system accepts replaced.
    public static func fileName(for record: MedicalRecord, format: HealthDocumentFormat) -> String {
        let unsafe = CharacterSet(charactersIn: "/\\:*?\"<>|").union(.controlCharacters)
        let name = String(record.displayName.unicodeScalars.map { unsafe.contains($0) ? "-" : Character($0) })
        return "\(name) - Medical Record.\(format.fileExtension)"
    }

    /// Renders the record and writes it to `store`; returns the file's name.
    @discardableResult
    public func write(
        _ uuid: String, format: HealthDocumentFormat, to store: ProtectedFileStore, generatedAt: Date = Date()
    ) async throws -> String {
        let record = try await records.record(uuid)
        let data = try await render(uuid, format: format, generatedAt: generatedAt)
        let name = Self.fileName(for: record, format: format)
        try store.write(data, to: name)
        return name
    }

    /// The record rendered as PDF or HTML.
    public func render(_ uuid: String, format: HealthDocumentFormat, generatedAt: Date = Date()) async throws -> Data {
        let document = try await document(uuid)
        let options = ReportRenderOptions(generatedAt: generatedAt)
        switch format {
        case .pdf: return try PDFRenderer().render(document, options: options)
        case .html: return Data(try HTMLRenderer().render(document, options: options).utf8)
        }
    }

    /// The report document of a record.
    public func document(_ uuid: String) async throws -> ReportDocument {
        let record = try await records.record(uuid)
        let entries = try await records.entries(of: uuid)
        return Self.document(
            record: record, entries: entries,
            attachments: try await HealthReportAttachments.load(entries, from: attachments))
    }

    static func document(
        record: MedicalRecord, entries: RecordEntries, attachments: HealthReportAttachments = .none
    ) -> ReportDocument {
        var blocks: [ReportBlock] = [.heading(record.displayName)]
        func facts(_ pairs: [(String, String)]) -> [(String, String)] {
            pairs.filter { !$0.1.trimmingCharacters(in: .whitespaces).isEmpty }
        }
        func day(_ value: CalendarDay?) -> String { value?.iso ?? "—" }
        func section(_ title: String, _ columns: [ReportTable.Column], _ rows: [[String]], ids: [UUID] = []) {
            guard !rows.isEmpty else { return }
            blocks.append(.heading(title, level: 2))
            blocks.append(.table(ReportTable(columns: columns, rows: rows)))
            blocks += attachments.blocks(for: ids, labels: rows)
        }

        if record.isPet {
            let pet = facts([
                ("Name", record.personalName), ("Animal ID", record.personalAnimalID), ("Breed", record.petBreed),
                ("Color", record.petColor),
                ("Born", record.personalBirthdate?.iso ?? ""), ("Owner", record.ownerName),
                ("Owner phone", record.ownerPhone),
                ("Owner e-mail", record.ownerEmail),
            ])
            if !pet.isEmpty { blocks += [.heading("Pet", level: 2), .keyValues(pet)] }
            let vet = facts([
                ("Clinic", record.vetClinicName), ("Contact", record.vetContactName), ("Phone", record.vetPhone),
                ("E-mail", record.vetEmail),
                ("Address", record.vetAddress), ("Note", record.vetNote),
            ])
            if !vet.isEmpty { blocks += [.heading("Veterinarian", level: 2), .keyValues(vet)] }
        } else {
            let person = facts([
                ("Family name", record.personalFamilyName), ("Given name", record.personalGivenName),
                ("Nickname", record.personalNickName),
                ("Gender", record.personalGender), ("Born", record.personalBirthdate?.iso ?? ""),
                ("Address", record.personalAddress),
                ("Health insurance", record.personalHealthInsurance),
                ("Insurance number", record.personalHealthInsuranceNumber),
                ("Social security number", record.personalSocialSecurityNumber), ("Employer", record.personalEmployer),
            ])
            if !person.isEmpty { blocks += [.heading("Person", level: 2), .keyValues(person)] }
        }

        var contacts = entries.emergencyContacts.map { [$0.name, $0.phone, $0.email, $0.note] }
        if contacts.isEmpty,
            !(record.emergencyName.isEmpty && record.emergencyNumber.isEmpty && record.emergencyEmail.isEmpty)
        {
            contacts = [[record.emergencyName, record.emergencyNumber, record.emergencyEmail, ""]]
        }
        section(
            "Emergency contacts",
            [
                .init("Name", width: 1.4), .init("Phone", width: 1.2), .init("E-mail", width: 1.6),
                .init("Note", width: 2),
            ], contacts)
        section(
            "Doctors",
            [
                .init("Type"), .init("Name", width: 1.4), .init("Phone", width: 1.2), .init("E-mail", width: 1.6),
                .init("Address", width: 1.6),
            ],
            entries.doctors.map { [$0.type, $0.name, $0.phone, $0.email, $0.address] })
        let dated: [ReportTable.Column] = [
            .init("Date", width: 0.9), .init("Name", width: 1.5), .init("Details", width: 3),
        ]
        section(
            "Allergies", dated,
            entries.allergies.map { [day($0.date), $0.name, [$0.information, $0.comment].joinedNonEmpty] },
            ids: entries.allergies.map(\.id))
        section(
            "Medications", dated, entries.drugs.map { [day($0.date), $0.nameAndDosage, $0.comment] },
            ids: entries.drugs.map(\.id))
        section(
            "Vaccinations",
            [
                .init("Date", width: 0.9), .init("Name", width: 1.5), .init("Place", width: 1.4),
                .init("Details", width: 2),
            ],
            entries.vaccinations.map {
                [day($0.date), $0.name, $0.place, [$0.information, $0.comment].joinedNonEmpty]
            }, ids: entries.vaccinations.map(\.id))
        section(
            "Illnesses", dated, entries.illnesses.map { [day($0.date), $0.name, $0.informationOrComment] },
            ids: entries.illnesses.map(\.id))
        section(
            "Risks", dated, entries.risks.map { [day($0.date), $0.name, $0.descriptionOrComment] },
            ids: entries.risks.map(\.id))
        section(
            "Medical history",
            [
                .init("Date", width: 0.9), .init("Name", width: 1.5), .init("Contact", width: 1.2),
                .init("Details", width: 2.2),
            ],
            entries.medicalHistory.map { [day($0.date), $0.name, $0.contact, $0.informationOrComment] },
            ids: entries.medicalHistory.map(\.id))
        section(
            "Blood", dated, entries.blood.map { [day($0.date), $0.name, $0.comment] }, ids: entries.blood.map(\.id))
        section(
            "Documents", dated, entries.medicalDocuments.map { [day($0.date), $0.name, $0.note] },
            ids: entries.medicalDocuments.map(\.id))
        blocks += observationBlocks(entries.observations)

        if record.isPet {
            let weighed = entries.weights.compactMap { entry -> (CalendarDay, Decimal, String)? in
                guard let date = entry.date, let kg = entry.weightKg else { return nil }
                return (date, kg, entry.comment)
            }.sorted { $0.0 < $1.0 }
            if !entries.weights.isEmpty {
                blocks.append(.heading("Weight", level: 2))
                if weighed.count >= 2 {
                    blocks.append(
                        .chart(
                            .line(
                                title: "Weight over time", unit: "kg",
                                series: [
                                    .init(
                                        name: record.displayName,
                                        points: weighed.map {
                                            .init(
                                                date: $0.0.date(hour: 12, in: TimeZone(identifier: "UTC")!), value: $0.1
                                            )
                                        })
                                ], height: 180)))
                }
                blocks.append(
                    .table(
                        ReportTable(
                            columns: [.init("Date"), .init("Weight", alignment: .right), .init("Comment", width: 3)],
                            rows: entries.weights.map {
                                [day($0.date), $0.weightKg.map { "\($0) kg" } ?? "—", $0.comment]
                            })))
            }
            if !entries.petYearlyCosts.isEmpty {
                blocks.append(.heading("Yearly costs", level: 2))
                let years = Set(entries.petYearlyCosts.compactMap(\.effectiveYear)).sorted()
                let categories = Array(Set(entries.petYearlyCosts.map(\.category))).sorted()
                blocks.append(
                    .chart(
                        .bars(
                            title: "Costs by category", unit: "$", categories: categories,
                            series: years.map { year in
                                .init(
                                    name: String(year),
                                    points: categories.map { category in
                                        .init(
                                            category: category,
                                            value: entries.petYearlyCosts.filter {
                                                $0.effectiveYear == year && $0.category == category
                                            }.reduce(0) { $0 + $1.amount })
                                    })
                            }, height: 190)))
                let total = entries.petYearlyCosts.reduce(Decimal(0)) { $0 + $1.amount }
                blocks.append(
                    .table(
                        ReportTable(
                            columns: [
                                .init("Year"), .init("Category", width: 1.5), .init("Amount", alignment: .right),
                                .init("Note", width: 2.5),
                            ],
                            rows: entries.petYearlyCosts.map {
                                [
                                    $0.effectiveYear.map(String.init) ?? "—", $0.category,
                                    Formatting.currency($0.amount), $0.note,
                                ]
                            },
                            totals: ["", "Total", Formatting.currency(total), ""])))
            }
        }
        if blocks.count == 1 { blocks.append(.paragraph("This record has no details or entries yet.")) }
        return ReportDocument(
            metadata: ReportMetadata(
                title: "\(record.displayName) - Medical Record", author: "Hearth Health",
                subject: "Medical record of \(record.displayName)",
                keywords: record.isPet ? "pet, medical record" : "medical record"),
            theme: .clinical,
            header: PageBand(left: "{title}", right: record.isPet ? "Pet" : "Person"),
            footer: .standardFooter,
            blocks: blocks
        )
    }
}

extension Array where Element == String {
    /// The non-empty strings, joined with ". ".
    fileprivate var joinedNonEmpty: String {
        filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.joined(separator: ". ")
    }
}
