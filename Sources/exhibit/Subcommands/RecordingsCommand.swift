import ArgumentParser

/// `exhibit recordings list | show`
struct RecordingsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "recordings", abstract: "List and show catalogued recordings.",
    subcommands: [RecordingsList.self, RecordingsShow.self])
}
