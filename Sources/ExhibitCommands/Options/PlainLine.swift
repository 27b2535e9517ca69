import ArgumentParser

/// A command's words read without swift-argument-parser, when they are plain: arguments (words
/// not starting with `-`) and the command's own options, each as `--name value` or
/// `--name=value`, and flags.
///
/// The parser reflects on a command's options (its check for a completion-script request among
/// them, and each property wrapper's generic type met for the first time) before it reads a
/// word; on a small workspace that is a quarter of a reading command's start. A plain line is
/// read here instead; any other (a help or completion request, an option the syntax does not
/// name or one given twice, an empty value or one that looks like an option, `--`, the wrong
/// number of arguments) is nil and left to the parser, which reads it and reports on it.
///
/// Its names are kept in arrays, not sets or dictionaries: a line holds a few words, and the
/// first `Set<String>` a process makes costs the runtime a search of the binary's conformances
/// (`String: Hashable`), a fiftieth of a reading command's start.
struct PlainLine: Equatable {
  /// What a command's plain line may hold.
  struct Syntax: Sendable {
    /// How many arguments the command takes.
    var arguments: ClosedRange<Int>
    /// The options that take a value, each given at most once.
    var options: [String] = []
    /// The options that take a value and may be given again.
    var repeatable: [String] = []
    /// The flags, each given at most once.
    var flags: [String] = []
  }

  /// An option given, with its value.
  struct Given: Equatable {
    var name: String
    var value: String
  }

  /// The arguments, in order.
  private(set) var arguments: [String] = []
  /// The options given, in order.
  private(set) var values: [Given] = []
  /// The flags given.
  private(set) var flags: [String] = []

  /// The line `words` (what follows the command's name) spell under `syntax`, or nil when the
  /// parser must read them.
  init?(_ words: some Collection<String>, syntax: Syntax) {
    var index = words.startIndex
    while index < words.endIndex {
      let word = words[index]
      index = words.index(after: index)
      guard word.hasPrefix("-") else {
        arguments.append(word)
        continue
      }
      let name: String
      var value: String?
      if let equals = word.firstIndex(of: "=") {
        name = String(word[..<equals])
        value = String(word[word.index(after: equals)...])
      } else {
        name = word
      }
      if syntax.flags.contains(name) {
        guard value == nil, !flags.contains(name) else { return nil }
        flags.append(name)
        continue
      }
      let repeatable = syntax.repeatable.contains(name)
      guard repeatable || syntax.options.contains(name) else { return nil }
      guard repeatable || !values.contains(where: { $0.name == name }) else { return nil }
      if value == nil {
        guard index < words.endIndex else { return nil }
        value = words[index]
        index = words.index(after: index)
      }
      guard let value, !value.isEmpty, !value.hasPrefix("-") else { return nil }
      values.append(Given(name: name, value: value))
    }
    guard syntax.arguments.contains(arguments.count) else { return nil }
  }

  /// The option's value, when it was given.
  func value(_ name: String) -> String? { values.first { $0.name == name }?.value }

  /// Whether the flag was given.
  func has(_ flag: String) -> Bool { flags.contains(flag) }

  /// The argument at `index`, when there is one.
  func argument(_ index: Int) -> String? { arguments.indices.contains(index) ? arguments[index] : nil }

  /// The option's value read as the parser reads it (`ExpressibleByArgument`): `.some(nil)` when
  /// the option was not given, nil when its word is not one the parser would take.
  func choice<Value: ExpressibleByArgument>(_ name: String, as _: Value.Type) -> Value?? {
    guard let word = value(name) else { return .some(nil) }
    return Value(argument: word).map { .some($0) } ?? nil
  }

  /// Every value of a repeatable option read as the parser reads it; nil when one is not one
  /// the parser would take.
  func choices<Value: ExpressibleByArgument>(_ name: String, as _: Value.Type) -> [Value]? {
    var read: [Value] = []
    for word in values where word.name == name {
      guard let value = Value(argument: word.value) else { return nil }
      read.append(value)
    }
    return read
  }
}
