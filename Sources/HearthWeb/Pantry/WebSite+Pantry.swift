import Foundation
import HearthCloud
import HearthCloudModel
import HearthCore
import HearthPantryModel
import HearthPantryServer
import Hummingbird
import HummingbirdCore

/// Households, their items and stock: the pantry's own pages.
extension WebSite {
    func registerPantry<Context: WebRequestContext>(on router: Router<Context>) {
        router.get("/pantry") { request, context in
            await page(request, context) { visit, _ in
                try await householdsPage(visit: visit, notice: request.uri.queryParameters["notice"].map(String.init))
            }
        }
        router.post("/pantry/households") { request, context in
            await form(request, context) { visit, _, form in
                let viewer = try visit.signedInViewer()
                guard let name = form["name"] else {
                    var errors = FormErrors()
                    errors.add("name", "Give the household a name, such as \"Home\".")
                    return try await householdsPage(
                        visit: visit, errors: errors, typed: form.all, status: .unprocessableContent)
                }
                do {
                    let household = try await pantry.perform(
                        CreateHouseholdMutation(input: HouseholdFields(name: name, description: form["description"])),
                        as: viewer)
                    throw WebRedirect(location: "/pantry/\(household.id)?notice=created")
                } catch let error as ServiceError where error.code == .validationFailed {
                    var errors = FormErrors()
                    errors.add("name", Self.sentences(error))
                    return try await householdsPage(
                        visit: visit, errors: errors, typed: form.all, status: .unprocessableContent)
                }
            }
        }
        router.post("/pantry/join") { request, context in
            await form(request, context) { visit, _, form in
                let viewer = try visit.signedInViewer()
                // Each account's tries are counted by the pantry itself (for the API too); the address's here.
                if let wait = try await limits.invites.acquire("address:" + context.clientLimitKey) {
                    throw Self.tooMany("Too many invite codes were tried from your address", wait: wait)
                }
                do {
                    let household = try await pantry.perform(
                        JoinHouseholdMutation(code: form["code"] ?? ""), as: viewer)
                    throw WebRedirect(location: "/pantry/\(household.id)?notice=joined")
                } catch let error as ServiceError where error.code == .validationFailed || error.code == .notFound {
                    var errors = FormErrors()
                    errors.add(
                        "code",
                        error.code == .notFound
                            ? "No household has the invite code \(form["code"] ?? ""). Check it with whoever sent it; codes expire after a while."
                            : Self.sentences(error))
                    return try await householdsPage(
                        visit: visit, errors: errors, typed: form.all, status: .unprocessableContent)
                }
            }
        }
        router.get("/pantry/:household") { request, context in
            await page(request, context) { visit, _ in
                let householdID = try context.parameters.id("household")
                let query = request.uri.queryParameters
                return try await keptPantryPage(request, visit: visit) {
                    try page(
                        "pantry/items", try await itemsValues(householdID, visit: visit, query: query), visit: visit)
                }
            }
        }
        router.post("/pantry/:household/items") { request, context in
            await form(request, context) { visit, _, form in
                let householdID = try context.parameters.id("household")
                let viewer = try visit.signedInViewer()
                var errors = FormErrors()
                let name = form["name"]
                if name == nil { errors.add("name", "Name the item, such as \"Flour\".") }
                let quantity = Self.number(
                    form["quantity"] ?? "0", field: "quantity", label: "Quantity", into: &errors, allowZero: true)
                let day = Self.day(form["expirationDate"], field: "expirationDate", into: &errors)
                let category = form["category"].flatMap(ItemCategory.init(rawValue:))
                if errors.isEmpty, let name {
                    do {
                        let item = try await pantry.perform(
                            AddItemMutation(
                                input: NewPantryItem(
                                    householdId: householdID, name: name, quantity: quantity ?? 0, unit: form["unit"],
                                    category: category,
                                    expirationDate: day, location: form["location"], notes: form["notes"])), as: viewer)
                        throw WebRedirect(
                            location: "/pantry/\(householdID)?notice=added&item=\(item.id)#item-\(item.id)")
                    } catch let error as ServiceError where error.code == .validationFailed {
                        errors.add("name", Self.sentences(error))
                    }
                }
                return try await itemsPage(
                    householdID, visit: visit, query: [:], errors: errors, typed: form.all,
                    status: .unprocessableContent)
            }
        }
        router.post("/pantry/:household/items/:item/stock") { request, context in
            await form(request, context) { visit, _, form in
                let householdID = try context.parameters.id("household")
                let itemID = try context.parameters.id("item")
                let viewer = try visit.signedInViewer()
                var errors = FormErrors()
                let verb = form["verb"] ?? ""
                let quantity = Self.number(
                    form["quantity"] ?? "1", field: "quantity", label: "Quantity", into: &errors,
                    allowNegative: verb == "correct")
                let bestBefore = Self.day(form["bestBefore"], field: "bestBefore", into: &errors)
                guard errors.isEmpty, let quantity else {
                    throw ServiceError.validationFailed(errors.fields.map(\.message))
                }
                let receipt: StockReceipt
                switch verb {
                case "consume":
                    receipt = try await pantry.perform(
                        ConsumeMutation(itemId: itemID, quantity: quantity, location: form["location"]), as: viewer)
                case "spoiled":
                    receipt = try await pantry.perform(
                        ConsumeMutation(itemId: itemID, quantity: quantity, location: form["location"], spoiled: true),
                        as: viewer)
                case "purchase":
                    receipt = try await pantry.perform(
                        PurchaseMutation(
                            itemId: itemID, quantity: quantity, location: form["location"], bestBefore: bestBefore),
                        as: viewer)
                case "open":
                    receipt = try await pantry.perform(
                        OpenItemMutation(itemId: itemID, quantity: quantity, location: form["location"]), as: viewer)
                case "move":
                    guard let from = form["from"], let to = form["to"] else {
                        throw ServiceError.validationFailed([
                            "Say where the stock is and where it goes: both locations are needed to move it."
                        ])
                    }
                    receipt = try await pantry.perform(
                        TransferMutation(itemId: itemID, quantity: quantity, from: from, to: to), as: viewer)
                case "correct":
                    receipt = try await pantry.perform(
                        CorrectInventoryMutation(
                            itemId: itemID, difference: quantity, location: form["location"], bestBefore: bestBefore),
                        as: viewer)
                default:
                    throw ServiceError.validationFailed([
                        "Choose what happened to the stock: used, spoiled, bought, opened, moved or counted."
                    ])
                }
                let back = form["back"] == "item" ? "/pantry/\(householdID)/items/\(itemID)" : "/pantry/\(householdID)"
                throw WebRedirect(
                    location: "\(back)?notice=\(verb)&item=\(itemID)&undo=\(receipt.booking.id)#item-\(itemID)")
            }
        }
        router.post("/pantry/:household/bookings/:booking/undo") { request, context in
            await form(request, context) { visit, _, form in
                let householdID = try context.parameters.id("household")
                let viewer = try visit.signedInViewer()
                let receipt = try await pantry.perform(
                    UndoBookingMutation(bookingId: try context.parameters.id("booking")), as: viewer)
                let back =
                    form["back"] == "item"
                    ? "/pantry/\(householdID)/items/\(receipt.item.id)" : "/pantry/\(householdID)"
                throw WebRedirect(location: "\(back)?notice=undone&item=\(receipt.item.id)#item-\(receipt.item.id)")
            }
        }
        router.get("/pantry/:household/items/:item") { request, context in
            await page(request, context) { visit, _ in
                try await itemPage(
                    try context.parameters.id("household"), try context.parameters.id("item"), visit: visit,
                    notice: request.uri.queryParameters["notice"].map(String.init),
                    undo: request.uri.queryParameters["undo"].map(String.init))
            }
        }
        router.post("/pantry/:household/items/:item") { request, context in
            await form(request, context) { visit, _, form in
                let householdID = try context.parameters.id("household")
                let itemID = try context.parameters.id("item")
                let viewer = try visit.signedInViewer()
                var errors = FormErrors()
                let minimum = form["minimumQuantity"].flatMap {
                    Self.number($0, field: "minimumQuantity", label: "Minimum", into: &errors, allowZero: true)
                }
                let day = Self.day(form["expirationDate"], field: "expirationDate", into: &errors)
                if form["name"] == nil { errors.add("name", "An item needs a name.") }
                let barcode = Self.barcode(form["barcode"], into: &errors)
                if errors.isEmpty {
                    let edit = PantryItemEdit(
                        name: form["name"], unit: form["unit"],
                        category: form["category"].flatMap(ItemCategory.init(rawValue:)),
                        expirationDate: day, clearExpirationDate: day == nil,
                        dueDateKind: form["dueDateKind"].flatMap(DueDateKind.init(rawValue:)),
                        minimumQuantity: minimum ?? 0, location: form["location"] ?? "", notes: form["notes"] ?? "",
                        barcode: barcode, clearBarcode: barcode == nil)
                    do {
                        _ = try await pantry.perform(UpdateItemMutation(id: itemID, edit: edit), as: viewer)
                        throw WebRedirect(location: "/pantry/\(householdID)/items/\(itemID)?notice=saved")
                    } catch let error as ServiceError where error.code == .validationFailed {
                        errors.add("name", Self.sentences(error))
                    }
                }
                return try await itemPage(
                    householdID, itemID, visit: visit, errors: errors, typed: form.all, status: .unprocessableContent)
            }
        }
        router.post("/pantry/:household/items/:item/delete") { request, context in
            await form(request, context) { visit, _, _ in
                let householdID = try context.parameters.id("household")
                let viewer = try visit.signedInViewer()
                _ = try await pantry.perform(DeleteItemMutation(id: try context.parameters.id("item")), as: viewer)
                throw WebRedirect(location: "/pantry/\(householdID)?notice=deleted")
            }
        }
        registerHouseholdSettings(on: router)
    }

    // MARK: Pages

    func householdsPage(
        visit: WebVisit, notice: String? = nil, errors: FormErrors = FormErrors(), typed: [String: String] = [:],
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let viewer = try visit.signedInViewer()
        let households = try await pantry.perform(HouseholdsQuery(), as: viewer)
        var values: [String: Any] = [
            "title": "Your pantries", "section": ["pantry": true],
            "households": households.map {
                ["id": $0.id, "name": $0.name, "description": $0.description ?? "", "members": $0.memberCount]
            },
            "none": households.isEmpty, "typed": typed,
            "notice": notice == "verified"
                ? "Your address is verified."
                : notice == "left"
                    ? "You left the household." : notice == "deletedHousehold" ? "The household is deleted." : "",
        ]
        values.merge(errors.templateValues) { $1 }
        return try render("pantry/households", values, visit: visit, status: status)
    }

    /// The items page shows this many items at a time.
    static let itemsPerPage = 50

    func itemsPage(
        _ householdID: String, visit: WebVisit, query: FlatDictionary<Substring, Substring>? = nil,
        errors: FormErrors = FormErrors(), typed: [String: String] = [:],
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        var values = try await itemsValues(householdID, visit: visit, query: query, typed: typed)
        values.merge(errors.templateValues) { $1 }
        return try render("pantry/items", values, visit: visit, status: status)
    }

    /// The household's items, a page at a time (``itemsPerPage``), by location and name: all of them, or those a
    /// search (`q`), a location (`location`) or `show=attention` picks; `page` counts from 1.
    func itemsValues(
        _ householdID: String, visit: WebVisit, query: FlatDictionary<Substring, Substring>? = nil,
        typed: [String: String] = [:]
    ) async throws -> [String: Any] {
        let viewer = try visit.signedInViewer()
        async let householdAnswer = pantry.perform(HouseholdQuery(id: householdID), as: viewer)
        async let itemsAnswer = pantry.perform(ItemsQuery(householdId: householdID), as: viewer)
        let household = try await householdAnswer
        let items = try await itemsAnswer
        let today = self.today
        let search = query?["q"].map { String($0.prefix(100)).trimmingCharacters(in: .whitespaces) } ?? ""
        let place = query?["location"].map { String($0.prefix(100)) } ?? ""
        let attentionOnly = query?["show"] == "attention"
        let needsAttention = { (item: PantryItem) in !ExpiryStatus.statuses(of: item, on: today).contains(.ok) }
        let attention = items.filter(needsAttention).count
        let picked = items.filter { item in
            (search.isEmpty || item.name.localizedCaseInsensitiveContains(search))
                && (place.isEmpty || (item.location ?? "") == place)
                && (!attentionOnly || needsAttention(item))
        }.sorted { Self.placeOrder($0.location, $0.name) < Self.placeOrder($1.location, $1.name) }
        let pages = max(1, (picked.count + Self.itemsPerPage - 1) / Self.itemsPerPage)
        let pageNumber = min(max(1, query?["page"].flatMap { Int($0) } ?? 1), pages)
        let shown = picked.dropFirst((pageNumber - 1) * Self.itemsPerPage).prefix(Self.itemsPerPage)
        let locations = Self.locations(of: items)
        var groups: [(location: String, items: [PantryItem])] = []
        for item in shown {
            if groups.last?.location == (item.location ?? "") {
                groups[groups.count - 1].items.append(item)
            } else {
                groups.append((item.location ?? "", [item]))
            }
        }
        func link(page: Int) -> String {
            var parts: [String] = []
            if !search.isEmpty { parts.append("q=" + Self.queryEscaped(search)) }
            if !place.isEmpty { parts.append("location=" + Self.queryEscaped(place)) }
            if attentionOnly { parts.append("show=attention") }
            if page > 1 { parts.append("page=\(page)") }
            return "/pantry/\(household.id)" + (parts.isEmpty ? "" : "?" + parts.joined(separator: "&"))
        }
        let noticeItem = query?["item"].flatMap { id in items.first { $0.id == String(id) } }
        var values: [String: Any] = [
            "title": household.name, "section": ["pantry": true],
            "household": ["id": household.id, "name": household.name],
            "tab": ["items": true], "empty": items.isEmpty, "itemCount": items.count, "attention": attention,
            "groups": groups.map { group -> [String: Any] in
                [
                    "location": group.location.isEmpty ? "No location" : group.location,
                    "items": group.items.map { itemRow($0, today: today, locations: locations) },
                ]
            },
            "filtered": !search.isEmpty || !place.isEmpty || attentionOnly, "shownCount": picked.count, "q": search,
            "attentionOnly": attentionOnly,
            "filterLocations": locations.map { ["name": $0, "selected": $0 == place] },
            "pager": pages > 1
                ? [
                    "page": pageNumber, "pages": pages,
                    "previous": pageNumber > 1 ? link(page: pageNumber - 1) : "",
                    "next": pageNumber < pages ? link(page: pageNumber + 1) : "",
                ] : false,
            "nothingPicked": !items.isEmpty && picked.isEmpty,
            "locations": locations.map { ["name": $0] },
            "categories": ItemCategory.allCases.map {
                [
                    "value": $0.rawValue, "label": $0.displayName,
                    "selected": $0.rawValue == (typed["category"] ?? "other"),
                ]
            },
            "typed": typed, "live": "/pantry/\(household.id)/events",
        ]
        if let notice = query?["notice"].map(String.init) {
            values["notice"] = Self.stockNotice(notice, item: noticeItem)
            if Self.undoableNotices.contains(notice), let noticeItem, let undo = query?["undo"] {
                let history = try await pantry.perform(ItemHistoryQuery(id: noticeItem.id), as: viewer)
                if let booking = Self.undoableBooking(undo, in: history.bookings) {
                    values["undo"] = ["booking": booking]
                }
            }
        }
        return values
    }

    /// Items sort by location (those without one last), then by name, ignoring case.
    static func placeOrder(_ location: String?, _ name: String) -> String {
        (location.map { "0" + $0.lowercased() } ?? "1") + "\u{0}" + name.lowercased()
    }

    func itemRow(_ item: PantryItem, today: CalendarDay, locations: [String]) -> [String: Any] {
        let statuses = ExpiryStatus.statuses(of: item, on: today).filter { $0 != .ok }
        return [
            "id": item.id, "householdId": item.householdId, "name": item.name,
            "amount": WebFormat.amount(item.quantity, item.unit),
            "unit": item.unit, "category": item.category.displayName,
            "due": item.expirationDate.map { Self.dueText(item, $0, today: today) } ?? "",
            "statuses": statuses.map { ["kind": $0.rawValue, "label": Self.statusLabel($0)] },
            "location": item.location ?? "", "hasStock": item.quantity > 0,
            "otherLocations": locations.filter { $0 != item.location }.map { ["name": $0] },
        ]
    }

    func itemPage(
        _ householdID: String, _ itemID: String, visit: WebVisit, notice: String? = nil, undo: String? = nil,
        errors: FormErrors = FormErrors(),
        typed: [String: String]? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let viewer = try visit.signedInViewer()
        let history = try await pantry.perform(ItemHistoryQuery(id: itemID), as: viewer)
        let item = history.item
        guard item.householdId == householdID else { throw ServiceError.notFound("Item \(itemID)") }
        let household = try await pantry.perform(HouseholdQuery(id: householdID), as: viewer)
        let undone = Set(history.bookings.compactMap(\.reverses))
        let form: [String: String] =
            typed ?? [
                "name": item.name, "unit": item.unit, "category": item.category.rawValue,
                "expirationDate": item.expirationDate?.iso ?? "",
                "dueDateKind": item.dueDateKind.rawValue,
                "minimumQuantity": item.minimumQuantity.map(WebFormat.number) ?? "",
                "location": item.location ?? "", "notes": item.notes ?? "", "barcode": item.barcode?.code ?? "",
            ]
        var values: [String: Any] = [
            "title": item.name, "section": ["pantry": true], "household": ["id": household.id, "name": household.name],
            "tab": ["items": true],
            "item": itemRow(item, today: today, locations: []), "typed": form, "back": "item",
            "barcode": item.barcode?.code ?? "",
            "categories": ItemCategory.allCases.map {
                ["value": $0.rawValue, "label": $0.displayName, "selected": $0.rawValue == form["category"]]
            },
            "dueKinds": DueDateKind.allCases.map {
                [
                    "value": $0.rawValue, "label": $0 == .expiration ? "Use by (expires)" : "Best before",
                    "selected": $0.rawValue == form["dueDateKind"],
                ]
            },
            "bookings": history.bookings.reversed().map { booking -> [String: Any] in
                [
                    "id": booking.id, "what": Self.bookingText(booking, unit: item.unit),
                    "when": booking.createdAt.formatted(.iso8601.year().month().day()),
                    "canUndo": booking.reverses == nil && !undone.contains(booking.id),
                ]
            },
        ]
        if let notice { values["notice"] = notice == "saved" ? "Saved." : Self.stockNotice(notice, item: item) }
        if let notice, Self.undoableNotices.contains(notice), let undo,
            let booking = Self.undoableBooking(undo, in: history.bookings)
        {
            values["undo"] = ["booking": booking]
        }
        values.merge(errors.templateValues) { $1 }
        return try render("pantry/item", values, visit: visit, status: status)
    }

    /// The notices after a booking of stock, which offer to undo it.
    static let undoableNotices: Set<String> = ["consume", "spoiled", "purchase", "open", "move", "correct"]

    /// The id of the booking `text` names when it is one of `bookings` (the item's own, so of this household) and
    /// can still be undone; nil for anything else, so a link in the address bar cannot put a form's target on the
    /// page.
    static func undoableBooking(_ text: some StringProtocol, in bookings: [StockBookingLine]) -> String? {
        guard text.utf8.count == 36, UUID(uuidString: String(text)) != nil else { return nil }
        let undone = Set(bookings.compactMap(\.reverses))
        return bookings.first { $0.id == String(text) && $0.reverses == nil && !undone.contains($0.id) }?.id
    }

    // MARK: Words

    static func statusLabel(_ status: ExpiryStatus) -> String {
        switch status {
        case .expired: "Expired"
        case .overdue: "Past best before"
        case .dueSoon: "Due soon"
        case .belowMinimum: "Below minimum"
        case .ok: "OK"
        }
    }

    static func dueText(_ item: PantryItem, _ day: CalendarDay, today: CalendarDay) -> String {
        let days = day.dayNumber - today.dayNumber
        let kind = item.dueDateKind == .expiration ? "Use by" : "Best before"
        switch days {
        case 0: return "\(kind) today (\(day.iso))"
        case 1: return "\(kind) tomorrow (\(day.iso))"
        case 2...: return "\(kind) \(day.iso), in \(days) days"
        case -1: return "\(kind) yesterday (\(day.iso))"
        default: return "\(kind) \(day.iso), \(-days) days ago"
        }
    }

    static func stockNotice(_ notice: String, item: PantryItem?) -> String {
        let name = item?.name ?? "the item"
        let some = item.map { "some \($0.name)" } ?? "some of the item"
        let amount = item.map { " Now \(WebFormat.amount($0.quantity, $0.unit))." } ?? ""
        switch notice {
        case "added": return "Added \(name)."
        case "consume": return "Used \(some).\(amount)"
        case "spoiled": return "Threw \(some) away.\(amount)"
        case "purchase": return "Bought \(name).\(amount)"
        case "open": return "Opened \(name).\(amount)"
        case "move": return "Moved \(name)."
        case "correct": return "Counted \(name).\(amount)"
        case "undone": return "Undone.\(amount)"
        case "deleted": return "The item is deleted."
        case "created": return "Your household is ready. Add what is in your cupboards, or invite the others."
        case "joined": return "You joined the household."
        default: return ""
        }
    }

    static func bookingText(_ booking: StockBookingLine, unit: String) -> String {
        let amount = WebFormat.amount(abs(booking.quantity), unit)
        let place = booking.location.map { " at \($0)" } ?? ""
        if booking.reverses != nil { return "Undid a booking (\(amount))" }
        switch booking.kind {
        case "purchase": return "Bought \(amount)\(place)"
        case "consume": return booking.spoiled ? "Threw away \(amount)\(place)" : "Used \(amount)\(place)"
        case "open": return "Opened \(amount)\(place)"
        case "transfer": return "Moved \(amount) from \(booking.fromLocation ?? "?") to \(booking.toLocation ?? "?")"
        case "correct_inventory":
            return booking.quantity < 0 ? "Counted \(amount) less\(place)" : "Counted \(amount) more\(place)"
        default: return "\(booking.kind) \(amount)"
        }
    }

    /// The places the household keeps stock: the three every household has, then the others its items name.
    static func locations(of items: [PantryItem]) -> [String] {
        var seen = Set(HouseholdLocations.defaults.map { $0.lowercased() })
        let others = items.compactMap(\.location).filter { seen.insert($0.lowercased()).inserted }.sorted {
            $0.lowercased() < $1.lowercased()
        }
        return HouseholdLocations.defaults + others
    }

    // MARK: Reading fields

    /// A number typed in a form (point or comma as the decimal mark); nil with a message naming the field otherwise.
    static func number(
        _ text: String, field: String, label: String, into errors: inout FormErrors, allowZero: Bool = false,
        allowNegative: Bool = false
    ) -> Double? {
        let normalized = text.replacingOccurrences(of: ",", with: ".").trimmingCharacters(in: .whitespaces)
        guard normalized.utf8.count <= 20, let value = Double(normalized), value.isFinite else {
            errors.add(field, "\(label) must be a number, such as 2 or 0.5; it is \"\(text.prefix(20))\".")
            return nil
        }
        if value < 0 && !allowNegative {
            errors.add(field, "\(label) cannot be below zero.")
            return nil
        }
        if value == 0 && !allowZero {
            errors.add(field, "\(label) must be more than zero.")
            return nil
        }
        return value
    }

    /// A day typed as YYYY-MM-DD (what a date input sends); nil when empty, with a message when it is not a day.
    static func day(_ text: String?, field: String, into errors: inout FormErrors) -> CalendarDay? {
        guard let text, !text.isEmpty else { return nil }
        guard let day = CalendarDay(iso: text) else {
            errors.add(field, "\"\(text.prefix(20))\" is not a day; write it as YYYY-MM-DD, such as 2026-12-31.")
            return nil
        }
        return day
    }
}
