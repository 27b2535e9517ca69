import HTTPTypes

extension HTTPField.Name {
  /// Names this module sends or reads that HTTPTypes does not name; every one is a valid token,
  /// so the failable initialiser's fallback is never used.
  private static func named(_ name: String) -> Self {
    Self(name) ?? .contentType
  }

  /// The header scripts send the CSRF token in.
  static let csrfToken = named("X-CSRF-Token")
  /// Where a browser says a request comes from relative to the page (`same-origin`, `cross-site`).
  static let secFetchSite = named("Sec-Fetch-Site")
  static let referrerPolicy = named("Referrer-Policy")
  static let xFrameOptions = named("X-Frame-Options")
}
