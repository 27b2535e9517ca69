import Crypto
import ExhibitKit
import Foundation

/// The stylesheet and script every page loads, compiled into the binary and served by Exhibit
/// itself: no CDN, no build step. Their URLs carry a hash of their content, so a browser may keep
/// them for a year and still never runs an old script against a new page.
enum Assets {
  static let stylesheetPath = "/static/exhibit-\(fingerprint(Stylesheet.text)).css"
  static let scriptPath = "/static/exhibit-\(fingerprint(PlayerScript.text)).js"

  /// The asset at a path, with its content type, or nil.
  static func asset(at path: String) -> (body: String, contentType: String)? {
    switch path {
    case stylesheetPath: (Stylesheet.text, "text/css; charset=utf-8")
    case scriptPath: (PlayerScript.text, "text/javascript; charset=utf-8")
    default: nil
    }
  }

  private static func fingerprint(_ text: String) -> String {
    SHA256.hash(data: Data(text.utf8)).prefix(6).hexString
  }
}
