import Foundation
import HearthCloud
import HearthCloudModel
import HearthCore
import Logging
import ServiceLifecycle

/// Keeps the record store's background work (PostgreSQL connections and change notifications) running.
struct StoreService: Service {
    let store: any RecordStore

    func run() async throws {
        try await cancelWhenGracefulShutdown { try await store.run() }
    }
}
