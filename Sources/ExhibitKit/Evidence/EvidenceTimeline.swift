import Foundation

/// Where in a recording the evidence is: a strip the width of the recording, drawn as SVG so it
/// works without script and inside a bag's report. Caption cues are ticks along the top, over
/// shaded stretches where Exhibit heard speech (utterances, heard and not captioned); each
/// linked segment is a bar filled with its verdict's colour *and* pattern (solid pass, striped
/// fail, lined not-applicable, dotted untested), never colour alone; suggestions are dashed
/// outlines; the segment being marked is a translucent band. Bars that overlap go to lanes below
/// one another.
///
/// The drawing is 1,000 units wide whatever the recording's length, stretched to the width it is
/// given, so a bar's left edge sits at `from / duration` of the strip: a test can check a bar's
/// place against its seconds.
public struct EvidenceTimeline: Sendable {
  /// One bar or outline on the strip.
  public struct Mark: Sendable {
    /// What the mark stands for.
    public enum Kind: Sendable, Equatable {
      /// A live link with its verdict.
      case verdict(Verdict)
      /// A suggestion nobody decided yet.
      case suggestion
    }

    public let kind: Kind
    /// The segment in seconds; a link on the whole recording spans it all.
    public let fromSeconds: Double
    public let toSeconds: Double
    /// What it is, in words (a link's id, verdict, item and times): the bar's accessible name.
    public let label: String
    /// Where activating it goes, when the strip is interactive.
    public let href: String?
    /// A `data-` attribute pair naming it for the page's script and for tests (`link`, `12`).
    public let data: (name: String, value: String)?

    public init(
      kind: Kind, fromSeconds: Double, toSeconds: Double, label: String, href: String? = nil,
      data: (name: String, value: String)? = nil
    ) {
      self.kind = kind
      self.fromSeconds = fromSeconds
      self.toSeconds = toSeconds
      self.label = label
      self.href = href
      self.data = data
    }
  }

  /// The recording's length in seconds; nothing is drawn for an unknown or zero length.
  public let durationSeconds: Double
  /// The caption cues' start and end, in seconds.
  public let cues: [(start: Double, end: Double)]
  /// Where Exhibit heard speech (``HeardTrack/Utterance``), in seconds: drawn as shaded stretches
  /// of the cue band.
  public var speech: [(start: Double, end: Double)] = []
  public let marks: [Mark]
  /// The segment being judged, when one is marked.
  public var selection: (from: Double, to: Double)?
  /// The `id` of the element, unique on the page; the pattern ids derive from it.
  public let id: String
  /// Whether the strip takes clicks (the workspace's player) or is a picture (a bag's report).
  public var interactive: Bool

  public init(
    durationSeconds: Double, cues: [(start: Double, end: Double)], marks: [Mark], id: String,
    selection: (from: Double, to: Double)? = nil, interactive: Bool = true
  ) {
    self.durationSeconds = durationSeconds
    self.cues = cues
    self.marks = marks
    self.id = id
    self.selection = selection
    self.interactive = interactive
  }

  /// The drawing's width in SVG units.
  static let width = 1000.0
  static let cueBand = 10.0
  static let laneHeight = 14.0
  static let laneGap = 3.0
  /// Lanes drawn at most; later overlapping bars share the last.
  static let maxLanes = 4

  /// The lane each mark goes in, in order: the first lane whose last bar ends before it starts.
  static func lanes(_ marks: [Mark]) -> [Int] {
    var ends: [Double] = []
    return marks.map { mark in
      if let free = ends.firstIndex(where: { $0 <= mark.fromSeconds }) {
        ends[free] = mark.toSeconds
        return free
      }
      guard ends.count < maxLanes else {
        ends[maxLanes - 1] = max(ends[maxLanes - 1], mark.toSeconds)
        return maxLanes - 1
      }
      ends.append(mark.toSeconds)
      return ends.count - 1
    }
  }

  /// The strip, or nothing when the recording's length is unknown.
  public var svg: HTML {
    guard durationSeconds.isFinite, durationSeconds > 0 else { return .empty }
    let lanes = Self.lanes(marks)
    let laneCount = max(1, (lanes.max() ?? 0) + 1)
    let height = Self.cueBand + 4 + Double(laneCount) * (Self.laneHeight + Self.laneGap)
    let ticks = cues.map { cue -> HTML in
      let x = format(x(cue.start))
      return "<line x1=\"\(x)\" x2=\"\(x)\" y1=\"0\" y2=\"\(format(Self.cueBand))\" class=\"timeline-cue\"/>"
    }
    let heard = speech.map { stretch -> HTML in
      let left = x(stretch.start)
      return """
        <rect class="timeline-utterance" x="\(format(left))" y="0" \
        width="\(format(max(1, x(stretch.end) - left)))" height="\(format(Self.cueBand))"/>
        """
    }
    let bars = zip(marks, lanes).map { mark, lane in bar(mark, lane: lane) }
    let role: HTML =
      interactive
      ? "role=\"group\" aria-label=\"Timeline: \(summary); choose a bar to play its segment\""
      : "role=\"img\" aria-label=\"Timeline: \(summary)\""
    return """
      <svg class="timeline\(interactive ? " timeline-interactive" as HTML : .empty)" id="\(id)" \(role) \
      viewBox="0 0 \(format(Self.width)) \(format(height))" preserveAspectRatio="none" \
      data-duration="\(format(durationSeconds))" focusable="false">\
      \(patterns)\
      <rect class="timeline-track" x="0" y="0" width="\(format(Self.width))" height="\(format(height))"/>\
      <g aria-hidden="true">\(HTML.join(heard))\(HTML.join(ticks))</g>\
      \(HTML.join(bars))\(selectionBand(height: height))</svg>
      """
  }

  /// The key to the patterns, as a list beside the strip; suggestions only where they are drawn.
  public var key: HTML {
    var entries: [(String, String)] = [
      ("pass", "pass (solid)"), ("fail", "fail (striped)"), ("not-applicable", "not applicable (lined)"),
      ("untested", "untested (dotted)"),
    ]
    if interactive { entries.append(("suggestion", "suggestion (dashed outline)")) }
    entries.append(("cue", "caption cue (tick)"))
    if !speech.isEmpty { entries.append(("utterance", "speech Exhibit heard, not captioned (shaded)")) }
    let items = entries.map { name, words -> HTML in
      "<li><span class=\"swatch swatch-\(name)\" aria-hidden=\"true\"></span>\(words)</li>"
    }
    return "<ul class=\"timeline-key\" aria-label=\"Timeline key\">\(HTML.join(items))</ul>"
  }

  private var summary: String {
    let verdicts = marks.filter { if case .verdict = $0.kind { true } else { false } }.count
    let suggestions = marks.count - verdicts
    return
      "\(DisplayText.clock(durationSeconds)) long, \(verdicts) \(verdicts == 1 ? "verdict" : "verdicts"), "
      + "\(suggestions) \(suggestions == 1 ? "suggestion" : "suggestions"), \(cues.count) caption cues"
      + (speech.isEmpty ? "" : ", \(speech.count) stretches of speech heard by Exhibit")
  }

  private func x(_ seconds: Double) -> Double {
    min(Self.width, max(0, seconds / durationSeconds * Self.width))
  }

  private func bar(_ mark: Mark, lane: Int) -> HTML {
    let left = x(mark.fromSeconds)
    let width = max(2, x(max(mark.toSeconds, mark.fromSeconds)) - left)
    let y = Self.cueBand + 4 + Double(lane) * (Self.laneHeight + Self.laneGap)
    let style: HTML
    switch mark.kind {
    case .verdict(let verdict):
      style = "class=\"timeline-bar timeline-\(verdict.rawValue)\" fill=\"url(#\(id)-\(verdict.rawValue))\""
    case .suggestion:
      style = "class=\"timeline-suggestion\" fill=\"none\""
    }
    let data: HTML =
      mark.data.map { " data-\($0.name)=\"\($0.value)\"" } ?? .empty
    let rect: HTML = """
      <rect \(style)\(data) data-from="\(format(mark.fromSeconds))" data-to="\(format(mark.toSeconds))" \
      x="\(format(left))" y="\(format(y))" width="\(format(width))" height="\(format(Self.laneHeight))" \
      vector-effect="non-scaling-stroke"><title>\(mark.label)</title></rect>
      """
    guard interactive, let href = mark.href else { return rect }
    return "<a href=\"\(href)\" aria-label=\"\(mark.label)\">\(rect)</a>"
  }

  private func selectionBand(height: Double) -> HTML {
    guard interactive else { return .empty }
    let from = selection.map { x(min($0.from, $0.to)) } ?? 0
    let to = selection.map { x(max($0.from, $0.to)) } ?? 0
    return """
      <rect id="\(id)-selection" class="timeline-selection" x="\(format(from))" y="0" \
      width="\(format(max(0, to - from)))" height="\(format(height))" vector-effect="non-scaling-stroke"\
      \(selection == nil ? " visibility=\"hidden\"" as HTML : .empty) aria-hidden="true"/>
      """
  }

  /// Fills that differ in pattern as well as colour.
  private var patterns: HTML {
    """
    <defs>\
    <pattern id="\(id)-pass" width="8" height="8" patternUnits="userSpaceOnUse">\
    <rect width="8" height="8" fill="#1b7f3b"/></pattern>\
    <pattern id="\(id)-fail" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">\
    <rect width="8" height="8" fill="#b3261e"/><rect width="3" height="8" fill="#ffffff"/></pattern>\
    <pattern id="\(id)-not-applicable" width="6" height="6" patternUnits="userSpaceOnUse">\
    <rect width="6" height="6" fill="#5b6470"/><rect y="4" width="6" height="2" fill="#ffffff"/></pattern>\
    <pattern id="\(id)-untested" width="6" height="6" patternUnits="userSpaceOnUse">\
    <rect width="6" height="6" fill="#fff3cf"/><circle cx="3" cy="3" r="1.6" fill="#6a4a00"/></pattern>\
    </defs>
    """
  }

  private func format(_ value: Double) -> String {
    let rounded = (value * 1000).rounded() / 1000
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }
}
