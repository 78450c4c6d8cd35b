import ArgumentParser

/// `hearth APP sync`: a round of sync (the default), or `status`.
struct SyncCommand<App: SyncStatusApp>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "sync", abstract: App.abstract, discussion: App.discussion,
            subcommands: [SyncRunCommand<App>.self, SyncStatusCommand<App>.self],
            defaultSubcommand: SyncRunCommand<App>.self)
    }
}
