import Foundation
import HearthCore
import HearthExchange
import HearthTestSupport
import Testing

@testable import HearthFinance

/// Statements written by real peers — OFX by Python's ofxtools, QIF by quiffen — imported by Hearth and
/// compared field by field with what the peer wrote.
@Suite(.timeLimit(.minutes(5))) struct StatementPeerTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder(prefix: "statement-peers")
    }

    /// Python with ofxtools and quiffen, from the venv `.ci/run` fills.
    func python() async throws -> URL? {
        try await VenvPython.interpreter(
            importing: "ofxtools, quiffen", variable: "HEARTH_STATEMENT_PYTHON",
            install:
                "python3 -m venv .build/venv && .build/venv/bin/pip install ofxtools==1.1.1 quiffen==4.0.1 (.ci/run does)"
        )
    }

    /// Runs `script` with `arguments` and decodes what it prints.
    func run<T: Decodable>(_ python: URL, _ script: String, _ arguments: [String], as type: T.Type) async throws -> T {
        let result = try await ChildProcess.run(python, ["-c", script] + arguments)
        try #require(result.status == 0, "\(result.stderr)")
        return try JSONDecoder().decode(T.self, from: result.stdoutData)
    }

    struct OFXEntry: Decodable {
        let account: String
        let fitid: String
        let ms: Int64
        let amount: String
        let name: String
        let memo: String
    }

    struct QIFEntry: Decodable {
        let account: String
        let day: String
        let amount: String
        let payee: String
        let memo: String
        let category: String
    }

    func all(_ store: FinancePersistenceService) async throws -> [Transaction] {
        try await store.fetchTransactions(
            matching: TransactionQuery().sorted(by: .dateAscending), page: PageRequest(size: 1000)
        ).items
    }

    @Test(arguments: [(102, false), (102, true), (220, true)])
    func ofxtoolsStatementsImportFieldByField(version: Int, closed: Bool) async throws {
        guard let python = try await python() else { return }
        let file = folder.file("statement-\(version)-\(closed).ofx")
        let expected = try await run(
            python, Self.ofxScript, [file.path, "\(version)", "12", closed ? "closed" : "open"], as: [OFXEntry].self)
        #expect(expected.count == 18)
        let (store, _) = try makeStore()
        let report = try await store.importStatement(from: file)
        #expect(report.format == .ofx)
        #expect(report.added == expected.count)
        #expect(report.skipped.count == 0)
        #expect(report.accounts == ["0001234567", "4111111111111111"])
        let stored = try await all(store)
        #expect(stored.count == expected.count)
        var byKey: [String: Transaction] = [:]
        for transaction in stored {
            byKey["\(transaction.tags.first ?? "")|\(Milliseconds.from(transaction.date))"] = transaction
        }
        for entry in expected {
            let transaction = try #require(byKey["\(entry.account)|\(entry.ms)"], "\(entry.fitid) is missing")
            #expect(transaction.title == entry.name, "\(entry.fitid)")
            #expect(transaction.subtitle == entry.memo, "\(entry.fitid)")
            #expect(transaction.amount == Decimal(string: entry.amount)!, "\(entry.fitid)")
            #expect(Milliseconds.from(transaction.date) == entry.ms, "\(entry.fitid)")
            #expect(transaction.tags == [entry.account])
            #expect(transaction.category == .other)
            #expect(!transaction.isRecurring)
        }
        #expect(Set(stored.map(\.id)).count == expected.count)

        // The same statement again adds nothing, and says why.
        let before = try await snapshot(store)
        let again = try await store.importStatement(from: file)
        #expect(again.added == 0)
        #expect(again.skipped.byReason == [StatementSkip.alreadyImported: expected.count])
        #expect(try await snapshot(store) == before)
    }

    @Test(arguments: [("%m/%d/%Y", false), ("%d/%m/%Y", true), ("%Y-%m-%d", false), ("%m/%d'%y", false)])
    func quiffenStatementsImportFieldByField(dateFormat: String, dayFirst: Bool) async throws {
        guard let python = try await python() else { return }
        let file = folder.file("statement.qif")
        let expected = try await run(python, Self.qifScript, [file.path, dateFormat], as: [QIFEntry].self)
        #expect(expected.count == 12)
        let (store, _) = try makeStore()
        let report = try await store.importStatement(from: file, options: StatementImportOptions(dayFirst: dayFirst))
        #expect(report.format == .qif)
        #expect(report.added == expected.count)
        #expect(report.skipped.count == 0)
        #expect(report.accounts == ["Everyday", "Card"])
        let stored = try await all(store)
        #expect(stored.count == expected.count)
        for entry in expected {
            let day = try #require(FinanceParsing.date(entry.day, calendar: calendar()))
            let matches = stored.filter { $0.date == day && $0.tags == [entry.account] }
            let transaction = try #require(matches.count == 1 ? matches.first : nil, "\(entry.account) \(entry.day)")
            #expect(transaction.title == entry.payee)
            #expect(transaction.subtitle == entry.memo)
            #expect(transaction.amount == Decimal(string: entry.amount)!)
            #expect(transaction.category == TransactionCategory(rawValue: entry.category))
        }
        let again = try await store.importStatement(from: file, options: StatementImportOptions(dayFirst: dayFirst))
        #expect(again.added == 0)
        #expect(again.skipped.byReason == [StatementSkip.alreadyImported: expected.count])
        #expect(try await all(store).count == expected.count)
    }

    /// Writes an OFX statement with ofxtools: `make_ofx.py PATH VERSION COUNT [closed|open]` writes a checking
    /// account with COUNT transactions and a credit card with half as many, and prints what it wrote as JSON.
    static let ofxScript = #"""
        import sys, json
        from decimal import Decimal
        from datetime import datetime, timedelta, timezone
        import xml.etree.ElementTree as ET
        from ofxtools.models import (OFX, SIGNONMSGSRSV1, SONRS, STATUS, BANKMSGSRSV1, CREDITCARDMSGSRSV1, STMTTRNRS,
            CCSTMTTRNRS, STMTRS, CCSTMTRS, BANKACCTFROM, CCACCTFROM, BANKTRANLIST, STMTTRN, LEDGERBAL, PAYEE)
        from ofxtools.header import make_header
        from ofxtools import utils

        path, version, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
        closed = version >= 200 or (len(sys.argv) > 4 and sys.argv[4] == "closed")
        UTC = timezone.utc
        status = STATUS(code=0, severity="INFO")
        expected = []
        names = ["Café Zürich", "Rent & Service", "Salary", "ÖBB Ticket", "Grocer (Main St)", "Coffee"]
        memos = ["lunch with Bo", "", "November", "Vienna → Graz", "weekly shop", ""]

        def transactions(acct, prefix, n, start):
            out = []
            for i in range(n):
                amount = Decimal(3200) if i % 6 == 2 else -(Decimal(i * 137 % 9000 + 1) / 100)
                posted = start + timedelta(days=i, hours=i % 24, minutes=7)
                name, memo = names[i % 6], memos[i % 6]
                fitid = f"{prefix}{i:06d}"
                kwargs = dict(trntype="CREDIT" if amount > 0 else "DEBIT", dtposted=posted, trnamt=amount, fitid=fitid)
                if i % 5 == 4:
                    kwargs["payee"] = PAYEE(name=name, addr1="1 Main St", city="Vienna", state="W", postalcode="1010", phone="1")
                else:
                    kwargs["name"] = name
                if memo:
                    kwargs["memo"] = memo
                out.append(STMTTRN(**kwargs))
                expected.append(dict(account=acct, fitid=fitid, ms=int(posted.timestamp() * 1000), amount=str(amount),
                                     name=name, memo=memo))
            return out

        start = datetime(2025, 11, 3, 9, 30, tzinfo=UTC)
        bank = STMTRS(curdef="EUR", bankacctfrom=BANKACCTFROM(bankid="20111", acctid="0001234567", accttype="CHECKING"),
            banktranlist=BANKTRANLIST(*transactions("0001234567", "B", count, start), dtstart=start, dtend=start),
            ledgerbal=LEDGERBAL(balamt=Decimal("100.00"), dtasof=start))
        card = CCSTMTRS(curdef="EUR", ccacctfrom=CCACCTFROM(acctid="4111111111111111"),
            banktranlist=BANKTRANLIST(*transactions("4111111111111111", "C", max(1, count // 2), start), dtstart=start, dtend=start),
            ledgerbal=LEDGERBAL(balamt=Decimal("-50.00"), dtasof=start))
        ofx = OFX(signonmsgsrsv1=SIGNONMSGSRSV1(sonrs=SONRS(status=status, dtserver=start, language="ENG")),
            bankmsgsrsv1=BANKMSGSRSV1(STMTTRNRS(trnuid="1", status=status, stmtrs=bank)),
            creditcardmsgsrsv1=CREDITCARDMSGSRSV1(CCSTMTTRNRS(trnuid="2", status=status, ccstmtrs=card)))
        tree = ofx.to_etree()
        ET.indent(tree)
        body = ET.tostring(tree, encoding="utf_8", method="html") if closed else utils.tostring_unclosed_elements(tree)
        with open(path, "wb") as out:
            out.write(bytes(str(make_header(version=version)), "utf_8") + body)
        print(json.dumps(expected))
        """#

    /// Writes a QIF file with quiffen: `make_qif.py PATH DATE_FORMAT`, two accounts of six transactions,
    /// and prints what it wrote as JSON.
    static let qifScript = #"""
        import sys, json
        from decimal import Decimal
        from datetime import datetime, timedelta
        from quiffen import Qif, Account, Transaction, AccountType, Category

        path, date_format = sys.argv[1], sys.argv[2]
        qif = Qif()
        expected = []
        rows = [("Bäckerei Müller", "-4.20", "rolls", "Food & Dining"), ("Employer Ltd", "3200.00", "salary", "Income"),
                ("City Transit", "-2.90", "", "Transportation"), ("Pharmacy", "-15.35", "", "Healthcare"),
                ("Landlord", "-900.00", "December", "Bills & Utilities"), ("Bäckerei Müller", "-4.20", "rolls", "Food & Dining")]
        for name, header, days in [("Everyday", AccountType.BANK, 0), ("Card", AccountType.CREDIT_CARD, 40)]:
            account = Account(name=name, desc=f"{name} account")
            for i, (payee, amount, memo, category) in enumerate(rows):
                when = datetime(2025, 12, 1) + timedelta(days=days + i * 3 + (2 if i == 5 else 0))
                kwargs = dict(date=when, amount=Decimal(amount), payee=payee, category=Category(name=category))
                if memo:
                    kwargs["memo"] = memo
                account.add_transaction(Transaction(**kwargs), header=header)
                expected.append(dict(account=name, day=when.strftime("%Y-%m-%d"), amount=amount, payee=payee, memo=memo,
                                     category=category))
            qif.add_account(account)
        with open(path, "w", encoding="utf-8") as out:
            out.write(qif.to_qif(date_format=date_format))
        print(json.dumps(expected))
        """#
}
