public import Foundation
import HearthCloud
import HearthCloudModel
import HearthCore
public import HearthFinance
import HearthStore

/// The money book's currency and exchange rates from the pages. Devices keep both per database (they are not
/// records); the pages keep the account's own: the book currency and the last rates file uploaded (the
/// European Central Bank's `eurofxref-hist.csv`, stored as an asset) are account preferences, applied to the
/// user's copy whenever it is made.
extension FinanceRecords {
    /// The account preference naming the pages' book currency.
    static let currencyPreference = "finance-currency"
    /// The account preference naming the asset of the last rates file uploaded.
    static let ratesPreference = "finance-rates"
    /// The largest rates file the pages take (the whole history since 1999 is about 2 MB).
    public static let maxRatesBytes = 32 << 20

    /// The currency the pages show the book in (EUR until set, as on a device).
    public func bookCurrency(userID: String, now: Date) async throws -> CurrencyCode {
        let finance = try await recent(userID, now: now)
        return try await Self.reading { try await finance.bookCurrency() }
    }

    /// Sets the book currency the pages show amounts without a currency of their own in.
    /// - Throws: ``ServiceError`` `validationFailed` naming a code that is not an active ISO 4217 currency.
    @discardableResult
    public func setBookCurrency(_ text: String, userID: String, now: Date) async throws -> CurrencyCode {
        let code: CurrencyCode
        do {
            code = try CurrencyCode(text.trimmingCharacters(in: .whitespacesAndNewlines))
        } catch let error as PersistenceError {
            throw ServiceError.validationFailed("book currency: \(error.message)")
        }
        try await checkOwnBook(userID, "currency")
        let finance = try await recent(userID, now: now)
        try await store.setAccountPreference(
            accountID: userID, name: Self.currencyPreference, value: code.code,
            at: Int64(now.timeIntervalSince1970 * 1_000))
        try await Self.reading { try await finance.setBookCurrency(code) }
        try await changed(userID)
        return code
    }

    /// Imports an uploaded ECB rates file (`eurofxref-hist.csv`), as `hearth finance rates import` does, and
    /// keeps it for the account's copy; a file refused anywhere stores nothing.
    /// - Throws: ``ServiceError`` `validationFailed` naming the line and the fault, an empty file or one too
    ///   large.
    @discardableResult
    public func importRates(_ file: Data, fileName: String, userID: String, now: Date) async throws
        -> RateImportSummary
    {
        let named = fileName.isEmpty ? "the rates file" : String(fileName.prefix(80))
        guard !file.isEmpty else {
            throw ServiceError.validationFailed(
                "rates file: none was chosen, or \(named) is empty; choose eurofxref-hist.csv, unzipped")
        }
        guard file.count <= Self.maxRatesBytes else {
            throw ServiceError.validationFailed(
                "rates file: \(named) is larger than the \(Self.maxRatesBytes >> 20) MB a rates file may be")
        }
        try await checkOwnBook(userID, "exchange rates")
        let finance = try await recent(userID, now: now)
        let summary = try await UploadedFile(field: "rates", fileName: named, data: file).written { url in
            try await Self.reading { try await finance.importECBRates(from: url, maximumBytes: Self.maxRatesBytes) }
        }
        let asset = try await store.storeAsset(CloudPrincipal(userID: userID), data: file)
        try await store.setAccountPreference(
            accountID: userID, name: Self.ratesPreference, value: asset.fileChecksum,
            at: Int64(now.timeIntervalSince1970 * 1_000))
        try await changed(userID)
        return summary
    }

    /// Applies the account's book currency and rates to a copy made afresh (once per copy: a row in its
    /// settings table marks it done).
    static func applyPreferences(to finance: FinancePersistenceService, userID: String, store: any RecordStore)
        async throws
    {
        let marker = "pages.preferences"
        let applied = try await finance.setting(marker) != nil
        guard !applied else { return }
        if let code = try await store.accountPreference(accountID: userID, name: currencyPreference),
            let currency = try? CurrencyCode(code)
        {
            try await finance.setBookCurrency(currency)
        }
        if let checksum = try await store.accountPreference(accountID: userID, name: ratesPreference) {
            let data = try await store.openAsset(CloudPrincipal(userID: userID), checksum: checksum).collect()
            _ = try await UploadedFile(field: "rates", fileName: "eurofxref-hist.csv", data: data).written { url in
                try await finance.importECBRates(from: url, maximumBytes: maxRatesBytes)
            }
        }
        try await finance.setSetting(marker, to: "1")
    }
}
