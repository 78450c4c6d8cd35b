import Foundation
import HearthCore

/// Maps the service names other apps export ("Engine Oil", "rotate tires", "Brake pads") to Hearth's preset
/// names, so imported history lines up with the services being tracked.
public enum ServiceNameNormalizer {
    /// Each preset with the names that mean it, lower case: English, Spanish, Portuguese and Russian, as
    /// exporting apps write them in those languages. Accents and case are ignored when matching.
    public static let synonyms: [(preset: String, names: [String])] = [
        (
            "Oil Change",
            [
                "oil change", "oil & filter", "oil filter", "engine oil",
                "cambio de aceite", "aceite de motor", "aceite y filtro", "filtro de aceite",
                "troca de óleo", "óleo do motor", "óleo e filtro", "filtro de óleo",
                "замена масла", "моторное масло", "масло и фильтр", "масляный фильтр", "замена масла в двигателе",
            ]
        ),
        (
            "Tire Rotation",
            [
                "tire rotation", "rotate tires", "tyre rotation",
                "rotación de neumáticos", "rotación de llantas", "rotación de cubiertas",
                "rodízio de pneus", "rotação de pneus",
                "перестановка колёс", "ротация шин", "перестановка шин",
            ]
        ),
        (
            "Brake Inspection",
            [
                "brake inspection", "brake check", "brake pads", "brakes",
                "revisión de frenos", "pastillas de freno", "frenos",
                "revisão dos freios", "pastilhas de freio", "freios",
                "проверка тормозов", "тормозные колодки", "тормоза",
            ]
        ),
        (
            "Air Filter",
            [
                "air filter", "engine air filter",
                "filtro de aire", "filtro de ar",
                "воздушный фильтр", "фильтр воздушный",
            ]
        ),
        (
            "Cabin Air Filter",
            [
                "cabin air filter", "cabin filter", "pollen filter",
                "filtro de cabina", "filtro de habitáculo", "filtro de polen",
                "filtro de cabine", "filtro do ar condicionado", "filtro de ar condicionado",
                "салонный фильтр", "фильтр салона",
            ]
        ),
        (
            "Transmission Fluid",
            [
                "transmission fluid", "trans fluid", "transmission",
                "aceite de transmisión", "líquido de transmisión", "aceite de caja", "transmisión",
                "óleo de câmbio", "óleo do câmbio", "fluido de transmissão", "transmissão",
                "масло в коробке", "трансмиссионное масло", "масло акпп", "масло мкпп", "трансмиссия",
            ]
        ),
        (
            "Coolant Flush",
            [
                "coolant flush", "coolant", "antifreeze",
                "refrigerante", "anticongelante", "líquido refrigerante",
                "líquido de arrefecimento", "arrefecimento", "aditivo do radiador",
                "охлаждающая жидкость", "антифриз", "тосол",
            ]
        ),
        (
            "Spark Plugs",
            [
                "spark plugs", "spark plug",
                "bujías", "bujía", "velas de ignição", "vela de ignição",
                "свечи зажигания", "свеча зажигания",
            ]
        ),
        (
            "Battery Check",
            [
                "battery check", "battery", "battery replacement",
                "batería", "bateria", "аккумулятор", "акб",
            ]
        ),
        (
            "Wiper Blades",
            [
                "wiper blades", "wipers",
                "limpiaparabrisas", "escobillas", "plumas limpiaparabrisas",
                "palhetas", "limpador de para-brisa",
                "дворники", "щётки стеклоочистителя", "щетки стеклоочистителя",
            ]
        ),
    ]

    /// `text` as names are compared: lower case, without accents (so "rotación" matches "rotacion").
    static func key(_ text: String) -> String { TextSearch.fold(text) }

    private static let exact: [String: String] = {
        var table: [String: String] = [:]
        for (preset, names) in synonyms { for name in names { table[key(name)] = preset } }
        return table
    }()

    /// Longest first, so "cabin air filter" wins over "air filter".
    private static let bySubstring: [(name: String, preset: String)] =
        synonyms
        .flatMap { entry in entry.names.map { (name: key($0), preset: entry.preset) } }
        .sorted { $0.name.count > $1.name.count }

    /// The preset name `name` means (an exact synonym first, then one it contains), else `name` trimmed;
    /// nil when `name` is blank.
    public static func normalize(_ name: String) -> String? {
        let trimmed = name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !trimmed.isEmpty else { return nil }
        let folded = key(trimmed)
        if let preset = exact[folded] { return preset }
        if let match = bySubstring.first(where: { folded.contains($0.name) }) { return match.preset }
        return trimmed
    }
}
