import HearthPantryServer
import Synchronization
import Testing

@Suite("DataLoader: batching and caching per request")
struct DataLoaderTests {
    /// Records every batch it is asked for.
    final class Calls: Sendable {
        let batches = Mutex<[[Int]]>([])
        var all: [[Int]] { batches.withLock { $0 } }
    }

    @Test("keys asked for by concurrent tasks go to one batch, and each key is loaded once")
    func concurrentKeysBatch() async throws {
        let calls = Calls()
        let loader = DataLoader<Int, String> { keys in
            calls.batches.withLock { $0.append(keys) }
            return Dictionary(uniqueKeysWithValues: keys.map { ($0, "v\($0)") })
        }
        let values = try await withThrowingTaskGroup(of: (Int, String?).self) { group in
            for key in [3, 1, 2, 3, 1] { group.addTask { (key, try await loader.load(key)) } }
            var found: [Int: String?] = [:]
            for try await (key, value) in group { found[key] = value }
            return found
        }
        #expect(values[1] == "v1" && values[2] == "v2" && values[3] == "v3")
        #expect(calls.all.count == 1)
        #expect(calls.all.first.map { Set($0) } == [1, 2, 3])
        #expect(calls.all.first?.count == 3)
        // Cached: asking again costs no batch.
        #expect(try await loader.load(2) == "v2")
        #expect(calls.all.count == 1)
    }

    @Test("expected keys join the next batch whoever asks first; a key without a value loads as nil")
    func expectedKeys() async throws {
        let calls = Calls()
        let loader = DataLoader<Int, Int>(yields: 0) { keys in
            calls.batches.withLock { $0.append(keys) }
            return Dictionary(uniqueKeysWithValues: keys.filter { $0 != 7 }.map { ($0, $0 * 10) })
        }
        await loader.expect([4, 5, 6, 7])
        #expect(try await loader.load(5) == 50)
        #expect(try await loader.loadMany([4, 6, 7]) == [40, 60, nil])
        #expect(calls.all.count == 1)
        #expect(Set(calls.all[0]) == [4, 5, 6, 7])
        #expect(await loader.batchCount == 1)
    }

    @Test("a primed key loads its value without a batch, and an expected key already primed is not loaded again")
    func primed() async throws {
        let calls = Calls()
        let loader = DataLoader<Int, String>(yields: 0) { keys in
            calls.batches.withLock { $0.append(keys) }
            return Dictionary(uniqueKeysWithValues: keys.map { ($0, "stored \($0)") })
        }
        await loader.prime(1, "written 1")
        await loader.expect([1, 2])
        #expect(try await loader.load(1) == "written 1")
        #expect(calls.all.isEmpty)
        #expect(try await loader.load(2) == "stored 2")
        #expect(calls.all == [[2]])
    }

    @Test("a failing batch fails every load in it")
    func failure() async throws {
        struct Broken: Error {}
        let loader = DataLoader<Int, Int> { _ in throw Broken() }
        await #expect(throws: Broken.self) { try await loader.load(1) }
    }
}
