import ExhibitKit

// Tests name item keys by their text, as the JSON and the documents do: these compare a typed
// key with that text, so a test reads the same as the document it checks.

func == (key: ItemKey, text: String) -> Bool { key.description == text }

func == (key: ItemKey?, text: String) -> Bool { key?.description == text }

func == (keys: [ItemKey], texts: [String]) -> Bool { keys.map(\.description) == texts }

extension ItemKey {
  /// Whether the key's text ends with `suffix`.
  func hasSuffix(_ suffix: String) -> Bool { description.hasSuffix(suffix) }
}
