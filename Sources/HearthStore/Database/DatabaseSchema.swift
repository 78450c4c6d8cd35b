public import Foundation
public import GRDB
import GRDBSQLite
public import HearthCore

/// A part of an app that owns tables: it registers the migrations that create and change them.
///
/// Each domain module provides one; ``AppDatabase`` runs them all, in the order given, when it opens.
///
/// ```swift
/// enum FinanceSchema: DatabaseSchema {
///     static func registerMigrations(in migrator: inout DatabaseMigrator) {
///         migrator.registerMigration("finance.v1") { db in try db.create(table: "person") { … } }
///     }
/// }
/// ```
public protocol DatabaseSchema {
    /// Adds this module's migrations. Give them names prefixed with the module, such as `"finance.v1"`.
    static func registerMigrations(in migrator: inout DatabaseMigrator)
}

extension AppDatabase {
    /// The names of every migration `schemas` register, in order: what a database of theirs may have applied.
    public static func migrationNames(_ schemas: [any DatabaseSchema.Type]) -> [String] {
        var migrator = DatabaseMigrator()
        for schema in schemas { schema.registerMigrations(in: &migrator) }
        return migrator.migrations
    }
}
