import HearthCloud
import HearthCloudModel
import HearthCore
import Logging
import Testing

@Suite("Push hub")
struct PushHubTests {
    @Test("the hub reads the store's changes only from its first client on, with one subscription however many connect")
    func readsChangesOnceAClientConnects() throws {
        let store = try SQLiteRecordStore(inMemory: CloudConfiguration(bcryptCost: 4))
        let hub = PushHub(store: store, logger: Logger(label: "hearth.tests.push"))
        #expect(store.events.subscriberCount == 0)
        let first = hub.connect(CloudPrincipal(userID: "_a", deviceID: "phone"))
        #expect(store.events.subscriberCount == 1)
        let second = hub.connect(CloudPrincipal(userID: "_a", deviceID: "laptop"))
        #expect(store.events.subscriberCount == 1)
        #expect(hub.connectionCount == 2)
        _ = (first, second)
    }
}
