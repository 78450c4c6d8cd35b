import Foundation
import HearthCloudModel
import HearthCore
import HearthFinance
import Hummingbird
import HummingbirdCore

/// Bank statements from the browser: upload an OFX, QIF or CSV file (with a CSV's columns chosen on the page),
/// see what would be added and what left out and why, then import it; the file is sent once and kept for the
/// confirmation (``StagedUploads``).
extension WebSite {
    /// The fields a statement upload takes besides its file, and what the page calls them.
    static let statementChoices = [
        "format", "account", "dateColumn", "amountColumn", "debitColumn", "creditColumn", "payeeColumn", "memoColumn",
        "hasHeader", "dayFirst", "decimalComma",
    ]

    func registerStatements<Context: WebRequestContext>(on router: Router<Context>) {
        router.get("/money/statements") { request, context in
            await page(request, context) { visit, _ in
                let parameters = request.uri.queryParameters
                let notice =
                    parameters["notice"] == "imported"
                    ? "Imported \(parameters["added"].flatMap { Int($0) } ?? 0) transactions; \(parameters["skipped"].flatMap { Int($0) } ?? 0) left out (already there, or without an amount). Your devices receive them at their next sync."
                    : ""
                return try statementsPage(visit: visit, notice: notice, typed: ["hasHeader": "1"])
            }
        }
        router.post("/money/statements") { request, context in
            await form(request, context, uploadLimit: FinanceRecords.maxStatementBytes) { visit, caller, form in
                let choices = Self.choices(form)
                return try await refusable {
                    guard let file = form.file("statement"), !file.data.isEmpty else {
                        throw ServiceError.validationFailed(
                            "statement file: none was chosen; choose the OFX, QIF or CSV file your bank gave you")
                    }
                    let options = try Self.statementOptions(choices)
                    let report = try await finance.importStatement(
                        file, options: options, dryRun: true, userID: caller.userRecordName, now: clock())
                    let token = await stagedUploads.stage(
                        file, choices: choices, accountID: caller.userRecordName, now: clock())
                    let book = try await finance.bookCurrency(userID: caller.userRecordName, now: clock())
                    return try previewPage(report, token: token, currency: options.currency ?? book, visit: visit)
                } again: { problems in
                    try statementsPage(visit: visit, problems: problems, typed: choices)
                }
            }
        }
        router.post("/money/statements/import") { request, context in
            await form(request, context) { visit, caller, form in
                guard let token = form["upload"], token.utf8.count == 32,
                    let staged = await stagedUploads.staged(
                        token, accountID: caller.userRecordName, now: clock(), remove: true)
                else {
                    throw ServiceError(
                        .notFound,
                        "This preview is no longer kept (a preview waits 30 minutes); upload the statement again.")
                }
                return try await refusable {
                    let report = try await finance.importStatement(
                        staged.file, options: try Self.statementOptions(staged.choices), dryRun: false,
                        userID: caller.userRecordName, now: clock())
                    throw WebRedirect(
                        location:
                            "/money/statements?notice=imported&added=\(report.added)&skipped=\(report.skippedCount)")
                } again: { problems in
                    try statementsPage(visit: visit, problems: problems, typed: staged.choices)
                }
            }
        }
    }

    /// The statement form's choices as sent (the file aside).
    static func choices(_ form: FormBody) -> [String: String] {
        var choices: [String: String] = [:]
        for name in statementChoices { if let value = form[name] { choices[name] = String(value.prefix(200)) } }
        return choices
    }

    /// The import options the choices stand for.
    /// - Throws: ``ServiceError`` `validationFailed` naming a choice that is not one.
    static func statementOptions(_ choices: [String: String]) throws -> StatementImportOptions {
        var problems: [String] = []
        var options = StatementImportOptions()
        if let format = choices["format"], !format.isEmpty {
            if let known = StatementFormat(rawValue: format) {
                options.format = known
            } else {
                problems.append("format \"\(format.prefix(40))\" is not one of ofx, qif or csv; or let the file tell")
            }
        }
        for (name, field) in [
            ("dateColumn", "date column"), ("amountColumn", "amount column"), ("debitColumn", "money out column"),
            ("creditColumn", "money in column"), ("payeeColumn", "payee column"), ("memoColumn", "memo column"),
            ("account", "account"),
        ] {
            if let value = choices[name], value.count > 100 {
                problems.append("\(field) is \(value.count) characters long; shorten it to 100 or fewer")
            }
        }
        func given(_ name: String) -> String? { choices[name].flatMap { $0.isEmpty ? nil : $0 } }
        options.csv = StatementImportOptions.CSVMapping(
            dateColumn: given("dateColumn"), amountColumn: given("amountColumn"), debitColumn: given("debitColumn"),
            creditColumn: given("creditColumn"), payeeColumn: given("payeeColumn"), memoColumn: given("memoColumn"),
            hasHeader: choices["hasHeader"] != nil)
        options.dayFirst = choices["dayFirst"] != nil
        options.decimalComma = choices["decimalComma"] != nil
        options.account = given("account")
        guard problems.isEmpty else { throw ServiceError.validationFailed(problems) }
        return options
    }

    /// The upload page: the form, with a refused upload's problems and choices.
    func statementsPage(
        visit: WebVisit, notice: String = "", problems: String? = nil, typed: [String: String] = [:]
    ) throws -> Response {
        try render(
            "money/statements",
            [
                "title": "Import a bank statement", "section": ["money": true], "notice": notice,
                "problems": problems ?? "", "typed": typed,
                "formats": [("", "Tell from the file"), ("ofx", "OFX or QFX"), ("qif", "QIF"), ("csv", "CSV")].map {
                    ["value": $0.0, "label": $0.1, "selected": $0.0 == (typed["format"] ?? "")]
                },
                "hasHeader": typed["hasHeader"] != nil, "dayFirst": typed["dayFirst"] != nil,
                "decimalComma": typed["decimalComma"] != nil,
                "maxMB": FinanceRecords.maxStatementBytes / (1024 * 1024),
            ], visit: visit)
    }

    /// What importing would do, and the button that does it.
    func previewPage(_ report: StatementImportReport, token: String, currency: CurrencyCode, visit: WebVisit) throws
        -> Response
    {
        let timeZone = finance.calendar.timeZone
        return try render(
            "money/statement-preview",
            [
                "title": "Import \(report.file)?", "section": ["money": true], "file": report.file,
                "format": report.format.rawValue.uppercased(), "accounts": report.accounts.joined(separator: ", "),
                "added": report.added, "none": report.added == 0, "skippedCount": report.skippedCount,
                "hasSkipped": report.skippedCount > 0, "article": report.format == .ofx ? "An" : "A",
                "rows": report.addedListed.prefix(100).map { row -> [String: Any] in
                    [
                        "line": row.line, "date": CalendarDay(row.date, in: timeZone).iso, "title": row.title,
                        "amount": WebFormat.money(row.amount, in: currency), "direction": row.amount < 0 ? "out" : "in",
                    ]
                },
                "more": report.added > 100 ? "and \(report.added - 100) more" : "",
                "skipped": report.skippedLines.prefix(100).map { ["line": $0.line, "reason": $0.reason] },
                "upload": token,
            ], visit: visit)
    }
}
