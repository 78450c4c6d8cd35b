import Foundation
import HearthCloud
import HearthCloudModel
import HearthCore
import Logging
import ServiceLifecycle

/// Reports whether the record store answers.
struct RecordStoreHealth: ServiceHealth {
    let store: any RecordStore
    var serviceName: String { "recordStore" }
    func checkHealth() async -> HealthStatus { await store.checkHealth() }
}
