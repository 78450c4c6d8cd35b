public import Foundation
public import HearthReports
public import HearthStore

/// Writes a medical record out as a document: a PDF or a self-contained HTML page.
public protocol HealthReporting: Sendable {
    /// Renders the record and writes it to `store`; returns the file's name.
    @discardableResult
    func write(_ uuid: String, format: HealthDocumentFormat, to store: ProtectedFileStore, generatedAt: Date)
        async throws -> String
    /// The record rendered as PDF or HTML.
    func render(_ uuid: String, format: HealthDocumentFormat, generatedAt: Date) async throws -> Data
    /// The report document of a record.
    func document(_ uuid: String) async throws -> ReportDocument
}
