import Foundation
import Yams

/// An audit's report as OpenACR (GSA's machine-readable VPAT): YAML valid against the OpenACR
/// 0.1.0 schema and the VPAT 2.5 WCAG 2.2 catalog, written through Yams' encoder so every string
/// that YAML would read as something else (a criterion number, a date) is quoted.
public struct OpenACRDocument: Encodable {
  /// Who wrote the report: OpenACR requires an e-mail address.
  public struct Author: Sendable, Equatable, Codable {
    public let name: String?
    public let email: String

    /// `Ada Lovelace <ada@example.org>`, or an address alone.
    /// - Throws: ``ConformanceError/authorWithoutEmail(_:)``.
    public init(parsing text: String) throws {
      let trimmed = text.trimmingCharacters(in: .whitespaces)
      if let open = trimmed.lastIndex(of: "<"), trimmed.hasSuffix(">") {
        let email = String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
        let name = trimmed[..<open].trimmingCharacters(in: .whitespaces)
        guard Self.looksLikeEmail(email) else { throw ConformanceError.authorWithoutEmail(text) }
        self.name = name.isEmpty ? nil : name
        self.email = email
      } else {
        guard Self.looksLikeEmail(trimmed) else { throw ConformanceError.authorWithoutEmail(text) }
        self.name = nil
        self.email = trimmed
      }
    }

    /// An author from its parts, as a bag's manifest records it.
    init(name: String?, email: String) {
      self.name = name
      self.email = email
    }

    /// `Ada Lovelace <ada@example.org>`, or the address alone.
    public var description: String { name.map { "\($0) <\(email)>" } ?? email }

    static func looksLikeEmail(_ text: String) -> Bool {
      let parts = text.split(separator: "@", omittingEmptySubsequences: false)
      return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !text.contains(" ")
    }
  }

  struct Product: Encodable {
    let name: String
    let version: String?
  }

  struct Adherence: Encodable {
    let level: String
    let notes: String
  }

  struct ComponentEntry: Encodable {
    let name: String
    let adherence: Adherence
  }

  struct Criterion: Encodable {
    let num: String
    let components: [ComponentEntry]
  }

  struct Chapter: Encodable {
    let notes: String?
    let criteria: [Criterion]
  }

  /// The report's chapters by OpenACR's key, in the edition's order.
  struct Chapters: Encodable {
    let entries: [(key: String, chapter: Chapter)]

    private struct Key: CodingKey {
      let stringValue: String
      var intValue: Int? { nil }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Key.self)
      for entry in entries { try container.encode(entry.chapter, forKey: Key(stringValue: entry.key)) }
    }
  }

  /// The catalog the WCAG edition's report is made for: VPAT 2.5, WCAG 2.2 edition.
  public static let catalog = ACREdition.wcag.catalog

  let title: String
  let product: Product
  let author: Author
  let reportDate: String
  let version: Int
  let notes: String
  let evaluationMethodsUsed: String
  let license: String
  let catalog: String
  let chapters: Chapters

  private enum CodingKeys: String, CodingKey {
    case title, product, author, version, notes, license, catalog, chapters
    case reportDate = "report_date"
    case evaluationMethodsUsed = "evaluation_methods_used"
  }

  /// The report of `audit` from its draft in `edition`, written on `date` (YYYY-MM-DD) by
  /// `author`; `provisional` (an open audit's report, outside a bag) says so first in its notes.
  /// `evaluationMethods` is the report's Evaluation Methods Used (``ACRMethods/description``);
  /// nil gives the one sentence bags of layouts 1 to 5 carry.
  public init(
    audit: ACRHeading, draft: ACRDraft, author: Author, date: String, version: Int = 1,
    provisional: Bool = false, edition: ACREdition = .wcag, evaluationMethods: String? = nil
  ) {
    title = "\(audit.product) Accessibility Conformance Report"
    product = Product(name: audit.product, version: audit.release)
    self.author = author
    reportDate = date
    self.version = version
    notes =
      (provisional ? ACRHeading.provisionalNotice(audit) + " " : "")
      + "Drafted by Exhibit \(Exhibit.version) from the verdicts of audit \(audit.audit) (\(audit.name), \(audit.state.rawValue)); "
      + "levels an auditor set are marked as decided in the readable report. Criteria with no level were not evaluated."
      + (edition == .wcag ? "" : " \(edition.title): \(edition.against).")
    evaluationMethodsUsed = evaluationMethods ?? ACRMethods(draft: draft).summarySentence
    license = "CC-BY-4.0"
    catalog = edition.catalog
    chapters = Chapters(
      entries: [
        ("success_criteria_level_a", Self.chapter(.a, draft)),
        ("success_criteria_level_aa", Self.chapter(.aa, draft)),
      ] + edition.chapters.map { ($0.id, Self.chapter($0, draft)) })
  }

  /// A WCAG table: each criterion's level for each component type that has one.
  private static func chapter(_ level: SuccessCriterion.Level, _ draft: ACRDraft) -> Chapter {
    let rows = draft.rows(at: level)
    var criteria: [Criterion] = []
    for criterion in WCAG22.criteria(at: level) {
      let components = rows.filter { $0.criterion.number == criterion.number }.compactMap {
        row -> ComponentEntry? in
        guard let level = row.level else { return nil }
        return ComponentEntry(
          name: row.componentType.rawValue,
          adherence: Adherence(level: level.rawValue, notes: row.reportedRemarks))
      }
      if !components.isEmpty { criteria.append(Criterion(num: criterion.number, components: components)) }
    }
    let missing = rows.filter { $0.level == nil }.count
    return Chapter(
      notes: missing == 0
        ? nil
        : "\(missing) criterion and component pairs were not evaluated: nothing necessary to them was tested.",
      criteria: criteria)
  }

  /// A Section 508 or EN 301 549 chapter: each criterion's level for the product (the catalog's
  /// only component for them, `none`), from its rows for every component type.
  private static func chapter(_ chapter: ACRChapter, _ draft: ACRDraft) -> Chapter {
    let rows = draft.clauses(in: chapter)
    var criteria: [Criterion] = []
    var missing = 0
    var partly: [String] = []
    for clause in chapter.clauses {
      let mine = rows.filter { $0.clause == clause }
      let (level, notes) = ACRDraft.productLevel(mine)
      guard let level else {
        missing += 1
        if mine.contains(where: { $0.level != nil }) {
          let levels = mine.map { "\($0.componentType.label) \($0.level?.label ?? "not evaluated")" }
          partly.append("\(clause.number) (\(levels.joined(separator: ", ")))")
        }
        continue
      }
      criteria.append(
        Criterion(
          num: clause.number,
          components: [
            ComponentEntry(name: "none", adherence: Adherence(level: level.rawValue, notes: notes))
          ]))
    }
    var notes: [String] = []
    if let wcag = ACRChapterNotes.standsForWCAG[chapter.id] { notes.append(wcag) }
    if missing > 0 {
      notes.append(
        partly.isEmpty
          ? "\(missing) of its \(chapter.clauses.count) criteria were not evaluated: no evidence of the audit speaks to them."
          : "\(missing) of its \(chapter.clauses.count) criteria have no level for the product: no evidence speaks to "
            + "them, or not to every component type the audit covers (\(partly.joined(separator: "; "))).")
    }
    return Chapter(notes: notes.isEmpty ? nil : notes.joined(separator: " "), criteria: criteria)
  }

  /// The YAML text.
  /// - Throws: Yams' encoding error (not expected for these types).
  public func yaml() throws -> String {
    try YAMLEncoder().encode(self)
  }
}
