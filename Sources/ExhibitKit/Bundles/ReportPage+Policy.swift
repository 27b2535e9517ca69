import Crypto
import Foundation

extension ReportPage {
  /// The report's stylesheet, inline so the report stays one file.
  static let styleText =
    "\n" + """
      body { font-family: system-ui, sans-serif; line-height: 1.5; color: #1a1a1a; background: #ffffff;
        max-width: 62rem; margin: 0 auto; padding: 1rem; }
      table { border-collapse: collapse; width: 100%; }
      caption { text-align: left; font-weight: bold; padding: 0.5rem 0; }
      th, td { border: 1px solid #595959; padding: 0.4rem; text-align: left; vertical-align: top; }
      .verdict-pass { color: #0b6b2e; font-weight: bold; }
      .verdict-fail, .verdict-conflict { color: #a50000; font-weight: bold; }
      .key { font-family: ui-monospace, monospace; font-size: 0.9em; color: #404040; }
      a { color: #0645ad; }
      a:focus, video:focus { outline: 3px solid #1a1a1a; outline-offset: 2px; }
      video { max-width: 100%; background: #000000; }
      dt { font-weight: bold; }
      h1, h2, h3, h4, dd, li, p, caption { overflow-wrap: anywhere; }
      td, th { overflow-wrap: break-word; }
      .status { font-size: 1.25rem; font-weight: bold; border: 2px solid currentColor; padding: 0.25rem 0.5rem;
        display: inline-block; }
      .status-pass { color: #0b6b2e; }
      .status-fail { color: #a50000; }
      .status-incomplete { color: #6b4e00; border-style: dashed; }
      ul.verdicts { list-style: none; padding: 0; margin: 0; }
      ol.transcript { padding-left: 0; list-style: none; max-height: 24rem; overflow-y: auto; }
      ol.transcript li { padding: 0.15rem 0.25rem; border-left: 4px solid transparent; }
      ol.transcript li.current { background: #fff4c2; border-left-color: #1a1a1a; font-weight: bold; }
      .recording { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 1rem; }
      @media (max-width: 40rem) {
        body { padding: 0.5rem; }
        .recording { grid-template-columns: minmax(0, 1fr); }
        table.checklist, table.checklist caption, table.checklist tbody, table.checklist tr, table.checklist th,
        table.checklist td { display: block; width: auto; overflow-wrap: anywhere; }
        table.checklist thead { position: absolute; width: 1px; height: 1px; overflow: hidden;
          clip: rect(0 0 0 0); }
        table.checklist tr { border: 1px solid #595959; margin-bottom: 0.75rem; }
        table.checklist th, table.checklist td { border: none; }
        table.checklist td::before { content: attr(data-label) ": "; font-weight: bold; }
      }
      """ + "\n"

  /// The report's script, inline so the report stays one file: segment links play their
  /// segment in the page's player, and the cue being spoken is marked.
  static let scriptText =
    "\n" + """
      document.addEventListener("click", function (event) {
        var link = event.target.closest("a[data-video]");
        var video = link && document.getElementById(link.dataset.video);
        if (!video) { return; }
        event.preventDefault();
        var end = parseFloat(link.dataset.end);
        video.currentTime = parseFloat(link.dataset.start) || 0;
        video.scrollIntoView();
        video.focus();
        var stop = function () {
          if (video.currentTime >= end) { video.pause(); video.removeEventListener("timeupdate", stop); }
        };
        if (!isNaN(end)) { video.addEventListener("timeupdate", stop); }
        video.play();
      });
      // The cue being spoken is marked in its transcript while the video plays.
      document.querySelectorAll("ol.transcript").forEach(function (list) {
        var video = document.getElementById(list.dataset.video);
        if (!video) { return; }
        video.addEventListener("timeupdate", function () {
          list.querySelectorAll("li").forEach(function (cue) {
            var now = video.currentTime;
            var on = now >= parseFloat(cue.dataset.start) && now < parseFloat(cue.dataset.end);
            cue.classList.toggle("current", on);
            if (on) { cue.setAttribute("aria-current", "true"); } else { cue.removeAttribute("aria-current"); }
          });
        });
      });
      """ + "\n"

  /// The report's Content-Security-Policy, as a `<meta>`: nothing from the network, and only
  /// this stylesheet and this script, named by their SHA-256, so no other markup in the page
  /// (a caption, a note) can ever run or restyle it. Media and tracks come from the bag itself.
  static let contentSecurityPolicy =
    "default-src 'none'; script-src '\(hashSource(scriptText))'; style-src '\(hashSource(styleText))'; "
    + "media-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'"

  /// `sha256-BASE64` of an inline element's text, as CSP names it.
  static func hashSource(_ text: String) -> String {
    "sha256-" + Data(SHA256.hash(data: Data(text.utf8))).base64EncodedString()
  }
}
