#!/usr/bin/env python3
"""Decides a conformance level on `exhibit serve`'s conformance report page as an auditor would, in
headless Chromium with axe-core 4.x (WCAG 2.0, 2.1 and 2.2, A and AA): the page, a decision against
the evidence (its warning must show), and the OpenACR download, saved as SCREENSHOT_DIR/acr-web.yaml
for the schema check, with the International edition's as acr-web-int.yaml. Prints a JSON report; exits 1 when a step fails or axe finds a violation, 2
when the check cannot run.

    python3 Scripts/check_acr_web.py BASE_URL AUDIT_ID SCREENSHOT_DIR

The audit must have a failed item necessary to 4.1.2 on software (a native component).
"""
import json
import pathlib
import sys
import urllib.parse
import urllib.request

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))  # run by path, or by runpy
import check_desk  # noqa: E402
import check_web  # noqa: E402


class ACRWebCheck(check_desk.DeskCheck):
    def run(self):
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support.ui import Select

        driver, audit = self.driver, self.exhibit
        self.viewport(1600, 1000)
        self.open(f"/audits/{audit}")
        driver.find_element(By.PARTIAL_LINK_TEXT, "Conformance report").click()
        self.wait_for(f"return location.pathname === '/audits/{audit}/acr'")
        if "Does Not Support" not in self.text() and "Partially Supports" not in self.text():
            self.fail("page", "the report shows no lowered level, though 4.1.2 failed")
        self.axe("acr-web")
        self.screen_shot("acr-web")
        Select(driver.find_element(By.ID, "decide-criterion")).select_by_value("4.1.2")
        Select(driver.find_element(By.ID, "decide-type")).select_by_value("software")
        Select(driver.find_element(By.ID, "decide-level")).select_by_value("supports")
        driver.find_element(By.ID, "decide-remarks").send_keys("Checked again by hand")
        driver.find_element(By.CSS_SELECTOR, "form[action$='/acr'] button[type=submit]").click()
        self.wait_for("return location.search.indexOf('decided=') >= 0 && document.readyState === 'complete'")
        row = driver.find_element(By.ID, "sc-4.1.2").text
        if "Supports" not in row or "Warning: Supports, though" not in row or "Checked again by hand" not in row:
            self.fail("decide", f"the decided row does not show its level, remarks and warning: {row[:300]!r}")
        # The visitor decided 4.1.2: no button offers them to approve it. The level ana decided
        # (1.4.4 on software, before the check) they approve, and the row says so.
        own = driver.find_element(By.ID, "sc-4.1.2").find_elements(By.XPATH, ".//button[contains(., 'Approve')]")
        if own:
            self.fail("approve", "the visitor is offered to approve the level they decided")
        others = driver.find_elements(By.XPATH, "//button[contains(., 'the level of 1.4.4')]")
        if len(others) != 1:
            self.fail("approve", f"{len(others)} buttons approve ana's level of 1.4.4, not one")
        else:
            others[0].click()
            self.wait_for("return location.search.indexOf('approved=') >= 0 && document.readyState === 'complete'")
            row = driver.find_element(By.ID, "sc-1.4.4").text
            if "approved by test-auditor" not in row:
                self.fail("approve", f"the approved level does not say who approved it: {row[:300]!r}")
        self.axe("acr-web-decided")
        driver.execute_script("document.getElementById('sc-4.1.2').scrollIntoView()")
        self.screen_shot("acr-web-decided")
        query = urllib.parse.urlencode({"format": "openacr", "author": "Nina Auditor <nina@example.org>"})
        with urllib.request.urlopen(f"{self.base}/audits/{audit}/acr/download?{query}", timeout=30) as answer:
            disposition = answer.headers.get("Content-Disposition", "")
            (self.shots / "acr-web.yaml").write_bytes(answer.read())
        if "attachment" not in disposition:
            self.fail("download", f"the YAML is not offered as a download: {disposition!r}")
        # The International edition, chosen in the form's edition list, saved as acr-web-int.yaml.
        editions = [option.get_attribute("value")
                    for option in driver.find_elements(By.CSS_SELECTOR, "#acr-edition option")]
        if editions != ["wcag", "508", "eu", "int"]:
            self.fail("editions", f"the download form offers {editions!r}")
        query = urllib.parse.urlencode(
            {"format": "openacr", "edition": "int", "author": "Nina Auditor <nina@example.org>"})
        with urllib.request.urlopen(f"{self.base}/audits/{audit}/acr/download?{query}", timeout=30) as answer:
            (self.shots / "acr-web-int.yaml").write_bytes(answer.read())
        with urllib.request.urlopen(f"{self.base}/api/audits/{audit}/acr?edition=508", timeout=30) as answer:
            document = json.loads(answer.read())
        standards = {clause["standard"] for clause in document.get("clauses") or []}
        if document.get("edition") != "508" or standards != {"508"} or not document.get("evaluation_methods"):
            self.fail("api", f"the 508 edition's draft has clauses of {standards!r}, edition {document.get('edition')!r}")


def main():
    return check_web.run_from_command_line(
        __doc__, ["BASE_URL", "AUDIT_ID", "SCREENSHOT_DIR"],
        lambda driver, base, audit, shots: ACRWebCheck(driver, base, audit, "", shots), "1600,1000")


if __name__ == "__main__":
    sys.exit(main())
