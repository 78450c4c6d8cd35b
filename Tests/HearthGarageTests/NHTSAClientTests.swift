import Foundation
import HearthCore
import HearthTestSupport
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import HearthGarage

/// A local stand-in for NHTSA's vPIC and recalls APIs, answering with payloads shaped like the real ones.
enum FakeNHTSA {
    /// The keys of a real DecodeVinValues result, every one a string.
    static let vpicKeys = """
        ABS ActiveSafetySysNote AdaptiveCruiseControl AdaptiveDrivingBeam AdaptiveHeadlights AdditionalErrorText AirBagLocCurtain
        AirBagLocFront AirBagLocKnee AirBagLocSeatCushion AirBagLocSide AutoReverseSystem AutomaticPedestrianAlertingSound
        AxleConfiguration Axles BasePrice BatteryA BatteryA_to BatteryCells BatteryInfo BatteryKWh BatteryKWh_to BatteryModules
        BatteryPacks BatteryType BatteryV BatteryV_to BedLengthIN BedType BlindSpotIntervention BlindSpotMon BodyCabType BodyClass
        BrakeSystemDesc BrakeSystemType BusFloorConfigType BusLength BusType CAN_AACN CIB CashForClunkers ChargerLevel ChargerPowerKW
        CombinedBrakingSystem CoolingType CurbWeightLB CustomMotorcycleType DaytimeRunningLight DestinationMarket DisplacementCC
        DisplacementCI DisplacementL Doors DriveType DriverAssist DynamicBrakeSupport EDR ESC EVDriveUnit ElectrificationLevel
        EngineConfiguration EngineCycles EngineCylinders EngineHP EngineHP_to EngineKW EngineManufacturer EngineModel
        EntertainmentSystem ErrorCode ErrorText ForwardCollisionWarning FuelInjectionType FuelTankMaterial FuelTankType
        FuelTypePrimary FuelTypeSecondary GCWR GCWR_to GVWR GVWR_to KeylessIgnition LaneCenteringAssistance LaneDepartureWarning
        LaneKeepSystem LowerBeamHeadlampLightSource Make MakeID Manufacturer ManufacturerId Model ModelID ModelYear
        MotorcycleChassisType MotorcycleSuspensionType NCSABodyType NCSAMake NCSAMapExcApprovedBy NCSAMapExcApprovedOn
        NCSAMappingException NCSAModel NCSANote NonLandUse Note OtherBusInfo OtherEngineInfo OtherMotorcycleInfo
        OtherRestraintSystemInfo OtherTrailerInfo ParkAssist PedestrianAutomaticEmergencyBraking PlantCity PlantCompanyName
        PlantCountry PlantState PossibleValues Pretensioner RearAutomaticEmergencyBraking RearCrossTrafficAlert RearVisibilitySystem
        SAEAutomationLevel SAEAutomationLevel_to SeatBeltsAll SeatRows Seats SemiautomaticHeadlampBeamSwitching Series Series2
        SteeringLocation SuggestedVIN TPMS TopSpeedMPH TrackWidth TractionControl TrailerBodyType TrailerLength TrailerType
        TransmissionSpeeds TransmissionStyle Trim Trim2 Turbo VIN ValveTrainDesign VehicleDescriptor VehicleType WheelBaseLong
        WheelBaseShort WheelBaseType WheelSizeFront WheelSizeRear WheelieMitigation Wheels Windows
        """.split(whereSeparator: \.isWhitespace).map(String.init)

    /// A vPIC body: every key present, "" where unknown.
    static func vpic(vin: String, _ values: [String: String]) -> String {
        var result = Dictionary(uniqueKeysWithValues: vpicKeys.map { ($0, "") })
        for (key, value) in values { result[key] = value }
        result["VIN"] = vin
        let body: [String: Any] = [
            "Count": 1,
            "Message":
                "Results returned successfully. NOTE: Any missing decoded values should be interpreted as NHTSA does not have data on the specific variable. Missing value should NOT be interpreted as an indication that a feature or technology is unavailable for a vehicle.",
            "SearchCriteria": "VIN:\(vin)", "Results": [result],
        ]
        return String(decoding: try! JSONSerialization.data(withJSONObject: body), as: UTF8.self)
    }

    static let accord: [String: String] = [
        "Make": "HONDA", "Model": "Accord", "ModelYear": "2003", "Manufacturer": "AMERICAN HONDA MOTOR CO., INC.",
        "Series": "", "Trim": "EX-V6", "BodyClass": "Coupe", "VehicleType": "PASSENGER CAR ", "DriveType": "4x2",
        "FuelTypePrimary": "Gasoline", "DisplacementL": "3.0", "EngineCylinders": "6",
        "PlantCountry": "UNITED STATES (USA)",
        "PlantCity": "MARYSVILLE", "Doors": "2", "ErrorCode": "0",
        "ErrorText": "0 - VIN decoded clean. Check Digit (9th position) is correct",
    ]

    static let recalls = """
        {"Count":2,"Message":"Results returned successfully","results":[
        {"Manufacturer":"Honda (American Honda Motor Co.)","NHTSACampaignNumber":"19V182000","parkIt":false,"parkOutSide":false,
         "overTheAirUpdate":false,"ReportReceivedDate":"06/03/2019","Component":"AIR BAGS:FRONTAL:DRIVER SIDE:INFLATOR MODULE",
         "Summary":"Honda is recalling certain 2003 Accord vehicles. The driver's frontal air bag inflator may explode.",
         "Consequence":"An inflator explosion may result in sharp metal fragments striking the driver.",
         "Remedy":"Dealers will replace the driver's air bag inflator, free of charge.","Notes":"Owners may contact Honda.",
         "ModelYear":"2003","Make":"HONDA","Model":"ACCORD"},
        {"Manufacturer":"Honda (American Honda Motor Co.)","NHTSACampaignNumber":"15V320000","parkIt":true,"parkOutSide":true,
         "overTheAirUpdate":false,"ReportReceivedDate":"22/05/2015","Component":"AIR BAGS","Summary":"Do not drive.",
         "Consequence":"","Remedy":"Replace.","Notes":"","ModelYear":"2003","Make":"HONDA","Model":"ACCORD"}]}
        """

    /// Runs the fake on a free port for the duration of `body`; `hits` counts the requests per path. A VIN of
    /// `SLEEPYSLEEPYSLEEP` is answered only once `clock` reads a minute.
    static func serve(
        clock: ManualClock = ManualClock(),
        _ body: @escaping @Sendable (_ baseURL: URL, _ hits: Locked<[String: Int]>) async throws -> Void
    ) async throws {
        let hits = Locked<[String: Int]>([:])
        let router = Router()
        router.get("/api/vehicles/DecodeVinValues/:vin") { request, context -> Response in
            let vin = try context.parameters.require("vin")
            hits.withLock {
                $0["vin:\(vin)|\(request.uri.queryParameters["modelyear"].map(String.init) ?? "")", default: 0] += 1
            }
            guard request.uri.queryParameters["format"] == "json" else { return Response(status: .badRequest) }
            let json: String
            switch vin {
            case "1HGCM82633A004352":
                json = vpic(vin: vin, accord)
            case "1HGCM82643A004352":
                var values = accord
                values["ErrorCode"] = "1"
                values["ErrorText"] = "1 - Check Digit (9th position) does not calculate properly"
                values["SuggestedVIN"] = ""
                json = vpic(vin: vin, values)
            case "1HGCM826":
                json = vpic(
                    vin: vin,
                    [
                        "Make": "HONDA", "Manufacturer": "AMERICAN HONDA MOTOR CO., INC.", "ErrorCode": "6",
                        "ErrorText": "6 - Incomplete VIN", "AdditionalErrorText": "The VIN is 8 characters long.",
                        "SuggestedVIN": "1HGCM826!!A!!!!!!",
                    ])
            case "SLEEPYSLEEPYSLEEP":
                try await clock.sleep(until: ManualClock.Instant(offset: .seconds(60)), tolerance: nil)
                json = vpic(vin: vin, [:])
            default:
                return Response(
                    status: .badRequest,
                    body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"Message":"Invalid VIN"}"#)))
            }
            return Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: json)))
        }
        router.get("/recalls/recallsByVehicle") { request, _ -> Response in
            let make = request.uri.queryParameters["make"].map(String.init) ?? ""
            let model = request.uri.queryParameters["model"].map(String.init) ?? ""
            let year = request.uri.queryParameters["modelYear"].map(String.init) ?? ""
            hits.withLock { $0["recalls:\(make)|\(model)|\(year)", default: 0] += 1 }
            if make.lowercased() == "honda" && model.lowercased() == "accord" && year == "2003" {
                return Response(
                    status: .ok, headers: [.contentType: "application/json"],
                    body: ResponseBody(byteBuffer: ByteBuffer(string: recalls)))
            }
            // The recalls API answers 400 when it has nothing.
            return Response(
                status: .badRequest, headers: [.contentType: "application/json"],
                body: ResponseBody(
                    byteBuffer: ByteBuffer(
                        string: #"{"Count":0,"Message":"No results found for this request","results":[]}"#)))
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            try await body(URL(string: "http://127.0.0.1:\(port)")!, hits)
        }
    }
}

@Suite(.timeLimit(.minutes(10))) struct NHTSAClientTests {
    static func client(_ base: URL, clock: ManualClock = ManualClock(), timeout: Duration = .seconds(15)) -> NHTSAClient
    {
        NHTSAClient(configuration: NHTSAConfiguration(vpicURL: base, apiURL: base, timeout: timeout), clock: clock)
    }

    @Test func decodesACleanVIN() async throws {
        try await FakeNHTSA.serve { base, hits in
            let decoded = try await Self.client(base).decodeVIN("1HGCM82633A004352", modelYear: nil)
            #expect(decoded.make == "HONDA" && decoded.model == "Accord" && decoded.modelYear == 2003)
            #expect(decoded.vehicleType == "PASSENGER CAR")  // trailing spaces trimmed
            #expect(decoded.series == nil)  // "" means unknown
            #expect(decoded.displacementL == "3.0" && decoded.engineCylinders == "6")
            #expect(decoded.isClean && decoded.errorCodes == [0])
            #expect(decoded.values["PlantCity"] == "MARYSVILLE")
            #expect(decoded.values["ABS"] == nil)
            #expect(FakeNHTSA.vpicKeys.count >= 140)
            #expect(hits.withLock { $0["vin:1HGCM82633A004352|"] } == 1)
        }
    }

    @Test func reportsCheckDigitAndIncompleteErrors() async throws {
        try await FakeNHTSA.serve { base, _ in
            let client = Self.client(base)
            let wrong = try await client.decodeVIN("1HGCM82643A004352", modelYear: nil)
            #expect(wrong.errorCodes == [1] && wrong.hasCheckDigitError && !wrong.isClean)
            #expect(wrong.make == "HONDA")
            #expect(wrong.errorText?.contains("Check Digit") == true)
            let partial = try await client.decodeVIN("1hgcm826", modelYear: 2003)
            #expect(partial.isIncomplete && partial.errorCodes == [6])
            #expect(partial.suggestedVIN == "1HGCM826!!A!!!!!!")
            #expect(partial.model == nil)
        }
    }

    @Test func badRequestMeansNoData() async throws {
        try await FakeNHTSA.serve { base, _ in
            let error = await expectError("NHTSA has no data for VIN ZZZZZZZZZZZZZZZZZ") {
                _ = try await Self.client(base).decodeVIN("ZZZZZZZZZZZZZZZZZ", modelYear: nil)
            }
            #expect(error?.code == .noData)
            let none = try await Self.client(base).recalls(make: "Honda", model: "Nothing", modelYear: 2003)
            #expect(none.isEmpty)
        }
    }

    @Test func recallsWithLowerCaseResults() async throws {
        try await FakeNHTSA.serve { base, _ in
            let recalls = try await Self.client(base).recalls(make: "Honda", model: "Accord", modelYear: 2003)
            #expect(recalls.map(\.campaignNumber) == ["19V182000", "15V320000"])
            #expect(recalls[0].reportReceivedDate == TestSupport.day(2019, 3, 6))  // DD/MM/YYYY
            #expect(recalls[1].reportReceivedDate == TestSupport.day(2015, 5, 22))
            #expect(recalls[1].parkIt && recalls[1].parkOutside && !recalls[1].overTheAirUpdate)
            #expect(recalls[1].consequence == nil)
            #expect(recalls[0].component == "AIR BAGS:FRONTAL:DRIVER SIDE:INFLATOR MODULE")
        }
    }

    @Test func cachesVINsForADayAndRecallsForAnHour() async throws {
        try await FakeNHTSA.serve { base, hits in
            let clock = ManualClock()
            let client = Self.client(base, clock: clock)
            for _ in 0..<3 { _ = try await client.decodeVIN("1HGCM82633A004352", modelYear: nil) }
            for _ in 0..<3 { _ = try await client.recalls(make: "Honda", model: "Accord", modelYear: 2003) }
            #expect(hits.withLock { $0["vin:1HGCM82633A004352|"] } == 1)
            #expect(hits.withLock { $0["recalls:Honda|Accord|2003"] } == 1)
            clock.advance(by: .seconds(3_601))
            _ = try await client.decodeVIN("1HGCM82633A004352", modelYear: nil)
            _ = try await client.recalls(make: "Honda", model: "Accord", modelYear: 2003)
            #expect(hits.withLock { $0["vin:1HGCM82633A004352|"] } == 1)
            #expect(hits.withLock { $0["recalls:Honda|Accord|2003"] } == 2)
            clock.advance(by: .seconds(24 * 3_600))
            _ = try await client.decodeVIN("1HGCM82633A004352", modelYear: nil)
            #expect(hits.withLock { $0["vin:1HGCM82633A004352|"] } == 2)
        }
    }

    @Test func timesOut() async throws {
        #expect(NHTSAConfiguration().timeout == .seconds(15))
        let peer = ManualClock()
        try await FakeNHTSA.serve(clock: peer) { base, hits in
            let clock = ManualClock()
            let client = Self.client(base, clock: clock)
            async let failure = expectError("did not answer within") {
                _ = try await client.decodeVIN("SLEEPYSLEEPYSLEEP", modelYear: nil)
            }
            // A timeout is worth retrying: three tries, each ended by the 15 s timeout, with a backoff between.
            for attempt in 1...3 {
                try await waitUntil("the fake has try \(attempt)") { hits.current.values.reduce(0, +) == attempt }
                try await clock.advance(pastWaitOf: .seconds(15))
                if attempt < 3 { try await clock.advance(pastWaitOf: .milliseconds(250 << (attempt - 1))) }
            }
            let error = await failure
            #expect(error?.code == .timedOut)
            #expect(hits.current.values.reduce(0, +) == 3)
            peer.advance(by: .seconds(60))
        }
    }

    @Test func baseURLsComeFromFlagsThenEnvironment() throws {
        let environment = [
            "HEARTH_NHTSA_VPIC_URL": "http://mirror.local:8080/vpic",
            "HEARTH_NHTSA_API_URL": "http://mirror.local:8080/api",
        ]
        let fromEnvironment = try NHTSAConfiguration.resolve(environment: environment)
        #expect(fromEnvironment.vpicURL.absoluteString == "http://mirror.local:8080/vpic")
        #expect(fromEnvironment.apiURL.absoluteString == "http://mirror.local:8080/api")
        let fromFlags = try NHTSAConfiguration.resolve(vpicURL: "http://127.0.0.1:9", environment: environment)
        #expect(fromFlags.vpicURL.absoluteString == "http://127.0.0.1:9")
        #expect(try NHTSAConfiguration.resolve(environment: [:]) == NHTSAConfiguration())
        expectError("HEARTH_NHTSA_API_URL is \"ftp://x\"") {
            _ = try NHTSAConfiguration.resolve(environment: ["HEARTH_NHTSA_API_URL": "ftp://x"])
        }
        expectError("--vpic-url is \"not a url\"") {
            _ = try NHTSAConfiguration.resolve(vpicURL: "not a url", environment: [:])
        }
    }

    @Test func aBaseURLWithAPathPrefixIsHonoured() async throws {
        // Air-gapped mirrors often live under a path: requests must keep it.
        let hits = Locked<[String]>([])
        let router = Router()
        router.get("/mirror/nhtsa/api/vehicles/DecodeVinValues/:vin") { _, context -> Response in
            let vin = try context.parameters.require("vin")
            hits.withLock { $0.append(vin) }
            return Response(
                status: .ok,
                body: ResponseBody(byteBuffer: ByteBuffer(string: FakeNHTSA.vpic(vin: vin, FakeNHTSA.accord))))
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let base = URL(string: "http://127.0.0.1:\(port)/mirror/nhtsa")!
            let decoded = try await Self.client(base).decodeVIN("1HGCM82633A004352", modelYear: nil)
            #expect(decoded.make == "HONDA")
            #expect(hits.withLock { $0 } == ["1HGCM82633A004352"])
        }
    }
}
