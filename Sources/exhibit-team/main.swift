import ExhibitCommands

// `exhibit-team`: every command, with the S3 client for the team's evidence store.
await Exhibit.main(opener: S3StoreOpener())
