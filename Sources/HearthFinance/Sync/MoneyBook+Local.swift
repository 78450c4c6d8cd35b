public import Foundation
import GRDB

extension MoneyBook {
    /// The owner of the shared book kept in `folder` (a database `ACCOUNT.sqlite` per book) whose owner's address
    /// is `address` (ignoring case), as the book's last sync recorded it; nil when no book there has it.
    public static func owner(addressed address: String, amongBooksIn folder: URL) -> String? {
        let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        var configuration = Configuration()
        configuration.readonly = true
        for file in files.sorted(by: { $0.lastPathComponent < $1.lastPathComponent })
        where file.pathExtension == "sqlite" {
            guard let database = try? DatabaseQueue(path: file.path, configuration: configuration),
                let stored = try? database.read({ db in
                    try FinancePersistenceService.setting(addressSetting, in: db)
                })
            else { continue }
            if stored.caseInsensitiveCompare(address) == .orderedSame {
                return file.deletingPathExtension().lastPathComponent
            }
        }
        return nil
    }
}
