#!/usr/bin/env python3
"""Runs axe-core (from axe-selenium-python) over an HTML file in headless Chromium and prints the
WCAG 2.x A/AA violations as JSON; exits 1 when there are any, 2 when the check cannot run.

    python3 Scripts/check_report_a11y.py path/to/report.html
"""
import json
import pathlib
import shutil
import sys


def main() -> int:
    if len(sys.argv) != 2:
        print("usage: check_report_a11y.py REPORT.html", file=sys.stderr)
        return 2
    report = pathlib.Path(sys.argv[1]).resolve()
    try:
        from axe_selenium_python import Axe
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError as error:
        print(f"cannot run axe: {error}; run Scripts/install-deps.sh", file=sys.stderr)
        return 2
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    service = Service(shutil.which("chromedriver") or "/usr/bin/chromedriver")
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_script_timeout(120)
    try:
        driver.get(report.as_uri())
        axe = Axe(driver)
        axe.inject()
        # Axe.run() hands options alone to axe.run(), which reads them as the context and never
        # answers; call it with the document as context, and report a rejection instead of hanging.
        results = driver.execute_async_script(
            "var done = arguments[arguments.length - 1];"
            "axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}})"
            ".then(function (r) { done(r); }, function (e) { done({error: String(e)}); });",
            ["wcag2a", "wcag2aa"],  # the tags axe-core 3.1 (the one this package ships) knows
        )
        version = driver.execute_script("return axe.version")
    finally:
        driver.quit()
    if "error" in results:
        print(f"axe failed: {results['error']}", file=sys.stderr)
        return 2
    violations = [
        {"id": v["id"], "impact": v.get("impact"), "help": v["help"], "nodes": [n["target"] for n in v["nodes"]]}
        for v in results["violations"]
    ]
    print(json.dumps({"axe": version, "violations": violations, "passes": len(results["passes"])}, indent=2))
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())
