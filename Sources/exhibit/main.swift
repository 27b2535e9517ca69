import ExhibitCommands

// `exhibit`: every command, with a command that names an evidence store handed to exhibit-team.
await Exhibit.main(opener: TeamBinaryHandOver())
