/// Why an account could not be added, removed or used.
public enum AccountError: Error, Equatable, CustomStringConvertible {
  /// The name is not 1 to 64 letters, digits, `.`, `-`, `_` or `@`.
  case invalidName(String)
  /// An account of that name exists.
  case exists(String)
  /// No account has that name.
  case unknown(String)
  /// The password is shorter than ``minimumPasswordLength``.
  case passwordTooShort(minimum: Int)

  /// The shortest password an account may have.
  public static let minimumPasswordLength = 10

  public var description: String {
    switch self {
    case .invalidName(let name):
      "\"\(name)\" cannot name an account: use 1 to 64 letters, digits, '.', '-', '_' or '@'"
    case .exists(let name): "an account named \(name) exists; remove it first to change it"
    case .unknown(let name): "no account is named \(name); `exhibit users list` lists them"
    case .passwordTooShort(let minimum): "the password is too short: use at least \(minimum) characters"
    }
  }
}
