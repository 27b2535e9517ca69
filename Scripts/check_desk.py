#!/usr/bin/env python3
"""Works at the auditor's desk in `exhibit serve` as an auditor would, in headless Chromium, with
axe-core 4.x (WCAG 2.0, 2.1 and 2.2, A and AA) on every page it opens. Prints a JSON report; exits 1
when a step fails or axe finds a violation, 2 when the check cannot run.

    python3 Scripts/check_desk.py BASE_URL RECORDING_SHA256 SCREENSHOT_PNG_SHA256 BAG_REPORT SCREENSHOT_DIR

On a 1920 x 1080 screen, with the keyboard alone: focus the player, move two seconds in, mark the
start, move on, mark the end, go to the item, pick one, pick a verdict, write a note and save, all
without the page scrolling; then the timeline must draw the saved segment where its seconds are.
The shortcuts panel is opened and checked too; the time fields say how they read what is typed;
the same page is checked at 390 px (a phone); the overview's summary must fit the first screen;
the history reads as sentences; a screenshot's page shows the image. Last, BAG_REPORT (a bag's
report.html, opened from disk) is printed to PDF, every cue must be in the PDF's text, and its
pages are written as PNG files beside the screenshots.

The server runs on the sample workspace on 127.0.0.1 with an open audit, no accounts (the visitor
is an auditor); the recording has a transcript and no link on native/checkbox#screenreader.role.
"""
import base64
import pathlib
import re
import subprocess
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))  # run by path, or by runpy
import check_web  # noqa: E402

ITEM = "native/checkbox#screenreader.role"


class DeskCheck(check_web.Check):
    def viewport(self, width, height, mobile=False):
        """Sets the page's viewport exactly (a headless window keeps a minimum width of its own)."""
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})

    def keys(self, *keys):
        from selenium.webdriver.common.action_chains import ActionChains

        ActionChains(self.driver).send_keys(*keys).perform()

    def active(self, script):
        return self.driver.execute_script("var a = document.activeElement; return " + script)

    def tab_until(self, test, limit=80):
        """Presses Tab until the focused element passes `test` (a JS expression over `a`)."""
        from selenium.webdriver.common.keys import Keys

        for _ in range(limit):
            if self.active(test):
                return True
            self.keys(Keys.TAB)
        return bool(self.active(test))

    def scrolled(self):
        return self.driver.execute_script("return window.scrollY")

    def screen_shot(self, name):
        """The viewport as the person sees it, not the whole page."""
        self.driver.save_screenshot(str(self.shots / f"{name}.png"))

    def whole_page(self, name, width=1920):
        """The whole page, from the top, at `width`."""
        height = self.driver.execute_script("return Math.min(document.documentElement.scrollHeight, 8000)")
        self.viewport(width, height)
        self.driver.save_screenshot(str(self.shots / f"{name}.png"))
        self.viewport(width, 1080)

    def in_first_screen(self, selector):
        return self.driver.execute_script(
            "var e = document.querySelector(arguments[0]); if (!e) return null;"
            "var r = e.getBoundingClientRect(); return r.bottom <= innerHeight && r.top >= 0 && r.width > 0",
            selector)

    def run(self):
        from selenium.webdriver.common.by import By
        from selenium.webdriver.common.keys import Keys

        driver = self.driver
        recording, screenshot, bag_report = self.exhibit, self.workspace, self.bag_report
        self.viewport(1920, 1080)
        self.open(f"/recordings/{recording}")
        self.wait_for("var v = document.getElementById('player'); return v && v.readyState >= 1")
        duration = driver.execute_script("return document.getElementById('player').duration")
        for selector in ("#player", "[data-mark=start]", "[data-mark=end]", "#play-segment", "#link-from",
                         "#link-to", "#link-item", "input[name=verdict]", ".judge-form button[type=submit]",
                         "#timeline"):
            if not self.in_first_screen(selector):
                self.fail("desk", f"{selector} is not in the first screen at 1920 x 1080")

        # The keyboard alone: to the player, mark 2.0 s to 4.5 s, pick the item and a verdict, save.
        if not self.tab_until("a && a.id === 'player'"):
            self.fail("keyboard", "Tab never reaches the player")
            return
        self.keys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
        self.wait_for("return Math.abs(document.getElementById('player').currentTime - 2) < 0.01")
        self.keys("i")
        self.keys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
        from selenium.webdriver.common.action_chains import ActionChains

        for _ in range(5):
            ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.ARROW_RIGHT).key_up(Keys.SHIFT).perform()
        self.wait_for("return Math.abs(document.getElementById('player').currentTime - 4.5) < 0.01")
        self.keys("o")
        start = driver.find_element(By.ID, "link-from").get_attribute("value")
        end = driver.find_element(By.ID, "link-to").get_attribute("value")
        if (start, end) != ("2.000", "4.500"):
            self.fail("keyboard", f"marking from the keyboard gave {start}-{end}, not 2.000-4.500")
        reading = driver.find_element(By.ID, "link-from-read").text
        if reading != "= 0:02.000":
            self.fail("time reading", f"the start field does not show how it is read: {reading!r}")
        self.keys("j")
        if not self.active("a && a.id === 'link-item'"):
            self.fail("keyboard", "j does not move to the item field")
        for _ in range(60):
            if driver.execute_script("return document.getElementById('link-item').value") == ITEM:
                break
            self.keys(Keys.ARROW_DOWN)
        if driver.execute_script("return document.getElementById('link-item').value") != ITEM:
            self.fail("keyboard", f"the arrow keys never chose {ITEM}")
        if not self.tab_until("a && a.name === 'verdict'"):
            self.fail("keyboard", "Tab never reaches the verdicts")
        self.keys(Keys.SPACE)
        if not self.tab_until("a && a.id === 'link-note'"):
            self.fail("keyboard", "Tab never reaches the note")
        self.keys("says checkbox, keyboard only")
        if not self.tab_until("a && a.type === 'submit' && a.closest('.judge-form') !== null"):
            self.fail("keyboard", "Tab never reaches Save")
        if self.scrolled() != 0:
            self.fail("desk", f"the page scrolled by {self.scrolled()} px while marking and judging")
        self.screen_shot("desk-before-save")
        self.keys(Keys.ENTER)
        if not self.wait_for("return document.readyState === 'complete' && location.search.indexOf('saved=') >= 0"):
            self.fail("save", f"saving did not come back with a saved link: {driver.current_url}")
            return
        link = re.search(r"saved=(\d+)", driver.current_url).group(1)

        # The saved segment on the timeline, where its seconds are.
        place = driver.execute_script(
            "var s = document.getElementById('timeline').getBoundingClientRect();"
            "var b = document.querySelector('#timeline rect[data-link=\"' + arguments[0] + '\"]');"
            "if (!b) return null; var r = b.getBoundingClientRect();"
            "return {left: (r.left - s.left) / s.width, width: r.width / s.width, cls: b.getAttribute('class')}", link)
        if place is None:
            self.fail("timeline", f"no bar for link {link} on the timeline")
        else:
            if abs(place["left"] - 2.0 / duration) > 0.004 or abs(place["width"] - 2.5 / duration) > 0.006:
                self.fail("timeline", f"link {link}'s bar is at {place}, not at 2.0-4.5 s of {duration} s")
            if "timeline-pass" not in place["cls"]:
                self.fail("timeline", f"link {link}'s bar is not drawn as a pass: {place['cls']}")
        self.axe("desk")
        self.screen_shot("desk-wide")

        # The shortcuts panel, opened with ?, checked open, closed with Escape.
        driver.find_element(By.TAG_NAME, "body").click()
        self.keys("?")
        if not driver.execute_script("return !document.getElementById('shortcuts').hidden"):
            self.fail("shortcuts", "? does not open the list of shortcuts")
        self.axe("desk-shortcuts")
        self.screen_shot("desk-shortcuts")
        self.keys(Keys.ESCAPE)
        if driver.execute_script("return !document.getElementById('shortcuts').hidden"):
            self.fail("shortcuts", "Escape does not close the list of shortcuts")

        # Times typed as people type them, read before saving.
        field = driver.find_element(By.ID, "link-from")
        for typed, shown in (("2,5", "= 0:02.500"), ("1:02.5", "= 1:02.500"), ("2.5s", "Not a time")):
            field.clear()
            field.send_keys(typed)
            reading = driver.find_element(By.ID, "link-from-read").text
            if not reading.startswith(shown):
                self.fail("time reading", f"{typed!r} reads as {reading!r}, not {shown!r}")
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys("k")  # typing in a field is typing, not a shortcut
        if driver.execute_script("return !document.getElementById('player').paused"):
            self.fail("shortcuts", "a key typed in a field played the video")

        # A phone: stacked, nothing sideways.
        self.viewport(390, 844, mobile=True)
        self.open(f"/recordings/{recording}")
        self.wait_for("return document.readyState === 'complete'")
        wide = driver.execute_script("return document.documentElement.scrollWidth - innerWidth")
        if wide > 0:
            self.fail("phone", f"the recording page scrolls sideways by {wide} px at 390 px")
        self.axe("desk-phone")
        self.screen_shot("desk-phone")
        driver.execute_script("document.getElementById('judge-heading').scrollIntoView()")
        self.screen_shot("desk-phone-form")

        # The overview: its summary in the first screen.
        self.viewport(1920, 1080)
        self.open("/")
        if not self.in_first_screen(".progress-summary") or not self.in_first_screen(".failing"):
            self.fail("overview", "the progress summary does not fit the first screen")
        self.axe("overview")
        self.screen_shot("overview")
        self.open("/?fails=1&sort=fails")
        rows = driver.find_elements(By.CSS_SELECTOR, "table.matrix tbody tr")
        if not rows:
            self.fail("overview", "filtering on fails left no component, though one fails")

        # The component page: the note beside its verdict.
        self.open("/components/native/checkbox?platform=ios")
        if "says checkbox, keyboard only" not in self.text():
            self.fail("component", "the component page does not show the verdict's note")
        self.axe("component")

        # History as sentences, the JSON a click away.
        self.open("/history")
        sentence = f"judged {ITEM} pass, 0:02.0–0:04.5: \u201csays checkbox, keyboard only\u201d"
        if sentence not in self.text():
            self.fail("history", f"no sentence says {sentence!r}")
        self.axe("history")
        self.screen_shot("history")

        # A screenshot's page shows the image where a video would be.
        self.open(f"/recordings/{screenshot}")
        if not driver.find_elements(By.CSS_SELECTOR, "img.screenshot"):
            self.fail("screenshot", "the screenshot's page shows no image")
        self.axe("screenshot")
        self.screen_shot("screenshot-page")

        self.print_report(bag_report)

    def print_report(self, path):
        """Prints a bag's report.html to PDF; every cue must be in its text; pages become PNGs."""
        from selenium.webdriver.common.print_page_options import PrintOptions

        self.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        self.driver.get(pathlib.Path(path).resolve().as_uri())
        self.axe("report")
        cues = self.driver.execute_script(
            "return Array.prototype.map.call(document.querySelectorAll('ol.transcript li'),"
            " function (li) { return li.textContent.replace(/\\s+/g, ' ').trim(); })")
        options = PrintOptions()
        options.background = True
        pdf = self.shots / "report.pdf"
        pdf.write_bytes(base64.b64decode(self.driver.print_page(options)))
        text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True).stdout
        flat = re.sub(r"\s+", " ", text)
        for cue in cues:
            words = cue.split(" ", 1)[-1]
            if words and words not in flat:
                self.fail("print", f"the printed report lacks the cue {cue!r}")
        if not cues:
            self.fail("print", "the report has no transcript to print")
        if "Where the verdicts are in" not in flat:
            self.fail("print", "the printed report has no timeline")
        # Its findings, each with its still frame: every picture of the page is in the PDF.
        if "Findings" not in flat or "F-1:" not in flat:
            self.fail("print", "the printed report has no findings")
        pictures = self.driver.execute_script("return document.images.length")
        listed = subprocess.run(["pdfimages", "-list", str(pdf)], capture_output=True, text=True).stdout
        printed = len(listed.splitlines()[2:])
        if pictures < 1 or printed < pictures:
            self.fail("print", f"the page shows {pictures} pictures (frames, screenshots), the PDF {printed}")
        for old in self.shots.glob("report-page-*.png"):
            old.unlink()
        subprocess.run(["pdftoppm", "-png", "-r", "60", str(pdf), str(self.shots / "report-page")], check=True)


def main():
    def make(driver, base, recording, screenshot, bag_report, shots):
        check = DeskCheck(driver, base, recording, screenshot, shots)
        check.bag_report = bag_report
        return check

    return check_web.run_from_command_line(
        __doc__, ["BASE_URL", "RECORDING_SHA256", "SCREENSHOT_PNG_SHA256", "BAG_REPORT", "SCREENSHOT_DIR"], make,
        "1920,1200")


if __name__ == "__main__":
    sys.exit(main())
