import Crypto
import Foundation

extension ReportPage {
  /// The report's stylesheet (`Resources/report.css`), inline so the report stays one file. The
  /// line breaks around it are part of the bytes a verifier renders again and its CSP hash.
  static let styleText = "\n" + String(decoding: PackageResources.report_css, as: UTF8.self)

  /// The report's script (`Resources/report.js`), inline so the report stays one file: segment
  /// links play their segment in the page's player, and the cue being spoken is marked.
  static let scriptText = "\n" + String(decoding: PackageResources.report_js, as: UTF8.self)

  /// The report's Content-Security-Policy, as a `<meta>`: nothing from the network, and only
  /// this stylesheet and this script, named by their SHA-256, so no other markup in the page
  /// (a caption, a note) can ever run or restyle it. Media and tracks come from the bag itself.
  static let contentSecurityPolicy =
    "default-src 'none'; script-src '\(hashSource(scriptText))'; style-src '\(hashSource(styleText))'; "
    + "media-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'"

  /// `sha256-BASE64` of an inline element's text, as CSP names it.
  static func hashSource(_ text: String) -> String {
    "sha256-" + Data(SHA256.hash(data: Data(text.utf8))).base64EncodedString()
  }
}
