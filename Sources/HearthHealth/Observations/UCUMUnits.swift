import Foundation

/// The UCUM units labs and vital signs commonly report in, with how people write them.
///
/// A unit outside this table is kept as written and marked as not known (``HealthObservation/unitIsKnown``):
/// lab reports use many units, and a result is worth keeping even when its unit is unusual.
public enum UCUMUnits {
    /// UCUM code → a short description.
    public static let known: [String: String] = [
        "mg/dL": "milligrams per decilitre", "mmol/L": "millimoles per litre", "g/dL": "grams per decilitre",
        "g/L": "grams per litre", "%": "percent", "10*3/uL": "thousands per microlitre",
        "10*6/uL": "millions per microlitre", "10*9/L": "billions per litre", "10*12/L": "trillions per litre",
        "U/L": "units per litre", "[IU]/L": "international units per litre", "mIU/L": "milli-units per litre",
        "m[IU]/L": "milli-international units per litre", "u[IU]/mL": "micro-international units per millilitre",
        "ng/mL": "nanograms per millilitre", "pg/mL": "picograms per millilitre", "ug/dL": "micrograms per decilitre",
        "ug/L": "micrograms per litre", "umol/L": "micromoles per litre", "nmol/L": "nanomoles per litre",
        "pmol/L": "picomoles per litre", "mEq/L": "milliequivalents per litre", "fL": "femtolitres",
        "pg": "picograms", "mL/min/{1.73_m2}": "millilitres per minute per 1.73 m²", "mm/h": "millimetres per hour",
        "s": "seconds", "{ratio}": "ratio", "mg/L": "milligrams per litre", "mg/g": "milligrams per gram",
        "mm[Hg]": "millimetres of mercury", "/min": "per minute", "Cel": "degrees Celsius",
        "[degF]": "degrees Fahrenheit", "kg": "kilograms", "[lb_av]": "pounds", "g": "grams", "cm": "centimetres",
        "kg/m2": "kilograms per square metre",
    ]

    /// Common spellings of units, mapped to their UCUM codes ("bpm" → "/min", "°C" → "Cel").
    static let spellings: [String: String] = [
        "bpm": "/min", "beats/min": "/min", "°c": "Cel", "c": "Cel", "°f": "[degF]", "f": "[degF]",
        "mmhg": "mm[Hg]", "lb": "[lb_av]", "lbs": "[lb_av]", "k/ul": "10*3/uL", "x10e3/ul": "10*3/uL",
        "miu/l": "mIU/L", "meq/l": "mEq/L", "umol/l": "umol/L", "µmol/l": "umol/L", "mg/dl": "mg/dL",
        "mmol/l": "mmol/L", "g/dl": "g/dL", "u/l": "U/L", "ng/ml": "ng/mL", "pg/ml": "pg/mL", "fl": "fL",
    ]

    /// Whether `unit` is a UCUM code of the table.
    public static func isKnown(_ unit: String) -> Bool { known[unit] != nil }

    /// The UCUM code `unit` is written for: itself when known, else a common spelling's code, else `unit` as given.
    public static func normalized(_ unit: String) -> String {
        let trimmed = unit.trimmingCharacters(in: .whitespaces)
        if known[trimmed] != nil { return trimmed }
        return spellings[trimmed.lowercased()] ?? trimmed
    }
}
