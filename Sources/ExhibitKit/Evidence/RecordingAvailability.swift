/// Why a linked recording can no longer be shown as it was judged.
public enum RecordingAvailability: String, Sendable, Equatable, Encodable {
  /// No file is left at any path the recording was seen at.
  case missing = "recording missing"
  /// The path it was seen at now holds other bytes (catalogued as another recording).
  case changed = "bytes changed"

  /// SQL over a recording `r` giving `recording missing`, `bytes changed`, or NULL when a file
  /// with its bytes is present or there is no recording (an observation).
  static let sql = """
    (CASE WHEN r.id IS NULL THEN NULL
          WHEN NOT EXISTS (SELECT 1 FROM recording_path p WHERE p.recording_id = r.id) THEN 'bytes changed'
          WHEN NOT EXISTS (SELECT 1 FROM recording_path p WHERE p.recording_id = r.id
                           AND p.missing_since IS NULL) THEN 'recording missing' END)
    """

  /// What an auditor can do about link `link` to the recording last seen at `path`.
  public func advice(link: Int64, path: String) -> String {
    switch self {
    case .missing:
      "put the file back (or where it moved) and run `exhibit catalog`, or retract the verdict: "
        + "`exhibit unlink \(link) --reason \"recording lost\"`"
    case .changed:
      "\(path) now holds other bytes: restore the recording that was judged and run `exhibit catalog`, "
        + "or retract the verdict (`exhibit unlink \(link) --reason \"recording replaced\"`) and judge the new one"
    }
  }
}
