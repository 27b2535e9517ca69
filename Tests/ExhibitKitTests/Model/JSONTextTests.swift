import Foundation
import Testing

@testable import ExhibitKit

/// Audit events hash their JSON text: what `JSONText` writes must be what `JSONEncoder` wrote.
@Suite struct JSONTextTests {
  private static func encoded<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  @Test func everyASCIICharacterIsWrittenAsTheEncoderWritesIt() throws {
    for value in 0..<0x80 {
      let text = String(Unicode.Scalar(UInt8(value)))
      #expect(JSONText.object(["k": text]) == (try Self.encoded(["k": text])), "U+\(value)")
      #expect(JSONText.array(["a\(text)b"]) == (try Self.encoded(["a\(text)b"])), "U+\(value)")
    }
  }

  @Test func randomObjectsAreWrittenAsTheEncoderWritesThem() throws {
    var generator = SystemRandomNumberGenerator()
    let keyCharacters = Array("abcXYZ019_.-/ \"\\\u{1}")
    let valueCharacters = Array("aZ9 /\\\"\n\t\r\u{8}\u{C}\u{0}\u{1F}\u{7F}é€\u{2028}😀\u{FEFF}")
    for _ in 0..<500 {
      var fields: [String: String?] = [:]
      for _ in 0..<Int.random(in: 0...5, using: &generator) {
        let key = String(
          (0..<Int.random(in: 0...6, using: &generator)).map { _ in
            keyCharacters.randomElement(using: &generator) ?? "a"
          })
        let value = String(
          (0..<Int.random(in: 0...12, using: &generator)).map { _ in
            valueCharacters.randomElement(using: &generator) ?? "a"
          })
        fields[key] = Bool.random(using: &generator) ? value : String?.none
      }
      #expect(JSONText.object(fields) == (try Self.encoded(fields)), "\(fields)")
      #expect(AuditJSON.object(fields) == (try Self.encoded(fields)))
    }
  }

  @Test func aKeyBeyondASCIIIsLeftToTheEncoder() throws {
    #expect(JSONText.object(["é": "x"]) == nil)
    #expect(
      AuditJSON.object(["é": "x", "e": nil]) == (try Self.encoded(["é": "x", "e": nil] as [String: String?])))
    #expect(
      CatalogueWriter.tagsJSON(["TITLE": "a/b", "encoder": "Lavf"])
        == #"{"TITLE":"a/b","encoder":"Lavf"}"#)
  }
}
