/// What a Section 508 or EN 301 549 chapter says of the WCAG tables that stand for part of it,
/// as the VPAT 2.5 International edition has it.
enum ACRChapterNotes {
  /// By OpenACR's chapter key.
  static let standsForWCAG = [
    "en_301_549_web":
      "Clause 9's requirements are WCAG 2.2's: 9.x.y.z is reported as WCAG x.y.z in the WCAG tables (Level A and AA), for web components.",
    "en_301_549_software":
      "Clauses 11.1 to 11.4 apply WCAG 2.2's criteria to software: reported in the WCAG tables, for software components.",
    "en_301_549_non-web-documents":
      "Clauses 10.1 to 10.4 apply WCAG 2.2's criteria to non-web documents, which this audit's evidence does not test.",
    "software":
      "501.1 incorporates WCAG 2.0 Level A and AA for software: reported in the WCAG 2.2 tables, for software components.",
  ]
}
