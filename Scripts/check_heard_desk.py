#!/usr/bin/env python3
"""Looks at what Exhibit heard, as the web workspace shows it, in headless Chromium with axe-core
4.x (WCAG 2.0, 2.1 and 2.2, A and AA) on every page it opens. Prints a JSON report; exits 1 when a
step fails or axe finds a violation, 2 when the check cannot run.

    python3 Scripts/check_heard_desk.py BASE_URL RECORDING_SHA256 UTTERANCES SCREENSHOT_DIR

The recording was heard (`exhibit listen`) and has no captions; UTTERANCES is how many stretches
of speech `recordings show --json` lists. On its page, at 1280 px and at 390 px (a phone): the
timeline shades each stretch of speech where its seconds are; the heard phrases are labels under
their stretch, none overlapping another and none wider than the strip; choosing one plays from its
stretch; the transcript lists the stretches, marked as heard by Exhibit and not captioned; the
form that turns them into captions has a cue per stretch. The search page marks heard hits the
same way.
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))  # run by path, or by runpy
import check_web  # noqa: E402

LABELS = """
var list = document.querySelector('.heard-labels');
if (!list) return null;
var strip = document.getElementById('timeline').getBoundingClientRect();
return {placed: list.classList.contains('placed'), strip: [strip.left, strip.right],
  labels: Array.prototype.map.call(list.children, function (li) {
    var r = li.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom,
            from: parseFloat(li.getAttribute('data-from')), text: li.textContent};
  })};
"""


class HeardDeskCheck(check_web.Check):
    def viewport(self, width, height):
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})

    def labels_fit(self, width):
        step = f"labels at {width} px"
        found = self.driver.execute_script(LABELS)
        if not found or not found["labels"]:
            self.fail(step, "no heard phrase is labelled under the timeline")
            return None
        if not found["placed"]:
            self.fail(step, "the labels were not placed on the strip")
        left, right = found["strip"]
        labels = found["labels"]
        for label in labels:
            if label["left"] < left - 1 or label["right"] > right + 1:
                self.fail(step, f"{label['text']!r} reaches outside the strip")
        for index, one in enumerate(labels):
            for other in labels[index + 1:]:
                apart = (one["right"] <= other["left"] or other["right"] <= one["left"]
                         or one["bottom"] <= other["top"] or other["bottom"] <= one["top"])
                if not apart:
                    self.fail(step, f"{one['text']!r} overlaps {other['text']!r}")
        return labels

    def run(self):
        driver = self.driver
        recording, utterances = self.exhibit, int(self.workspace)
        self.viewport(1280, 1000)
        self.open(f"/recordings/{recording}")
        self.wait_for("return document.querySelector('.heard-labels.placed')")
        shaded = driver.execute_script(
            "return Array.prototype.map.call(document.querySelectorAll('#timeline .timeline-utterance'),"
            " function (r) { return parseFloat(r.getAttribute('x')); })")
        if len(shaded) != utterances:
            self.fail("timeline", f"{len(shaded)} stretches of speech are shaded, not {utterances}")
        duration = float(driver.execute_script("return document.getElementById('timeline').dataset.duration"))
        labels = self.labels_fit(1280)
        if labels:
            # The first label sits under the start of its stretch (as far as the strip allows).
            strip = driver.execute_script("var r = document.getElementById('timeline').getBoundingClientRect();"
                                          " return [r.left, r.width]")
            first = labels[0]
            expected = strip[0] + first["from"] / duration * strip[1]
            if abs(first["left"] - expected) > 3:
                self.fail("labels", f"the first label is at {first['left']:.0f} px, its stretch at {expected:.0f}")
        note = driver.execute_script(
            "var n = document.querySelector('.heard-note'); return n ? n.textContent : ''")
        if "Heard by Exhibit, not captioned" not in note:
            self.fail("transcript", "the transcript does not say it was heard by Exhibit, not captioned")
        rows = driver.execute_script("return document.querySelectorAll('.heard-transcript li').length")
        if rows != utterances:
            self.fail("transcript", f"the transcript lists {rows} stretches, not {utterances}")
        self.axe("heard desk")
        self.shot("heard-desk")
        # The form that turns what was heard into captions, opened: a cue per stretch of speech.
        driver.find_element("css selector", ".heard-captions summary").click()
        cues = driver.execute_script("return document.querySelectorAll('.caption-rows li').length")
        if cues != utterances:
            self.fail("captions form", f"the form has {cues} cues, not {utterances}")
        self.axe("heard captions form")
        driver.execute_script("document.getElementById('heard-captions-heading').scrollIntoView()")
        driver.save_screenshot(str(self.shots / "heard-captions-form.png"))

        # Choosing a label plays from its stretch.
        if labels:
            driver.find_element("css selector", ".heard-labels li a").click()
            at = self.wait_for(
                "var v = document.getElementById('player');"
                " return v && v.readyState >= 1 && Math.abs(v.currentTime - arguments[0]) < 0.05", labels[0]["from"])
            if not at:
                self.fail("labels", "choosing the first label does not play from its stretch")

        self.viewport(390, 844)
        self.open(f"/recordings/{recording}")
        self.wait_for("return document.querySelector('.heard-labels.placed')")
        self.labels_fit(390)
        driver.find_element("css selector", ".heard-captions summary").click()
        wide = driver.execute_script("return document.documentElement.scrollWidth")
        if wide > 390:
            self.fail("phone", f"the page is {wide} px wide at 390 px")
        self.axe("heard desk at 390 px")
        driver.save_screenshot(str(self.shots / "heard-desk-phone.png"))

        self.viewport(1280, 1000)
        self.open("/search?q=not+checked&kind=heard")
        text = self.text()
        if "heard by Exhibit, not captioned" not in text:
            self.fail("search", "heard hits are not marked as heard by Exhibit")
        self.axe("heard search")
        self.shot("heard-search")


def main():
    return check_web.run_from_command_line(
        __doc__, ["BASE_URL", "RECORDING_SHA256", "UTTERANCES", "SCREENSHOT_DIR"],
        lambda driver, base, recording, utterances, shots: HeardDeskCheck(
            driver, base, recording, utterances, shots))


if __name__ == "__main__":
    sys.exit(main())
