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
  /// The password is longer than bcrypt reads (``maximumPasswordBytes``), or holds a NUL, after
  /// which bcrypt reads nothing: part of it would not count.
  case passwordUnusable(String)

  /// The shortest password an account may have.
  public static let minimumPasswordLength = 10
  /// The most bytes of a password bcrypt reads.
  public static let maximumPasswordBytes = 72

  /// Why a password cannot protect an account, or nil when it can.
  public static func problem(withPassword password: String) -> AccountError? {
    if password.count < minimumPasswordLength { return .passwordTooShort(minimum: minimumPasswordLength) }
    if password.utf8.contains(0) {
      return .passwordUnusable("it holds a NUL character, after which bcrypt reads nothing")
    }
    if password.utf8.count > maximumPasswordBytes {
      return .passwordUnusable(
        "it is \(password.utf8.count) bytes long and bcrypt reads only the first \(maximumPasswordBytes); "
          + "use a shorter one")
    }
    return nil
  }

  public var description: String {
    switch self {
    case .invalidName(let name):
      "\"\(name)\" cannot name an account: use 1 to 64 letters, digits, '.', '-', '_' or '@'"
    case .exists(let name): "an account named \(name) exists; remove it first to change it"
    case .unknown(let name): "no account is named \(name); `exhibit users list` lists them"
    case .passwordTooShort(let minimum): "the password is too short: use at least \(minimum) characters"
    case .passwordUnusable(let reason): "the password cannot be used: \(reason)"
    }
  }
}
