#!/usr/bin/env python3
"""Uses `exhibit serve` as an auditor and a reviewer would, in headless Chromium, and runs axe-core
(WCAG 2 A and AA) on every page it opens. Prints a JSON report; exits 1 when a step fails or axe
finds a violation, 2 when the check cannot run.

    python3 Scripts/check_web.py BASE_URL EXHIBIT_BINARY WORKSPACE SCREENSHOT_DIR

The server must require accounts (`exhibit serve --accounts`) with an auditor `auditor-e2e` and a
reviewer `reviewer-e2e`, whose password is in $EXHIBIT_E2E_PASSWORD, on the sample workspace.
Screenshots of the overview, a component page, a recording page and the other pages are written
to SCREENSHOT_DIR.
"""
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))  # run by path, or by runpy
import headless  # noqa: E402


class Check:
    """The browser, the findings, and the steps that record them."""

    def __init__(self, driver, base, exhibit, workspace, shots):
        self.driver = driver
        self.base = base.rstrip("/")
        self.exhibit = exhibit
        self.workspace = workspace
        self.shots = shots
        self.failures = []
        self.violations = []
        self.pages = []

    def fail(self, step, message):
        self.failures.append({"step": step, "message": message})

    def open(self, path):
        self.driver.get(self.base + path)

    def wait_for(self, script, *arguments, timeout=10.0):
        deadline = time.time() + timeout
        value = None
        while time.time() < deadline:
            value = self.driver.execute_script(script, *arguments)
            if value:
                return value
            time.sleep(0.1)
        return value

    def axe(self, name):
        results = headless.run_axe(self.driver)
        if "error" in results:
            self.fail(f"axe {name}", results["error"])
            return
        self.pages.append(name)
        for violation in results["violations"]:
            self.violations.append({
                "page": name, "id": violation["id"], "impact": violation.get("impact"), "help": violation["help"],
                "nodes": [node["target"] for node in violation["nodes"]][:5],
            })

    def shot(self, name):
        """Saves the whole page, from the top, at the window's width."""
        width = self.driver.execute_script("return window.outerWidth")
        height = self.driver.execute_script("return Math.min(document.documentElement.scrollHeight, 4000)")
        self.driver.execute_script("window.scrollTo(0, 0)")
        self.driver.set_window_size(width, max(height + 120, 600))
        self.driver.save_screenshot(str(self.shots / f"{name}.png"))
        self.driver.set_window_size(width, 1000)

    def text(self):
        return self.driver.find_element("tag name", "body").text

    def sign_in(self, name, already_there=False):
        from selenium.webdriver.common.by import By

        if not already_there:
            self.open("/signin")
        self.driver.find_element(By.ID, "signin-name").send_keys(name)
        self.driver.find_element(By.ID, "signin-password").send_keys(os.environ["EXHIBIT_E2E_PASSWORD"])
        self.driver.find_element(By.CSS_SELECTOR, "form[action='/signin'] button[type=submit]").click()
        self.wait_for("return document.readyState === 'complete' && location.pathname !== '/signin'")

    def sign_out(self):
        from selenium.webdriver.common.by import By

        self.driver.find_element(By.CSS_SELECTOR, "form[action='/signout'] button").click()
        self.wait_for("return location.pathname === '/signin'")

    def current_time(self):
        return self.driver.execute_script("return document.getElementById('player').currentTime")

    def wait_until_time(self, wanted, tolerance=0.35):
        at = self.wait_for(
            "var v = document.getElementById('player');"
            "return v && v.readyState >= 1 && Math.abs(v.currentTime - arguments[0]) < arguments[1] ? v.currentTime : null",
            wanted, tolerance)
        return at

    def wait_until_started_at(self, wanted, tolerance):
        """On a page just opened: the second the player began playing from or, if it has not
        played, the one it is at, when that is `wanted`. A page that plays from its second may
        have played on past the tolerance before a busy machine's first look (a short recording
        to its end); where it began is what the page chose, and a player that began anywhere
        else fails even when it passes `wanted` later."""
        return self.wait_for(
            "var v = document.getElementById('player');"
            "if (!v || v.readyState < 1) { return null; }"
            "var at = v.played.length > 0 ? v.played.start(0) : v.currentTime;"
            "return Math.abs(at - arguments[0]) < arguments[1] ? at : null;",
            wanted, tolerance)

    def run(self):
        from selenium.webdriver.common.by import By
        from selenium.webdriver.common.keys import Keys
        from selenium.webdriver.support.ui import Select

        driver = self.driver

        # Signed out, every page leads to sign-in.
        self.open("/components/native/checkbox")
        if "/signin" not in driver.current_url:
            self.fail("anonymous", f"a component page did not ask to sign in: {driver.current_url}")
        self.axe("sign-in")
        self.shot("sign-in")
        self.sign_in("auditor-e2e", already_there=True)
        if driver.current_url.rstrip("/") != self.base + "/components/native/checkbox":
            self.fail("sign in", f"signing in did not return to the page asked for: {driver.current_url}")

        # Overview.
        self.open("/")
        if not driver.find_elements(By.CSS_SELECTOR, "table.matrix th[scope=row] a"):
            self.fail("overview", "the coverage matrix lists no component")
        self.axe("overview")
        self.shot("overview")
        Select(driver.find_element(By.ID, "filter-platform")).select_by_value("ios")
        driver.find_element(By.CSS_SELECTOR, "form.filters button").click()
        self.wait_for("return document.readyState === 'complete' && location.search.indexOf('platform=ios') >= 0")
        headings = [th.text for table in driver.find_elements(By.CSS_SELECTOR, "table.matrix")
                    for th in table.find_elements(By.CSS_SELECTOR, "thead th")[1:]]
        if not headings or any(not heading.startswith("iOS") for heading in headings):
            self.fail("overview filter", f"filtering by iOS left columns {headings}")

        # Component page, for iOS.
        self.open("/components/native/checkbox?platform=ios")
        if "Checklist" not in self.text():
            self.fail("component", "the component page has no checklist")
        self.axe("component")
        self.shot("component")
        recording_links = driver.find_elements(By.CSS_SELECTOR, "table a[href^='/recordings/']")
        if not recording_links:
            self.fail("component", "the component page lists no recording")
            return
        recording_links[0].click()
        recording_path = driver.execute_script("return location.pathname")

        # Recording page: play, click a cue, the player moves there.
        self.wait_for("return document.getElementById('player') && document.getElementById('player').readyState >= 1")
        self.axe("recording")
        cues = driver.find_elements(By.CSS_SELECTOR, "[data-cue-start] a")
        if len(cues) < 2:
            self.fail("transcript", f"the transcript has {len(cues)} cues")
            return
        driver.execute_script("var p = document.getElementById('player').play(); if (p) { p.catch(function () {}); }")
        target = cues[-1].find_element(By.XPATH, "..")
        wanted = float(target.get_attribute("data-cue-start"))
        cues[-1].click()
        at = self.wait_until_time(wanted, 0.6)
        if at is None:
            self.fail("cue click", f"clicking the cue at {wanted} s left the player at {self.current_time()} s")
        marked = self.wait_for("return document.querySelector('.transcript .is-current') ? true : null", timeout=5)
        if not marked:
            self.fail("cue highlight", "no cue is marked as spoken while the player is inside one")
        driver.execute_script("document.getElementById('player').pause()")
        self.shot("recording")

        # The keyboard alone: focus the first cue and press Enter.
        first = driver.find_elements(By.CSS_SELECTOR, "[data-cue-start]")[0]
        first_start = float(first.get_attribute("data-cue-start"))
        driver.execute_script("arguments[0].focus()", first.find_element(By.TAG_NAME, "a"))
        driver.switch_to.active_element.send_keys(Keys.ENTER)
        if self.wait_until_time(first_start, 0.6) is None:
            self.fail("keyboard cue", f"Enter on the first cue left the player at {self.current_time()} s")
        driver.execute_script("document.getElementById('player').pause()")

        # Mark start and end from the player.
        driver.execute_script("document.getElementById('player').currentTime = 0.5")
        self.wait_until_time(0.5, 0.05)
        driver.find_element(By.CSS_SELECTOR, "[data-mark=start]").click()
        driver.execute_script("document.getElementById('player').currentTime = 2.25")
        self.wait_until_time(2.25, 0.05)
        driver.find_element(By.CSS_SELECTOR, "[data-mark=end]").click()
        start = driver.find_element(By.ID, "link-from").get_attribute("value")
        end = driver.find_element(By.ID, "link-to").get_attribute("value")
        if abs(float(start or -1) - 0.5) > 0.05 or abs(float(end or -1) - 2.25) > 0.05:
            self.fail("mark", f"mark start and end gave {start!r} and {end!r}, not 0.5 and 2.25")
        items = [o.get_attribute("value") for o in driver.find_elements(By.CSS_SELECTOR, "#link-item option")
                 if o.get_attribute("value")]
        if not items:
            self.fail("judge", "the form offers no item")
            return
        item = next((key for key in items if key.endswith("screenreader.name")), items[0])
        Select(driver.find_element(By.ID, "link-item")).select_by_value(item)
        driver.find_element(By.ID, "verdict-pass").click()
        note = "e2e note <script>window.pwned = 1</script>"
        driver.find_element(By.ID, "link-note").send_keys(note)
        driver.find_element(By.CSS_SELECTOR, ".judge-form button[type=submit]").click()
        self.wait_for("return document.readyState === 'complete' && location.search.indexOf('saved=') >= 0")
        link_id = driver.execute_script("return new URLSearchParams(location.search).get('saved')")
        if not link_id:
            self.fail("save", f"saving the verdict did not say which link it made: {self.text()[:300]}")
            return
        if note not in self.text():
            self.fail("escape", "the note with markup is not shown as text on the recording page")
        if driver.execute_script("return window.pwned === 1"):
            self.fail("escape", "markup from a note ran as script")
        self.shot("recording-saved")

        # The verdict shows on the component page and in the history.
        self.open("/components/native/checkbox?platform=ios")
        if f"link {link_id}:" not in self.text():
            self.fail("component after save", f"link {link_id} is not on the component page")
        self.open("/history?subject=native/checkbox")
        page = self.text()
        if "link.create" not in page or "auditor-e2e" not in page:
            self.fail("history", "the history of the component does not show the auditor's link")
        if "audit chain is intact" not in page:
            self.fail("history", "the history page does not say the chain is intact")
        self.axe("history")
        self.shot("history")

        # Retract it with a reason.
        self.open(recording_path)
        driver.find_element(By.XPATH, f"//summary[normalize-space()='Retract link {link_id}']").click()
        driver.find_element(By.ID, f"reason-{link_id}").send_keys("e2e: judged the wrong segment")
        driver.find_element(By.CSS_SELECTOR, f"form[action='/links/{link_id}/retract'] button").click()
        self.wait_for("return location.search.indexOf('retracted=') >= 0")
        if f"Retracted link {link_id}." not in self.text():
            self.fail("retract", "retracting did not say so")
        self.open(f"/history?subject={urllib.parse.quote(item)}")
        if "link.retract" not in self.text():
            self.fail("retract history", "the retraction is not in the item's history")

        # Search for a spoken word and land in the player at that second.
        self.open("/search?q=checked&kind=captions")
        self.axe("search")
        self.shot("search")
        hits = driver.find_elements(By.CSS_SELECTOR, ".hit h3 a[href*='t=']")
        if not hits:
            self.fail("search", "searching captions for 'checked' found no cue")
        else:
            href = hits[0].get_attribute("href")
            second = float(href.split("t=")[1].split("#")[0].split("&")[0])
            hits[0].click()
            if self.wait_until_started_at(second, 0.8) is None:
                self.fail("search seek", f"the hit at {second} s opened the player at {self.current_time()} s")
            playing = self.wait_for(
                "var v = document.getElementById('player');"
                "return v && (!v.paused || v.ended || v.currentTime > arguments[0] + 0.05) ? true : null",
                second, timeout=5)
            if not playing:
                self.fail("search play", "the player opened from a search hit is not playing")
            driver.execute_script("document.getElementById('player').pause()")

        # Export a bundle, download it, verify it with exhibit verify.
        self.open("/bundles")
        self.axe("bundles")
        Select(driver.find_element(By.ID, "bundle-component")).select_by_value("native/checkbox")
        Select(driver.find_element(By.ID, "bundle-platform")).select_by_value("ios")
        driver.find_element(By.CSS_SELECTOR, "form[action='/bundles'] button").click()
        self.wait_for("return location.pathname.indexOf('/bundles/') === 0")
        self.axe("bundle")
        self.shot("bundle")
        page = self.text()
        if "SHA-256" not in page or "It verifies" not in page:
            self.fail("bundle", f"the bundle page does not show a verified zip with its SHA-256: {page[:300]}")
        download = driver.find_element(By.PARTIAL_LINK_TEXT, "Download the zip").get_attribute("href")
        cookie = "; ".join(f"{c['name']}={c['value']}" for c in driver.get_cookies())
        with urllib.request.urlopen(urllib.request.Request(download, headers={"Cookie": cookie})) as answer:
            data = answer.read()
        with tempfile.TemporaryDirectory() as folder:
            zip_path = pathlib.Path(folder) / "bundle.zip"
            zip_path.write_bytes(data)
            # Run in the served workspace, so the bag's trail is checked against the one it came
            # from (and never against whatever database the folder the tests run in holds).
            verified = subprocess.run([self.exhibit, "verify", str(zip_path)], capture_output=True, text=True,
                                      cwd=self.workspace)
            if verified.returncode != 0:
                self.fail("bundle verify", f"exhibit verify said: {verified.stdout}{verified.stderr}")
            # A workspace file's trail is checked (a team's catalogue is not the folder's).
            local = pathlib.Path(self.workspace, "Database", "exhibit.sqlite").exists()
            if local and not re.search(r"workspace trail\s+passed", verified.stdout):
                self.fail("bundle verify", f"the workspace's trail was not checked: {verified.stdout}")

        # A recording Exhibit could not place: listed on the overview, placed from its page.
        self.open("/?unattributed=1")
        unplaced = driver.find_elements(By.CSS_SELECTOR, "#unattributed-caption ~ tbody a[href^='/recordings/']")
        if not unplaced:
            self.fail("unattributed", f"the overview lists no unplaced recording: {self.text()[:300]}")
        else:
            self.axe("overview-unattributed")
            self.shot("overview-unattributed")
            unplaced[0].click()
            self.wait_for("return document.getElementById('set-component') ? true : null")
            Select(driver.find_element(By.ID, "set-component")).select_by_value("native/checkbox")
            Select(driver.find_element(By.ID, "set-platform")).select_by_value("ios")
            Select(driver.find_element(By.ID, "set-at")).select_by_value("voiceover")
            driver.find_element(By.ID, "set-os").send_keys("iOS 17.4")
            driver.find_element(By.CSS_SELECTOR, "form[action$='/attribution'] button[type=submit]").click()
            self.wait_for("return location.search.indexOf('attributed=1') >= 0 ? true : null")
            page = self.text()
            if "Saved what the recording is of." not in page or "iOS 17.4 (set by hand)" not in page:
                self.fail("attribution", f"the form did not save the attribution: {page[:400]}")
            self.axe("recording-attributed")
            driver.execute_script("document.getElementById('attribution-heading').scrollIntoView()")
            self.shot("recording-attributed")

        # A page that does not exist, as a person sees it.
        self.open("/components/native/no-such-component")
        self.axe("not-found")

        # A reviewer reads but cannot judge.
        self.sign_out()
        self.sign_in("reviewer-e2e")
        self.open(recording_path)
        if driver.find_elements(By.CSS_SELECTOR, ".judge-form"):
            self.fail("reviewer", "a reviewer is offered the judging form")
        status = driver.execute_async_script(
            "var done = arguments[arguments.length - 1];"
            "fetch('/api/session').then(function (r) { return r.json(); }).then(function (s) {"
            "  return fetch('/api/links', {method: 'POST', headers: {'Content-Type': 'application/json',"
            "    'X-CSRF-Token': s.csrf_token}, body: JSON.stringify({recording: arguments[0], item: arguments[1],"
            "    verdict: 'fail'})}); }).then(function (r) { done(r.status); }, function (e) { done(String(e)); });",
            recording_path.split("/")[-1], item)
        if status != 403:
            self.fail("reviewer write", f"a reviewer's POST /api/links answered {status}, not 403")
        self.axe("recording-reviewer")

        # The phone width: nothing scrolls sideways.
        driver.set_window_size(390, 844)
        for path in ["/", recording_path]:
            self.open(path)
            wide = driver.execute_script(
                "var limit = document.documentElement.clientWidth;"
                "if (document.documentElement.scrollWidth <= limit + 1) { return null; }"
                "return Array.from(document.querySelectorAll('body *')).filter(function (e) {"
                "  return !e.closest('.table-scroll') && (e.getBoundingClientRect().right > limit + 1"
                "    || (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX === 'visible'));"
                "}).slice(0, 5).map(function (e) {"
                "  return e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + ' ' + e.textContent.slice(0, 40); })")
            if wide is not None:
                self.fail("phone", f"{path} scrolls sideways at 390 px: {wide}")
        self.shot("recording-phone")
        driver.set_window_size(1280, 1000)


def main():
    if len(sys.argv) != 5:
        print(__doc__, file=sys.stderr)
        return 2
    base, exhibit, workspace, shots = sys.argv[1:]
    shots = pathlib.Path(shots)
    shots.mkdir(parents=True, exist_ok=True)
    try:
        headless.axe_script_path()
        driver = headless.start_chromium()
    except ImportError as error:
        print(f"cannot run the browser: {error}; run Scripts/install-deps.sh", file=sys.stderr)
        return 2
    return report(Check(driver, base, exhibit, workspace, shots))


def run_from_command_line(doc, arguments, make_check, window="1280,1000"):
    """The common `main` of the page checks: `arguments` names what the command line must give
    (the last is always the screenshot folder); `make_check(driver, *values, shots)` builds the
    check. Prints the usage (exit 2) on a wrong count, says so (exit 2) when the browser or
    axe-core is missing, else runs the check and returns its exit status."""
    if len(sys.argv) != len(arguments) + 1:
        print(doc, file=sys.stderr)
        return 2
    *values, shots = sys.argv[1:]
    shots = pathlib.Path(shots)
    shots.mkdir(parents=True, exist_ok=True)
    try:
        headless.axe_script_path()
        driver = headless.start_chromium(window=window)
    except ImportError as error:
        print(f"cannot run the browser: {error}; run Scripts/install-deps.sh", file=sys.stderr)
        return 2
    return report(make_check(driver, *values, shots))


def report(check):
    """Runs a check, quits its browser, prints the JSON report; 1 when anything failed, else 0."""
    try:
        check.run()
    except Exception as error:  # a step that could not run is a failure, reported with the rest
        check.fail("run", f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}")
    finally:
        check.driver.quit()
    print(json.dumps({"pages": check.pages, "failures": check.failures, "violations": check.violations}, indent=2))
    return 1 if check.failures or check.violations else 0


if __name__ == "__main__":
    sys.exit(main())
