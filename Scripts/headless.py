"""Headless Chromium and axe-core for the page checks (check_report_a11y.py, check_web.py).

Both come from Debian (chromium, chromium-driver) and PyPI (selenium, axe-selenium-python);
Scripts/install-deps.sh installs them.
"""
import shutil


def start_chromium(window="1280,1000", browser_log=False):
    """A headless Chromium that may play media without a gesture, muted; raises ImportError
    when selenium is not installed."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--autoplay-policy=no-user-gesture-required", "--mute-audio", f"--window-size={window}"):
        options.add_argument(argument)
    if browser_log:
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    service = Service(shutil.which("chromedriver") or "/usr/bin/chromedriver")
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_script_timeout(120)
    driver.set_page_load_timeout(60)
    return driver


def run_axe(driver):
    """axe-core's WCAG 2 A and AA results for the open page, or {"error": …}.

    Axe.run() hands options alone to axe.run(), which reads them as the context and never
    answers; this calls it with the document as context, and reports a rejection instead of
    hanging."""
    from axe_selenium_python import Axe

    Axe(driver).inject()
    return driver.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        "axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}})"
        ".then(function (r) { done(r); }, function (e) { done({error: String(e)}); });",
        ["wcag2a", "wcag2aa"],  # the tags axe-core 3.1 (the one this package ships) knows
    )
