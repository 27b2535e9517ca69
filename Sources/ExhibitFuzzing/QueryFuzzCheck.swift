import ExhibitKit
import Foundation

/// Search: any text a reviewer types is read into terms and searched, or refused with a
/// ``SearchError``; it never reaches FTS5 as syntax, so FTS5 never reports a syntax error.
///
/// The database is real and small: one criteria document, imported once per process, so every
/// index has rows to match and snippets to cut.
enum QueryFuzzCheck {
  /// A short criteria document in the MagentaA11y markdown format, written for the fuzzer.
  static let document = """
    # Toggle switch

    How to test a toggle switch. Written for Exhibit's fuzzer.

    ## Condensed

    1. Test keyboard only, then screen reader + keyboard actions

       - Tab: Focus moves to the switch
       - Spacebar: The switch turns on or off

    2. Test mobile screen reader gestures

       - Swipe: Focus moves to the switch
       - Doubletap: The state toggles and is announced

    3. Listen to screen reader output on all devices

       - Name: Its purpose is clear ("Dark mode")
       - Role: It identifies as a switch
       - State: It says on/off or checked/unchecked

    ## Gherkin

    GIVEN THAT I am on a page with a switch

    - WHEN I use the tab key to move focus to the switch
      - THEN the focus ring is visible
    - WHEN I press the spacebar
      - THEN the switch changes state and "on" is announced

    ## Android Developer Notes

    ### State

    - **Jetpack Compose**
      - Use `Modifier.toggleable` so TalkBack reads "on" and "off"

    ## iOS Developer Notes

    ### Role

    - **SwiftUI**
      - A `Toggle` is read by VoiceOver as "switch button"
    """

  /// The store, opened and filled on first use.
  nonisolated(unsafe) static let store: Store = {
    let path = FuzzScratch.folder + "/query.sqlite"
    do {
      let store = try Store.open(at: path, access: .write)
      let parsed = try CriteriaParser().parse(bytes: Array(document.utf8), path: "native/controls/switch.md")
      guard case .document(let criteria) = parsed else {
        fatalError("exhibit-fuzz: the query document did not parse")
      }
      _ = try store.importCriteria([criteria], actor: "exhibit-fuzz")
      return store
    } catch {
      fatalError("exhibit-fuzz: cannot prepare the query database: \(error)")
    }
  }()

  static func run(_ bytes: [UInt8]) -> FuzzOutcome {
    let text = String(decoding: bytes, as: UTF8.self)
    let results: SearchResults
    do {
      results = try store.search(SearchRequest(text, limit: 5))
    } catch let error as SearchError {
      return .refused(error.description)
    } catch {
      let expression = (try? SearchQuery(text).expression) ?? "?"
      return .broken("\(type(of: error)) for the expression \(expression.debugDescription): \(error)")
    }
    guard results.hits.count <= 5 else { return .broken("\(results.hits.count) hits for a limit of 5") }
    for hit in results.hits where hit.snippet.isEmpty || (hit.kind == .criteria && hit.component == nil) {
      return .broken("a hit without a snippet, or criteria without a component: \(hit)")
    }
    return .accepted("\(results.hits.count) hits for \(results.expression)")
  }
}
