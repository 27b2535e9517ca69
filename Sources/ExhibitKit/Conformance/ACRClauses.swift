/// The Section 508 and EN 301 549 chapters and criteria of GSA's VPAT 2.5 International edition
/// catalog (`Resources/acr-chapters.tsv` and `acr-clauses.tsv`, written from the catalog by
/// `Scripts/make_acr_clauses.py`: see `Resources/ACR-SOURCE.md`), in the catalog's order.
public enum ACRClauses {
  /// Every chapter, Section 508's then EN 301 549's.
  public static let chapters: [ACRChapter] = parse(
    chapters: String(decoding: PackageResources.acr_chapters_tsv, as: UTF8.self),
    clauses: String(decoding: PackageResources.acr_clauses_tsv, as: UTF8.self))

  /// Every clause of every chapter.
  public static let all: [ACRClause] = chapters.flatMap(\.clauses)

  private static let byNumber = Dictionary(all.map { ($0.number, $0) }) { first, _ in first }

  /// The clause numbered `number` (`302.1`, `11.5.2.5`), if either standard has one.
  public static func clause(_ number: String) -> ACRClause? { byNumber[number] }

  /// The chapters of a standard, in the VPAT's order.
  public static func chapters(of standard: ACRStandard) -> [ACRChapter] {
    chapters.filter { $0.standard == standard }
  }

  /// Chapters from rows of `standard, chapter, label` and their clauses from rows of
  /// `chapter, number, handle`, each after a header line.
  static func parse(chapters: String, clauses: String) -> [ACRChapter] {
    func rows(_ text: String) -> [[String]] {
      TabSeparatedRows.rows(text).filter { $0.count == 3 }
    }
    let clauseRows = rows(clauses)
    return rows(chapters).compactMap { row in
      guard let standard = ACRStandard(rawValue: row[0]) else { return nil }
      return ACRChapter(
        standard: standard, id: row[1], label: row[2],
        clauses: clauseRows.filter { $0[0] == row[1] }.map {
          ACRClause(standard: standard, chapter: row[1], number: $0[1], handle: $0[2])
        })
    }
  }
}
