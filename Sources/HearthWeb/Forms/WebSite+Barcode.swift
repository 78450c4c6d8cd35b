import HearthCore
import HearthPantryModel

extension WebSite {
    /// A barcode typed into a form: nil when empty (the item then has none), with the reason beside `field` when it
    /// is no GTIN (a letter, a wrong length, a check digit that does not match).
    static func barcode(_ text: String?, field: String = "barcode", into errors: inout FormErrors) -> GTIN? {
        do {
            return try GTIN.optional(text)
        } catch let error as ServiceError {
            errors.add(field, sentences(error))
        } catch {
            errors.add(field, "This is not a barcode; give its 8, 12, 13 or 14 digits.")
        }
        return nil
    }
}
