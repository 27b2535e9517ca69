import Foundation

/// A migration's text cut into its statements, for the extended query protocol, which takes one
/// at a time. Semicolons inside quotes ('…', "…"), dollar-quoted bodies ($$…$$, $tag$…$tag$) and
/// comments do not end a statement.
enum SQLScript {
  /// The statements of `text`, each trimmed, comments between them dropped, empty ones left out.
  static func statements(_ text: String) -> [String] {
    var statements: [String] = []
    var current = ""
    var characters = Array(text)[...]
    func flush() {
      let trimmed = current.trimmingCharacters(in: .whitespacesAndNewlines)
      if !trimmed.isEmpty { statements.append(trimmed) }
      current = ""
    }
    while let character = characters.first {
      switch character {
      case "-" where characters.dropFirst().first == "-":
        // A line comment: dropped up to its end.
        while let next = characters.first, next != "\n" { characters.removeFirst() }
      case "'", "\"":
        current.append(characters.removeFirst())
        while let next = characters.first {
          current.append(characters.removeFirst())
          if next == character { break }
        }
      case "$":
        guard let tag = dollarTag(characters) else {
          current.append(characters.removeFirst())
          continue
        }
        current += tag
        characters.removeFirst(tag.count)
        while !characters.isEmpty, !characters.starts(with: tag) { current.append(characters.removeFirst()) }
        if !characters.isEmpty {
          current += tag
          characters.removeFirst(tag.count)
        }
      case ";":
        characters.removeFirst()
        flush()
      default:
        current.append(characters.removeFirst())
      }
    }
    flush()
    return statements
  }

  /// The dollar-quote tag `text` starts with (`$$` or `$name$`), or nil.
  private static func dollarTag(_ text: ArraySlice<Character>) -> String? {
    var tag = "$"
    for character in text.dropFirst() {
      if character == "$" { return tag + "$" }
      guard character.isLetter || character == "_" || (character.isNumber && tag.count > 1) else {
        return nil
      }
      tag.append(character)
    }
    return nil
  }
}
