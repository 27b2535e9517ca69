#!/usr/bin/env python3
"""Opens pages of `exhibit serve` at a phone's width (390 x 844) in headless Chromium and checks
that their checklists and conformance tables fit: no such table is wider than its box (so none
scrolls sideways) and each row's last column, the verdict or level, is in view. Runs axe-core 4.x
(WCAG 2 A and AA) on each and saves a screenshot of each. Prints a JSON report; exits 1 when a
check fails, 2 when it cannot run.

    python3 Scripts/check_phone_width.py BASE_URL PATHS SCREENSHOT_DIR

PATHS is a comma-separated list of paths (`/components/native/checkbox,/audits/1/acr`).
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))  # run by path, or by runpy
import check_web  # noqa: E402

TABLES = """
return Array.prototype.map.call(document.querySelectorAll('table.checklist, table.acr'), function (table) {
  var box = table.parentElement, last = table.querySelector('thead th:last-child').getBoundingClientRect();
  return {caption: table.caption ? table.caption.textContent : '', wide: box.scrollWidth, room: box.clientWidth,
          lastRight: last.right, lastWidth: last.width};
});
"""


class PhoneWidthCheck(check_web.Check):
    def run(self):
        driver = self.driver
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
        for path in self.exhibit.split(","):
            self.open(path)
            tables = driver.execute_script(TABLES)
            if not tables:
                self.fail(path, "no checklist or conformance table on the page")
            for table in tables:
                if table["wide"] > table["room"] + 1:
                    self.fail(path, f"{table['caption']!r} is {table['wide']} px wide in {table['room']} px")
                if table["lastRight"] > 390 or table["lastWidth"] < 60:
                    self.fail(path, f"{table['caption']!r}: its last column is not in view")
            page = driver.execute_script("return document.documentElement.scrollWidth")
            if page > 390:
                self.fail(path, f"the page is {page} px wide")
            name = "phone" + path.replace("/", "-")
            self.axe(name)
            driver.save_screenshot(str(self.shots / f"{name}.png"))


def main():
    return check_web.run_from_command_line(
        __doc__, ["BASE_URL", "PATHS", "SCREENSHOT_DIR"],
        lambda driver, base, paths, shots: PhoneWidthCheck(driver, base, paths, None, shots))


if __name__ == "__main__":
    sys.exit(main())
