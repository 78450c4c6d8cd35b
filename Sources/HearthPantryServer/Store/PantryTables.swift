package import HearthCloud

/// The pantry's tables in the server's database, written once for SQLite and PostgreSQL (`BIGINT` is an
/// integer and `DOUBLE PRECISION` a real to SQLite). Statements are idempotent, so migrating again is safe.
///
/// Rows hold HearthPantryModel's types: `Household`, `HouseholdMember`, `InviteCode`, `PantryItem`,
/// `StockBooking` (its kind by name, a transfer's locations and a consumption's `spoiled` in columns of their
/// own), `Recipe` (ingredients, instruction steps and tags in tables by position), `ShoppingListItem`, and each account's profile (names, picture, phone, main household) in `pantry_profiles`. Times are milliseconds since 1970; quantities are doubles; expiration
/// dates are `YYYY-MM-DD` days. Rows that belong to a household are deleted with it by the store, in the same
/// transaction (no foreign keys: SQLite leaves them off by default and both databases must behave alike).
package enum PantryTables {
    /// The pantry's tables, for checking a database (`hearth doctor`).
    package static var tableNames: [String] { CloudSchema.tables(in: statements + mealPlanStatements) }

    /// Every table and index, in creation order.
    package static let statements: [String] = [
        """
        CREATE TABLE IF NOT EXISTS pantry_households (
            id TEXT PRIMARY KEY, name TEXT NOT NULL, description TEXT, created_by TEXT NOT NULL,
            created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL)
        """,
        """
        CREATE TABLE IF NOT EXISTS pantry_members (
            id TEXT PRIMARY KEY, household_id TEXT NOT NULL, user_id TEXT NOT NULL, role TEXT NOT NULL,
            joined_at BIGINT NOT NULL, UNIQUE (household_id, user_id))
        """,
        "CREATE INDEX IF NOT EXISTS pantry_members_user ON pantry_members(user_id)",
        """
        CREATE TABLE IF NOT EXISTS pantry_invites (
            code TEXT PRIMARY KEY, household_id TEXT NOT NULL, created_by TEXT NOT NULL,
            created_at BIGINT NOT NULL, expires_at BIGINT NOT NULL, revoked_at BIGINT)
        """,
        "CREATE INDEX IF NOT EXISTS pantry_invites_household ON pantry_invites(household_id)",
        """
        CREATE TABLE IF NOT EXISTS pantry_items (
            id TEXT PRIMARY KEY, household_id TEXT NOT NULL, name TEXT NOT NULL, quantity DOUBLE PRECISION NOT NULL,
            unit TEXT NOT NULL, category TEXT NOT NULL, expiration_date TEXT, location TEXT, notes TEXT,
            barcode TEXT, minimum_quantity DOUBLE PRECISION, due_date_kind TEXT NOT NULL DEFAULT 'expiration',
            added_by TEXT NOT NULL, created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL)
        """,
        "CREATE INDEX IF NOT EXISTS pantry_items_household ON pantry_items(household_id, name)",
        """
        CREATE TABLE IF NOT EXISTS pantry_stock_bookings (
            id TEXT PRIMARY KEY, household_id TEXT NOT NULL, item_id TEXT NOT NULL, kind TEXT NOT NULL,
            spoiled BIGINT NOT NULL DEFAULT 0, from_location TEXT, to_location TEXT, quantity DOUBLE PRECISION NOT NULL,
            location TEXT, best_before TEXT, created_by TEXT NOT NULL, created_at BIGINT NOT NULL, reverses TEXT)
        """,
        "CREATE INDEX IF NOT EXISTS pantry_stock_bookings_item ON pantry_stock_bookings(item_id, created_at)",
        "CREATE INDEX IF NOT EXISTS pantry_stock_bookings_household ON pantry_stock_bookings(household_id, created_at)",
        """
        CREATE TABLE IF NOT EXISTS pantry_recipes (
            id TEXT PRIMARY KEY, household_id TEXT NOT NULL, name TEXT NOT NULL, description TEXT,
            prep_time BIGINT, cook_time BIGINT, servings BIGINT, difficulty TEXT NOT NULL, version BIGINT NOT NULL DEFAULT 1)
        """,
        "CREATE INDEX IF NOT EXISTS pantry_recipes_household ON pantry_recipes(household_id, name)",
        """
        CREATE TABLE IF NOT EXISTS pantry_recipe_ingredients (
            recipe_id TEXT NOT NULL, position BIGINT NOT NULL, name TEXT NOT NULL, quantity DOUBLE PRECISION NOT NULL,
            unit TEXT NOT NULL, quantity_max DOUBLE PRECISION, note TEXT, PRIMARY KEY (recipe_id, position))
        """,
        """
        CREATE TABLE IF NOT EXISTS pantry_recipe_steps (
            recipe_id TEXT NOT NULL, position BIGINT NOT NULL, text TEXT NOT NULL, PRIMARY KEY (recipe_id, position))
        """,
        """
        CREATE TABLE IF NOT EXISTS pantry_recipe_tags (
            recipe_id TEXT NOT NULL, tag TEXT NOT NULL, PRIMARY KEY (recipe_id, tag))
        """,
        "CREATE INDEX IF NOT EXISTS pantry_recipe_tags_tag ON pantry_recipe_tags(tag)",
        """
        CREATE TABLE IF NOT EXISTS pantry_shopping_items (
            id TEXT PRIMARY KEY, household_id TEXT NOT NULL, name TEXT NOT NULL, quantity DOUBLE PRECISION NOT NULL,
            unit TEXT NOT NULL, checked BIGINT NOT NULL DEFAULT 0, note TEXT, recipe_id TEXT, created_at BIGINT NOT NULL)
        """,
        "CREATE INDEX IF NOT EXISTS pantry_shopping_items_household ON pantry_shopping_items(household_id, checked, name)",
        """
        CREATE TABLE IF NOT EXISTS pantry_profiles (
            user_id TEXT PRIMARY KEY, first_name TEXT NOT NULL DEFAULT '', last_name TEXT NOT NULL DEFAULT '', display_name TEXT,
            avatar_url TEXT, phone TEXT, primary_household_id TEXT, updated_at BIGINT NOT NULL)
        """,
        // A household's named shopping lists; `name_key` is the name with case folded (names are unique regardless
        // of case), and at most one list of a household is its default.
        """
        CREATE TABLE IF NOT EXISTS pantry_shopping_lists (
            id TEXT PRIMARY KEY, household_id TEXT NOT NULL, name TEXT NOT NULL, name_key TEXT NOT NULL,
            is_default BIGINT NOT NULL DEFAULT 0, store_id TEXT, created_at BIGINT NOT NULL,
            UNIQUE (household_id, name_key))
        """,
        "CREATE UNIQUE INDEX IF NOT EXISTS pantry_shopping_lists_default ON pantry_shopping_lists(household_id) WHERE is_default = 1",
        // A household's stores, each with its sections in walking order (their names, comma-separated).
        """
        CREATE TABLE IF NOT EXISTS pantry_stores (
            id TEXT PRIMARY KEY, household_id TEXT NOT NULL, name TEXT NOT NULL, name_key TEXT NOT NULL,
            section_order TEXT NOT NULL, created_at BIGINT NOT NULL, UNIQUE (household_id, name_key))
        """,
        // Each household's item revision, moved on by ``revisionTriggers(_:)`` with every insert, update and delete
        // of one of its items (``PantryItemCache`` keeps items while it stays the same). Rows are never deleted,
        // so a revision never goes back.
        "CREATE TABLE IF NOT EXISTS pantry_item_revisions (household_id TEXT PRIMARY KEY, revision BIGINT NOT NULL)",
        // What answers are made from, by household and by account: moved on by ``answerRevisionTriggers(_:)`` with
        // every write to a table GraphQL answers are made from (``AnswerCache`` keeps an answer while the revisions
        // of the caller's households, housemates and own account stay the same). Rows are never deleted.
        "CREATE TABLE IF NOT EXISTS pantry_household_revisions (household_id TEXT PRIMARY KEY, revision BIGINT NOT NULL)",
        "CREATE TABLE IF NOT EXISTS pantry_user_revisions (user_id TEXT PRIMARY KEY, revision BIGINT NOT NULL)",
        // Each account's daily digest settings (``DigestPreferences``), and the digests delivered: one row per
        // delivery key (`<member>.<day>`) and channel as each goes out, and one with channel `day` once the
        // day's digest is done (sent everywhere, or nothing to say), so nothing goes out twice.
        """
        CREATE TABLE IF NOT EXISTS pantry_digest_preferences (
            user_id TEXT PRIMARY KEY, enabled BIGINT NOT NULL, email BIGINT NOT NULL, webhook_url TEXT,
            hour BIGINT NOT NULL, time_zone TEXT NOT NULL, days_ahead BIGINT NOT NULL, updated_at BIGINT NOT NULL)
        """,
        """
        CREATE TABLE IF NOT EXISTS pantry_digest_deliveries (
            delivery_key TEXT NOT NULL, channel TEXT NOT NULL, user_id TEXT NOT NULL, day TEXT NOT NULL,
            delivered_at BIGINT NOT NULL, PRIMARY KEY (delivery_key, channel))
        """,
    ]

    /// The tables GraphQL answers are made from, besides `accounts` (whose e-mail addresses answers show):
    /// every insert, update and delete in them moves a revision on.
    package static let answeredTables = [
        "pantry_households", "pantry_members", "pantry_invites", "pantry_items", "pantry_stock_bookings",
        "pantry_recipes",
        "pantry_recipe_ingredients", "pantry_recipe_steps", "pantry_recipe_tags", "pantry_shopping_items",
        "pantry_profiles", "pantry_digest_preferences", "pantry_meal_plan", "pantry_cookings",
        "pantry_cooking_bookings",
        "pantry_shopping_lists", "pantry_stores",
    ]

    /// The triggers that move answers' revisions on, in the dialect's own syntax: a household's for a row of it
    /// (a recipe's ingredients, steps and tags count for the recipe's household), an account's for its profile,
    /// and for accounts made, deleted or given another e-mail address (not for the cloud's counters on the same rows).
    ///
    /// On PostgreSQL they are constraint triggers deferred to commit, and each household or account is moved on
    /// once per transaction: its revision's row is among the last locks a writing transaction takes, held only
    /// while it commits.
    static func answerRevisionTriggers(_ dialect: SQLDialect) -> [String] {
        let events =
            answeredTables.map { ($0, ["INSERT", "UPDATE", "DELETE"]) } + [
                ("accounts", ["INSERT", "DELETE", "UPDATE OF email"])
            ]
        switch dialect {
        case .postgres:
            let revise = """
                CREATE OR REPLACE FUNCTION pantry_answers_revise(kind text, key text) RETURNS void LANGUAGE plpgsql AS $$
                DECLARE
                    done text := coalesce(current_setting('hearth.pantry_answers_revised', true), '');
                    mark text := ',' || kind || ':' || key || ',';
                BEGIN
                    IF key IS NULL OR position(mark IN done) > 0 THEN RETURN; END IF;
                    PERFORM set_config('hearth.pantry_answers_revised', done || mark, true);
                    IF kind = 'h' THEN
                        INSERT INTO pantry_household_revisions (household_id, revision) VALUES (key, 1)
                            ON CONFLICT (household_id) DO UPDATE SET revision = pantry_household_revisions.revision + 1;
                    ELSE
                        INSERT INTO pantry_user_revisions (user_id, revision) VALUES (key, 1)
                            ON CONFLICT (user_id) DO UPDATE SET revision = pantry_user_revisions.revision + 1;
                    END IF;
                END $$
                """
            let revised = """
                CREATE OR REPLACE FUNCTION pantry_answers_revised() RETURNS trigger LANGUAGE plpgsql AS $$
                DECLARE
                    item jsonb;
                BEGIN
                    FOREACH item IN ARRAY ARRAY[
                        CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END, CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END
                    ] LOOP
                        CONTINUE WHEN item IS NULL;
                        CASE TG_TABLE_NAME
                            WHEN 'pantry_households' THEN PERFORM pantry_answers_revise('h', item->>'id');
                            WHEN 'pantry_recipe_ingredients', 'pantry_recipe_steps', 'pantry_recipe_tags' THEN
                                PERFORM pantry_answers_revise('h', (SELECT household_id FROM pantry_recipes WHERE id = item->>'recipe_id'));
                            WHEN 'pantry_profiles', 'pantry_digest_preferences' THEN PERFORM pantry_answers_revise('u', item->>'user_id');
                            WHEN 'accounts' THEN PERFORM pantry_answers_revise('u', item->>'id');
                            ELSE PERFORM pantry_answers_revise('h', item->>'household_id');
                        END CASE;
                    END LOOP;
                    RETURN NULL;
                END $$
                """
            return [revise, revised]
                + events.map { table, event in
                    """
                    DO $$ BEGIN
                        IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgrelid = '\(table)'::regclass AND tgname = '\(table)_answers_revised') THEN
                            CREATE CONSTRAINT TRIGGER \(table)_answers_revised AFTER \(event.joined(separator: " OR ")) ON \(table)
                                DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pantry_answers_revised();
                        END IF;
                    END $$
                    """
                }
        case .sqlite:
            func bump(_ table: String, _ row: String) -> String {
                let (revisions, column, key): (String, String, String)
                switch table {
                case "pantry_households":
                    (revisions, column, key) = ("pantry_household_revisions", "household_id", "\(row).id")
                case "pantry_recipe_ingredients", "pantry_recipe_steps", "pantry_recipe_tags":
                    (revisions, column, key) = (
                        "pantry_household_revisions", "household_id",
                        "(SELECT household_id FROM pantry_recipes WHERE id = \(row).recipe_id)"
                    )
                case "pantry_profiles", "pantry_digest_preferences":
                    (revisions, column, key) = ("pantry_user_revisions", "user_id", "\(row).user_id")
                case "accounts": (revisions, column, key) = ("pantry_user_revisions", "user_id", "\(row).id")
                default:
                    (revisions, column, key) = ("pantry_household_revisions", "household_id", "\(row).household_id")
                }
                return """
                    INSERT INTO \(revisions) (\(column), revision) SELECT \(key), 1 WHERE \(key) IS NOT NULL
                        ON CONFLICT (\(column)) DO UPDATE SET revision = \(revisions).revision + 1;
                    """
            }
            return events.flatMap { table, event in
                event.map { operation in
                    let verb = String(operation.split(separator: " ")[0])
                    let rows = verb == "INSERT" ? ["NEW"] : verb == "DELETE" ? ["OLD"] : ["OLD", "NEW"]
                    return
                        "CREATE TRIGGER IF NOT EXISTS \(table)_answers_revised_\(verb.lowercased()) AFTER \(operation) ON \(table) BEGIN "
                        + rows.map { bump(table, $0) }.joined(separator: " ") + " END"
                }
            }
        }
    }

    /// The triggers that move a household's item revision on, in the dialect's own syntax.
    static func revisionTriggers(_ dialect: SQLDialect) -> [String] {
        func bump(_ row: String) -> String {
            """
            INSERT INTO pantry_item_revisions (household_id, revision) VALUES (\(row).household_id, 1)
                ON CONFLICT (household_id) DO UPDATE SET revision = pantry_item_revisions.revision + 1;
            """
        }
        switch dialect {
        case .postgres:
            return [
                """
                CREATE OR REPLACE FUNCTION pantry_items_revised() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                    IF TG_OP <> 'INSERT' THEN \(bump("OLD")) END IF;
                    IF TG_OP <> 'DELETE' THEN \(bump("NEW")) END IF;
                    RETURN NULL;
                END $$
                """,
                """
                CREATE OR REPLACE TRIGGER pantry_items_revised AFTER INSERT OR UPDATE OR DELETE ON pantry_items
                    FOR EACH ROW EXECUTE FUNCTION pantry_items_revised()
                """,
            ]
        case .sqlite:
            return [
                "CREATE TRIGGER IF NOT EXISTS pantry_items_inserted AFTER INSERT ON pantry_items BEGIN \(bump("NEW")) END",
                "CREATE TRIGGER IF NOT EXISTS pantry_items_updated AFTER UPDATE ON pantry_items BEGIN \(bump("OLD")) \(bump("NEW")) END",
                "CREATE TRIGGER IF NOT EXISTS pantry_items_deleted AFTER DELETE ON pantry_items BEGIN \(bump("OLD")) END",
            ]
        }
    }

    /// The tables a household's rows live in, children first: what deleting a household clears.
    package static let householdScoped = [
        "pantry_cooking_bookings", "pantry_cookings", "pantry_meal_plan",
        "pantry_shopping_items", "pantry_stock_bookings", "pantry_items", "pantry_invites", "pantry_members",
        "pantry_shopping_lists", "pantry_stores",
    ]

    /// Creates or upgrades the tables, one migrating process at a time on PostgreSQL.
    package static func migrate(_ database: any SQLDatabase) async throws {
        let dialect = database.dialect
        try await database.transaction(readOnly: false) { tx in
            if dialect == .postgres {
                try await tx.execute(
                    "SELECT pg_advisory_xact_lock(CAST(? AS integer), hashtext(current_schema()))", .int(0x4845_5054))
            }
            let all = statements + mealPlanStatements + revisionTriggers(dialect) + answerRevisionTriggers(dialect)
            for statement in all {
                try await tx.execute(statement, [])
            }
            try await addMissingColumns(tx, dialect)
            try await PantryStore.moveLinesOntoDefaultLists(tx)
        }
    }

    /// Columns added after their table was first made: (table, column, definition).
    static let laterColumns = [
        ("pantry_recipes", "version", "BIGINT NOT NULL DEFAULT 1"),
        ("pantry_recipe_ingredients", "quantity_max", "DOUBLE PRECISION"),
        ("pantry_recipe_ingredients", "note", "TEXT"),
        ("pantry_items", "barcode", "TEXT"),
        ("pantry_shopping_items", "list_id", "TEXT"),
        ("pantry_shopping_items", "section", "TEXT"),
    ]

    /// Adds each of ``laterColumns`` to a table made before it.
    private static func addMissingColumns(_ tx: any SQLTransaction, _ dialect: SQLDialect) async throws {
        for (table, column, definition) in laterColumns {
            let present: Bool
            switch dialect {
            case .postgres:
                present =
                    try await tx.first(
                        "SELECT 1 AS present FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ? AND column_name = ?",
                        .text(table), .text(column)) != nil
            case .sqlite:
                present =
                    try await tx.first(
                        "SELECT 1 AS present FROM pragma_table_info(?) WHERE name = ?", .text(table), .text(column))
                    != nil
            }
            if !present { try await tx.execute("ALTER TABLE \(table) ADD COLUMN \(column) \(definition)", []) }
        }
    }
}
