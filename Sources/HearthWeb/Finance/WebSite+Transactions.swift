import Foundation
import HearthCloudModel
import HearthCore
import HearthFinance
import Hummingbird
import HummingbirdCore

/// The transactions page: searched, filtered by month and category, 50 to a page, each opening to be corrected
/// or deleted.
extension WebSite {
    /// The page for the search, month and category the query string asks for; a month or category that is not
    /// one is named, and nothing is filtered by it.
    /// Whether the month and category the query string asks for (if any) are ones the page reads.
    static func transactionFiltersRead(_ request: Request) -> Bool {
        let parameters = request.uri.queryParameters
        if let month = parameters["month"], !month.isEmpty, FinanceMonth(String(month.prefix(40))) == nil {
            return false
        }
        if let category = parameters["category"], !category.isEmpty,
            category.count > 40 || TransactionCategory.parse(String(category)) == nil
        {
            return false
        }
        return true
    }

    func transactionsPage(_ request: Request, caller: CloudCaller, visit: WebVisit) async throws -> Response {
        let (values, refused) = try await transactionsValues(request, caller: caller)
        return try render("money/transactions", values, visit: visit, status: refused ? .unprocessableContent : .ok)
    }

    /// The transactions page's values, and whether a filter was refused (and named).
    func transactionsValues(_ request: Request, caller: CloudCaller) async throws -> ([String: Any], Bool) {
        let parameters = request.uri.queryParameters
        let text = parameters["q"].map { String($0.prefix(200)) } ?? ""
        let after = parameters["after"].map { String($0.prefix(200)) }
        let monthText = parameters["month"].map { String($0.prefix(40)) } ?? ""
        let categoryText = parameters["category"].map { String($0.prefix(40)) } ?? ""
        var query = TransactionQuery()
        var problems: [String] = []
        query.text = text.isEmpty ? nil : text
        if !monthText.isEmpty {
            if let month = FinanceMonth(monthText), let range = try? month.range(in: finance.calendar) {
                query.dateRange = range
            } else {
                problems.append("month \"\(monthText)\" is not a month; write it as yyyy-MM, such as 2026-03")
            }
        }
        if !categoryText.isEmpty {
            if let category = FinanceForms.category(categoryText, field: "category", problems: &problems) {
                query.categories = [category]
            }
        }
        let page = try await finance.transactions(
            userID: caller.userRecordName, query: query, page: PageRequest(size: 50, after: after), now: clock())
        let book = try await finance.bookCurrency(userID: caller.userRecordName, now: clock())
        let filters =
            "q=\(Self.queryEscaped(text))&month=\(Self.queryEscaped(monthText))&category=\(Self.queryEscaped(categoryText))"
        let notices = [
            "saved": "The transaction is saved; your devices receive it at their next sync.",
            "deleted": "The transaction is deleted; your devices delete it at their next sync.",
        ]
        let values: [String: Any] = [
            "title": "Transactions", "section": ["money": true], "q": text, "month": monthText,
            "filtered": !text.isEmpty || !monthText.isEmpty || !categoryText.isEmpty,
            "none": page.items.isEmpty, "transactions": page.items.map { Self.transactionRow($0, book: book) },
            "categories": TransactionCategory.allCases.map {
                ["value": $0.rawValue, "selected": $0.rawValue == categoryText]
            },
            "next": page.nextCursor.map { "/money/transactions?\(filters)&after=\(Self.queryEscaped($0))" } ?? "",
            "problems": problems.isEmpty ? "" : problems.joined(separator: "; ") + ".",
            "notice": parameters["notice"].flatMap { notices[String($0)] } ?? "",
        ]
        return (values, !problems.isEmpty)
    }
}
