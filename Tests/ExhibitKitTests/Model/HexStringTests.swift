import Crypto
import ExhibitModel
import Testing

/// `hexString` writes two lowercase digits a byte, in order, from every kind of byte sequence.
@Suite struct HexStringTests {
  @Test func writesTwoLowercaseDigitsAByte() {
    let bytes: [UInt8] = [0x00, 0x01, 0x09, 0x0A, 0x0F, 0x10, 0x7F, 0x80, 0xA5, 0xFE, 0xFF]
    let expected = "0001090a0f107f80a5feff"
    #expect(bytes.hexString == expected)
    // A sequence without contiguous storage takes the other way to the same digits.
    #expect(bytes.lazy.map { $0 }.hexString == expected)
    #expect([UInt8]().hexString == "")
    #expect((0...255).map(UInt8.init).hexString.count == 512)
  }

  @Test func writesADigestAsSha256sumDoes() {
    #expect(
      SHA256.hash(data: Array("abc".utf8)).hexString
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  }
}
