import Foundation
import HearthCloudModel
import HearthCore
import HearthFinance
import HearthGarage
import Hummingbird
import HummingbirdCore

/// The pages over what the apps' devices sync into the account's private zones: the garage and money, read and
/// written as a device does (``GarageRecords``, ``FinanceRecords``); and health records, which are sealed, so
/// only explained here.
extension WebSite {
    func registerRecords<Context: WebRequestContext>(on router: Router<Context>) {
        router.get("/health-records") { request, context in
            await page(request, context) { visit, _ in
                try render("health", ["title": "Health records", "section": ["health": true]], visit: visit)
            }
        }
        router.get("/garage") { request, context in
            await screen(.garage, request, context) { visit, caller in
                let overview = try await garage.overview(userID: caller.userRecordName, now: clock())
                if let notice = request.uri.queryParameters["notice"] {
                    return try garagePage(overview, visit: visit, notice: String(notice))
                }
                return try await keptPage(request, basis: overview, visit: visit, cache: keptGaragePages) {
                    try page("garage/overview", Self.garageValues(overview), visit: visit)
                }
            }
        }
        router.get("/garage/:vehicle") { request, context in
            await screen(.vehicle, request, context) { visit, caller in
                let id = try context.parameters.uuid("vehicle")
                let showingAll = VehicleListing(request.uri.queryParameters["all"].map(String.init))
                if let notice = request.uri.queryParameters["notice"] {
                    return try await vehiclePage(
                        id, caller: caller, visit: visit, notice: String(notice), showingAll: showingAll)
                }
                // Kept while the user's copy and the minute are the same; made afresh after any change.
                let generation = try await garage.generation(userID: caller.userRecordName)
                let sharing = try await sharingState(id, userID: caller.userRecordName)
                let basis = RecordsPageBasis(
                    generation: generation, minute: GarageRecords.minute(clock()), subject: id, sharing: sharing)
                return try await keptPage(request, basis: basis, visit: visit, cache: keptRecordPages) {
                    try page(
                        "garage/vehicle",
                        try await vehicleValues(
                            id, caller: caller, visit: visit, sharing: sharing, showingAll: showingAll),
                        visit: visit)
                }
            }
        }
        registerVehicles(on: router)
        registerVehicleEntries(on: router)
        registerCalendar(on: router)
        registerGarageImport(on: router)
        registerBook(on: router)
        registerBookEdits(on: router)
        registerPeople(on: router)
        registerOdometerPhoto(on: router)
        registerGarageUploads(on: router)
        registerVehicleSharing(on: router)
        registerBookSharing(on: router)
        registerStatements(on: router)
        router.post("/garage/:vehicle/service") { request, context in
            await form(request, context, uploadLimit: GarageStore.maxDocumentBytes) { visit, caller, form in
                let vehicle = try context.parameters.uuid("vehicle")
                return try await vehicleWrite(vehicle, visit, caller, form, notice: "service") {
                    let service = try Self.uuid(form["service"] ?? "", "Service")
                    // A receipt sent with the work is checked before the work is logged.
                    let receipt = form.file("receipt").flatMap { $0.data.isEmpty ? nil : $0 }
                    if let receipt {
                        _ = try FileKind.checked(
                            receipt.data, receipt.fileName, what: "receipt", allowsPDF: true,
                            limit: GarageStore.maxDocumentBytes)
                    }
                    let completion = try await garage.logService(
                        GarageServiceForm(
                            vehicleID: vehicle, serviceID: service, date: form["date"], mileage: form["mileage"],
                            cost: form["cost"],
                            category: form["category"], notes: form["notes"]), userID: caller.userRecordName,
                        now: clock())
                    if let receipt {
                        _ = try await garage.setReceipt(
                            receipt.data, fileName: receipt.fileName, of: completion.log.id, vehicleID: vehicle,
                            userID: caller.userRecordName, now: clock())
                    }
                }
            }
        }
        router.post("/garage/:vehicle/expenses") { request, context in
            await form(request, context) { visit, caller, form in
                let vehicle = try context.parameters.uuid("vehicle")
                return try await vehicleWrite(vehicle, visit, caller, form, notice: "expense") {
                    _ = try await garage.addExpense(
                        GarageExpenseForm(
                            vehicleID: vehicle, kind: form["expenseKind"] ?? "",
                            description: form["expenseDescription"], amount: form["expenseAmount"] ?? "",
                            date: form["expenseDate"], every: form["expenseEvery"], notes: form["expenseNotes"]),
                        userID: caller.userRecordName, now: clock())
                }
            }
        }
        router.post("/garage/:vehicle/mileage") { request, context in
            await form(request, context) { visit, caller, form in
                let vehicle = try context.parameters.uuid("vehicle")
                return try await vehicleWrite(vehicle, visit, caller, form, notice: "mileage") {
                    _ = try await garage.updateMileage(
                        GarageMileageForm(vehicleID: vehicle, mileage: form["mileage"] ?? ""),
                        userID: caller.userRecordName, now: clock())
                }
            }
        }
        router.get("/money") { request, context in
            await page(request, context) { visit, caller in
                try await moneyPage(
                    caller: caller, visit: visit, notice: request.uri.queryParameters["notice"].map(String.init))
            }
        }
        router.post("/money/transactions") { request, context in
            await form(request, context) { visit, caller, form in
                try await moneyWrite(visit, caller, form, notice: "transaction") {
                    _ = try await finance.addTransaction(
                        FinanceTransactionForm(
                            title: form["title"] ?? "", amount: form["amount"] ?? "", date: form["date"],
                            subtitle: form["subtitle"],
                            category: form["category"], isRecurring: form["recurring"] != nil,
                            currency: form["txCurrency"]),
                        userID: caller.userRecordName, now: clock())
                }
            }
        }
        router.get("/money/transactions") { request, context in
            await page(request, context) { visit, caller in
                // Kept per query while the user's copy is the same; made afresh after any change, with a notice,
                // or for a filter that is not one (which is named, with its own status).
                guard request.uri.queryParameters["notice"] == nil, Self.transactionFiltersRead(request) else {
                    return try await transactionsPage(request, caller: caller, visit: visit)
                }
                let basis = RecordsPageBasis(
                    generation: try await finance.generation(userID: caller.userRecordName),
                    minute: GarageRecords.minute(clock()), subject: nil)
                return try await keptPage(request, basis: basis, visit: visit, cache: keptRecordPages) {
                    try page(
                        "money/transactions", try await transactionsValues(request, caller: caller).0, visit: visit)
                }
            }
        }
        router.get("/money/groups/:group") { request, context in
            await page(request, context) { visit, caller in
                try await groupPage(
                    try context.parameters.uuid("group"), caller: caller, visit: visit,
                    notice: request.uri.queryParameters["notice"].map(String.init))
            }
        }
        router.post("/money/groups/:group/expenses") { request, context in
            await form(request, context) { visit, caller, form in
                let group = try context.parameters.uuid("group")
                return try await refusable {
                    _ = try await finance.addGroupExpense(
                        try Self.expenseForm(group, form), userID: caller.userRecordName, now: clock())
                    throw WebRedirect(location: "/money/groups/\(group.uuidString.lowercased())?notice=expense")
                } again: { problems in
                    try await groupPage(group, caller: caller, visit: visit, problems: problems, typed: form.all)
                }
            }
        }
    }

    // MARK: Garage

    func vehiclePage(
        _ id: UUID, caller: CloudCaller, visit: WebVisit, notice: String? = nil, problems: String? = nil,
        typed: [String: String] = [:], showingAll: VehicleListing = .recent
    ) async throws -> Response {
        try render(
            "garage/vehicle",
            try await vehicleValues(
                id, caller: caller, visit: visit, notice: notice, problems: problems, typed: typed,
                showingAll: showingAll), visit: visit)
    }

    /// The vehicle page's values: with a notice, or a refused form's problems and what was typed. The page lists
    /// the latest fill-ups and history entries (``VehicleListing``), all of one of them when asked.
    func vehicleValues(
        _ id: UUID, caller: CloudCaller, visit: WebVisit, notice: String? = nil, problems: String? = nil,
        typed: [String: String] = [:], sharing: VehicleSharingState? = nil, showingAll: VehicleListing = .recent
    ) async throws -> [String: Any] {
        let records = try await garage.vehicle(id: id, userID: caller.userRecordName, now: clock())
        let vehicle = records.due.vehicle
        let notices = [
            "service": "The service is logged; your devices receive it at their next sync.",
            "mileage": "The mileage is saved.",
            "expense": "The expense is saved; your devices receive it at their next sync.",
            "added":
                "The vehicle is added; your devices receive it at their next sync. Add the services it needs below.",
            "saved": "The vehicle's details are saved.",
            "serviceAdded": "The service is added to the due list.",
            "serviceSaved": "The service is saved; its due date and mileage are as you gave them.",
            "serviceDeleted": "The service is deleted; its work already logged stays in the history.",
            "fuel": "The fill-up is logged; the fuel economy counts it.",
            "fuelSaved": "The fill-up is saved.",
            "fuelDeleted": "The fill-up is deleted.",
            "logDeleted": "The history entry is deleted; the service's next due values follow its latest entry.",
            "expenseDeleted": "The expense is deleted.",
            "archived":
                "The vehicle is archived: its history stays here, and it is out of the due lists, the reminders and the calendar.",
            "unarchived": "The vehicle is back in the due lists and reminders.",
            "document": "The document is kept with its file; your devices download it at their next sync.",
            "documentDeleted": "The document and its file are deleted.",
            "documentSaved": "The document is saved; a new expiry day moves its reminders.",
            "photo": "The photo is saved; your devices download it at their next sync.",
            "photoRemoved": "The photo is removed; the vehicle is shown with its icon.",
            "receipt": "The receipt is kept with the history entry.",
            "shared": "The vehicle is shared; they find it on their garage page, to accept, and then on their devices.",
            "unshared": "They no longer have the vehicle; their devices drop it at their next sync.",
            "accepted": "The vehicle is in your garage; your devices receive it at their next sync.",
        ]
        let today = CalendarDay(clock(), in: garage.timeZone)
        var values: [String: Any] = [
            "title": vehicle.displayName, "section": ["garage": true], "vehicle": Self.dueRows(records.due),
            "archived": vehicle.isArchived, "readsPhotos": readOdometer != nil,
            "hasPhoto": vehicle.photoAsset != nil,
            "documentKinds": VehicleDocument.Kind.allCases.map {
                ["value": $0.rawValue, "label": $0.label, "selected": $0.rawValue == typed["documentKind"]]
            },
            "documentOpen": typed["documentKind"] != nil,
            "history": records.history.prefix(showingAll.limit(of: .history)).map { entry -> [String: Any] in
                [
                    "id": entry.log.id.uuidString.lowercased(), "date": entry.log.performedDate.iso, "name": entry.name,
                    "mileage": WebFormat.miles(entry.log.mileageAtService),
                    "cost": entry.log.cost.map(WebFormat.money) ?? "—",
                    "category": entry.log.costCategory?.rawValue.capitalized ?? "",
                    "notes": entry.log.notes ?? "", "receipt": entry.log.receiptAsset != nil,
                ]
            },
            "hasServices": !records.due.items.isEmpty,
            "services": records.due.items.enumerated().map { index, item in
                [
                    "id": item.service.id.uuidString.lowercased(), "name": item.service.name,
                    "selected": item.service.id.uuidString.lowercased() == typed["service"],
                    "last": index == records.due.items.count - 1,
                ]
            },
            "hasFillUps": !records.fuel.entries.isEmpty,
            "fillUps": records.fuel.entries.reversed().prefix(showingAll.limit(of: .fuel)).map {
                entry -> [String: Any] in
                [
                    "id": entry.fillUp.id.uuidString.lowercased(), "date": entry.fillUp.date.iso,
                    "odometer": entry.fillUp.odometer.map(WebFormat.miles) ?? "—",
                    "gallons": entry.fillUp.gallons.map { "\($0)" } ?? "—",
                    "cost": entry.fillUp.totalCost.map(WebFormat.money) ?? "—",
                    "mpg": entry.mpg.map(WebFormat.mpg) ?? "—", "partial": entry.fillUp.isPartial,
                ]
            },
            "fillUpsHidden": showingAll.hidden(of: .fuel, among: records.fuel.entries.count),
            "historyHidden": showingAll.hidden(of: .history, among: records.history.count),
            "fuelOpen": records.fuel.entries.isEmpty || typed["fuelDate"] != nil,
            "partial": typed["partial"] != nil, "missedPrevious": typed["missedPrevious"] != nil,
            "categories": ServiceLog.CostCategory.allCases.map {
                ["value": $0.rawValue, "label": $0.rawValue.capitalized, "selected": $0.rawValue == typed["category"]]
            },
            "costs": [
                "year": records.costs.year, "total": WebFormat.money(records.costs.total),
                "categories": records.costs.categories.map {
                    ["label": $0.label, "total": WebFormat.money($0.total), "count": $0.count]
                },
            ],
            "expenses": records.expenses.map { expense -> [String: Any] in
                [
                    "id": expense.id.uuidString.lowercased(), "date": expense.date.iso, "kind": expense.kind.label,
                    "description": expense.category,
                    "amount": WebFormat.money(expense.amount),
                    "repeats": expense.intervalMonths.map(Self.interval) ?? "Once", "notes": expense.notes ?? "",
                ]
            },
            "hasExpenses": !records.expenses.isEmpty, "hasDocuments": !records.documents.isEmpty,
            "expenseKinds": GarageExpense.Kind.allCases.map {
                ["value": $0.rawValue, "label": $0.label, "selected": $0.rawValue == typed["expenseKind"]]
            },
            "intervals": GarageExpenseForm.intervals.map {
                ["value": $0.value, "label": $0.label, "selected": $0.value == (typed["expenseEvery"] ?? "none")]
            },
            "documents": records.documents.map { document -> [String: Any] in
                let status = document.status(today: today)
                return [
                    "id": document.id.uuidString.lowercased(), "kind": document.kind.label, "label": document.label,
                    "number": document.number ?? "—", "expires": document.expiresOn?.iso ?? "—",
                    "status": status.label, "badge": Self.badge(status), "file": document.originalName,
                    "uploaded": document.fileAsset != nil,
                ]
            },
            "fuelChart": records.fuel.measured.count >= 2 ? records.charts.fuelEconomySVG : "",
            "costChart": records.costs.total > 0 ? records.charts.monthlyCostSVG : "",
            "typed": typed, "problems": problems ?? "", "notice": notice.flatMap { notices[$0] } ?? "",
            "today": today.iso,
        ]
        if let summary = records.fuel.summary {
            values["fuel"] = [
                "average": WebFormat.mpg(summary.averageMPG), "latest": summary.latestMPG.map(WebFormat.mpg) ?? "—",
                "distance": WebFormat.miles(summary.distance),
                "costPerMile": summary.costPerMile.map(WebFormat.money) ?? "—",
                "fillUps": summary.measuredFillUps,
            ]
        }
        let presets = try await garage.presets(userID: caller.userRecordName, now: clock())
        values["presets"] = presets.map { ["name": $0.name, "selected": $0.name == typed["preset"]] }
        // What the forms show: what was just typed into one of them, else what is stored (the details) and
        // today's defaults.
        let defaults: [String: String] = [
            "date": today.iso, "mileage": String(vehicle.currentMileage), "expenseDate": today.iso,
            "fuelDate": today.iso,
            "vehicleName": vehicle.name, "make": vehicle.make, "model": vehicle.model,
            "year": vehicle.year == 0 ? "" : String(vehicle.year), "vin": vehicle.vin ?? "",
            "licensePlate": vehicle.licensePlate ?? "", "icon": vehicle.icon ?? "",
        ]
        values["typed"] = defaults.merging(typed) { $1 }
        values["icons"] = Self.iconChoices(typed["icon"] ?? vehicle.icon)
        var shared = sharing
        if shared == nil { shared = try await sharingState(id, userID: caller.userRecordName) }
        values.merge(Self.sharingValues(shared ?? VehicleSharingState(), typed: typed)) { $1 }
        if shared?.sharedBy == nil {
            values.merge(
                try await householdPeopleValues(
                    visit: visit, leaving: [caller.emailAddress] + (shared?.people.compactMap(\.emailAddress) ?? []))
            ) { $1 }
        }
        return values
    }

    /// The icon select's options, `chosen` selected (none for the default, a car).
    static func iconChoices(_ chosen: String?) -> [[String: Any]] {
        VehicleIcon.allCases.map {
            ["value": $0.rawValue, "label": "\($0.symbol) \($0.label)", "selected": $0.rawValue == chosen]
        }
    }

    /// A vehicle and its due list as the pages show it: the same statuses, due dates, due mileages and effective
    /// dates `hearth garage due` prints.
    static func dueRows(_ due: VehicleDue) -> [String: Any] {
        var rows: [[String: Any]] = due.items.map { item in
            [
                "name": item.service.name, "status": item.status.label, "kind": item.status.rawValue,
                "dueDate": item.service.dueDate?.iso ?? "—",
                "dueMileage": item.service.dueMileage.map(WebFormat.miles) ?? "—",
                "effective": item.effectiveDueDate?.iso ?? "—",
            ]
        }
        if let marbete = due.marbete {
            rows.append([
                "name": "Marbete", "status": marbete.status.label, "kind": marbete.status.rawValue,
                "dueDate": marbete.expiresOn.iso,
                "dueMileage": "—", "effective": marbete.expiresOn.iso,
            ])
        }
        for expense in due.expenses {
            rows.append([
                "name": expense.expense.category, "status": expense.status.label, "kind": expense.status.rawValue,
                "dueDate": expense.dueDate.iso, "dueMileage": "—", "effective": expense.dueDate.iso,
            ])
        }
        for document in due.documents {
            rows.append([
                "name": "\(document.document.kind.label): \(document.document.label)", "status": document.status.label,
                "kind": badge(document.status), "dueDate": document.document.expiresOn?.iso ?? "—", "dueMileage": "—",
                "effective": document.document.expiresOn?.iso ?? "—",
            ])
        }
        return [
            "id": due.vehicle.id.uuidString.lowercased(), "name": due.vehicle.displayName,
            "symbol": due.vehicle.shownIcon.symbol, "kindOf": due.vehicle.shownIcon.label,
            "mileage": WebFormat.miles(due.vehicle.currentMileage),
            "pace": due.pace.map {
                "\(WebFormat.decimal($0.milesPerDay)) mi/day (\($0.confidence.rawValue) confidence)"
            } ?? "",
            "items": rows, "noItems": rows.isEmpty,
            "fuel": due.fuelEconomy.map { "\(WebFormat.mpg($0.averageMPG)) average" } ?? "",
        ]
    }

    /// The badge a document's status wears: a due status's colours (expired as overdue, expiring soon as due
    /// soon).
    static func badge(_ status: VehicleDocument.Status) -> String {
        switch status {
        case .expired: DueStatus.overdue.rawValue
        case .expiresSoon: DueStatus.dueSoon.rawValue
        case .good: DueStatus.good.rawValue
        case .noExpiry: DueStatus.neutral.rawValue
        }
    }

    /// "Every year", "Every 6 months", "Every month" for an interval in months.
    static func interval(_ months: Int) -> String {
        if months % 12 == 0 { return months == 12 ? "Every year" : "Every \(months / 12) years" }
        return months == 1 ? "Every month" : "Every \(months) months"
    }

    // MARK: Money

    func moneyPage(
        caller: CloudCaller, visit: WebVisit, notice: String? = nil, problems: String? = nil,
        typed: [String: String] = [:]
    ) async throws -> Response {
        let overview = try await finance.overview(userID: caller.userRecordName, now: clock())
        let people = try await finance.people(userID: caller.userRecordName, now: clock())
        let chosen = Set(typed["members"].map { [$0] } ?? [])
        let notices = [
            "transaction": "The transaction is saved; your devices receive it at their next sync.",
            "person": "The person is added; make a group with them below.",
            "subscription": "The subscription is added; its bills count in the month from its next bill.",
            "group": "The group is made; add its expenses on its page.",
            "subscriptionSaved": "The subscription is saved.",
            "subscriptionPaused": "The subscription is paused: it costs nothing a month and sends no reminder.",
            "subscriptionResumed": "The subscription is active again.",
            "subscriptionRenewed": "Each bill due so far is recorded as a transaction; the next bill is shown.",
            "subscriptionDeleted": "The subscription is deleted.",
            "budget": "The budget is set; the month's bar shows how much of it is spent.",
            "budgetRemoved": "The budget is removed.",
            "personSaved": "The person is saved.",
            "personDeleted": "The person is deleted.",
            "groupDeleted": "The group and its expenses are deleted.",
            "undone": "The last change is undone; your devices receive it at their next sync.",
            "nothingToUndo": "There is no change from these pages left to undo.",
            "currency": "The book currency is saved; the pages show amounts in it.",
            "rates": "The rates are imported; amounts in other currencies are converted with them.",
            "bookOpened": "The book is open; every money page shows it until you open another.",
            "bookShared": "The book is shared; they accept it from their money page.",
            "bookUnshared": "They no longer have your book.",
            "bookLeft": "You gave the book back; your own is open.",
            "bookAccepted": "The book is yours to see beside your own, and open now.",
        ]
        let budgets = try await finance.budgets(userID: caller.userRecordName, now: clock())
        let books = try await finance.books(userID: caller.userRecordName)
        let month = overview.month
        let book = overview.currency
        let money = { (amount: Decimal) in WebFormat.money(amount, in: book) }
        let budgetValues: [String: Any] = [
            "budgets": budgets.map { Self.budgetRow($0, in: book) }, "hasBudgets": !budgets.isEmpty,
            "budgetCategories": TransactionCategory.allCases.filter { $0 != .income }.map {
                ["value": $0.rawValue, "selected": $0.rawValue == typed["budgetCategory"]]
            },
        ]
        let values: [String: Any] = [
            "title": "Money", "section": ["money": true],
            "month": [
                "name": month.month.start.formatted(
                    Date.FormatStyle(date: .omitted, time: .omitted).month(.wide).year().locale(
                        Locale(identifier: "en_US"))),
                "income": money(month.income), "expenses": money(month.expenses), "net": money(month.net),
                "period": FinanceMonth(containing: month.month.start, calendar: finance.calendar).description,
                "year": String(FinanceMonth(containing: month.month.start, calendar: finance.calendar).year),
                "count": month.transactionCount,
            ],
            "categories": overview.spendingByCategory.map {
                ["name": $0.category.rawValue, "amount": money($0.amount), "count": $0.transactionCount]
            },
            "chart": overview.spendingChart.svg,
            "subscriptions": overview.subscriptions.map { item -> [String: Any] in
                [
                    "id": item.subscription.id.uuidString.lowercased(),
                    "name": item.subscription.name,
                    "price": WebFormat.money(item.subscription.price, in: item.subscription.currency ?? book),
                    "cycle": item.subscription.billingCycle.rawValue,
                    "monthly": WebFormat.money(item.monthlyCost, in: item.subscription.currency ?? book),
                    "next": CalendarDay(item.subscription.nextBillingDate, in: finance.calendar.timeZone).iso,
                    "active": item.subscription.isActive,
                ]
            },
            "monthlyCost": money(overview.monthlySubscriptionCost), "currency": book.code,
            "conversionProblem": overview.conversionProblem ?? "",
            "groups": overview.groups.map { group -> [String: Any] in
                [
                    "id": group.group.id.uuidString.lowercased(), "name": group.group.name,
                    "payments": group.suggestedPayments.isEmpty
                        ? ""
                        : group.suggestedPayments.count == 1
                            ? "1 payment" : "\(group.suggestedPayments.count) payments",
                ]
            },
            "txCategories": TransactionCategory.allCases.map {
                ["value": $0.rawValue, "selected": $0.rawValue == (typed["category"] ?? "Other")]
            },
            "people": people.map {
                [
                    "id": $0.id.uuidString.lowercased(), "name": $0.name,
                    "checked": chosen.contains($0.id.uuidString.lowercased()),
                ]
            },
            "noPeople": people.isEmpty,
            // A refused form is shown again open, with what was typed.
            "open": [
                "subscription": typed["subscriptionName"] != nil, "person": typed["personName"] != nil,
                "group": typed["groupName"] != nil, "budget": typed["budget"] != nil,
            ],
            "cycles": BillingCycle.allCases.filter { $0 != .yearly }.map {
                ["value": $0.rawValue, "selected": $0.rawValue == (typed["cycle"] ?? "Monthly")]
            },
            "subscriptionCategories": SubscriptionCategory.allCases.map {
                ["value": $0.rawValue, "selected": $0.rawValue == (typed["subscriptionCategory"] ?? "Other")]
            },
            "typed": typed, "problems": problems ?? "", "notice": notice.flatMap { notices[$0] } ?? "",
            "lastChange": try await finance.nextUndo(userID: caller.userRecordName, now: clock()) ?? "",
        ]
        var sharing = Self.bookValues(books, typed: typed)
        if books.open == nil {
            sharing.merge(
                try await householdPeopleValues(
                    visit: visit, leaving: [caller.emailAddress] + books.people.compactMap(\.emailAddress))
            ) { $1 }
        }
        return try render(
            "money/overview", values.merging(budgetValues) { $1 }.merging(sharing) { $1 }, visit: visit)
    }

    /// A group's page: balances and payments to settle up, its expenses with the form to add one, and the
    /// group's name and members to change (`members`: those a refused change ticked), or the group to delete.
    func groupPage(
        _ id: UUID, caller: CloudCaller, visit: WebVisit, notice: String? = nil, problems: String? = nil,
        typed: [String: String] = [:], members: Set<String>? = nil
    ) async throws -> Response {
        let group = try await finance.group(id: id, userID: caller.userRecordName, now: clock(), converted: true)
        let people = try await finance.people(userID: caller.userRecordName, now: clock())
        let book = try await finance.bookCurrency(userID: caller.userRecordName, now: clock())
        let ticked = members ?? Set(group.group.members.map { $0.uuidString.lowercased() })
        let expenseTyped = typed["splitMode"] == nil ? [:] : typed
        let count = group.group.expenses.count
        let choices: [[String: Any]] = people.map {
            let id = $0.id.uuidString.lowercased()
            return ["id": id, "name": $0.name, "checked": ticked.contains(id)]
        }
        let values: [String: Any] = [
            "title": group.group.name, "section": ["money": true],
            "group": ["id": group.group.id.uuidString.lowercased(), "name": group.group.name],
            "balances": group.balances.map { balance -> [String: Any] in
                [
                    "name": balance.name, "amount": WebFormat.money(abs(balance.balance), in: book),
                    "state": balance.balance > 0 ? "is owed" : balance.balance < 0 ? "owes" : "is settled",
                ]
            },
            "payments": group.suggestedPayments.map {
                [
                    "from": $0.fromName, "to": $0.toName, "amount": WebFormat.money($0.amount, in: book),
                    "fromID": $0.from.uuidString.lowercased(), "toID": $0.to.uuidString.lowercased(),
                    "paid": "\($0.amount)",
                ]
            },
            "settled": group.suggestedPayments.isEmpty,
            "people": people,
            "groupName": typed["groupName"] ?? group.group.name, "editing": typed["groupName"] != nil,
            "expenseCount": count == 1 ? "1 expense" : "\(count) expenses",
            "expenses": group.group.expenses.sorted { $0.date > $1.date }.prefix(50).map {
                expense -> [String: Any] in
                [
                    "id": expense.id.uuidString.lowercased(), "title": expense.title,
                    "amount": WebFormat.money(expense.amount, in: expense.currency ?? book),
                    "date": CalendarDay(expense.date, in: finance.calendar.timeZone).iso,
                ]
            },
            "paid": typed["paid"] ?? "", "problems": problems ?? "", "currency": book.code,
            "conversionProblem": group.conversionProblem ?? "",
            "notice": [
                "expense": "The expense is saved; balances are updated.",
                "expenseSaved": "The expense is changed; balances are updated.",
                "receipt": "The receipt is kept with the expense; open the expense to download it.",
                "payment": "The payment is recorded; balances are updated.",
                "expenseDeleted": "The expense is deleted; balances are updated.",
                "groupSaved": "The group is saved.",
            ][notice ?? ""] ?? "",
        ]
        return try render(
            "money/group", Self.expenseFields(group, typed: expenseTyped).merging(values) { $1 }, visit: visit)
    }

    /// A budget's bar: what is available this month, spent and left, and the share used (capped at 100 for
    /// the bar, the figure itself shown as it is).
    static func budgetRow(_ status: BudgetStatus, in currency: CurrencyCode) -> [String: Any] {
        let money = { (amount: Decimal) in WebFormat.money(amount, in: currency) }
        let percent = status.percentUsed.map { NSDecimalNumber(decimal: $0).intValue } ?? (status.spent > 0 ? 100 : 0)
        return [
            "category": status.category.rawValue, "available": money(status.available),
            "spent": money(status.spent), "left": money(status.left),
            "carried": status.carried == 0 ? "" : money(status.carried), "rollover": status.rollover,
            "percent": percent, "bar": min(100, max(0, percent)),
            "state": percent >= 100 ? "overdue" : percent >= 80 ? "dueSoon" : "good",
        ]
    }

    /// A transaction's row: its amount in its own currency, or the book's (`book`).
    static func transactionRow(_ transaction: Transaction, book: CurrencyCode) -> [String: Any] {
        [
            "id": transaction.id.uuidString.lowercased(),
            "date": CalendarDay(transaction.date, in: FinancePersistenceService.defaultCalendar.timeZone).iso,
            "title": transaction.title,
            "subtitle": transaction.subtitle, "category": transaction.category.rawValue,
            "amount": WebFormat.money(transaction.amount, in: transaction.currency ?? book),
            "direction": transaction.amount < 0 ? "out" : "in",
        ]
    }

    /// `text` as an id the pages put in their links; `NOT_FOUND` (naming `what`) for anything else.
    static func uuid(_ text: String, _ what: String) throws -> UUID {
        guard text.utf8.count <= 64, let id = UUID(uuidString: text) else {
            throw ServiceError.notFound("\(what) \(text.prefix(64))")
        }
        return id
    }
}
