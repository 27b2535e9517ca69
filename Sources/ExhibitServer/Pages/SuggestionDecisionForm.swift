import ExhibitKit

/// The form that decides one suggestion in place (pass, fail, not applicable, or dismiss, with
/// a note), shared by the component and recording pages; it posts to `/suggestions/decide`,
/// which answers with a redirect back to `back`.
struct SuggestionDecisionForm {
  let suggestion: Suggestion
  let visitor: Visitor
  /// The page to come back to.
  let back: String
  /// Tells one form's fields from another's on the same page.
  let index: Int

  var html: HTML {
    guard visitor.mayJudge else { return .empty }
    let id = "decide-\(index)"
    let choices = SuggestionDecision.allCases.map { decision -> HTML in
      let label =
        switch decision {
        case .pass: "Pass"
        case .fail: "Fail"
        case .notApplicable: "Not applicable"
        case .dismiss: "Not evidence (dismiss)"
        }
      return "<option value=\"\(decision.rawValue)\">\(label)</option>"
    }
    return """
      <form method="post" action="/suggestions/decide" class="inline-form decide-form">
      <input type="hidden" name="csrf_token" value="\(visitor.csrfToken)">
      <input type="hidden" name="recording" value="\(suggestion.recording.sha256)">
      <input type="hidden" name="item" value="\(suggestion.item)">
      <input type="hidden" name="from" value="\(suggestion.fromSeconds.map { String($0) } ?? "")">
      <input type="hidden" name="back" value="\(back)">
      <div><label for="\(id)-decision">Decision<span class="visually-hidden"> on \(suggestion.item)</span></label>
      <select id="\(id)-decision" name="decision" required><option value="">Choose</option>\(choices)</select></div>
      <div><label for="\(id)-note">Note</label><input id="\(id)-note" name="note" size="18"></div>
      <button type="submit" class="secondary">Decide<span class="visually-hidden"> \(suggestion.item)</span></button>
      </form>
      """
  }
}
