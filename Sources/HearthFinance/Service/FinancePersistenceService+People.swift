public import Foundation
import GRDB

extension FinancePersistenceService {
    @discardableResult
    public func save(_ person: Person) async throws -> Person {
        try await write("Save person \(person.name)") { try $0.save(person) }
    }

    nonisolated public func fetchAllPeople() async throws -> [Person] {
        try await read(FinanceQueries.all(Person.self, FinanceQueries.peopleByName))
    }

    nonisolated public func fetchPerson(byID id: UUID) async throws -> Person? {
        try await read { try FinanceQueries.one(Person.self, id: id, $0) }
    }

    @discardableResult
    public func updatePerson(_ person: Person) async throws -> Person {
        try await write("Update person \(person.name)", .update) { try $0.updatePerson(person) }
    }

    public func deletePerson(id: UUID) async throws {
        try await write("Delete person", .delete) { try $0.deletePerson(id: id) }
    }

    nonisolated public func fetchPeopleWithBalances() async throws -> [Person] {
        try await read(FinanceQueries.all(Person.self, "WHERE balance <> 0 \(FinanceQueries.peopleByName)"))
    }

    nonisolated public func searchPeople(byName name: String) async throws -> [Person] {
        try await read { try FinanceQueries.searchPeople(name, $0) }
    }
}
