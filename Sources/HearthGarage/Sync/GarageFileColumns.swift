/// A file a garage record keeps beside it: the column naming the file's copy in the garage's `documents`
/// folder, and the column holding the asset the copy was uploaded as.
///
/// The name travels with the record, so every device keeps the copy under the same name; the asset column
/// syncs as an ASSETID field, so the server lets whoever can read the record download the file, and no
/// record names a file the server does not hold. A device that added the file uploads it at its next sync
/// (``GarageFileTransfer``); the others download it then.
public struct GarageFileColumns: Sendable, Hashable {
    /// The column naming the copy in the documents folder (a plain file name).
    public let name: String
    /// The column holding the uploaded asset (its SHA-256 and size), NULL until the copy is uploaded.
    public let asset: String

    public init(name: String, asset: String) {
        self.name = name
        self.asset = asset
    }
}
