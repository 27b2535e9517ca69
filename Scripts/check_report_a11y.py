#!/usr/bin/env python3
"""Runs axe-core (4.x, from axe-playwright-python) over an HTML file in headless Chromium and prints the
WCAG 2.x A/AA violations as JSON; exits 1 when there are any, 2 when the check cannot run.

It also checks the page's Content-Security-Policy refused nothing it uses, and reads the page as a
person would: at 390 px wide (a phone) nothing may scroll sideways,
and clicking a transcript cue must move its player to the cue's time. Those findings are listed
with the violations. With --screenshots DIR it saves the page at desktop and phone width.

    python3 Scripts/check_report_a11y.py path/to/report.html [--screenshots DIR]
"""
import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))  # run by path, or by runpy
import headless  # noqa: E402


def main() -> int:
    arguments = sys.argv[1:]
    screenshots = None
    if len(arguments) == 3 and arguments[1] == "--screenshots":
        screenshots = pathlib.Path(arguments[2])
        screenshots.mkdir(parents=True, exist_ok=True)
        arguments = arguments[:1]
    if len(arguments) != 1:
        print("usage: check_report_a11y.py REPORT.html [--screenshots DIR]", file=sys.stderr)
        return 2
    report = pathlib.Path(arguments[0]).resolve()
    try:
        headless.axe_script_path()
        driver = headless.start_chromium(browser_log=True)
    except ImportError as error:
        print(f"cannot run axe: {error}; run Scripts/install-deps.sh", file=sys.stderr)
        return 2
    try:
        driver.get(report.as_uri())
        refused = policy_violations(driver)
        results = headless.run_axe(driver)
        version = driver.execute_script("return axe.version")
        try:
            findings = refused + read_as_a_person(driver, report, screenshots)
        except Exception as error:  # the page could not be used as a person would: a finding
            findings = refused + [{"id": "page-unusable", "impact": "serious",
                                   "help": str(error).splitlines()[0][:300], "nodes": []}]
    finally:
        driver.quit()
    if "error" in results:
        print(f"axe failed: {results['error']}", file=sys.stderr)
        return 2
    violations = [
        {"id": v["id"], "impact": v.get("impact"), "help": v["help"], "nodes": [n["target"] for n in v["nodes"]]}
        for v in results["violations"]
    ] + findings
    print(json.dumps({"axe": version, "violations": violations, "passes": len(results["passes"])}, indent=2))
    return 1 if violations else 0


def policy_violations(driver):
    """The page's own Content-Security-Policy must allow everything it uses: its script, its
    styles, its videos and tracks. Chromium logs each thing the policy refused."""
    refused = [entry["message"] for entry in driver.get_log("browser") if "Content Security Policy" in entry["message"]]
    return [{"id": "csp-refused", "impact": "serious", "help": message[:300], "nodes": []} for message in refused[:5]]


def read_as_a_person(driver, report, screenshots):
    """Checks the page at phone width and its transcript links; returns findings shaped as violations."""
    import time

    findings = []
    driver.set_window_size(1280, 1000)
    driver.get(report.as_uri())
    if screenshots:
        driver.save_screenshot(str(screenshots / "report-desktop.png"))
    cues = driver.execute_script("return document.querySelectorAll('a[data-cue]').length")
    if cues:
        driver.execute_script("document.querySelectorAll('a[data-cue]')[arguments[0]].click()", cues - 1)
        wanted = float(driver.execute_script(
            "return document.querySelectorAll('a[data-cue]')[arguments[0]].dataset.start", cues - 1))
        at = None
        for _ in range(50):
            at = driver.execute_script(
                "var a = document.querySelectorAll('a[data-cue]')[arguments[0]];"
                "return document.getElementById(a.dataset.video).currentTime;", cues - 1)
            if at is not None and abs(at - wanted) < 1.0:
                break
            time.sleep(0.1)
        if at is None or abs(at - wanted) >= 1.0:
            findings.append({"id": "transcript-seek", "impact": "serious",
                             "help": f"clicking a cue at {wanted} s left the player at {at} s", "nodes": []})
        if screenshots:
            driver.execute_script("var v = document.querySelector('video'); if (v) { v.pause(); }")
            driver.execute_script("document.querySelector('ol.transcript').scrollIntoView()")
            driver.save_screenshot(str(screenshots / "report-transcript.png"))
    driver.set_window_size(390, 844)
    driver.get(report.as_uri())
    inner = driver.execute_script("return window.innerWidth")
    wide = driver.execute_script(
        "return Array.from(document.querySelectorAll('body *')).filter(function (e) {"
        "  var r = e.getBoundingClientRect(); return r.width > 0 && r.right > window.innerWidth + 1;"
        "}).slice(0, 5).map(function (e) { return e.tagName.toLowerCase() + (e.className ? '.' + e.className : ''); })")
    scroll = driver.execute_script("return document.documentElement.scrollWidth")
    if scroll > inner or wide:
        findings.append({"id": "phone-sideways-scroll", "impact": "serious",
                         "help": f"at {inner} px the page is {scroll} px wide", "nodes": wide})
    if screenshots:
        driver.save_screenshot(str(screenshots / "report-phone.png"))
    return findings


if __name__ == "__main__":
    sys.exit(main())
