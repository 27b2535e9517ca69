/// Plain-text tables for the terminal: columns padded to their widest cell, the last left ragged.
enum Table {
  static func render(header: [String], rows: [[String]]) -> String {
    // A line break inside any column but the last would break the alignment: it reads ` / `.
    let all = ([header] + rows).map { row in
      row.enumerated().map { index, cell in
        index < header.count - 1 ? cell.split(separator: "\n").joined(separator: " / ") : cell
      }
    }
    let columns = header.count
    var widths = [Int](repeating: 0, count: columns)
    for row in all {
      for (index, cell) in row.enumerated() where index < columns - 1 {
        widths[index] = max(widths[index], cell.count)
      }
    }
    // The last column may hold several lines (an expectation's sub-bullets): each further line
    // starts under the column's first.
    let lastColumnStart = widths.dropLast().reduce(0, +) + 2 * (columns - 1)
    let continuation = "\n" + String(repeating: " ", count: lastColumnStart)
    return all.map { row in
      row.enumerated().map { index, cell in
        index < columns - 1
          ? cell + String(repeating: " ", count: widths[index] - cell.count)
          : cell.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: continuation)
      }.joined(separator: "  ").trimmingTrailingSpaces
    }.joined(separator: "\n")
  }
}

extension String {
  var trimmingTrailingSpaces: String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
