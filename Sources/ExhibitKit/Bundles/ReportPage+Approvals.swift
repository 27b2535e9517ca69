// The report's sign-off (bags of layout 6 on): who approved which columns' verdicts and which
// decided levels, as the audit trail records it.
extension ReportPage {
  /// The sign-off section; nothing for a bag made before approvals.
  var approvalsSection: HTML {
    guard let approvals = contents.approvals else { return .empty }
    guard !approvals.isEmpty else {
      return """
        <section aria-labelledby="approvals-heading">
        <h2 id="approvals-heading">Sign-off</h2>
        <p>No verdict or decided level in this bag has been approved by a second person.</p>
        </section>

        """
    }
    let rows = approvals.map { approval -> HTML in
      let covers =
        approval.kind == .verdict
        ? "links \(approval.links.map(String.init).joined(separator: ", "))"
        : "the level decided \(approval.covers)"
      return
        "<li>\(approval.subject(on: contents.platform)): approved by \(approval.approver) on \(String(approval.approvedAt.prefix(10))) (\(covers); audit event \(String(approval.event)))</li>"
    }
    return """
      <section aria-labelledby="approvals-heading">
      <h2 id="approvals-heading">Sign-off</h2>
      <p>A second person, who judged none of it, approved \(approvals.count) \(approvals.count == 1 ? "column or level" : "columns and levels"), each as it stands in this bag:</p>
      <ul>\(HTML.join(rows))</ul>
      </section>

      """
  }
}
