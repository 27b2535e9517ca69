#!/usr/bin/env python3
"""Checks a readable conformance report (`exhibit acr AUDIT --format html`) as a person would, in
headless Chromium with axe-core 4.x (WCAG 2.0, 2.1 and 2.2, A and AA): at desktop width and at 390 px
(nothing may scroll sideways), then printed to PDF: every criterion and every remark must be in the
PDF's text, and its pages are written as PNG files. Prints a JSON report; exits 1 when a step fails
or axe finds a violation, 2 when the check cannot run.

    python3 Scripts/check_acr_page.py ACR_HTML SCREENSHOT_DIR
"""
import base64
import pathlib
import re
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))  # run by path, or by runpy
import check_desk  # noqa: E402
import check_web  # noqa: E402


class ACRPageCheck(check_desk.DeskCheck):
    def run(self):
        from selenium.webdriver.common.print_page_options import PrintOptions

        driver, page = self.driver, pathlib.Path(self.exhibit).resolve()
        self.viewport(1280, 1000)
        driver.get(page.as_uri())
        if driver.execute_script("return document.querySelectorAll('table.criteria tbody tr').length") < 50:
            self.fail("tables", "the report does not list the A and AA criteria")
        self.axe("acr-desktop")
        self.whole_page("acr-desktop", width=1280)
        self.viewport(390, 844, mobile=True)
        driver.get(page.as_uri())
        wide = driver.execute_script("return document.documentElement.scrollWidth - innerWidth")
        if wide > 0:
            self.fail("phone", f"the report scrolls sideways by {wide} px at 390 px")
        self.axe("acr-phone")
        self.screen_shot("acr-phone")
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        driver.get(page.as_uri())
        remarks = driver.execute_script(
            "return Array.prototype.map.call(document.querySelectorAll('.remark > p:first-child'),"
            " function (p) { return p.textContent.replace(/\\s+/g, ' ').trim(); })")
        pdf = self.shots / "acr.pdf"
        options = PrintOptions()
        options.background = True
        pdf.write_bytes(base64.b64decode(driver.print_page(options)))
        text = re.sub(r"\s+", " ", subprocess.run(["pdftotext", "-raw", str(pdf), "-"], capture_output=True, text=True).stdout)
        # Words at a line's end may be hyphenated by nothing but a line break: compare without spaces.
        flat = text.replace(" ", "")
        for remark in remarks:
            if remark.replace(" ", "") not in flat:
                self.fail("print", f"the printed report lacks the remark {remark[:80]!r}")
        for number in ("1.1.1", "4.1.2", "2.4.7", "1.4.4"):
            if number not in text:
                self.fail("print", f"the printed report lacks criterion {number}")
        for old in self.shots.glob("acr-page-*.png"):
            old.unlink()
        subprocess.run(["pdftoppm", "-png", "-r", "60", str(pdf), str(self.shots / "acr-page")], check=True)


def main():
    return check_web.run_from_command_line(
        __doc__, ["ACR_HTML", "SCREENSHOT_DIR"],
        lambda driver, page, shots: ACRPageCheck(driver, "", page, "", shots))


if __name__ == "__main__":
    sys.exit(main())
