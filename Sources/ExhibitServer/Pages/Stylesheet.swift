/// The pages' one stylesheet. States are told by text and a pattern as well as colour, and every
/// colour pair meets WCAG AA contrast.
enum Stylesheet {
  static let text = """
    :root { --ink: #1b1f24; --muted: #4a5360; --line: #c9ced6; --paper: #ffffff; --wash: #f3f5f8;
      --accent: #0b57a4; --pass: #0d5f2c; --pass-bg: #e2f3e7; --fail: #9b1117; --fail-bg: #fde7e7;
      --gap: #6a4a00; --gap-bg: #fff3cf; --na: #3f4752; --na-bg: #eceff3; --focus: #ffbf47; }
    * { box-sizing: border-box; }
    body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif;
      color: var(--ink); background: var(--paper); }
    a { color: var(--accent); }
    a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible, textarea:focus-visible,
    summary:focus-visible, main:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
    .skip-link { position: absolute; left: -999px; top: 0; background: var(--ink); color: #fff; padding: .5em 1em; }
    .skip-link:focus { left: 0; z-index: 10; }
    .site-header { display: flex; flex-wrap: wrap; gap: .5em 1.5em; align-items: center; padding: .6em 1.2em;
      background: var(--ink); color: #fff; }
    .site-header a { color: #fff; }
    .site-header .brand { margin: 0; font-weight: 700; font-size: 1.15em; }
    .site-header nav ul { display: flex; gap: 1em; list-style: none; margin: 0; padding: 0; }
    .site-header nav a[aria-current="page"] { font-weight: 700; text-decoration-thickness: 3px; }
    .site-search { display: flex; gap: .4em; align-items: center; margin-left: auto; }
    .site-search label { font-size: .9em; }
    .account { display: flex; gap: .5em; align-items: center; margin: 0; font-size: .9em; }
    .account form { margin: 0; }
    main { max-width: 80rem; margin: 0 auto; padding: 1em 1.2em 3em; }
    h1 { font-size: 1.7em; margin: .3em 0 .4em; line-height: 1.2; }
    h2 { font-size: 1.3em; margin-top: 1.6em; }
    h3 { font-size: 1.1em; }
    .lede { color: var(--muted); margin-top: 0; }
    button, .button { font: inherit; padding: .35em .8em; border: 1px solid var(--accent); border-radius: 4px;
      background: var(--accent); color: #fff; cursor: pointer; text-decoration: none; display: inline-block; }
    button.secondary { background: #fff; color: var(--accent); }
    input, select, textarea { font: inherit; padding: .3em .4em; border: 1px solid #6b7480; border-radius: 4px;
      max-width: 100%; }
    label { font-weight: 600; }
    fieldset { border: 1px solid var(--line); border-radius: 6px; margin: 0 0 1em; }
    table { border-collapse: collapse; width: 100%; margin: .5em 0 1.5em; }
    caption { text-align: left; font-weight: 700; padding: .3em 0; }
    th, td { border: 1px solid var(--line); padding: .4em .5em; text-align: left; vertical-align: top; }
    thead th { background: var(--wash); }
    .table-scroll { overflow-x: auto; }
    .filters { display: flex; flex-wrap: wrap; gap: .8em 1.2em; align-items: end; background: var(--wash);
      padding: .8em; border-radius: 6px; }
    .filters div { display: flex; flex-direction: column; }
    .state { display: inline-block; font-weight: 700; padding: .05em .45em; border-radius: 3px; border: 1px solid; }
    .state-pass { color: var(--pass); background-color: var(--pass-bg); }
    .state-fail, .state-conflict { color: var(--fail); background-color: var(--fail-bg);
      background-image: repeating-linear-gradient(135deg, transparent 0 6px, rgba(155, 17, 23, .12) 6px 9px); }
    .state-gaps, .state-untested { color: var(--gap); background-color: var(--gap-bg);
      background-image: radial-gradient(rgba(106, 74, 0, .18) 1px, transparent 1.5px); background-size: 7px 7px; }
    .state-not-applicable { color: var(--na); background-color: var(--na-bg);
      background-image: repeating-linear-gradient(0deg, transparent 0 7px, rgba(63, 71, 82, .12) 7px 8px); }
    .state-empty { color: var(--muted); background: #fff; border-style: dashed; }
    td.matrix-cell { min-width: 9em; }
    td.matrix-cell .counts { display: block; font-size: .85em; color: var(--ink); }
    .legend { display: flex; flex-wrap: wrap; gap: .6em; list-style: none; padding: 0; }
    .meta { display: grid; grid-template-columns: max-content 1fr; gap: .2em 1em; }
    .meta dt { font-weight: 700; }
    .meta dd { margin: 0; overflow-wrap: anywhere; }
    .sha { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: .9em; overflow-wrap: anywhere; }
    .player-layout { display: grid; grid-template-columns: minmax(0, 3fr) minmax(16rem, 2fr); gap: 1.2em; }
    @media (max-width: 60rem) { .player-layout { grid-template-columns: minmax(0, 1fr); } .site-search { margin-left: 0; } }
    h1, h2, h3, td, li, dd, p { overflow-wrap: anywhere; }
    thead th { overflow-wrap: normal; }
    tbody th { overflow-wrap: anywhere; }
    textarea { width: min(40em, 100%); }
    .judge-form .row > div, .inline-form > div, .filters > div { min-width: 0; max-width: 100%; }
    .site-search input { min-width: 0; width: 10em; }
    video { width: 100%; background: #000; border-radius: 6px; }
    .transcript { list-style: none; margin: 0; padding: 0; max-height: 28rem; overflow-y: auto;
      border: 1px solid var(--line); border-radius: 6px; }
    .transcript li { border-bottom: 1px solid var(--line); }
    .transcript a { display: block; padding: .4em .6em; color: var(--ink); text-decoration: none; }
    .transcript a:hover { background: var(--wash); }
    .transcript .is-current a { background: #dcebfb; box-shadow: inset 4px 0 0 var(--accent); font-weight: 600; }
    .cue-time { font-family: ui-monospace, "DejaVu Sans Mono", monospace; color: var(--muted); margin-right: .5em; }
    .judge-form .row { display: flex; flex-wrap: wrap; gap: .6em 1.2em; align-items: end; margin-bottom: .8em; }
    .judge-form .row > div { display: flex; flex-direction: column; }
    .judge-form input[type="number"] { width: 8em; }
    .verdicts { display: flex; flex-wrap: wrap; gap: .4em 1.2em; }
    .verdicts label { font-weight: 400; }
    .notice { padding: .6em .8em; border-left: 5px solid var(--accent); background: #e8f1fb; }
    .error-message { padding: .6em .8em; border-left: 5px solid var(--fail); background: var(--fail-bg); }
    .hit { margin: .6em 0; padding: .5em .7em; border: 1px solid var(--line); border-radius: 6px; }
    .hit p { margin: .2em 0; }
    .muted { color: var(--muted); }
    details summary { cursor: pointer; color: var(--accent); }
    .inline-form { display: flex; flex-wrap: wrap; gap: .4em; align-items: end; margin: .4em 0; }
    """
}
