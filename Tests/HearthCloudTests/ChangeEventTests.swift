import Foundation
import HearthCloudModel
import Testing

@testable import HearthCloud

@Suite("Change events between server processes", .timeLimit(.minutes(10)))
struct ChangeEventTests {
    @Test("an event too big for NOTIFY loses record names first, then roots and types, never its zones")
    func compaction() throws {
        let names = (0..<400).map { "service-record-with-a-long-name-\($0)" }
        let small = CloudChangeEvent(
            ownerID: "_u", originUserID: "_u", originDeviceID: "phone",
            zones: [
                .init(zoneName: "Garage", recordTypes: ["Service"], roots: ["car"], recordNames: Array(names.prefix(3)))
            ])
        #expect(small.compacted() == small)

        let named = CloudChangeEvent(
            ownerID: "_u", originUserID: "_u", originDeviceID: "phone",
            zones: [
                .init(zoneName: "Garage", recordTypes: ["Service"], roots: ["car"], recordNames: names)
            ])
        let withoutNames = named.compacted()
        #expect(withoutNames.zones.first?.recordNames == nil)
        #expect(withoutNames.zones.first?.roots == ["car"])
        #expect(withoutNames.encodedSize <= 7000)

        let rooted = CloudChangeEvent(
            ownerID: "_u", originUserID: "_u", originDeviceID: nil,
            zones: [
                .init(zoneName: "Garage", recordTypes: ["Service"], roots: names, recordNames: names)
            ])
        let bare = rooted.compacted()
        #expect(bare.zones.map(\.zoneName) == ["Garage"])
        #expect(bare.zones.first?.roots == nil)
        #expect(bare.zones.first?.recordTypes == ["Service"])
        #expect(bare.encodedSize <= 7000)
    }

    @Test("the hand-written JSON of an event is Codable's document, and each reader reads the other's writing")
    func handWrittenJSON() throws {
        let events = [
            CloudChangeEvent(
                ownerID: "_u", originUserID: "_v", originDeviceID: "phone \"7\"\n",
                zones: [
                    .init(
                        zoneName: "Garage", recordTypes: ["Service", "Vehicle"], roots: ["car"], structural: false,
                        recordNames: ["s1", "naïve\\name"]),
                    .init(zoneName: "Empty", recordTypes: [], roots: nil, structural: true, recordNames: nil),
                ]),
            CloudChangeEvent(ownerID: "_u", originUserID: "_u", originDeviceID: nil, zones: []),
        ]
        for event in events {
            let written = event.json
            #expect(
                written == Array(try CloudJSON.encoder.encode(event)), "\(String(decoding: written, as: UTF8.self))")
            #expect(try JSONDecoder().decode(CloudChangeEvent.self, from: Data(written)) == event)
            let parsed = try #require(JSONValue.parse(try CloudJSON.encoder.encode(event)))
            #expect(CloudChangeEvent(json: parsed) == event)
        }
        // A notice on the same channel is not an event.
        #expect(CloudChangeEvent(json: try #require(JSONValue.parse(Data(#"{"notice":{"kind":"x"}}"#.utf8)))) == nil)
        #expect(
            CloudChangeEvent(
                json: try #require(
                    JSONValue.parse(Data(#"{"ownerID":"_u","originUserID":"_u","zones":[{"zoneName":"z"}]}"#.utf8))))
                == nil)
    }
}
