/// The cues of a long caption still to be stored, a chunk per transaction, after its track row.
struct PendingCues: Sendable {
  var track: Int64
  var cues: [StoredCue]
  /// The position of the first of `cues` in the track.
  var first: Int
  /// The caption file's modification time, stored once the last chunk is in.
  var modifiedNanoseconds: Int64
}
