import HearthCloud
import HearthCloudModel
import HearthCore
import HearthTestSupport
import Logging
import Testing

@Suite("Push hub")
struct PushHubTests {
    @Test("the hub reads the store's changes only from its first client on, with one subscription however many connect")
    func readsChangesOnceAClientConnects() throws {
        let store = try SQLRecordStore.sqlite(inMemory: CloudConfiguration(bcryptCost: 4))
        let hub = PushHub(store: store, logger: Logger(label: "hearth.tests.push"))
        #expect(store.events.subscriberCount == 0)
        let first = hub.connect(CloudPrincipal(userID: "_a", deviceID: "phone"))
        #expect(store.events.subscriberCount == 1)
        let second = hub.connect(CloudPrincipal(userID: "_a", deviceID: "laptop"))
        #expect(store.events.subscriberCount == 1)
        #expect(hub.connectionCount == 2)
        _ = (first, second)
    }

    @Test("each client is sent a heartbeat every time the interval passes on the hub's clock, and none before")
    func heartbeatsOnTheClock() async throws {
        let store = try SQLRecordStore.sqlite(inMemory: CloudConfiguration(bcryptCost: 4))
        let clock = ManualClock()
        let hub = PushHub(
            store: store, heartbeat: .seconds(15), timers: clock, logger: Logger(label: "hearth.tests.push"))
        var messages = hub.connect(CloudPrincipal(userID: "_a", deviceID: "phone")).makeAsyncIterator()
        let running = Task { try await hub.run() }
        defer { running.cancel() }
        for beat in 1...2 {
            try await waitUntil("the hub waits for heartbeat \(beat)") { clock.sleeperCount == 1 }
            clock.advance(by: .seconds(14))
            #expect(clock.sleeperCount == 1, "a heartbeat went out before its interval")
            clock.advance(by: .seconds(1))
            #expect(await messages.next() == .heartbeat)
        }
    }
}
