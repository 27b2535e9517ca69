import ArgumentParser

/// `exhibit recordings list | show | set | speech`
struct RecordingsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "recordings",
    abstract: "List, show and correct catalogued recordings, and import their speech logs.",
    subcommands: [RecordingsList.self, RecordingsShow.self, RecordingsSet.self, RecordingsSpeech.self])
}
