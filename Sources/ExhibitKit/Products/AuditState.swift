/// Whether an audit still takes links (`open`) or is final (`closed`).
public enum AuditState: String, Sendable, Codable, Equatable {
  case open
  case closed
}
