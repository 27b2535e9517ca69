/// The ranges of caption cue ids a search reads a phrase's matches in, newest first (migration
/// 019): the ids from the newest cue's block of 2^13 up; then, going down, one whole block at a
/// time, each as large as its alignment allows (so at least twice the one before) up to 2^17 ids;
/// then every id below. Together the ranges hold every id once, so reading them in turn until the
/// cap and one more are found gives the newest matches the whole table would. A block is asked
/// for by its lexeme, which the index intersects with the phrase's pairs for little more than the
/// pairs cost alone, so a phrase said in one cue in a hundred reads about as many rows as it ranks
/// instead of every row that says it.
struct CaptionWindows: Equatable {
  /// One range of ids: a block, or the ids from `lower` up, or the ids below `below`.
  struct Window: Equatable {
    /// The block's lexeme (`#14.60`: block 60 of 2^14 ids), or nil.
    let block: String?
    /// The lowest id of the newest range, or nil.
    let lower: Int64?
    /// The first id above the oldest range, or nil.
    let below: Int64?

    /// The block as a tsquery literal, or nil.
    var query: String? { block.map { "'\($0)'::tsquery" } }

    /// The condition on the ids of cues aliased `alias` (`1 = 1` for a block).
    func condition(_ alias: String) -> String {
      if let lower { return "\(alias).id >= \(lower)" }
      if let below { return "\(alias).id < \(below)" }
      return "1 = 1"
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
    var windows = [Window(block: nil, lower: top, below: nil)]
    var upper = top
    while upper > 0 {
      let level = min(upper.trailingZeroBitCount, Self.levels.upperBound)
      windows.append(Window(block: "#\(level).\((upper >> level) - 1)", lower: nil, below: nil))
      upper -= 1 << level
      if level == Self.levels.upperBound { break }
    }
    if upper > 0 { windows.append(Window(block: nil, lower: nil, below: upper)) }
    self.windows = windows
  }
}
