import ExhibitCommands

// `exhibit-team`: every command, with the S3 client for the team's evidence store and the
// PostgreSQL client for a team's catalogue, and the GitHub and Jira clients for filing findings.
await Exhibit.main(
  opener: S3StoreOpener(), catalogueOpener: PostgresCatalogueOpener(), trackerOpener: TrackerClientOpener())
