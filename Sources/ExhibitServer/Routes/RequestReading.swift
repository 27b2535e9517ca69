import ExhibitKit
import Hummingbird

/// Reading what a request names, with a 4xx for anything that names nothing.
extension Request {
  /// A query parameter, nil when absent or empty. The query is read as a form sends it: `+` is a
  /// space (`q=checked+OR+dimmed` searches `checked OR dimmed`) and `%2B` a plus.
  func query(_ name: String) -> String? {
    guard let value = FormFields(body: uri.query ?? "")[name], !value.isEmpty else { return nil }
    return value
  }

  /// The `platform` query parameter.
  /// - Throws: ``WebError`` (400) for a name that is not a platform.
  func platform(_ name: String = "platform") throws -> Platform? {
    try query(name).map(Self.platform)
  }

  /// A platform from its name.
  /// - Throws: ``WebError`` (400).
  static func platform(_ text: String) throws -> Platform {
    guard let platform = Platform(rawValue: text.lowercased()) else {
      throw WebError.badRequest(
        "\(text) is not a platform: use \(Platform.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return platform
  }
}

extension ExhibitRequestContext {
  /// The component the path's `:family/:slug` names.
  /// - Throws: ``WebError`` (404) when they cannot name one.
  func component() throws -> ComponentID {
    guard let family = parameters.get("family"), let slug = parameters.get("slug"),
      let component = ComponentID("\(family)/\(slug)")
    else { throw WebError.notFound("there is no such component") }
    return component
  }

  /// The recording SHA-256 the path's `:sha` names.
  /// - Throws: ``WebError`` (404) for anything but 64 lowercase hex digits.
  func recordingSHA256() throws -> String {
    guard let sha = parameters.get("sha"), RecordingPageData.isSHA256(sha) else {
      throw WebError.notFound("a recording is named by its SHA-256: 64 lowercase hex digits")
    }
    return sha
  }

  /// The visitor's name, for an auditor about to change evidence.
  /// - Throws: ``WebError`` (401 or 403) for anyone else.
  func auditor() throws -> String {
    guard visitor.mayRead else { throw WebError.signInRequired }
    guard visitor.mayWrite, let name = visitor.name else { throw WebError.auditorsOnly }
    return name
  }
}
