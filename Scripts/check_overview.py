#!/usr/bin/env python3
"""Opens the overview of a large workspace in headless Chromium, as someone asking "how far are we
and where does it fail" would: at 1920 x 1080 the progress summary and the failing components must
fit the first screen, the filters must narrow the matrix, and at 390 px nothing may scroll
sideways; axe-core 4.x (WCAG 2.0, 2.1 and 2.2, A and AA) runs on each. Prints a JSON report; exits 1
when a step fails or axe finds a violation, 2 when the check cannot run.

    python3 Scripts/check_overview.py BASE_URL COMPONENTS SCREENSHOT_DIR

COMPONENTS is how many components the workspace has, which the page must say it shows.
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))  # run by path, or by runpy
import check_desk  # noqa: E402
import check_web  # noqa: E402


class OverviewCheck(check_desk.DeskCheck):
    def run(self):
        from selenium.webdriver.common.by import By

        driver, components = self.driver, self.exhibit
        self.viewport(1920, 1080)
        self.open("/")
        lede = driver.find_element(By.CSS_SELECTOR, "p.lede").text
        if not lede.startswith(f"{components} of {components} components"):
            self.fail("overview", f"the page does not say it shows all {components} components: {lede!r}")
        for selector in (".progress-summary", ".failing"):
            if not self.in_first_screen(selector):
                self.fail("first screen", f"{selector} does not fit the first screen at 1920 x 1080")
        self.axe("overview")
        self.screen_shot("overview-first-screen")
        self.whole_page("overview-whole")

        # Narrowed to what fails, most fails first: every row has a failing cell.
        self.open("/?fails=1&sort=fails")
        rows = driver.find_elements(By.CSS_SELECTOR, "table.matrix tbody tr")
        if not rows:
            self.fail("filter", "no component is listed as failing")
        for row in rows:
            if not row.find_elements(By.CSS_SELECTOR, ".state-fail"):
                self.fail("filter", f"a row without a failure passed the fails filter: {row.text[:60]!r}")
        self.axe("overview-fails")
        self.open("/?recordings=1&sort=gaps")
        for row in driver.find_elements(By.CSS_SELECTOR, "table.matrix tbody tr"):
            if "no recordings" in row.text:
                self.fail("filter", f"a component without recordings passed the filter: {row.text[:60]!r}")

        self.viewport(390, 844, mobile=True)
        self.open("/")
        wide = driver.execute_script("return document.documentElement.scrollWidth - innerWidth")
        if wide > 0:
            self.fail("phone", f"the overview scrolls sideways by {wide} px at 390 px")
        self.axe("overview-phone")
        self.screen_shot("overview-phone")


def main():
    return check_web.run_from_command_line(
        __doc__, ["BASE_URL", "COMPONENTS", "SCREENSHOT_DIR"],
        lambda driver, base, components, shots: OverviewCheck(driver, base, components, "", shots), "1920,1200")


if __name__ == "__main__":
    sys.exit(main())
