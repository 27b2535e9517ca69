/// Plain-text tables for the terminal: columns padded to their widest cell, the last left ragged.
enum Table {
  static func render(header: [String], rows: [[String]]) -> String {
    // A line break inside any column but the last would break the alignment: it reads ` / `.
    let all = ([header] + rows).map { row in
      row.enumerated().map { index, cell in
        index < header.count - 1 && cell.utf8.contains(UInt8(ascii: "\n"))
          ? cell.split(separator: "\n").joined(separator: " / ") : cell
      }
    }
    let columns = header.count
    // Widths in characters, counted once per cell (tables of audits run to tens of thousands of rows).
    let counts = all.map { row in row.map(width) }
    var widths = [Int](repeating: 0, count: columns)
    for row in counts {
      for (index, count) in row.enumerated() where index < columns - 1 {
        widths[index] = max(widths[index], count)
      }
    }
    // The last column may hold several lines (an expectation's sub-bullets): each further line
    // starts under the column's first.
    let lastColumnStart = widths.dropLast().reduce(0, +) + 2 * (columns - 1)
    let continuation = [UInt8(ascii: "\n")] + [UInt8](repeating: UInt8(ascii: " "), count: lastColumnStart)
    // Written as bytes: joining strings cell by cell costs more than the rest of a long table.
    var out: [UInt8] = []
    for (number, (row, counts)) in zip(all, counts).enumerated() {
      if number > 0 { out.append(UInt8(ascii: "\n")) }
      let lineStart = out.count
      for (index, cell) in row.enumerated() {
        if index > 0 { out += [UInt8(ascii: " "), UInt8(ascii: " ")] }
        if index < columns - 1 {
          out += cell.utf8
          out += repeatElement(UInt8(ascii: " "), count: widths[index] - counts[index])
        } else {
          for byte in cell.utf8 {
            if byte == UInt8(ascii: "\n") { out += continuation } else { out.append(byte) }
          }
        }
      }
      while out.count > lineStart, out.last == UInt8(ascii: " ") { out.removeLast() }
    }
    return String(decoding: out, as: UTF8.self)
  }
}

extension Table {
  /// A cell's width in characters. Text of ASCII, Latin letters and the common punctuation
  /// (dashes, quotes, bullets, the ellipsis: U+2010–203F) has one character per scalar, counted
  /// from its bytes; anything else (combining marks, emoji, other scripts) is counted by
  /// `String.count`, which is exact and many times slower.
  static func width(_ cell: String) -> Int {
    var scalars = 0
    var utf8 = cell.utf8.makeIterator()
    while let byte = utf8.next() {
      switch byte {
      case 0x0D: return cell.count  // CR LF is one character
      case 0..<0x80: scalars += 1
      case 0xC2..<0xCC:  // U+0080–02FF, before the combining marks
        _ = utf8.next()
        scalars += 1
      case 0xE2:
        guard utf8.next() == 0x80, let third = utf8.next(), (0x90...0xBF).contains(third) else {
          return cell.count
        }
        scalars += 1
      default: return cell.count
      }
    }
    return scalars
  }
}
