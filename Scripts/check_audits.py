#!/usr/bin/env python3
"""Works through two rounds of an audit in `exhibit serve`, as an auditor would, in headless
Chromium, with axe-core 4.x (WCAG 2.0, 2.1 and 2.2, A and AA) on every page: the audits list, an audit's progress,
the comparison of the two rounds (whose segments open the player), switching the audit in the
header, confirming a carried verdict and approving another auditor's. Prints a JSON report; exits 1 when a step fails or axe
finds a violation, 2 when the check cannot run.

    python3 Scripts/check_audits.py BASE_URL SCREENSHOT_DIR

The server runs on the sample workspace on 127.0.0.1 (an auditor, no accounts) with product
"Acme App": audit 1, release 1.0, closed, with a pass on the VoiceOver role, fails on the VoiceOver
and TalkBack state; audit 2, release 1.1, a retest of it, where the VoiceOver state passes.
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))  # run by path, or by runpy
import check_web  # noqa: E402


class AuditCheck(check_web.Check):
    def wait_for_audit(self, release):
        """Waits until a page whose header says it works in the audit of `release` has loaded."""
        if not self.wait_for(
                "var a = document.querySelector('form.audit-switch a');"
                "return document.readyState === 'complete' && a !== null"
                " && a.textContent.trim().endsWith(' ' + arguments[0])", release):
            self.fail("switch", f"the page did not come back working in release {release}")

    def run(self):
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support.ui import Select

        driver = self.driver

        # Every page says which audit it shows; the newest open one first.
        self.open("/")
        header = driver.find_element(By.CSS_SELECTOR, "form.audit-switch").text
        if "Acme App 1.1" not in header:
            self.fail("header", f"the header does not name audit 1.1: {header!r}")

        # The audits of the product, with their tallies.
        self.open("/audits")
        rows = driver.find_elements(By.CSS_SELECTOR, "main table tbody tr")
        if len(rows) != 2:
            self.fail("audits", f"expected two audits of Acme App, found {len(rows)}")
        self.axe("audits")
        self.shot("audits")

        # The retest's progress: a matrix of components by platform and screen reader.
        self.open("/audits/2")
        words = driver.find_element(By.CSS_SELECTOR, ".progress-words").text
        if "carried, not retested" not in words:
            self.fail("audit", f"the progress does not count carried verdicts: {words!r}")
        if not driver.find_elements(By.CSS_SELECTOR, "table.matrix tbody th[scope=row] a"):
            self.fail("audit", "the progress matrix lists no component")
        self.axe("audit")
        self.shot("audit")

        # What changed: fixed and carried rows, each segment opening the player there.
        driver.find_element(By.LINK_TEXT, "what changed").click()
        self.wait_for("return location.pathname === '/audits/2/compare'")
        for heading in ("change-fixed", "change-carried", "change-unchanged-pass"):
            if not driver.find_elements(By.ID, heading):
                self.fail("compare", f"no section {heading}")
        self.axe("compare")
        self.shot("compare")
        fixed = driver.find_element(By.CSS_SELECTOR, "#change-fixed ~ div table tbody tr td:last-child a")
        fixed.click()
        self.wait_for("return location.pathname.indexOf('/recordings/') === 0")
        if "t=1" not in driver.current_url:
            self.fail("compare", f"the segment did not open the player at its start: {driver.current_url}")
        if self.wait_until_started_at(1.0, 0.6) is None:
            self.fail("compare", f"the player is not at the segment: {self.current_time()}")

        # Switching to the first round from the header: its checklist, closed, nothing to confirm.
        self.open("/components/native/checkbox?platform=android")
        Select(driver.find_element(By.ID, "audit-switch-select")).select_by_value("1")
        driver.find_element(By.CSS_SELECTOR, "form.audit-switch button[type=submit]").click()
        self.wait_for_audit("1.0")
        if "platform=android" not in driver.current_url:
            self.fail("switch", f"switching did not return to the page: {driver.current_url}")
        if driver.find_elements(By.XPATH, "//button[contains(., 'Confirm carried verdict')]"):
            self.fail("switch", "a closed audit offers to confirm a verdict")
        if "Carried from" in self.text():
            self.fail("switch", "the first round shows carried verdicts")
        if "is closed: these verdicts are final" not in self.text():
            self.fail("switch", "the closed round's page does not say its verdicts are final")
        if driver.find_elements(By.XPATH, "//button[contains(., 'Accept as untested link')]"):
            self.fail("switch", "a closed audit offers to accept a suggestion")
        self.axe("component-first-round")
        self.shot("component-first-round")
        Select(driver.find_element(By.ID, "audit-switch-select")).select_by_value("2")
        driver.find_element(By.CSS_SELECTOR, "form.audit-switch button[type=submit]").click()
        self.wait_for_audit("1.1")

        # The retest's Android state is carried: confirmed in place, it becomes this round's.
        if "Carried from the earlier round, not retested" not in self.text():
            self.fail("carried", "the retest's component page does not mark the carried verdict")
        self.axe("component-carried")
        self.shot("component-carried")
        buttons = driver.find_elements(By.XPATH, "//button[contains(., 'Confirm carried verdict')]")
        if not buttons:
            self.fail("confirm", "no button confirms the carried verdict")
            return
        buttons[0].click()
        self.wait_for("return document.querySelector('.notice') !== null")
        notice = driver.find_element(By.CSS_SELECTOR, ".notice").text
        if "Confirmed 1 carried verdict" not in notice:
            self.fail("confirm", f"no notice says the verdict was confirmed: {notice!r}")
        if "Carried from the earlier round, not retested" in self.text():
            self.fail("confirm", "the confirmed verdict is still marked carried")
        self.axe("component-confirmed")
        self.shot("component-confirmed")

        # A second person approves a column judged by someone else (the iOS state, ana's); the
        # columns the visitor judged or confirmed themselves offer no button.
        driver.get(f"{self.base}/components/native/checkbox?platform=ios")
        self.wait_for("return document.readyState === 'complete'")
        approve = driver.find_elements(By.XPATH, "//button[starts-with(normalize-space(.), 'Approve')]")
        names = [" ".join(button.text.split()) for button in approve]
        if names != ["Approve the verdicts of State, iOS VoiceOver"]:
            self.fail("approve", f"the buttons offered are {names!r}, not the iOS state's alone")
            return
        approve[0].click()
        self.wait_for("return location.search.indexOf('approved=1') >= 0 && document.readyState === 'complete'")
        if "approved by test-auditor" not in self.text():
            self.fail("approve", "the approved column does not say who approved it")
        if driver.find_elements(By.XPATH, "//button[starts-with(normalize-space(.), 'Approve')]"):
            self.fail("approve", "an approved column still offers to approve it")
        self.axe("component-approved")
        self.shot("component-approved")


def main():
    return check_web.run_from_command_line(
        __doc__, ["BASE_URL", "SCREENSHOT_DIR"], lambda driver, base, shots: AuditCheck(driver, base, "", "", shots))


if __name__ == "__main__":
    sys.exit(main())
