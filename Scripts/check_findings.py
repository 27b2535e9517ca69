#!/usr/bin/env python3
"""Works through an audit's findings in `exhibit serve`, as an auditor would, in headless Chromium,
with axe-core 4.x (WCAG 2.0, 2.1 and 2.2, A and AA) on every page, at 1920x1080 and at 390x844:
the findings page (counts, filters), a finding's page (its still frame, the player at its second,
its history), setting its severity, filing the outstanding findings to the tracker the server
files to, merging two findings, and the desk's filmstrip. Prints a JSON report; exits 1 when a
step fails or axe finds a violation, 2 when the check cannot run.

    python3 Scripts/check_findings.py BASE_URL RECORDING_SHA256 SCREENSHOT_DIR

The server runs on the sample workspace on 127.0.0.1 (an auditor, no accounts), started with
--file-to, with product "Acme App" and audit 1 (release 1.0): a fail on the VoiceOver state
from 1 s (F-1) and one on the TalkBack role (F-2). RECORDING_SHA256 is the VoiceOver recording.
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))  # run by path, or by runpy
import check_web  # noqa: E402

WIDE = (1920, 1080)
PHONE = (390, 844)


class FindingsCheck(check_web.Check):
    def __init__(self, driver, base, recording, shots):
        super().__init__(driver, base, "", "", shots)
        self.recording = recording

    def sideways(self):
        """The elements that make the page scroll sideways, outside scrolling tables; None if none."""
        return self.driver.execute_script(
            "var limit = document.documentElement.clientWidth;"
            "if (document.documentElement.scrollWidth <= limit + 1) { return null; }"
            "return Array.from(document.querySelectorAll('body *')).filter(function (e) {"
            "  return !e.closest('.table-scroll') && !e.closest('.filmstrip')"
            "    && e.getBoundingClientRect().right > limit + 1;"
            "}).slice(0, 5).map(function (e) { return e.tagName.toLowerCase() + ' ' + e.textContent.slice(0, 40); })")

    def both_widths(self, name):
        """axe and a screenshot at 1920x1080, then at 390x844 (where nothing may scroll sideways)."""
        for (width, height), suffix in ((WIDE, "wide"), (PHONE, "phone")):
            self.driver.set_window_size(width, height)
            self.driver.refresh()
            self.wait_for("return document.readyState === 'complete'")
            self.axe(f"{name}-{suffix}")
            if suffix == "phone":
                wide = self.sideways()
                if wide is not None:
                    self.fail(name, f"scrolls sideways at 390 px: {wide}")
            self.shot(f"{name}-{suffix}")
        self.driver.set_window_size(*WIDE)

    def images_loaded(self, selector):
        """The natural widths of the images `selector` picks, once each has loaded (0 for a broken one)."""
        return self.wait_for(
            "var images = Array.from(document.querySelectorAll(arguments[0]));"
            "images.forEach(function (i) { i.loading = 'eager'; });"
            "if (images.length === 0 || !images.every(function (i) { return i.complete; })) { return null; }"
            "return images.map(function (i) { return i.naturalWidth; })", selector, timeout=20.0)

    def run(self):
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support.ui import Select

        driver = self.driver
        driver.set_window_size(*WIDE)

        # The audit links to its findings; two, open, counted.
        self.open("/audits/1")
        driver.find_element(By.LINK_TEXT, "Findings").click()
        self.wait_for("return location.pathname === '/audits/1/findings'")
        rows = driver.find_elements(By.CSS_SELECTOR, "main table tbody tr")
        if [row.find_element(By.TAG_NAME, "th").text for row in rows] != ["F-1", "F-2"]:
            self.fail("findings", f"expected F-1 and F-2, found {[row.text for row in rows]}")
        if "2 findings" not in self.text():
            self.fail("findings", "the page does not count two findings")
        self.both_widths("findings")

        # Filters: none verified yet; the checkbox's findings are both.
        Select(driver.find_element(By.ID, "filter-status")).select_by_value("verified")
        driver.find_element(By.XPATH, "//button[normalize-space()='Show']").click()
        self.wait_for("return location.search.indexOf('status=verified') >= 0")
        if "No finding matches these filters." not in self.text():
            self.fail("filter", "filtering by verified does not say none matches")
        self.axe("findings-filtered")
        self.open("/audits/1/findings?component=native%2Fcheckbox&severity=serious")
        if len(driver.find_elements(By.CSS_SELECTOR, "main table tbody tr")) != 2:
            self.fail("filter", "the checkbox's serious findings are not both shown")

        # A finding's page: its frame at the recording's size, the player from its second.
        self.open("/findings/F-1")
        widths = self.images_loaded(".finding-frame img")
        if widths != [320]:
            self.fail("finding", f"the still frame did not load at the recording's width: {widths}")
        evidence = self.images_loaded("img.evidence-frame")
        if not evidence or any(width != 320 for width in evidence):
            self.fail("finding", f"the evidence's frames did not load: {evidence}")
        if "opened F-1" not in self.text():
            self.fail("finding", "its history does not say it was opened")
        self.both_widths("finding")
        driver.find_element(By.LINK_TEXT, "Play the recording from here").click()
        self.wait_for("return location.pathname.indexOf('/recordings/') === 0")
        if "t=1" not in driver.current_url:
            self.fail("finding", f"the frame's link did not open the player at its second: {driver.current_url}")
        if self.wait_until_started_at(1.0, 0.6) is None:
            self.fail("finding", f"the player is not at the finding's second: {self.current_time()}")

        # Setting its severity: saved, said, audited.
        self.open("/findings/F-1")
        Select(driver.find_element(By.ID, "finding-severity")).select_by_value("critical")
        driver.find_element(By.XPATH, "//button[normalize-space()='Save']").click()
        self.wait_for("return document.querySelector('.notice') !== null")
        if "Saved." not in self.text() or "critical" not in driver.find_element(By.CSS_SELECTOR, ".finding-facts").text:
            self.fail("set", "the severity was not saved and said")

        # Filing: both outstanding findings go to the tracker; their issues are linked.
        self.open("/audits/1/findings")
        buttons = driver.find_elements(By.XPATH, "//button[starts-with(normalize-space(), 'File to ')]")
        if not buttons:
            self.fail("file", "the findings page offers no filing")
        else:
            buttons[0].click()
            self.wait_for("return document.querySelector('.notice') !== null")
            if "Filed or updated 2 issues" not in self.text():
                self.fail("file", f"the notice does not say two were filed: {self.text()[:300]!r}")
            links = driver.find_elements(By.CSS_SELECTOR, "main table tbody td:last-child a")
            if len(links) != 2:
                self.fail("file", f"expected two issue links, found {len(links)}")
            self.axe("findings-filed")
            self.shot("findings-filed")

        # Merging F-2 into F-1: one problem, followed on F-1.
        Select(driver.find_element(By.ID, "merge-into")).select_by_value("F-1")
        driver.find_element(By.CSS_SELECTOR, "input[name=merge][value='F-2']").click()
        driver.find_element(By.XPATH, "//button[normalize-space()='Merge findings']").click()
        self.wait_for("return location.pathname === '/findings/F-1'")
        if "Merged:" not in self.text():
            self.fail("merge", "the merge was not said")
        evidence = driver.find_elements(By.CSS_SELECTOR, "main table tbody tr")
        if len(evidence) != 2:
            self.fail("merge", f"F-1 should rest on both fails after the merge, found {len(evidence)} rows")
        self.axe("finding-merged")
        self.shot("finding-merged")

        # The desk's filmstrip: frames across the recording, each opening the player there.
        self.open(f"/recordings/{self.recording}")
        widths = self.images_loaded(".filmstrip img")
        if not widths or any(width != 320 for width in widths):
            self.fail("filmstrip", f"the filmstrip's frames did not load: {widths}")
        self.both_widths("desk-filmstrip")
        strip = driver.find_elements(By.CSS_SELECTOR, ".filmstrip a")
        if len(strip) > 2:
            strip[2].click()
            self.wait_for("return location.search.indexOf('t=') >= 0")
            if self.wait_until_started_at(float(driver.current_url.split("t=")[1].split("&")[0].split("#")[0]),
                                          0.6) is None:
                self.fail("filmstrip", f"a frame did not open the player at its second: {driver.current_url}")


def main():
    return check_web.run_from_command_line(
        __doc__, ["BASE_URL", "RECORDING_SHA256", "SCREENSHOT_DIR"],
        lambda driver, base, recording, shots: FindingsCheck(driver, base, recording, shots),
        window="1920,1080")


if __name__ == "__main__":
    sys.exit(main())
