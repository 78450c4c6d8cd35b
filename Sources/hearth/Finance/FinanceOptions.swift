import ArgumentParser
import Foundation
import HearthCore
import HearthExchange
import HearthFinance
import HearthSync

/// The options every finance command takes.
struct FinanceOptions: ParsableArguments {
    @Option(name: .customLong("db"), help: "The finance database file (default: finance.sqlite in the data directory).")
    var database: String?

    @Option(
        name: .customLong("book"),
        help: ArgumentHelp(
            "Work in the money book this account (or address) shared with you; hearth finance share list names them.",
            discussion:
                "A shared book is kept in a database of its own (books/ACCOUNT.sqlite beside finance.sqlite), synced with hearth finance sync --book ACCOUNT; its owner's address names it too once it is accepted on this device.",
            valueName: "account"))
    var book: String?

    @Flag(name: .customLong("json"), help: "Print JSON instead of text.")
    var json = false

    /// The database file: --db, else (with --book) books/ACCOUNT.sqlite in the data directory, else
    /// HEARTH_DATA_DIR/finance.sqlite, else ./hearth-data/finance.sqlite.
    var databaseURL: URL {
        if let database, !database.isEmpty {
            return URL(fileURLWithPath: (database as NSString).expandingTildeInPath)
        }
        if let owner = bookOwner { return Self.database(ofBook: owner) }
        return dataFolder().appendingPathComponent("finance.sqlite")
    }

    /// The folder of the shared books' databases, one `ACCOUNT.sqlite` each.
    static var booksFolder: URL { dataFolder().appendingPathComponent("books", isDirectory: true) }

    /// The database of the book `owner` shared, in ``booksFolder``.
    static func database(ofBook owner: String) -> URL { booksFolder.appendingPathComponent(owner + ".sqlite") }

    /// The owner of the shared book worked in (an address given to `--book` is the account ``validate()`` found
    /// for it); nil for the user's own.
    var bookOwner: String? {
        guard let book = book?.trimmingCharacters(in: .whitespaces), !book.isEmpty else { return nil }
        return book
    }

    /// How the database syncs: the user's own book, or the shared one --book names.
    var syncConfiguration: SyncConfiguration { FinanceSync.configuration(book: bookOwner) }

    /// Checks `--book`, and turns an address given to it into the account of the book it names on this device
    /// (looked up once, among the books' databases).
    mutating func validate() throws {
        if let address = bookOwner, address.contains("@") {
            guard let owner = MoneyBook.owner(addressed: address, amongBooksIn: Self.booksFolder) else {
                throw ValidationError(
                    "--book \(address): no money book of that address is on this device. Accept it here first (hearth finance share invitations), or name it by its account (hearth finance share list)"
                )
            }
            book = owner
        }
        guard let owner = bookOwner else { return }
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "_-."))
        guard owner.count <= 128, !owner.hasPrefix("."), owner.unicodeScalars.allSatisfy(allowed.contains) else {
            throw ValidationError(
                "--book \"\(owner)\" is not an account; name one as hearth finance share list shows it (letters, digits, _ - .)"
            )
        }
    }
}
