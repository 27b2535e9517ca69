import Foundation

/// How sure the spotter must be to say it heard a phrase: pocketsphinx's threshold `1eN` on how
/// much likelier the phrase is than any run of sounds, with N lower the more phones the phrase
/// has. A long phrase ("double tap to activate") gathers evidence over many phones, so it may be
/// held to a low threshold without being heard where it was not said; a short one ("link") is
/// heard everywhere unless held to a high one.
///
/// Tuned on speech of our own making (the two recordings of Scripts/make-listening-media.sh) for
/// the best balance of recall and precision (F1), never on the corpus; Scripts/tune-listening.sh
/// repeats the tuning.
public struct SpottingThreshold: Sendable, Equatable {
  /// The exponent for a phrase of ``ListeningVocabulary/fewestPhones`` phones.
  public let shortest: Int
  /// How much lower the exponent is for each phone more.
  public let perPhone: Int

  public init(shortest: Int, perPhone: Int) {
    self.shortest = shortest
    self.perPhone = perPhone
  }

  /// The tuned rule: F1 0.831 on our own speech (recall 0.78, precision 0.89), where one
  /// threshold for every phrase (1e5) gave 0.743 (docs/hearing.md has the grid).
  public static let tuned = SpottingThreshold(shortest: 7, perPhone: 5)

  /// The rule in use: ``tuned``, unless `EXHIBIT_SPOTTING_THRESHOLD` says `SHORTEST,PER_PHONE`
  /// (for tuning; what was heard records the rule through the vocabulary's SHA-256).
  public static var current: SpottingThreshold {
    let given = ProcessInfo.processInfo.environment["EXHIBIT_SPOTTING_THRESHOLD"] ?? ""
    let numbers = given.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    guard numbers.count == 2 else { return tuned }
    return SpottingThreshold(shortest: numbers[0], perPhone: numbers[1])
  }

  /// The exponent for a phrase of `phones` phones.
  public func exponent(phones: Int) -> Int {
    shortest - perPhone * (phones - ListeningVocabulary.fewestPhones)
  }

  /// The rule in words, part of what a vocabulary's SHA-256 covers.
  var rule: String {
    "1e\(shortest) at \(ListeningVocabulary.fewestPhones) phones, \(perPhone) lower for each phone more"
  }
}
