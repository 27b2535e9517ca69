import ArgumentParser
import ExhibitKit
import ExhibitModel
import Foundation

/// `exhibit migrate --to postgres://… | --to PATH --from postgres://… | --media-to s3://…`: moves
/// a workspace's catalogue to PostgreSQL or back, and its evidence to the team's store.
struct Migrate: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "migrate",
    abstract:
      "Copy the catalogue to PostgreSQL or back, or move the recordings to the team's evidence store.",
    discussion: """
      --to postgres://… copies the workspace's catalogue (--db) into an empty PostgreSQL database, \
      making its schema when missing; run it as the role to own the schema, then `exhibit init \
      --grant ROLE`. --to PATH --from postgres://… copies a PostgreSQL catalogue into a new SQLite \
      file. Every row is copied as it is, ids and the audit chain included; the source's chain must \
      verify, the copy is checked row by row and its chain's head is the source's. A catalogue holding \
      what PostgreSQL cannot keep yet (links, products, audits) is refused, naming it. \
      --media-to uploads every recording and caption file catalogued at a present path that the \
      store does not hold yet, each checked against its catalogued SHA-256, and records it as held; \
      a second run sends only what the first could not. Afterwards catalog, bundle and serve with \
      --media (or $EXHIBIT_MEDIA) set to the same store read the recordings from it. The bucket must \
      exist; the key comes from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY or ~/.aws/credentials.
      """)

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Option(name: .customLong("media-to"), help: "The evidence store, s3://bucket[/prefix].")
  var mediaTo: String?
  @Option(
    help: "Copy the catalogue into this empty database: a postgres:// URL, or with --from a SQLite file.")
  var to: String?
  @Option(help: "With --to PATH: the PostgreSQL catalogue to copy (a postgres:// URL).")
  var from: String?

  /// What a copy of the catalogue did.
  struct TransferReport: Encodable {
    /// The source and the copy, URLs without their passwords.
    let from: String
    let to: String
    /// Rows copied, by table.
    let rows: [String: Int]
    let auditEvents: Int
    /// The chain's head, the same in both.
    let headHash: String
  }

  /// `--media-to` and `--to` together.
  struct BothReports: Encodable {
    let media: EvidenceUpload
    let catalogue: TransferReport
  }

  func validate() throws {
    guard mediaTo != nil || to != nil else {
      throw ValidationError(
        "give --to (a postgres:// URL, or a SQLite file with --from), --media-to, or both")
    }
    if let from, !DatabaseURL.isPostgres(from) {
      throw ValidationError(
        "--from takes the postgres:// URL of the catalogue to copy into the SQLite file --to")
    }
    if let to, !DatabaseURL.isPostgres(to), from == nil {
      throw ValidationError(
        "--to \(to): a SQLite file is copied into from a PostgreSQL catalogue (--from postgres://…); "
          + "to copy this workspace to PostgreSQL, give --to postgres://…")
    }
    if let to, DatabaseURL.isPostgres(to), from != nil {
      throw ValidationError("--from copies a PostgreSQL catalogue into a SQLite file: --to takes its path")
    }
    if from != nil && mediaTo != nil {
      throw ValidationError("--media-to moves a SQLite workspace's recordings; it does not go with --from")
    }
  }

  func run() async throws {
    try await reportingFailures {
      var upload: EvidenceUpload?
      var transfer: TransferReport?
      if let mediaTo {
        upload = try await uploadMedia(to: mediaTo)
      }
      if let to {
        if let from {
          transfer = try await copy(from: from, toFile: to)
        } else {
          transfer = try await copyToServer(to)
        }
      }
      if output.json {
        if let upload, let transfer {
          try Console.json(BothReports(media: upload, catalogue: transfer))
        } else if let upload {
          try Console.json(upload)
        } else if let transfer {
          try Console.json(transfer)
        }
      } else {
        if let upload {
          Console.out("\(upload.stored) files stored in \(upload.location), \(upload.problems.count) failed")
        }
        if let transfer {
          Console.out(
            "copied \(transfer.rows.values.reduce(0, +)) rows of \(transfer.rows.count) tables from "
              + "\(transfer.from) to \(transfer.to); audit chain of \(transfer.auditEvents) events, "
              + "head \(transfer.headHash)")
        }
      }
      if let upload, !upload.problems.isEmpty { throw ExitCode.failure }
    }
  }

  private func uploadMedia(to mediaTo: String) async throws -> EvidenceUpload {
    guard !mediaTo.isEmpty else {
      throw ValidationError("--media-to takes s3://bucket or s3://bucket/prefix")
    }
    let upload = try await MediaOptions.withStorage(named: mediaTo) { storage in
      guard let storage else { throw ValidationError("--media-to takes s3://bucket or s3://bucket/prefix") }
      return try await global.openForReading().storeEvidence(in: storage)
    }
    for problem in upload.problems { Console.error(problem.description) }
    return upload
  }

  /// The workspace's SQLite catalogue into the empty PostgreSQL one `url` names.
  private func copyToServer(_ url: String) async throws -> TransferReport {
    guard !global.isServerDatabase else {
      throw ValidationError(
        "--to postgres://… copies a SQLite workspace: --db (or $EXHIBIT_DB) names its file")
    }
    let opener = Exhibit.catalogueOpener
    try opener.prepare()
    // The source is checked before anything is made in the database.
    let source = try global.openForReading()
    defer { try? source.close() }
    let rows = try Self.checkedRows(of: source)
    let head = try source.verifyAuditChain().headHash
    _ = try await opener.initialize(url: url, grantingTo: nil)
    let copied = try await opener.withCatalogue(url: url) { catalogue in
      try await catalogue.insertCatalogueRows(rows)
      return (try await catalogue.catalogueRows(), try await catalogue.verifyAuditChain(), catalogue.location)
    }
    return try Self.report(
      rows, copied: copied.0, chain: copied.1, head: head, from: source.path, to: copied.2)
  }

  /// The PostgreSQL catalogue `url` names into a new SQLite file at `path`.
  private func copy(from url: String, toFile path: String) async throws -> TransferReport {
    let (rows, chain, location) = try await Exhibit.catalogueOpener.withCatalogue(url: url) { catalogue in
      (try await catalogue.catalogueRows(), try await catalogue.verifyAuditChain(), catalogue.location)
    }
    if let problem = chain.problems.first {
      throw WorkspaceError.brokenChain(location, problem: "\(problem.path): \(problem.problem)")
    }
    let target = try Store.open(at: path, access: .write)
    defer { try? target.close() }
    try target.insertCatalogueRows(rows)
    return try Self.report(
      rows, copied: try target.catalogueRows(), chain: try target.verifyWorkspace(), head: chain.headHash,
      from: location, to: path)
  }

  /// The source's rows, once its audit chain and tables verify.
  private static func checkedRows(of source: Store) throws -> CatalogueRows {
    let verified = try source.verifyWorkspace()
    if let problem = verified.problems.first {
      throw WorkspaceError.brokenChain(source.path, problem: "\(problem.path): \(problem.problem)")
    }
    return try source.catalogueRows()
  }

  /// The report of a copy checked row by row, its chain verified with the source's head.
  private static func report(
    _ rows: CatalogueRows, copied: CatalogueRows, chain: AuditChainReport, head: String, from: String,
    to: String
  ) throws -> TransferReport {
    guard copied == rows else {
      throw WorkspaceError.copyDiffers(
        to, tables: CatalogueTables.shared.map(\.name).filter { rows[$0] != copied[$0] })
    }
    guard chain.valid, chain.headHash == head else {
      let problem = chain.problems.first.map { "\($0.path): \($0.problem)" } ?? "its head is not the source's"
      throw WorkspaceError.brokenChain(to, problem: problem)
    }
    return TransferReport(
      from: from, to: to, rows: rows.mapValues(\.count), auditEvents: chain.events, headHash: chain.headHash)
  }
}
