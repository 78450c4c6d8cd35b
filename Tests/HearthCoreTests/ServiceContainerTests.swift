import Foundation
import HearthCore
import Testing

private protocol Greeting: Sendable { func greet() -> String }
private struct English: Greeting { func greet() -> String { "Hello" } }
private struct Spanish: Greeting { func greet() -> String { "Hola" } }
private final class Counter: Sendable {
    let id = UUID()
}
private struct Greeter: Sendable {
    let greeting: any Greeting
}

@Suite struct ServiceContainerTests {
    @Test func resolvesByProtocolType() throws {
        let container = ServiceContainer()
        container.register((any Greeting).self) { _ in English() }
        #expect(try container.resolve((any Greeting).self).greet() == "Hello")
    }

    @Test func aMissingRegistrationNamesTheType() {
        let container = ServiceContainer()
        do {
            _ = try container.resolve((any Greeting).self)
            Issue.record("resolving an unregistered type must throw")
        } catch let error as ServiceError {
            #expect(error.code == .notRegistered)
            #expect(error.message.contains("Greeting"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func singletonsAreMadeOnceAndTransientsEveryTime() throws {
        let container = ServiceContainer()
        container.register(Counter.self, lifetime: .singleton) { _ in Counter() }
        #expect(try container.resolve(Counter.self).id == container.resolve(Counter.self).id)
        container.register(Counter.self, lifetime: .transient) { _ in Counter() }
        #expect(try container.resolve(Counter.self).id != container.resolve(Counter.self).id)
    }

    @Test func concurrentResolutionOfASingletonYieldsOneInstance() async throws {
        let container = ServiceContainer()
        container.register(Counter.self) { _ in Counter() }
        let ids = try await withThrowingTaskGroup(of: UUID.self) { group in
            for _ in 0..<100 { group.addTask { try container.resolve(Counter.self).id } }
            return try await group.reduce(into: Set<UUID>()) { $0.insert($1) }
        }
        #expect(ids.count == 1)
    }

    @Test func factoriesResolveTheirDependencies() throws {
        let container = ServiceContainer()
        container.register((any Greeting).self) { _ in English() }
        container.register(Greeter.self) { c in Greeter(greeting: try c.resolve((any Greeting).self)) }
        #expect(try container.resolve(Greeter.self).greeting.greet() == "Hello")
    }

    @Test func aChildOverridesItsParentForEverythingItResolves() throws {
        let parent = ServiceContainer()
        parent.register((any Greeting).self) { _ in English() }
        parent.register(Greeter.self) { c in Greeter(greeting: try c.resolve((any Greeting).self)) }
        let child = parent.makeChild()
        child.register((any Greeting).self, instance: Spanish())
        #expect(try child.resolve(Greeter.self).greeting.greet() == "Hola")
        #expect(try parent.resolve(Greeter.self).greeting.greet() == "Hello", "the parent is unchanged")
        #expect(child.isRegistered(Greeter.self))
    }

    @Test func aDependencyCycleIsReportedNotRecursed() {
        struct A: Sendable {}
        struct B: Sendable {}
        let container = ServiceContainer()
        container.register(A.self) { c in
            _ = try c.resolve(B.self)
            return A()
        }
        container.register(B.self) { c in
            _ = try c.resolve(A.self)
            return B()
        }
        #expect(throws: ServiceError.self) { try container.resolve(A.self) }
    }
}
