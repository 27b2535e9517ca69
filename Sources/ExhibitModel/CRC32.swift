/// The CRC-32 (IEEE 802.3) that zip entries and PNG chunks carry.
public struct CRC32: Sendable {
  private static let table: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
    return value
  }

  /// The running value, before the final inversion.
  public private(set) var value: UInt32 = 0xFFFF_FFFF

  /// A checksum of nothing yet.
  public init() {}

  /// Adds bytes to the checksum.
  public mutating func update(_ bytes: UnsafeRawBufferPointer) {
    var crc = value
    Self.table.withUnsafeBufferPointer { table in
      for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    }
    value = crc
  }

  /// The checksum of every byte added.
  public var checksum: UInt32 { value ^ 0xFFFF_FFFF }
}
