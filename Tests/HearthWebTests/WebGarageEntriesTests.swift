import Foundation
import HTTPTypes
import HearthCore
import HearthGarage
import HearthTestSupport
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import HearthServer
@testable import HearthWeb

/// A vehicle's entries kept from the browser: fill-ups logged, corrected and deleted; services changed and
/// deleted; history entries and expenses deleted; the reports and exports downloaded. Each change reaches a
/// device at its next sync; each bad field is named with nothing written.
@Suite("Web pages: a vehicle's fill-ups, services, history and files from the browser", .timeLimit(.minutes(10)))
struct WebGarageEntriesTests {
    @Test("fill-ups logged, corrected and deleted; the page's economy is the device's; bad fields named")
    func fillUps() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.live) { client in
            let server = URL(string: "http://127.0.0.1:\(try #require(client.port))")!
            let browser = WebBrowser(client)
            let email = try await WebTest.signUp(browser)
            let device = try await WebRecordsHarness.garageDevice(email, server: server, signUp: false)
            let car = try await GarageRecordsTests.seed(device.store).car
            try await device.sync()
            let path = "/garage/\(car.id.uuidString.lowercased())"

            let page = try await browser.get(path).text
            let fillUps = page.matches(of: /\/fuel\/([0-9a-f-]{36})"/).map { String($0.1) }
            #expect(fillUps.count == 3, "the three fill-ups are listed, each opening to be corrected")

            let refused = try await browser.post(
                "\(path)/fuel",
                [("fuelDate", "2999-01-01"), ("odometer", "40,450"), ("gallons", "lots"), ("fuelCost", "3.999")])
            #expect(refused.status == .unprocessableContent)
            for named in ["fill-up date 2999-01-01 is in the future", "gallons &quot;lots&quot;", "fill-up cost"] {
                #expect(refused.text.contains(named), "\(named)")
            }
            #expect(refused.text.contains("value=\"lots\""), "what was typed is kept")
            let empty = try await browser.post("\(path)/fuel", [("fuelDate", ""), ("odometer", "")])
            #expect(empty.text.contains("needs at least the odometer, the gallons or the cost"))

            try await browser.get(path)
            let logged = try await browser.post(
                "\(path)/fuel",
                [("odometer", "40,450"), ("gallons", "9.800"), ("fuelCost", "35.28"), ("station", "Shell")])
            #expect(logged.status == .seeOther, "\(logged.text.prefix(400))")
            #expect(logged.location == "\(path)?notice=fuel")
            try await device.sync()
            let stored = try await device.store.fuelLogs(of: car.id)
            #expect(stored.count == 4)
            let added = try #require(stored.first { $0.odometer == 40_450 })
            #expect(added.gallons == Decimal(string: "9.8") && added.totalCost == Decimal(string: "35.28"))
            #expect(added.station == "Shell")

            // The page's figures are the device's (what `hearth garage fuel --json` prints for it).
            let economy = try await device.store.fuelEconomy(of: car.id)
            let shown = try await browser.get(path).text
            let summary = try #require(economy.summary)
            #expect(shown.contains(WebFormat.mpg(summary.averageMPG)), "average \(summary.averageMPG)")

            // Corrected on its own page: the stored values are shown, a bad one is named, a good one saved.
            let id = added.id.uuidString.lowercased()
            let edit = try await browser.get("\(path)/fuel/\(id)").text
            #expect(
                edit.contains("value=\"40450\"") && edit.contains("value=\"9.8\"") && edit.contains("value=\"Shell\""))
            let badEdit = try await browser.post(
                "\(path)/fuel/\(id)", [("fuelDate", "2026-03-20"), ("odometer", "abc"), ("gallons", "9.8")])
            #expect(badEdit.status == .unprocessableContent && badEdit.text.contains("odometer &quot;abc&quot;"))
            try await browser.get("\(path)/fuel/\(id)")
            let saved = try await browser.post(
                "\(path)/fuel/\(id)",
                [
                    ("fuelDate", "2026-03-20"), ("odometer", "40450"), ("gallons", "11.000"), ("fuelCost", "39.60"),
                    ("partial", "1"),
                ])
            #expect(saved.status == .seeOther)
            try await device.sync()
            let corrected = try await device.store.fuelLogs(of: car.id).first { $0.id == added.id }
            #expect(corrected?.gallons == 11 && corrected?.isPartial == true && corrected?.station == nil)
            #expect(corrected?.date == CalendarDay(iso: "2026-03-20"))

            try await browser.get("\(path)/fuel/\(id)")
            let deleted = try await browser.post("\(path)/fuel/\(id)/delete")
            #expect(deleted.location == "\(path)?notice=fuelDeleted")
            try await device.sync()
            #expect(try await device.store.fuelLogs(of: car.id).count == 3)
            // Gone: its page is not found, and deleting it again changes nothing.
            #expect(try await browser.get("\(path)/fuel/\(id)").status == .notFound)
            try await browser.get(path)
            #expect(try await browser.post("\(path)/fuel/\(id)/delete").status == .notFound)
        }
    }

    @Test("services changed and deleted, history entries and expenses deleted; a device follows")
    func servicesAndHistory() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.live) { client in
            let (browser, _, device, seeded, path) = try await WebTest.seededGarage(client)
            let oil = "\(path)/services/\(seeded.oil.id.uuidString.lowercased())"

            let form = try await browser.get(oil).text
            #expect(form.contains("value=\"Oil Change\"") && form.contains("value=\"5000\""))
            #expect(form.contains("Last done 2025-09-01 at 35,200"))
            let refused = try await browser.post(
                oil, [("serviceName", " "), ("intervalMonths", "0"), ("dueDate", "soon"), ("dueMileage", "-4")])
            #expect(refused.status == .unprocessableContent)
            for named in ["service name is empty", "every how many months", "next due date", "next due mileage"] {
                #expect(refused.text.contains(named), "\(named)")
            }
            try await browser.get(oil)
            let saved = try await browser.post(
                oil,
                [
                    ("serviceName", "Oil & filter"), ("intervalMonths", "12"), ("intervalMiles", "7500"),
                    ("dueDate", "2027-01-15"), ("dueMileage", "45000"), ("serviceNotes", "Synthetic 0W-20"),
                ])
            #expect(saved.location == "\(path)?notice=serviceSaved")
            try await device.sync()
            let service = try #require(
                try await device.store.services(of: seeded.car.id).first { $0.id == seeded.oil.id })
            #expect(service.name == "Oil & filter" && service.intervalMonths == 12 && service.intervalMiles == 7_500)
            #expect(service.dueDate == CalendarDay(iso: "2027-01-15") && service.dueMileage == 45_000)
            #expect(service.notes == "Synthetic 0W-20" && service.lastMileage == 35_200, "its history is kept")

            // The rotation goes; its work done stays in the history under its name.
            try await browser.get(path)
            let rotation = "\(path)/services/\(seeded.rotation.id.uuidString.lowercased())"
            #expect(try await browser.post("\(rotation)/delete").location == "\(path)?notice=serviceDeleted")
            try await device.sync()
            #expect(try await device.store.services(of: seeded.car.id).map(\.id) == [seeded.oil.id])
            let logs = try await device.store.logs(of: seeded.car.id)
            #expect(logs.count == 2 && logs.contains { $0.title == "Tire Rotation" && $0.serviceID == nil })

            // A history entry deleted from the page.
            let page = try await browser.get(path).text
            let entries = page.matches(of: /\/history\/([0-9a-f-]{36})\/delete/).map { String($0.1) }
            #expect(entries.count == 2)
            let first = try #require(entries.first)
            #expect(try await browser.post("\(path)/history/\(first)/delete").location == "\(path)?notice=logDeleted")
            try await device.sync()
            #expect(try await device.store.logs(of: seeded.car.id).count == 1)

            // An expense added, then deleted.
            try await browser.get(path)
            #expect(
                try await browser.post(
                    "\(path)/expenses", [("expenseKind", "insurance"), ("expenseAmount", "640.00")]
                ).status == .seeOther)
            let withExpense = try await browser.get(path).text
            let expense = try #require(withExpense.firstMatch(of: /\/expenses\/([0-9a-f-]{36})\/delete/)).1
            #expect(
                try await browser.post("\(path)/expenses/\(expense)/delete").location == "\(path)?notice=expenseDeleted"
            )
            try await device.sync()
            #expect(try await device.store.expenses(of: seeded.car.id).isEmpty)
            // An entry of another vehicle is not found through this one.
            try await browser.get(path)
            let truck = "/garage/\(seeded.truck.id.uuidString.lowercased())"
            #expect(
                try await browser.get("\(truck)/services/\(seeded.oil.id.uuidString.lowercased())").status == .notFound)
        }
    }

    @Test("a VIN typed with the make and year left empty fills them in; a VIN that does not check out is named")
    func vinFillsIn() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.live) { client in
            let browser = WebBrowser(client)
            try await WebTest.signUp(browser)
            try await browser.get("/garage")
            let refused = try await browser.post(
                "/garage/vehicles", [("vehicleName", "Old"), ("model", "Accord"), ("vin", "1HGCM82633A00435X")])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("VIN") && refused.text.contains("or a VIN that tells it"))
            let added = try await browser.post(
                "/garage/vehicles", [("vehicleName", "Old"), ("model", "Accord"), ("vin", "1HGCM82633A004352")])
            #expect(added.status == .seeOther, "\(added.text.prefix(600))")
            let page = try await browser.get(try #require(added.location)).text
            #expect(page.contains("value=\"Honda\"") && page.contains("value=\"2003\""), "make and year from the VIN")
        }
    }

    @Test("a vehicle archived from its page leaves the due lists, the reminders and the calendar; a device follows")
    func archive() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.live) { client in
            let (browser, _, device, seeded, car) = try await WebTest.seededGarage(client)
            #expect(try await browser.get("/garage/reminders").text.contains("<td>Daily</td>"))
            #expect(try await browser.get(car).text.contains("Archive this vehicle"))
            #expect(try await browser.post("\(car)/archive").location == "\(car)?notice=archived")
            let page = try await browser.get("\(car)?notice=archived").text
            #expect(page.contains("The vehicle is archived") && page.contains("Bring it back"))
            let overview = try await browser.get("/garage").text
            let archivedPart = try #require(overview.range(of: "<h2>Archived</h2>"))
            #expect(overview[archivedPart.upperBound...].contains("href=\"\(car)\""), "listed as archived")
            #expect(!overview[..<archivedPart.lowerBound].contains("href=\"\(car)\""), "out of the due lists")
            let reminders = try await browser.get("/garage/reminders").text
            #expect(!reminders.contains("<td>Daily</td>"), "the archived car reminds of nothing")
            try await device.sync()
            #expect(try await device.store.vehicles().first { $0.id == seeded.car.id }?.isArchived == true)
            #expect(try await device.store.due().allSatisfy { $0.vehicle.id != seeded.car.id })

            // Shown as a pickup: chosen among the icons; one that is not is named.
            let details: [(String, String)] = [
                ("vehicleName", "Daily"), ("make", "Honda"), ("model", "Civic"), ("year", "2019"),
            ]
            try await browser.get(car)
            let odd = try await browser.post("\(car)/edit", details + [("icon", "spaceship")])
            #expect(
                odd.status == .unprocessableContent && odd.text.contains("icon &quot;spaceship&quot; is not one of"))
            try await browser.get(car)
            #expect(
                try await browser.post("\(car)/edit", details + [("icon", "pickup")]).location == "\(car)?notice=saved")
            let shown = try await browser.get(car).text
            #expect(
                shown.contains("aria-label=\"Pickup\">🛻</span> Daily")
                    && shown.contains("<option value=\"pickup\" selected>"))
            try await device.sync()
            #expect(try await device.store.vehicles().first { $0.id == seeded.car.id }?.icon == "pickup")

            try await browser.get(car)
            #expect(try await browser.post("\(car)/unarchive").location == "\(car)?notice=unarchived")
            try await device.sync()
            #expect(try await device.store.vehicles().first { $0.id == seeded.car.id }?.isArchived == false)
            #expect(try await browser.get("/garage/reminders").text.contains("<td>Daily</td>"))
        }
    }

    @Test("with a VIN lookup configured, a VIN typed alone brings its model from vPIC; vPIC down, the vehicle is added")
    func vinLookup() async throws {
        let vin = "1HGCM82633A004352"
        let decoded = """
            {"Count":1,"Message":"Results returned successfully","SearchCriteria":"VIN:\(vin)","Results":[{"ABS":"","Make":"HONDA","MakeID":"474","Manufacturer":"AMERICAN HONDA MOTOR CO., INC.","Model":"Accord","ModelID":"1861","ModelYear":"2003","Trim":"EX-V6","BodyClass":"Coupe","ErrorCode":"0","ErrorText":"0 - VIN decoded clean. Check Digit (9th position) is correct","VIN":"\(vin)"}]}
            """
        let vpic = try await PageServer.start([
            "/api/vehicles/DecodeVinValues/\(vin)?format=json": .json(decoded),
            "/api/vehicles/DecodeVinValues/2T1BURHE0JC014702?format=json": .json("{}", status: 500),
        ])
        var configuration = try WebTest.configuration()
        configuration.vinLookupURL = URL(string: vpic.url(""))
        let app = try await buildApplication(configuration)
        try await app.test(.live) { client in
            let browser = WebBrowser(client)
            try await WebTest.signUp(browser)
            try await browser.get("/garage")
            let added = try await browser.post("/garage/vehicles", [("vehicleName", "Coupe"), ("vin", vin)])
            #expect(added.status == .seeOther, "\(added.text.prefix(600))")
            let page = try await browser.get(try #require(added.location)).text
            #expect(
                page.contains("value=\"Honda\"") && page.contains("value=\"Accord\"")
                    && page.contains("value=\"2003\""),
                "make, model and year from the VIN and vPIC")
            #expect(vpic.requests.contains("/api/vehicles/DecodeVinValues/\(vin)?format=json"))

            // vPIC failing: the vehicle is added with what the VIN tells of itself, the model left to type.
            try await browser.get("/garage")
            let offline = try await browser.post(
                "/garage/vehicles", [("vehicleName", "Sedan"), ("vin", "2T1BURHE0JC014702")])
            #expect(offline.status == .seeOther, "\(offline.text.prefix(600))")
            let sedan = try await browser.get(try #require(offline.location)).text
            #expect(sedan.contains("value=\"2018\"") && sedan.contains("id=\"model\""), "\(sedan.prefix(3_000))")
            // A make and model typed are never asked about.
            let asked = vpic.requests.count
            try await browser.get("/garage")
            #expect(
                try await browser.post(
                    "/garage/vehicles",
                    [("vehicleName", "Mine"), ("make", "Honda"), ("model", "Civic"), ("year", "2019"), ("vin", vin)]
                ).status == .seeOther)
            #expect(vpic.requests.count == asked)
        }
        try await vpic.stop()
    }

    @Test("the reports and exports download as the command line writes them, and bad asks are named")
    func files() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.live) { client in
            let (browser, _, _, _, path) = try await WebTest.seededGarage(client)
            let overview = try await browser.get("/garage").text
            #expect(overview.contains("/garage/fleet-report") && overview.contains("file=fuel-records"))

            let history = try await browser.get("\(path)/history-report")
            #expect(history.status == .ok)
            #expect(history.headers[.contentType] == "application/pdf")
            #expect(
                history.headers[.contentDisposition]?.contains("attachment; filename=\"Daily_Service_History.pdf\"")
                    == true)
            let body = Data(history.body.readableBytesView)
            #expect(body.starts(with: Data("%PDF-".utf8)))
            if try PDFTools.ready() {
                let file = scratchDirectory("hearth-web-report").appendingPathExtension("pdf")
                try body.write(to: file)
                try await PDFTools.check(file)
                let text = try await PDFTools.text(file)
                #expect(text.contains("Oil Change") && text.contains("Tire Rotation"), "\(text.prefix(600))")
            }
            let html = try await browser.get("\(path)/history-report?format=html")
            #expect(html.headers[.contentDisposition]?.hasPrefix("attachment;") == true, "never shown on the site")
            #expect(html.text.contains("Oil Change"))
            let costs = try await browser.get("\(path)/costs-report?year=2026")
            #expect(costs.status == .ok && Data(costs.body.readableBytesView).starts(with: Data("%PDF-".utf8)))
            let fleet = try await browser.get("/garage/fleet-report?format=html")
            #expect(fleet.status == .ok && fleet.text.contains("Hauler") && fleet.text.contains("Daily"))

            let json = try await browser.get("/garage/export?format=json")
            #expect(json.headers[.contentType] == "application/json")
            let archive = try #require(
                try JSONSerialization.jsonObject(with: Data(json.body.readableBytesView)) as? [String: Any])
            #expect((archive["vehicles"] as? [Any])?.count == 2)
            let csv = try await browser.get("/garage/export?format=csv&file=fuel-records")
            #expect(csv.headers[.contentType] == "text/csv; charset=utf-8")
            #expect(csv.text.split(separator: "\n").count == 4, "a header and the three fill-ups: \(csv.text)")

            #expect(try await browser.get("\(path)/history-report?format=docx").status == .unprocessableContent)
            #expect(try await browser.get("\(path)/costs-report?year=20x6").text.contains("is not a year"))
            #expect(try await browser.get("/garage/export?format=csv&file=..%2Fcloud").status == .notFound)
            #expect(try await browser.get("/garage/export?format=xml").status == .unprocessableContent)
        }
    }

    @Test("a vehicle with years of entries lists the latest; the rest are one link away and still counted")
    func latestEntries() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.live) { client in
            let (browser, _, device, seeded, path) = try await WebTest.seededGarage(client)
            let start = try #require(CalendarDay(iso: "2025-01-02"))
            for step in 0..<30 {
                _ = try await device.store.addFillUp(
                    FillUpDraft(
                        date: start.adding(days: step * 10), odometer: 30_000 + step * 300, gallons: "9.000",
                        cost: "30.00"), to: seeded.car.id)
                if step % 2 == 0 {
                    try await device.store.completeService(
                        seeded.oil.id, on: start.adding(days: step * 10), mileage: 30_000 + step * 300, cost: "40.00")
                }
            }
            try await device.sync()
            func rows(_ page: String) -> (fillUps: Int, history: Int) {
                (
                    page.matches(of: /\/fuel\/[0-9a-f-]{36}"/).count,
                    page.matches(of: /\/history\/[0-9a-f-]{36}\/delete"/).count
                )
            }

            let page = try await browser.get(path).text
            #expect(rows(page) == (20, 10), "the latest 20 of 33 fill-ups and 10 of 17 history entries")
            #expect(page.contains("href=\"\(path)?all=fuel#fuel\">Show all 33 fill-ups"))
            #expect(page.contains("href=\"\(path)?all=history#history\">Show all 17 entries"))
            let newest = try #require(try await device.store.fuelLogs(of: seeded.car.id).max { $0.date < $1.date })
            #expect(page.contains("/fuel/\(newest.id.uuidString.lowercased())"), "the newest fill-up is listed")
            let economy = try await device.store.fuelEconomy(of: seeded.car.id)
            let average = try #require(economy.summary?.averageMPG)
            #expect(page.contains(WebFormat.mpg(average)), "the figures count every fill-up")

            let allFuel = try await browser.get(path + "?all=fuel").text
            #expect(rows(allFuel) == (33, 10) && !allFuel.contains("Show all 33 fill-ups"))
            let allHistory = try await browser.get(path + "?all=history").text
            #expect(rows(allHistory) == (20, 17) && allHistory.contains("Show all 33 fill-ups"))
            let unknown = try await browser.get(path + "?all=%3Cscript%3E")
            #expect(unknown.status == .ok && rows(unknown.text) == (20, 10), "anything else lists the latest")
        }
    }
}
