/// How a report's levels were found, in words, written from the audit's evidence: manual testing
/// with screen readers, recorded and judged in Exhibit; the screen readers, operating systems,
/// browsers and devices the verdicts were judged on, each with its version, as the recordings,
/// `--env` and `recordings set` record them (a missing version is named as missing); and the
/// dates the verdicts were judged.
public struct ACRMethods {
  let draft: ACRDraft
  let edition: ACREdition

  /// The methods behind `draft`'s report in `edition`.
  public init(draft: ACRDraft, edition: ACREdition = .wcag) {
    self.draft = draft
    self.edition = edition
  }

  /// One kind of thing tested with: its name in the report and every name it was seen with,
  /// each with the versions recorded for it.
  public struct Kind: Sendable, Equatable {
    /// One name (`VoiceOver`) with the versions recorded for it.
    public struct Seen: Sendable, Equatable {
      public let name: String
      public let versions: [String]
      /// How many verdicts on it gave no version.
      public let withoutVersion: Int
    }

    public let label: String
    public let seen: [Seen]
    /// Whether its things have versions (a device has none of its own: its name is what there is).
    public var versioned = true

    /// `Screen readers: VoiceOver 17.4; TalkBack (version not recorded)`; nil when none.
    var sentence: String? {
      guard !seen.isEmpty else { return nil }
      let names = seen.map { entry -> String in
        let versions = entry.versions.map { Self.named(entry.name, $0) }.joined(separator: ", ")
        if versions.isEmpty { return versioned ? "\(entry.name) (version not recorded)" : entry.name }
        guard entry.withoutVersion > 0 else { return versions }
        let verdicts = entry.withoutVersion == 1 ? "1 verdict" : "\(entry.withoutVersion) verdicts"
        return "\(versions) (no version recorded for \(verdicts))"
      }
      return "\(label): \(names.joined(separator: "; "))."
    }

    /// A version that names its own system already ("Android 14") is not prefixed again.
    static func named(_ name: String, _ version: String) -> String {
      version.lowercased().hasPrefix(name.lowercased()) ? version : "\(name) \(version)"
    }
  }

  /// Every segment behind the report that a verdict was judged on, once each.
  private var segments: [Coverage.Segment] {
    var seen = Set<Int64>()
    var segments: [Coverage.Segment] = []
    for evidence in draft.rows.flatMap(\.evidence) + draft.clauses.flatMap(\.evidence) {
      for segment in evidence.segments where seen.insert(segment.link).inserted {
        segments.append(segment)
      }
    }
    return segments
  }

  /// The screen readers, operating systems, browsers and devices tested with.
  public var kinds: [Kind] {
    let environments = segments.compactMap(\.testedWith)
    func kind(_ label: String, _ field: (LinkEnvironment) -> (String?, String?)) -> Kind {
      var versions: [String: Set<String>] = [:]
      var missing: [String: Int] = [:]
      for environment in environments {
        let (name, version) = field(environment)
        guard let name else { continue }
        if versions[name] == nil { versions[name] = [] }
        if let version { versions[name]?.insert(version) } else { missing[name, default: 0] += 1 }
      }
      return Kind(
        label: label,
        seen: versions.keys.sorted().map {
          Kind.Seen(
            name: $0, versions: versions[$0, default: []].sorted(), withoutVersion: missing[$0, default: 0])
        })
    }
    return [
      kind("Screen readers") { ($0.assistiveTech, $0.assistiveTechVersion) },
      kind("Operating systems") { ($0.os, $0.osVersion) },
      kind("Browsers") { ($0.browser, $0.browserVersion) },
      Kind(
        label: "Devices",
        seen: Set(environments.compactMap(\.device)).sorted().map {
          Kind.Seen(name: $0, versions: [], withoutVersion: 0)
        }, versioned: false),
    ]
  }

  /// The first and last day a verdict behind the report was judged (`YYYY-MM-DD`); nil when the
  /// evidence says no dates (a bag's report).
  public var dates: (first: String, last: String)? {
    let days = segments.compactMap { $0.judgedAt.map { String($0.prefix(10)) } }.sorted()
    guard let first = days.first, let last = days.last else { return nil }
    return (first, last)
  }

  /// The report's Evaluation Methods Used.
  public var description: String {
    let kinds = self.kinds
    var parts = [
      "Manual testing against the MagentaA11y acceptance criteria with screen readers, each session recorded "
        + "and its segments judged in Exhibit; levels drafted from the verdicts through Exhibit's reviewed "
        + "mappings to WCAG 2.2"
        + (edition.standards.isEmpty
          ? "." : " and to the \(edition.standards.map(\.label).joined(separator: " and ")) criteria.")
    ]
    if let dates {
      parts.append(
        dates.first == dates.last
          ? "Tested on \(dates.first)." : "Tested from \(dates.first) to \(dates.last).")
    }
    let sentences = kinds.compactMap(\.sentence)
    parts += sentences.isEmpty ? ["No environment was recorded with the verdicts."] : sentences
    let missing = kinds.filter(\.versioned).flatMap { kind in
      kind.seen.filter { $0.withoutVersion > 0 }.map(\.name)
    }
    if !missing.isEmpty {
      parts.append(
        "Versions not recorded for \(missing.joined(separator: ", ")): give them with exhibit link --env "
          + "or exhibit recordings set.")
    }
    let absent = kinds.filter { $0.seen.isEmpty }.map { $0.label.lowercased() }
    if !absent.isEmpty, !sentences.isEmpty {
      parts.append("No \(absent.joined(separator: ", ")) recorded.")
    }
    return parts.joined(separator: " ")
  }

  /// Every platform and screen reader the verdicts behind the report were judged with, and every
  /// environment they name (OS, browser, device), once each, sorted.
  var environments: [String] {
    var seen = Set<String>()
    for row in draft.rows {
      for evidence in row.evidence {
        seen.formUnion(evidence.places.values)
        for segment in evidence.segments {
          if let environment = segment.environment { seen.insert(environment) }
        }
      }
    }
    return seen.sorted()
  }

  /// The one sentence the reports of bags of layouts 1 to 5 carry (`verify` renders them again).
  var summarySentence: String {
    let environments = self.environments
    return
      "Manual testing against the MagentaA11y acceptance criteria with screen readers, each session recorded "
      + "and its segments judged in Exhibit; levels drafted from the verdicts through Exhibit's WCAG mapping. "
      + (environments.isEmpty
        ? "No environment was recorded with the verdicts."
        : "Environments: \(environments.joined(separator: "; ")).")
  }
}
