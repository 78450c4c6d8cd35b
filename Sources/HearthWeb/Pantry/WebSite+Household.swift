import Foundation
import HearthCloudModel
import HearthCore
import HearthPantryModel
import Hummingbird

/// A household's settings: its name, invite codes, members and their roles, leaving it.
extension WebSite {
    func registerHouseholdSettings<Context: WebRequestContext>(on router: Router<Context>) {
        router.get("/pantry/:household/settings") { request, context in
            await page(request, context) { visit, caller in
                try await settingsPage(
                    try context.parameters.id("household"), visit: visit, userID: caller.userRecordName,
                    notice: request.uri.queryParameters["notice"].map(String.init))
            }
        }
        router.post("/pantry/:household/rename") { request, context in
            await form(request, context) { visit, caller, form in
                let id = try context.parameters.id("household")
                let viewer = try visit.signedInViewer()
                guard let name = form["name"] else {
                    var errors = FormErrors()
                    errors.add("name", "A household needs a name.")
                    return try await settingsPage(
                        id, visit: visit, userID: caller.userRecordName, errors: errors, status: .unprocessableContent)
                }
                _ = try await pantry.perform(
                    UpdateHouseholdMutation(
                        id: id, input: HouseholdFields(name: name, description: form["description"])), as: viewer)
                throw WebRedirect(location: "/pantry/\(id)/settings?notice=renamed")
            }
        }
        router.post("/pantry/:household/invites") { request, context in
            await form(request, context) { visit, _, _ in
                let id = try context.parameters.id("household")
                let viewer = try visit.signedInViewer()
                _ = try await pantry.perform(CreateInviteMutation(householdId: id), as: viewer)
                throw WebRedirect(location: "/pantry/\(id)/settings?notice=invited")
            }
        }
        router.post("/pantry/:household/invites/revoke") { request, context in
            await form(request, context) { visit, _, form in
                let id = try context.parameters.id("household")
                let viewer = try visit.signedInViewer()
                _ = try await pantry.perform(RevokeInviteMutation(code: form["code"] ?? ""), as: viewer)
                throw WebRedirect(location: "/pantry/\(id)/settings?notice=revoked")
            }
        }
        router.post("/pantry/:household/members/:member/role") { request, context in
            await form(request, context) { visit, _, form in
                let id = try context.parameters.id("household")
                let viewer = try visit.signedInViewer()
                guard let role = form["role"].flatMap(MemberRole.init(rawValue:)), role != .owner else {
                    throw ServiceError.validationFailed([
                        "Choose admin or member; to hand over the household, ask the owner to transfer it."
                    ])
                }
                _ = try await pantry.perform(
                    UpdateMemberRoleMutation(memberId: try context.parameters.id("member"), role: role), as: viewer
                )
                throw WebRedirect(location: "/pantry/\(id)/settings?notice=role")
            }
        }
        router.post("/pantry/:household/members/:member/remove") { request, context in
            await form(request, context) { visit, _, _ in
                let id = try context.parameters.id("household")
                let viewer = try visit.signedInViewer()
                _ = try await pantry.perform(
                    RemoveMemberMutation(memberId: try context.parameters.id("member")), as: viewer)
                throw WebRedirect(location: "/pantry/\(id)/settings?notice=removed")
            }
        }
        router.post("/pantry/:household/leave") { request, context in
            await form(request, context) { visit, _, _ in
                let viewer = try visit.signedInViewer()
                _ = try await pantry.perform(
                    LeaveHouseholdMutation(householdId: try context.parameters.id("household")), as: viewer)
                throw WebRedirect(location: "/pantry?notice=left")
            }
        }
    }

    func settingsPage(
        _ id: String, visit: WebVisit, userID: String, notice: String? = nil, errors: FormErrors = FormErrors(),
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let viewer = try visit.signedInViewer()
        let household = try await pantry.perform(HouseholdSettingsQuery(id: id), as: viewer)
        let manages = household.myRole?.canManage ?? false
        let notices = [
            "renamed": "Saved.", "invited": "A new invite code is ready; send it to whoever should join.",
            "revoked": "The code no longer works.",
            "role": "The role is changed.", "removed": "The member is removed.",
        ]
        var values: [String: Any] = [
            "title": "\(household.name): settings", "section": ["pantry": true],
            "household": ["id": household.id, "name": household.name],
            "tab": ["settings": true], "name": household.name, "description": household.description ?? "",
            "manages": manages,
            "isOwner": household.myRole == .owner, "myRole": household.myRole?.displayName ?? "",
            "members": household.members.map { member -> [String: Any] in
                [
                    "id": member.id, "name": member.user?.name ?? member.userId, "email": member.user?.email ?? "",
                    "role": member.role.displayName,
                    "isOwner": member.role == .owner, "isYou": member.userId == userID,
                    "canChange": manages && member.role != .owner && member.userId != userID,
                    "isAdmin": member.role == .admin,
                ]
            },
            "invites": household.invites.map {
                ["code": $0.code, "expires": $0.expiresAt.formatted(.iso8601.year().month().day())]
            },
            "notice": notice.flatMap { notices[$0] } ?? "",
        ]
        values.merge(errors.templateValues) { $1 }
        return try render("pantry/settings", values, visit: visit, status: status)
    }
}
