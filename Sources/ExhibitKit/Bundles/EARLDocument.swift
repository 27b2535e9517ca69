import Foundation

/// The bundle's verdicts as W3C EARL 1.0 assertions in JSON-LD. The test subject is the
/// component on the platform with one screen reader (and browser): an NVDA pass says nothing of
/// JAWS. One assertion per link (asserted by its auditor, with the recording segment as the
/// evidence pointer) and an `untested` one, asserted by Exhibit, for each item and screen reader
/// no link speaks to.
enum EARLDocument {
  // Long: one JSON-LD document, written out in the order it reads.
  static func render(_ contents: BundleContents) throws -> Data {
    let base = "urn:exhibit:bundle:\(contents.name)"
    let subject = "\(base)#subject"
    let tool = "urn:exhibit:assertor:exhibit"
    func test(_ key: String) -> String { "urn:exhibit:criteria:\(key)" }
    func auditor(_ name: String) -> String {
      "urn:exhibit:auditor:"
        + (name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "unknown")
    }
    func columnSubject(_ column: BundleContents.Column) -> String {
      "\(subject)-"
        + [column.assistiveTech ?? "unknown", column.browser].compactMap { $0 }.joined(separator: "-")
    }
    var graph: [[String: Any]] = [
      [
        "@id": subject, "@type": "earl:TestSubject",
        "dct:title": "\(contents.component) on \(contents.platform.rawValue)",
        "dct:description": contents.title,
      ],
      ["@id": tool, "@type": ["earl:Assertor", "earl:Software"], "dct:title": "Exhibit"],
    ]
    for column in contents.columns {
      graph.append([
        "@id": columnSubject(column), "@type": "earl:TestSubject",
        "dct:title": "\(contents.component) on \(contents.platform.rawValue) with \(column.displayName)",
        "dct:isPartOf": ["@id": subject],
      ])
    }
    let recordings = Dictionary(contents.recordings.map { ($0.sha256, $0) }) { first, _ in first }
    for name in contents.auditors {
      graph.append(["@id": auditor(name), "@type": ["earl:Assertor", "foaf:Person"], "foaf:name": name])
    }
    for item in contents.items {
      graph.append([
        "@id": test(item.key), "@type": "earl:TestCriterion", "dct:title": item.label,
        "dct:description": item.expectation,
        "dct:isPartOf": ["@id": "urn:exhibit:criteria:\(contents.component)@\(contents.criteriaRevision)"],
      ])
    }
    // The success criteria the items are necessary to (bags that carry the mapping), each once.
    let necessary = Dictionary(
      contents.items.map { item in
        (
          item.key,
          (item.wcag ?? []).filter { $0.relation == .necessary }.compactMap { WCAG22.criterion($0.criterion) }
        )
      }
    ) { first, _ in first }
    var requirements: [String] = []
    for criterion in contents.items.flatMap({ necessary[$0.key] ?? [] })
    where !requirements.contains(criterion.url) {
      requirements.append(criterion.url)
      graph.append([
        "@id": criterion.url, "@type": "earl:TestRequirement",
        "dct:title":
          "WCAG 2.2 \(criterion.number) \(criterion.handle) (Level \(criterion.level?.rawValue ?? ""))",
      ])
    }
    for link in contents.links {
      let fragment =
        link.startSeconds.map { start in "#t=\(Self.seconds(start)),\(Self.seconds(link.endSeconds ?? start))"
        } ?? ""
      var result: [String: Any] = [
        "@type": "earl:TestResult",
        "earl:outcome": ["@id": "earl:\(link.verdict.earlOutcome)"],
        "dct:date": ["@value": link.createdAt, "@type": "xsd:dateTime"],
        "earl:pointer": ["@id": "\(base)/data/\(link.file)\(fragment)"],
        "dct:source": "data/\(link.file)\(fragment)",
      ]
      if !link.note.isEmpty { result["dct:description"] = link.note }
      if link.kind == .observation {
        // Observed, not recorded: the note is the evidence; there is no file to point into.
        result["earl:pointer"] = nil
        result["dct:source"] = nil
        result["dct:type"] = "observation"
      }
      if let frame = contents.frames?.first(where: { $0.link == link.id }) {
        // The still frame at the start of a failing segment (bags of layout 5 on).
        result["foaf:depiction"] = ["@id": "\(base)/data/\(frame.file)"]
      }
      if let carried = link.carried {
        // Judged in an earlier round and carried into this audit without a retest.
        result["dct:relation"] = ["@id": "urn:exhibit:audit:\(carried.audit):link:\(carried.link)"]
      }
      let column = link.column(recordings: recordings)
      graph.append([
        "@id": "\(base)#link-\(link.id)", "@type": "earl:Assertion",
        "earl:assertedBy": ["@id": auditor(link.auditor)],
        "earl:subject": ["@id": columnSubject(column)],
        // Our item, and beside it the success criteria a failure of it shows are not satisfied.
        "earl:test": (necessary[link.item] ?? []).isEmpty
          ? ["@id": test(link.item)] as Any
          : [["@id": test(link.item)]] + (necessary[link.item] ?? []).map { ["@id": $0.url] },
        "earl:mode": ["@id": "earl:manual"],
        "earl:result": result,
      ])
    }
    for item in contents.items {
      for verdict in item.verdicts where verdict.links.isEmpty {
        let column = BundleContents.Column(assistiveTech: verdict.assistiveTech, browser: verdict.browser)
        graph.append([
          "@id": "\(columnSubject(column))-untested-\(item.key)", "@type": "earl:Assertion",
          "earl:assertedBy": ["@id": tool],
          "earl:subject": ["@id": columnSubject(column)], "earl:test": ["@id": test(item.key)],
          "earl:mode": ["@id": "earl:automatic"],
          "earl:result": [
            "@type": "earl:TestResult", "earl:outcome": ["@id": "earl:untested"],
            "dct:description":
              "No evidence is linked to this criterion on \(contents.platform.rawValue) with \(column.displayName).",
          ],
        ])
      }
    }
    graph += findingNodes(contents, base: base)
    let document: [String: Any] = [
      "@context": [
        "earl": "http://www.w3.org/ns/earl#", "dct": "http://purl.org/dc/terms/",
        "foaf": "http://xmlns.com/foaf/0.1/", "xsd": "http://www.w3.org/2001/XMLSchema#",
      ],
      "@graph": graph,
    ]
    return try JSONSerialization.data(
      withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
  }

  /// A node per finding (bags of layout 5 on): its id, title, severity and status, the failing
  /// assertions it rests on, its frame and its tracker issue.
  static func findingNodes(_ contents: BundleContents, base: String) -> [[String: Any]] {
    (contents.findings ?? []).map { finding in
      var node: [String: Any] = [
        "@id": "\(base)#\(finding.id)", "dct:type": "finding", "dct:identifier": finding.id,
        "dct:title": finding.title,
        "dct:description": "Severity \(finding.severity.rawValue), status \(finding.status.rawValue)"
          + (finding.reason.isEmpty ? "" : " (\(finding.reason))") + ", found in audit \(finding.audit).",
        "dct:references": finding.links.map { ["@id": "\(base)#link-\($0)"] },
      ]
      if let link = finding.frame, let frame = contents.frames?.first(where: { $0.link == link }) {
        node["foaf:depiction"] = ["@id": "\(base)/data/\(frame.file)"]
      }
      if let tracker = finding.tracker, !tracker.url.isEmpty {
        node["dct:isReferencedBy"] = ["@id": tracker.url]
      }
      return node
    }
  }

  /// Seconds as a media-fragment number: up to three decimals, no trailing zeros.
  static func seconds(_ value: Double) -> String { SegmentTime.text(value) }
}
