import Foundation

/// What a vocabulary becomes before any recording is heard: the phrases the model can say, each
/// with its threshold, and the pronunciation of every word they use, looked up once in the
/// model's whole dictionary (130,000 words, a fifth of a second to load). Each recording's
/// decoder then loads only these words.
final class SpottingPlan: Sendable {
  /// A phrase listened for and its threshold's exponent (`1eN`).
  struct Keyphrase: Sendable, Equatable {
    let phrase: String
    let exponent: Int
  }

  /// The vocabulary it was made from.
  let vocabulary: ListeningVocabulary
  /// The vocabulary's phrases the model can say and that are long enough to spot.
  let keyphrases: [Keyphrase]
  /// Every word of them with its phones, a line each, as pocketsphinx reads a dictionary.
  let dictionary: String

  /// The list pocketsphinx reads: one `phrase /1eN/` line per phrase.
  var keyphraseList: String { keyphrases.map { "\($0.phrase) /1e\($0.exponent)/\n" }.joined() }

  /// Looks up every word of `vocabulary`; a word the dictionary lacks is said as the words it is
  /// made of ("checkbox": "check" and "box"), and a phrase with a word that is neither is left out.
  /// - Throws: ``MediaLibraryError`` when the libraries or the model cannot be loaded, or no
  ///   phrase can be said.
  init(vocabulary: ListeningVocabulary) throws {
    let libraries = try SpeechLibraries.load()
    let decoder = try SpeechSpotter.decoder(
      libraries, dictionary: "\(SpeechSpotter.modelFolder)/cmudict-en-us.dict")
    defer { SpeechSpotter.globalState.withLock { _ in _ = libraries.decoderFree(decoder) } }
    var words: [String: String] = [:]
    var kept: [Keyphrase] = []
    let threshold = SpottingThreshold.current
    for phrase in vocabulary.phrases {
      var phones: [String: String] = [:]
      for word in phrase.split(separator: " ").map(String.init) where phones[word] == nil {
        guard let said = words[word] ?? Self.pronunciation(of: word, libraries, decoder) else { break }
        phones[word] = said
      }
      let count = phrase.split(separator: " ").reduce(0) { total, word in
        total + (phones[String(word)]?.split(separator: " ").count ?? 0)
      }
      guard phones.count == Set(phrase.split(separator: " ")).count, count >= ListeningVocabulary.fewestPhones
      else { continue }
      words.merge(phones) { old, _ in old }
      kept.append(Keyphrase(phrase: phrase, exponent: threshold.exponent(phones: count)))
    }
    guard !kept.isEmpty else {
      throw MediaLibraryError(
        library: "pocketsphinx", reason: "none of the phrases to listen for can be said")
    }
    self.vocabulary = vocabulary
    keyphrases = kept
    dictionary = words.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)\n" }.joined()
  }

  /// The phones of `word`: its own, or those of the two or three words it is made of.
  private static func pronunciation(of word: String, _ libraries: SpeechLibraries, _ decoder: OpaquePointer)
    -> String?
  {
    func lookup(_ word: Substring) -> String? {
      guard let phones = libraries.lookupWord(decoder, String(word)) else { return nil }
      defer { libraries.free(phones) }
      return String(cString: phones)
    }
    func compound(_ word: Substring, parts: Int) -> String? {
      if let phones = lookup(word) { return phones }
      guard parts > 1, word.count >= 4 else { return nil }
      for cut in 2...(word.count - 2) {
        let split = word.index(word.startIndex, offsetBy: cut)
        if let head = lookup(word[..<split]), let tail = compound(word[split...], parts: parts - 1) {
          return "\(head) \(tail)"
        }
      }
      return nil
    }
    return compound(Substring(word), parts: 3)
  }
}
