/// The ranges of caption cue ids a search reads a phrase's matches in, newest first (migration
/// 019): the ids from the newest cue's block of 2^13 up; then, going down, one whole block at a
/// time, each as large as its alignment allows (so at least twice the one before) up to 2^17 ids;
/// then every id below. Together the ranges hold every id once, so reading them in turn until the
/// cap and one more are found gives the newest matches the whole table would. A block is asked
/// for by its lexeme, which the index intersects with the phrase's pairs for little more than the
/// pairs cost alone, so a phrase said in one cue in a hundred reads about as many rows as it ranks
/// instead of every row that says it.
struct CaptionWindows: Equatable {
  /// One range of ids.
  enum Window: Equatable {
    /// The ids from this one up: the newest cues.
    case from(Int64)
    /// The ids of a block, by its lexeme (`#14.60`: block 60 of 2^14 ids).
    case block(String)
    /// The ids below this one: the oldest cues.
    case below(Int64)

    /// The block as a tsquery literal, nil for the other ranges.
    var query: String? {
      guard case .block(let lexeme) = self else { return nil }
      return "'\(lexeme)'::tsquery"
    }

    /// The condition on the ids of cues aliased `alias` (`1 = 1` for a block, which the query holds).
    func condition(_ alias: String) -> String {
      switch self {
      case .from(let lower): "\(alias).id >= \(lower)"
      case .block: "1 = 1"
      case .below(let upper): "\(alias).id < \(upper)"
      }
    }
  }

  /// The sizes of the blocks, as powers of two: the lexemes migration 019 adds to every cue.
  static let levels = 13...17

  /// The ranges, newest first.
  let windows: [Window]

  /// The ranges for a table whose highest cue id is `newest` (nil when it has none). Cue ids are
  /// positive, as the table's identity gives them.
  init(newest: Int64?) {
    let smallest = Self.levels.lowerBound
    let top = (max(newest ?? 0, 0) >> smallest) << smallest
    var windows = [Window.from(top)]
    var upper = top
    while upper > 0 {
      let level = min(upper.trailingZeroBitCount, Self.levels.upperBound)
      windows.append(.block("#\(level).\((upper >> level) - 1)"))
      upper -= 1 << level
      if level == Self.levels.upperBound { break }
    }
    if upper > 0 { windows.append(.below(upper)) }
    self.windows = windows
  }
}
