import Crypto
import Foundation

/// What `exhibit bundle` was asked for.
public struct BundleRequest: Sendable {
  /// The component as a user names it (`native/checkbox`, a bare slug or an alias).
  public var component: String
  public var platform: Platform
  /// The folder the bag (or zip) is created in.
  public var outFolder: String
  public var zip: Bool
  /// `YYYY-MM-DD`; today (UTC) when nil.
  public var date: String?
  /// What was tested: product, build, URL or app.
  public var tested: BundleContents.TestedProduct
  /// The workspace's signing key file (see ``SigningKey``): the bag is signed with it, and it is
  /// made when missing. Nil for an unsigned bag.
  public var signingKeyPath: String?
  /// Refuse to sign with a key file others can read, instead of warning.
  public var strict = false
  /// The audit whose verdicts the bundle holds, as a user names it; nil for the one in use.
  public var audit: String?
  /// Gives a local copy of each recording and caption file, fetched from the workspace's
  /// evidence store, for the bag to be made from; nil to read the catalogued paths.
  public var localCopy: LocalCopy?

  /// Makes a local copy of a stored object and returns its path; throws when it cannot.
  public typealias LocalCopy =
    @Sendable (_ sha256: String, _ kind: StoredObjectKind, _ size: Int64?) throws
    -> String
  /// Whether a bag or zip named `name` (`NAME` or `NAME.zip`) is already where the bundle is
  /// going beyond the output folder (an evidence store's exports), so the next name is taken;
  /// nil when the output folder is the destination.
  public var nameTaken: (@Sendable (_ name: String) throws -> Bool)?

  /// Creates a request.
  public init(
    component: String, platform: Platform, outFolder: String, zip: Bool = false, date: String? = nil,
    tested: BundleContents.TestedProduct = BundleContents.TestedProduct(), signingKeyPath: String? = nil
  ) {
    self.component = component
    self.platform = platform
    self.outFolder = outFolder
    self.zip = zip
    self.date = date
    self.tested = tested
    self.signingKeyPath = signingKeyPath
  }
}

/// What `exhibit bundle` made, as `bundle --json` prints it.
public struct BundleResult: Sendable, Equatable, Encodable {
  /// The bag folder or zip; where it was stored when it was written to an evidence store.
  public internal(set) var path: String
  /// Files in the bag, payload and tag files.
  public let files: Int
  /// Bytes of the bag's files, or of the zip.
  public let bytes: Int64
  /// The zip's SHA-256; nil for a folder.
  public let sha256: String?
  /// Items still needing a verdict.
  public let gaps: [String]
  /// `pass`, `fail` or `incomplete` (see ``BundleContents/overallStatus``).
  public let overallStatus: String
  /// The signing key's fingerprint, nil for an unsigned bag.
  public let signedBy: String?
  /// Why a bag that was to be signed is not (the key could not be read or made).
  public internal(set) var unsignedBecause: String?
  /// What the signer should know: a key file others can read.
  public internal(set) var warnings: [String] = []
  /// What the bag holds, as it was gathered for it (not printed by `bundle --json`).
  public let contents: BundleContents

  private enum CodingKeys: String, CodingKey {
    case path, files, bytes, sha256, gaps, overallStatus, signedBy, unsignedBecause
  }

  /// This result with the bag or zip at `path`, where it was moved or stored after it was made.
  public func moved(to path: String) -> BundleResult {
    var result = self
    result.path = path
    return result
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(path, forKey: .path)
    try container.encode(files, forKey: .files)
    try container.encode(bytes, forKey: .bytes)
    try container.encode(sha256, forKey: .sha256)
    try container.encode(gaps, forKey: .gaps)
    try container.encode(overallStatus, forKey: .overallStatus)
    try container.encode(signedBy, forKey: .signedBy)
    try container.encodeIfPresent(unsignedBecause, forKey: .unsignedBecause)
  }
}

/// Exports evidence bundles: a BagIt 1.0 bag per component and platform, optionally zipped.
///
/// The bag is built in a hidden sibling folder, every file synced, then renamed into place
/// without replacing anything; a zip is written beside it the same way. Recordings and captions
/// are hashed while they are copied and must still have the catalogued SHA-256.
public enum EvidenceBundler {
  /// Exports one bundle of what `gather` returns for the bundle's date; ``export(_:from:)``
  /// gathers it from a workspace, after checking its audit trail.
  /// - Throws: ``BundleError``, or what `gather` throws; nothing is left at the target then.
  static func export(_ request: BundleRequest, gather: (_ date: String) throws -> BundleContents) throws
    -> BundleResult
  {
    let date = try request.date.map(validated) ?? today()
    // A workspace that cannot hold a key (read-only) still exports, unsigned, and says why.
    var signingKey: Curve25519.Signing.PrivateKey?
    var unsignedBecause: String?
    var warnings: [String] = []
    if let keyPath = request.signingKeyPath {
      if let exposure = SigningKey.exposure(at: keyPath) {
        if request.strict {
          throw BundleError.io(path: keyPath, reason: "not signed with it (--strict): " + exposure)
        }
        warnings.append(exposure)
      }
      do { signingKey = try SigningKey.loadOrCreate(at: keyPath) } catch { unsignedBecause = "\(error)" }
    }
    var contents = try gather(date)
    if let localCopy = request.localCopy { try contents.readLocalCopies(from: localCopy) }
    let out = URL(fileURLWithPath: request.outFolder).standardizedFileURL.path
    // A second export of the same day is `NAME.2`, then `.3`: nothing in the way is replaced,
    // and the same state, date and sequence give the same bytes.
    let baseName = contents.name
    let suffix = request.zip ? ".zip" : ""
    var final = (out as NSString).appendingPathComponent(contents.name + suffix)
    var sequence = 1
    while try FileManager.default.fileExists(atPath: final) || isSymbolicLink(final)
      || request.nameTaken?(contents.name + suffix) ?? false
    {
      sequence += 1
      guard sequence <= maximumSequence else { throw BundleError.targetExists(final) }
      contents.name = "\(baseName).\(sequence)"
      final = (out as NSString).appendingPathComponent(contents.name + suffix)
    }
    // A zip is built in a locked hidden folder too; ones left by killed exports are swept.
    let buildingFolder = request.zip ? try StagingFolder(beside: final, kind: "building") : nil
    let building = buildingFolder?.path
    defer {
      if let building { try? FileManager.default.removeItem(atPath: building) }
      buildingFolder?.release()
    }
    do {
      var result = try build(contents, at: final, building: building, date: date, signingKey: signingKey)
      result.unsignedBecause = unsignedBecause
      result.warnings = warnings
      return result
    } catch BundleError.io(let path, let reason) where building.map({ path.hasPrefix($0) }) ?? false {
      // Name the zip asked for, not the hidden folder it was being built in.
      throw BundleError.io(path: final, reason: reason)
    }
  }

  /// Writes the bag at `final`, or, given a building folder, the bag in it and then the zip at `final`.
  private static func build(
    _ contents: BundleContents, at final: String, building: String?, date: String,
    signingKey: Curve25519.Signing.PrivateKey?
  ) throws -> BundleResult {
    let signedBy = signingKey.map { BagSignature.fingerprint(of: $0.publicKey.rawRepresentation) }
    let out = (final as NSString).deletingLastPathComponent
    let bagPath = building.map { ($0 as NSString).appendingPathComponent(contents.name) } ?? final
    let entries = try writeBag(contents, to: bagPath, signingKey: signingKey)
    guard let building else {
      return BundleResult(
        path: final, files: entries.count, bytes: entries.reduce(0) { $0 + $1.size }, sha256: nil,
        gaps: contents.gaps, overallStatus: contents.overallStatus.rawValue, signedBy: signedBy,
        contents: contents)
    }
    let partial = (building as NSString).appendingPathComponent("bag.zip")
    let parts = date.split(separator: "-").compactMap { Int($0) }
    try StoredZip.write(
      files: entries.map(\.path), root: bagPath, prefix: contents.name,
      date: DateComponents(year: parts[0], month: parts[1], day: parts[2]), to: partial)
    let sha: String
    do { sha = try FileHasher().hash(partial).sha256 } catch {
      throw BundleError.io(path: partial, reason: "\(error)")
    }
    let size = (try? FileManager.default.attributesOfItem(atPath: partial)[.size] as? Int64) ?? 0
    CrashPoint.rename.reach()
    try AtomicFiles.renameWithoutReplacing(partial, to: final)
    try AtomicFiles.sync(out)
    return BundleResult(
      path: final, files: entries.count, bytes: size, sha256: sha, gaps: contents.gaps,
      overallStatus: contents.overallStatus.rawValue, signedBy: signedBy, contents: contents)
  }

  /// Writes the bag's payload and tag files and moves it to `path`.
  static func writeBag(
    _ contents: BundleContents, to path: String, signingKey: Curve25519.Signing.PrivateKey? = nil
  ) throws -> [BagWriter.Entry] {
    let writer = try BagWriter(destination: path)
    let encoder = BundleContents.manifestEncoder
    try writer.write(try encoder.encode(contents), to: "manifest.json")
    try writer.write(Data(ReportPage.render(contents).utf8), to: "report.html")
    try writer.write(Data(contents.feature.utf8), to: "criteria.feature")
    try writer.write(try EARLDocument.render(contents), to: "earl.jsonld")
    if let conformance = try contents.conformanceFiles() {
      try writer.write(conformance.yaml, to: "acr.yaml")
      try writer.write(conformance.html, to: "acr.html")
    }
    try writer.write(try encoder.encode(AuditLogExport(contents)), to: "audit-log.json")
    for recording in contents.recordings {
      try writer.copy(from: recording.source, to: recording.file, expectedSHA256: recording.sha256)
      for caption in recording.captions {
        try writer.copy(from: caption.source, to: caption.file, expectedSHA256: caption.sha256)
      }
      if let heard = recording.heard { try writer.write(Data(heard.text.utf8), to: heard.file) }
    }
    try writeFrames(contents, with: writer)
    // Nothing that verify would reject is signed: the bag is checked as verify checks it (its
    // files already hashed as they were written) before it is moved into place.
    return try writer.finish(info: bagInfo(contents), signingKey: signingKey) { staging, written in
      let hashes = Dictionary(written.map { (Array($0.path.utf8), $0.sha256) }) { first, _ in first }
      let findings = BundleEvidenceCheck.check(
        root: staging, files: written.map(\.path), workspace: nil, fileHashes: hashes, requireSignature: false
      )
      let failed = findings.problems.map { "\($0.path): \($0.problem)" }
      if !failed.isEmpty { throw BundleError.untrustworthyWorkspace(problems: failed) }
    }
  }

  /// Writes each frame the manifest names (``BundleContents/Frame``), decoded from the recording
  /// being bundled at its second, as PNG at the recording's size.
  /// - Throws: ``BundleError/io(path:reason:)`` naming the recording and the link when a frame
  ///   cannot be decoded, or the library that cannot be loaded.
  private static func writeFrames(_ contents: BundleContents, with writer: BagWriter) throws {
    let recordings = Dictionary(contents.recordings.map { ($0.sha256, $0) }) { first, _ in first }
    for frame in contents.frames ?? [] {
      guard let recording = recordings[frame.recording] else { continue }
      let still: StillFrame
      do {
        still = try FrameDecoder().boxedFrame(
          of: recording.source, atSeconds: frame.atSeconds, durationSeconds: recording.durationSeconds)
      } catch let error as ProbeError {
        throw BundleError.io(
          path: recording.source,
          reason:
            "no still frame at \(SegmentTime.text(frame.atSeconds)) s for link \(frame.link): \(error.reason)"
        )
      }
      try writer.write(Data(still.png), to: frame.file)
    }
  }

  /// The bag-info fields Exhibit writes for `contents` (Payload-Oxum aside, which the writer
  /// adds): `exhibit verify` renders them again from the bag's manifest and compares.
  static func bagInfo(_ contents: BundleContents) -> [(String, String)] {
    [
      ("Bagging-Date", contents.date),
      ("Bag-Software-Agent", "Exhibit \(Exhibit.version)"),
      ("External-Identifier", "urn:exhibit:bundle:\(contents.name):\(contents.auditHead.prefix(16))"),
      ("Bag-Group-Identifier", contents.component),
      (
        "Internal-Sender-Description",
        "Accessibility evidence for \(contents.component) on \(contents.platform.rawValue)"
      ),
      ("Exhibit-Component", contents.component),
      ("Exhibit-Platform", contents.platform.rawValue),
      (
        "Exhibit-Criteria-Revision",
        "\(contents.criteriaRevision) (\(contents.criteriaFormat), \(contents.criteriaSha256))"
      ),
      ("Exhibit-Auditors", contents.auditors.isEmpty ? "none" : contents.auditors.joined(separator: ", ")),
      ("Exhibit-Audit-Head", contents.auditHead),
      ("Exhibit-Overall-Status", contents.overallStatus.rawValue),
    ] + testedInfo(contents.tested) + auditInfo(contents.audit)
  }

  /// The audit's bag-info fields; none for a bag made before audits.
  static func auditInfo(_ audit: BundleContents.AuditInfo?) -> [(String, String)] {
    guard let audit else { return [] }
    return [
      ("Exhibit-Audit", String(audit.id)), ("Exhibit-Audit-Product", audit.product),
      ("Exhibit-Audit-Release", audit.release), ("Exhibit-Audit-State", audit.state.rawValue),
    ] + (audit.from.map { [("Exhibit-Audit-Retest-Of", "\($0.id) (\($0.handle))")] } ?? [])
  }

  /// `audit-log.json`: the events and the chain head at export.
  struct AuditLogExport: Encodable {
    let auditHead: String
    let note: String
    let events: [AuditEvent]

    init(_ contents: BundleContents) {
      auditHead = contents.auditHead
      note =
        "Each event's hash is SHA-256 over its previous_hash and content; audit_head was the newest "
        + "hash in the database when the bundle was made."
      events = contents.auditEvents
    }
  }

  static func validated(_ text: String) throws -> String {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    // Digits only: Int("+1") would read a sign.
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
      (1980...2107).contains(year), (1...12).contains(month), (1...31).contains(day)
    else { throw BundleError.badDate(text) }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
    guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day)),
      calendar.component(.day, from: date) == day
    else { throw BundleError.badDate(text) }
    return text
  }

  static func today() -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd"
    return formatter.string(from: Date())
  }
}

extension EvidenceBundler {
  /// The most exports of one component, platform and day before a name is refused.
  static let maximumSequence = 999

  /// Whether `path` is a symbolic link (dangling or not): it stands in the way like a file.
  static func isSymbolicLink(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0
  }
}

extension EvidenceBundler {
  /// bag-info lines for what was tested, for the fields the auditor gave.
  static func testedInfo(_ tested: BundleContents.TestedProduct) -> [(String, String)] {
    [
      ("Exhibit-Product", tested.product), ("Exhibit-Product-Build", tested.build),
      ("Exhibit-Tested-URL", tested.url),
    ]
    .compactMap { label, value in
      value.map { (label, $0.replacingOccurrences(of: "\n", with: " ")) }
    }
  }
}
