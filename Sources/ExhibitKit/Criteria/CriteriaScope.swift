/// Which platforms an item applies to, whether it does not apply at all, and its side notes,
/// read sentence by sentence from its expectation.
///
/// Only the sentence that states the item (the first sentence of its first line, with the
/// sentences inside a parenthesis it leaves open) scopes it: "Activates on Android" makes the
/// item Android's; "N/A" makes it not applicable; "Reads its state (iOS: on/off. Android: on/not
/// on)" is both platforms'. Any other sentence that names a platform or says
/// "n/a" is a side remark ("Known issue: the iOS Rotor skips it.", "(Android only)" after a
/// second clause, "N/A only for webview sections") and is kept as a note, scoping nothing. A
/// stating sentence that opens as a remark ("Known issue", "Note") or says n/a for a part ("N/A
/// only for …", "N/A when …") is one too.
struct CriteriaScope: Equatable {
  var platforms: [Platform]
  var notApplicable: Bool
  var notes: [String]

  /// Reads the scope of `expectation` in an item of `section` in a document of `family`.
  init(expectation: String, family: Family, section: CriteriaSection) {
    var scoping: [String] = []
    var notes: [String] = []
    var notApplicable = false
    // A nested line never states the item: an item's nested lines begin on its first line.
    for (index, line) in expectation.split(separator: "\n").enumerated() {
      // Parentheses the stating sentence opened and left open: the sentences inside them go on
      // stating it ("… (disabled, iOS: checked. Android: checked/not checked)").
      var open = 0
      for (position, sentence) in Self.sentences(String(line)).enumerated() {
        let continues = open > 0
        let states = index == 0 && (position == 0 || continues) && !Self.isRemark(sentence)
        if states {
          open += sentence.filter { $0 == "(" }.count - sentence.filter { $0 == ")" }.count
        }
        if states && continues {
          scoping.append(sentence)
        } else if states && Self.saysNotApplicable(sentence) {
          notApplicable = true
        } else if states && !Self.saysPartlyNotApplicable(sentence) {
          scoping.append(sentence)
        } else if !CriteriaText.namedPlatforms(in: sentence).isEmpty || Self.mentionsNotApplicable(sentence) {
          notes.append(sentence)
        }
      }
    }
    self.notApplicable = notApplicable
    self.notes = notes
    let named = scoping.reduce(into: Set<Platform>()) { $0.formUnion(CriteriaText.namedPlatforms(in: $1)) }
    platforms = CriteriaText.platforms(named: named, family: family, section: section)
  }

  /// The sentences of a line: split after `.`, `!` or `?` followed by a space, and before a
  /// parenthesis that follows a sentence's end (`… slide. (Android only)`).
  static func sentences(_ line: String) -> [String] {
    var sentences: [String] = []
    var current = ""
    let characters = Array(line)
    for (index, character) in characters.enumerated() {
      current.append(character)
      let next = index + 1 < characters.count ? characters[index + 1] : nil
      if ".!?".contains(character), next == " ", !current.hasSuffix("e.g."), !current.hasSuffix("i.e.") {
        sentences.append(current)
        current = ""
      }
    }
    sentences.append(current)
    return sentences.map(CriteriaText.clean).filter { !$0.isEmpty }
  }

  /// "Known issue: …", "Note: …", "Exception: …": a remark about the item, not the item.
  static func isRemark(_ sentence: String) -> Bool {
    let lowered = sentence.lowercased().drop { $0 == "(" || $0 == "*" || $0 == "_" }
    return ["known issue", "note", "exception", "caveat", "bug", "see "].contains { lowered.hasPrefix($0) }
  }

  /// The whole sentence says the item does not apply: `N/A`, `n/a.`, `Not applicable`, `N/A -
  /// there is no text`.
  static func saysNotApplicable(_ sentence: String) -> Bool {
    CriteriaText.isNotApplicable(sentence) && !saysPartlyNotApplicable(sentence)
  }

  /// `N/A only for webview sections`, `N/A when …`: not applicable to a part, which is a remark.
  static func saysPartlyNotApplicable(_ sentence: String) -> Bool {
    let lowered = CriteriaText.clean(sentence.lowercased())
    for opening in ["n/a ", "na ", "not applicable "] where lowered.hasPrefix(opening) {
      let rest = lowered.dropFirst(opening.count).drop { $0 == "-" || $0 == " " || $0 == "(" }
      let qualifiers = ["only", "for ", "when", "if ", "unless", "except", "in ", "on ", "to "]
      return qualifiers.contains { rest.hasPrefix($0) }
    }
    return false
  }

  /// The sentence says `n/a` or `not applicable` anywhere.
  static func mentionsNotApplicable(_ sentence: String) -> Bool {
    let words = SessionContext.words(
      in: sentence.lowercased().replacingOccurrences(of: "n/a", with: " nslasha "))
    return words.contains("nslasha") || sentence.lowercased().contains("not applicable")
  }
}
