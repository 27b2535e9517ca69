"""Headless Chromium and axe-core for the page checks (check_report_a11y.py, check_web.py).

Both come from Debian (chromium, chromium-driver) and PyPI (selenium; axe-core 4.x as the axe.min.js
axe-playwright-python ships, installed without its dependencies);
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


AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


def axe_script_path():
    """The axe.min.js (axe-core 4.x) that axe-playwright-python ships, found without importing
    the package (which would import Playwright, not installed here); raises ImportError when
    it is absent."""
    import importlib.util
    import os

    spec = importlib.util.find_spec("axe_playwright_python")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("axe-playwright-python is not installed; run Scripts/install-deps.sh")
    path = os.path.join(list(spec.submodule_search_locations)[0], "axe.min.js")
    if not os.path.exists(path):
        raise ImportError(f"{path} is missing")
    return path


def run_axe(driver):
    """axe-core's WCAG 2.0, 2.1 and 2.2 A and AA results for the open page, or {"error": …}.

    The script is injected into the page, then axe.run() is called with the document as its
    context; a rejection is reported instead of hanging."""
    with open(axe_script_path(), encoding="utf-8") as source:
        driver.execute_script(source.read())
    return driver.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        "axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}})"
        ".then(function (r) { done(r); }, function (e) { done({error: String(e)}); });",
        AXE_TAGS,
    )
