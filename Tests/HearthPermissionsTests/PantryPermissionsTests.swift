import Foundation
import HearthPermissions
import Testing

@Suite("Pantry rules")
struct PantryPermissionsTests {
    /// One user who owns "owned", administers "administered", is a plain member of "joined", and is not in "foreign".
    static let memberships = [
        PantryPermissions.Membership(householdId: "owned", role: .owner),
        PantryPermissions.Membership(householdId: "administered", role: .admin),
        PantryPermissions.Membership(householdId: "joined", role: .member),
    ]
    /// Each household and the user's role in it; `nil` for a household they do not belong to.
    static let roles: [(String, PantryPermissions.Role?)] = [
        ("owned", .owner), ("administered", .admin), ("joined", .member), ("foreign", nil),
    ]
    static let actions = ["create", "read", "update", "delete", "manage"]

    private let ability: Ability

    init() throws {
        // Through JSON, as a client receives them from the server.
        let permissions = try PantryPermissions.permissions(userId: "u1", memberships: Self.memberships)
        ability = try Ability(JSONDecoder().decode(Permissions.self, from: JSONEncoder().encode(permissions)))
    }

    @Test(
        "households: anyone creates, every member reads, owners and admins do everything else but only the owner deletes"
    )
    func households() {
        for (household, role) in Self.roles {
            for action in Self.actions {
                let expected =
                    switch (role, action) {
                    case (.admin?, "delete"): false
                    case (.owner?, _), (.admin?, _), (_, "create"): true
                    case (.member?, "read"): true
                    default: false
                    }
                #expect(
                    ability.can(action, PantryPermissions.household(id: household)) == expected,
                    "\(action) \(household)")
            }
            #expect(ability.canReadHousehold(household) == (role != nil))
            #expect(ability.canUpdateHousehold(household) == (role == .owner || role == .admin))
            #expect(ability.canDeleteHousehold(household) == (role == .owner))
            #expect(ability.canManageHousehold(household) == (role == .owner || role == .admin))
        }
    }

    @Test("members: every member sees who belongs; owners and admins add, change and remove them")
    func members() {
        for (household, role) in Self.roles {
            for action in Self.actions {
                let expected =
                    switch (role, action) {
                    case (.owner?, _), (.admin?, _): true
                    case (.member?, "read"): true
                    default: false
                    }
                let member = PantryPermissions.member(householdId: household, userId: "u2", role: .member)
                #expect(ability.can(action, member) == expected, "\(action) member of \(household)")
            }
            #expect(ability.canManageMembers(in: household) == (role == .owner || role == .admin))
        }
    }

    @Test("an admin cannot change or remove the owner's or another admin's membership; an owner can")
    func ownerAndAdminMembershipsAreProtected() throws {
        let reason =
            "Admins manage members, not the owner or other admins; ask the owner to change an admin's or the owner's membership."
        for role in [PantryPermissions.Role.owner, .admin] {
            let inAdministered = PantryPermissions.member(householdId: "administered", userId: "u9", role: role)
            let inOwned = PantryPermissions.member(householdId: "owned", userId: "u9", role: role)
            for action in ["update", "delete"] {
                #expect(!ability.can(action, inAdministered), "\(action) \(role)")
                #expect(ability.can(action, inOwned), "\(action) \(role)")
                #expect(throws: PermissionError(.forbidden, reason, ruleIndex: 7)) {
                    try ability.authorize(action, inAdministered)
                }
            }
            #expect(ability.can("read", inAdministered))
        }
        #expect(
            ability.can("update", PantryPermissions.member(householdId: "administered", userId: "u9", role: .member)))
        #expect(
            ability.can("delete", PantryPermissions.member(householdId: "administered", userId: "u9", role: .member)))
    }

    @Test("an admin cannot delete the household; the owner can")
    func onlyTheOwnerDeletes() throws {
        #expect(
            throws: PermissionError(
                .forbidden, "Only the owner can delete a household; ask the owner, or leave it.", ruleIndex: 8)
        ) {
            try ability.authorize("delete", PantryPermissions.household(id: "administered"))
        }
        #expect(ability.can("update", PantryPermissions.household(id: "administered")))
        #expect(ability.can("delete", PantryPermissions.household(id: "owned")))
    }

    @Test("pantry items, shopping list items and recipes: every member does everything, others nothing")
    func householdContent() {
        let types = [
            PantryPermissions.Subject.pantryItem, PantryPermissions.Subject.shoppingListItem,
            PantryPermissions.Subject.recipe,
        ]
        for (household, role) in Self.roles {
            for type in types {
                for action in Self.actions {
                    let subject = PantryPermissions.householdContent(type, householdId: household)
                    #expect(ability.can(action, subject) == (role != nil), "\(action) \(type) of \(household)")
                }
            }
        }
    }

    @Test("users manage themselves only; anyone may create a household; nothing else is allowed")
    func usersAndTheRest() throws {
        for action in Self.actions {
            #expect(ability.can(action, PantryPermissions.user(id: "u1")), "\(action) self")
            #expect(!ability.can(action, PantryPermissions.user(id: "u2")), "\(action) other user")
            #expect(!ability.can(action, "Message"), "\(action) Message")
            #expect(!ability.can(action, .instance("Message", ["householdId": "owned"])), "\(action) a message")
            #expect(!ability.can(action, "all"), "\(action) all")
        }
        let newcomer = try Ability(rules: PantryPermissions.rules(userId: "u3", memberships: []))
        #expect(newcomer.can("create", "Household"))
        #expect(newcomer.can("create", PantryPermissions.household(id: "new")))
        #expect(!newcomer.canReadHousehold("owned"))
        #expect(!newcomer.canManageMembers(in: "owned"))
        #expect(
            !newcomer.can(
                "read", PantryPermissions.householdContent(PantryPermissions.Subject.recipe, householdId: "owned")))
        #expect(newcomer.can("update", PantryPermissions.user(id: "u3")))
    }

    @Test("the template is filled from the memberships, in the order given, without repeats")
    func filledRules() throws {
        let rules = try PantryPermissions.rules(userId: "u1", memberships: Self.memberships + [Self.memberships[0]])
        #expect(rules.count == PantryPermissions.template.rules.count)
        #expect(rules[0].conditions == ["id": "u1"])
        #expect(rules[2].conditions == ["id": ["$in": ["owned", "administered", "joined"]]])
        #expect(rules[5].conditions == ["id": ["$in": ["owned", "administered"]]])
        #expect(rules[6].conditions == ["household_id": ["$in": ["owned", "administered"]]])
        #expect(
            rules[7].conditions == ["household_id": ["$in": ["administered"]], "role": ["$in": ["owner", "admin"]]])
        #expect(rules[8].conditions == ["id": ["$in": ["administered"]]])
    }

    @Test("the version stays while the memberships stay, and changes with a role")
    func version() throws {
        let first = try PantryPermissions.permissions(userId: "u1", memberships: Self.memberships)
        #expect(try PantryPermissions.permissions(userId: "u1", memberships: Self.memberships).version == first.version)
        let promoted = [PantryPermissions.Membership(householdId: "joined", role: .admin)] + Self.memberships.dropLast()
        #expect(try PantryPermissions.permissions(userId: "u1", memberships: promoted).version != first.version)
        #expect(try PantryPermissions.permissions(userId: "u2", memberships: Self.memberships).version != first.version)
    }

    @Test("canManageMembers also holds through a HouseholdMember rule on the snake_case household_id")
    func manageMembersThroughMemberRule() throws {
        let ability = try Ability(rules: [
            PermissionRule("manage", "HouseholdMember", conditions: ["household_id": "h1"])
        ])
        #expect(ability.canManageMembers(in: "h1"))
        #expect(!ability.canManageHousehold("h1"))
        #expect(!ability.canManageMembers(in: "h2"))
        let camelCase = try Ability(rules: [
            PermissionRule("manage", "HouseholdMember", conditions: ["householdId": "h1"])
        ])
        #expect(!camelCase.canManageMembers(in: "h1"))
    }
}
