import ExhibitModel
import Foundation
import Hummingbird

extension Response {
  /// A page.
  static func page(_ html: HTML, status: HTTPResponse.Status = .ok) -> Response {
    Response(
      status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
      body: ResponseBody(byteBuffer: ByteBuffer(string: html.markup)))
  }

  /// A JSON document with the CLI's keys (snake_case, sorted).
  static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
    Response(
      status: status, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: try JSONOutput.encoder.encode(value))))
  }

  /// 303 to a page after a form was handled, so reloading it does not post again.
  static func seeOther(_ location: String) -> Response {
    Response(status: .seeOther, headers: [.location: location])
  }
}

/// The JSON the API writes: the keys `exhibit … --json` prints.
enum JSONOutput {
  static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()
}
