/// The comparison as `audit compare --json` prints it: the bytes Foundation's `JSONEncoder` writes
/// with snake_case keys, sorted keys, pretty printing and unescaped slashes, written directly, at a
/// small part of its cost (two rounds of 50,000 links compare to 30,000 rows, several megabytes).
extension AuditComparison {
  /// The JSON document, ending without a newline.
  public var prettyJSON: String {
    var out = PrettyJSON()
    out.bytes.reserveCapacity(512 + rows.count * 700)
    out.object(0) { out in
      if let findings {
        out.key("findings", 1) { out in
          out.object(1) { out in
            for (name, list) in [
              ("fixed", findings.fixed), ("open", findings.open), ("regressed", findings.regressed),
              ("verified", findings.verified),
            ] {
              out.key(name, 2) { out in out.array(list, 2) { out, reference in out.string(reference) } }
            }
          }
        }
      }
      out.key("new", 1) { $0.identity(new, 1) }
      out.key("old", 1) { $0.identity(old, 1) }
      out.key("rows", 1) { out in
        out.array(rows, 1) { out, row in out.row(row, 2) }
      }
    }
    return String(decoding: out.bytes, as: UTF8.self)
  }
}

/// A writer of Foundation's pretty-printed JSON: two spaces a level, `"key" : value`, and an
/// empty array as `[`, an empty line, then `]`.
private struct PrettyJSON {
  var bytes: [UInt8] = []
  /// Whether the object or array being written has a member yet.
  private var first: [Bool] = []

  /// Two spaces a level, made once.
  private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)

  mutating func indent(_ level: Int) {
    bytes += Self.spaces[0..<min(level * 2, Self.spaces.count)]
  }

  mutating func object(_ level: Int, _ body: (inout PrettyJSON) -> Void) {
    bytes.append(UInt8(ascii: "{"))
    first.append(true)
    body(&self)
    first.removeLast()
    bytes.append(UInt8(ascii: "\n"))
    indent(level)
    bytes.append(UInt8(ascii: "}"))
  }

  /// A member of the object being written, at `level`; keys must come in byte order.
  mutating func key(_ name: String, _ level: Int, _ value: (inout PrettyJSON) -> Void) {
    if first[first.count - 1] {
      first[first.count - 1] = false
    } else {
      bytes.append(UInt8(ascii: ","))
    }
    bytes.append(UInt8(ascii: "\n"))
    indent(level)
    JSONText.appendString(name, to: &bytes)
    bytes += " : ".utf8
    value(&self)
  }

  mutating func array<Element>(
    _ elements: [Element], _ level: Int, _ write: (inout PrettyJSON, Element) -> Void
  ) {
    bytes.append(UInt8(ascii: "["))
    if elements.isEmpty {
      bytes += "\n\n".utf8
    } else {
      for (index, element) in elements.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\n"))
        indent(level + 1)
        write(&self, element)
      }
      bytes.append(UInt8(ascii: "\n"))
    }
    indent(level)
    bytes.append(UInt8(ascii: "]"))
  }

  mutating func string(_ value: String?) {
    if let value { JSONText.appendString(value, to: &bytes) } else { bytes += "null".utf8 }
  }

  mutating func number(_ value: Int64) { bytes += String(value).utf8 }

  /// A double as the encoder writes it: the shortest digits, without `.0` on whole numbers.
  mutating func number(_ value: Double) {
    if value == value.rounded(), abs(value) < 1e15 {
      bytes += String(Int64(value)).utf8
    } else {
      bytes += String(value).utf8
    }
  }

  mutating func identity(_ audit: AuditIdentity, _ level: Int) {
    object(level) { out in
      out.key("id", level + 1) { $0.number(audit.id) }
      out.key("product", level + 1) { $0.string(audit.product) }
      out.key("release", level + 1) { $0.string(audit.release) }
      out.key("state", level + 1) { $0.string(audit.state.rawValue) }
    }
  }

  mutating func row(_ row: AuditComparison.Row, _ level: Int) {
    object(level) { out in
      let inner = level + 1
      out.key("assistive_tech", inner) { $0.string(row.assistiveTech) }
      out.key("change", inner) { $0.string(row.change.rawValue) }
      out.key("component", inner) { $0.string(row.component.description) }
      if let environments = row.environments {
        out.key("environments", inner) { out in
          out.object(inner) { out in
            out.key("new", inner + 1) { $0.array(environments.new, inner + 1) { $0.string($1) } }
            out.key("old", inner + 1) { $0.array(environments.old, inner + 1) { $0.string($1) } }
          }
        }
      }
      out.key("item", inner) { $0.string(row.item.description) }
      out.key("new_links", inner) { $0.array(row.newLinks, inner) { $0.evidence($1, inner + 1) } }
      out.key("new_verdict", inner) { $0.string(row.newVerdict?.rawValue) }
      out.key("old_links", inner) { $0.array(row.oldLinks, inner) { $0.evidence($1, inner + 1) } }
      out.key("old_verdict", inner) { $0.string(row.oldVerdict?.rawValue) }
      out.key("platform", inner) { $0.string(row.platform.rawValue) }
      if row.sameEvidence { out.key("same_evidence", inner) { $0.bytes += "true".utf8 } }
    }
  }

  mutating func evidence(_ link: AuditComparison.Evidence, _ level: Int) {
    object(level) { out in
      let inner = level + 1
      if let carried = link.carriedFrom { out.key("carried_from", inner) { $0.number(carried) } }
      if let from = link.fromSeconds { out.key("from_seconds", inner) { $0.number(from) } }
      out.key("link", inner) { $0.number(link.link) }
      out.key("recording", inner) { $0.string(link.recording) }
      if let to = link.toSeconds { out.key("to_seconds", inner) { $0.number(to) } }
      out.key("verdict", inner) { $0.string(link.verdict.rawValue) }
    }
  }
}
