import ArgumentParser

/// `exhibit recordings list | show | set`
struct RecordingsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "recordings", abstract: "List, show and correct catalogued recordings.",
    subcommands: [RecordingsList.self, RecordingsShow.self, RecordingsSet.self])
}
