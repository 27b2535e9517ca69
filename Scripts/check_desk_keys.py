#!/usr/bin/env python3
"""Works the desk's keys in `exhibit serve` in headless Chromium, as an auditor would: with Alt
while typing a note (play and pause, back and forward 1 and 5 seconds, mark start and end, play
the segment), a mark set while playing taken back by the reaction time, the number keys for the
verdict in the form, the next and previous caption cue, the next item without a verdict, a frame
step when paused, the segment looped, and the `?` panel listing them. Runs axe-core 4.x with the
panel open. Prints a JSON report; exits 1 when a step fails, 2 when the check cannot run.

    python3 Scripts/check_desk_keys.py BASE_URL RECORDING_SHA256 SCREENSHOT_DIR

The recording has caption cues at 0.4 s and 5.8 s, is at least 8 s long, and a live link on
native/checkbox#screenreader.role; the visitor is an auditor with the standard keys.
"""
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))  # run by path, or by runpy
import check_web  # noqa: E402


class DeskKeysCheck(check_web.Check):
    def now(self):
        return self.driver.execute_script("return document.getElementById('player').currentTime")

    def paused(self):
        return self.driver.execute_script("return document.getElementById('player').paused")

    def alt(self, key, shift=False):
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys

        chain = ActionChains(self.driver).key_down(Keys.ALT)
        if shift:
            chain = chain.key_down(Keys.SHIFT)
        chain = chain.send_keys(key)
        if shift:
            chain = chain.key_up(Keys.SHIFT)
        chain.key_up(Keys.ALT).perform()

    def keys(self, *keys):
        from selenium.webdriver.common.action_chains import ActionChains

        ActionChains(self.driver).send_keys(*keys).perform()

    def seek(self, seconds):
        self.driver.execute_script("var v = document.getElementById('player'); v.pause(); v.currentTime = arguments[0]",
                                   seconds)
        self.wait_for("return Math.abs(document.getElementById('player').currentTime - arguments[0]) < 0.01", seconds)

    def value(self, element_id):
        return self.driver.execute_script("return document.getElementById(arguments[0]).value", element_id)

    def run(self):
        driver = self.driver
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": 1600, "height": 1000, "deviceScaleFactor": 1, "mobile": False})
        self.open(f"/recordings/{self.exhibit}")
        self.wait_for("var v = document.getElementById('player'); return v && v.readyState >= 1")
        driver.execute_script("document.getElementById('player').muted = true")

        # Typing a note, with Alt: play and pause, move, mark, play the segment; the note keeps its words.
        note = driver.find_element("id", "link-note")
        note.click()
        self.keys("says checkbox")
        self.alt("k")
        if not self.wait_for("return !document.getElementById('player').paused", timeout=5):
            self.fail("alt keys", "Alt+K in the note does not play")
        self.alt("k")
        if not self.wait_for("return document.getElementById('player').paused", timeout=5):
            self.fail("alt keys", "Alt+K in the note does not pause")
        self.seek(0.5)
        self.alt("n")
        self.wait_for("return Math.abs(document.getElementById('player').currentTime - 1.5) < 0.01")
        self.alt("n", shift=True)
        self.wait_for("return Math.abs(document.getElementById('player').currentTime - 6.5) < 0.01")
        self.alt("b")
        if abs(self.now() - 5.5) > 0.01:
            self.fail("alt keys", f"Alt+N, Alt+Shift+N, Alt+B from 0.5 s lead to {self.now():.3f} s, not 5.5")
        self.seek(1)
        self.alt("i")
        self.seek(2.5)
        self.alt("o")
        if (self.value("link-from"), self.value("link-to")) != ("1.000", "2.500"):
            self.fail("alt keys", f"Alt+I and Alt+O while paused mark {self.value('link-from')}-{self.value('link-to')}")
        if note.get_attribute("value") != "says checkbox" or driver.switch_to.active_element != note:
            self.fail("alt keys", "the note lost its words or its focus to the keys")
        self.alt("p")
        if not self.wait_for("var v = document.getElementById('player'); return !v.paused && v.currentTime >= 1",
                             timeout=5):
            self.fail("alt keys", "Alt+P does not play the segment")
        if not self.wait_for("var v = document.getElementById('player'); return v.paused && v.currentTime >= 2.4",
                             timeout=8):
            self.fail("alt keys", "the segment does not stop at its end")

        # A mark set while playing is taken back by the reaction time (0.25 s).
        self.seek(3)
        driver.execute_script("document.getElementById('player').play()")
        self.wait_for("return document.getElementById('player').currentTime > 3.6", timeout=5)
        # The key is pressed between `before` and `after`: its mark is 0.25 s before then.
        before = self.now()
        self.alt("o")
        driver.execute_script("document.getElementById('player').pause()")
        marked, after = float(self.value("link-to")), self.now()
        if not (before - 0.3 <= marked <= after - 0.2):
            self.fail("reaction", f"a mark while playing at {before:.3f} to {after:.3f} s is at {marked:.3f} s")

        # Outside fields: number keys for the verdict, cues, the next item without a verdict.
        driver.find_element("id", "verdict-pass").click()
        self.keys("2")
        if not driver.execute_script("return document.getElementById('verdict-fail').checked"):
            self.fail("verdict keys", "2 in the judging form does not choose fail")
        self.keys("3")
        if not driver.execute_script("return document.getElementById('verdict-not-applicable').checked"):
            self.fail("verdict keys", "3 does not choose not applicable")
        # Focus the player without clicking it (a click would play it).
        driver.execute_script("document.getElementById('player').focus()")
        self.seek(0)
        self.keys("]")
        self.wait_for("return Math.abs(document.getElementById('player').currentTime - 0.4) < 0.01")
        self.keys("]")
        self.wait_for("return Math.abs(document.getElementById('player').currentTime - 5.8) < 0.01")
        self.keys("[")
        self.wait_for("return Math.abs(document.getElementById('player').currentTime - 0.4) < 0.01")
        if abs(self.now() - 0.4) > 0.01:
            self.fail("cue keys", f"], ], [ from 0 s lead to {self.now():.3f} s, not the first cue at 0.4 s")
        driver.execute_script("document.getElementById('link-item').value = ''")
        self.keys("u")
        chosen = self.value("link-item")
        if not chosen or chosen.endswith("screenreader.role"):
            self.fail("next unjudged", f"u chose {chosen!r}, not an item without a verdict")

        # A frame step when paused; the segment looped.
        self.seek(3)
        self.keys(".")
        step = self.now() - 3
        rate = float(driver.execute_script("return document.getElementById('player').dataset.frameRate || '30'"))
        if abs(step - 1 / rate) > 0.002:
            self.fail("frame step", f". when paused moves {step:.3f} s, not one frame at {rate} frames a second")
        driver.execute_script(
            "document.getElementById('link-from').value = '1'; document.getElementById('link-to').value = '1.6'")
        self.keys("l")
        time.sleep(0.2)
        pressed = driver.execute_script("return document.getElementById('loop-segment').getAttribute('aria-pressed')")
        if pressed != "true":
            self.fail("loop", "l does not loop the segment")
        # Over two seconds of playing, the player stays inside the 0.6 s segment.
        times = []
        for _ in range(20):
            time.sleep(0.1)
            times.append(self.now())
        # Back to the start at the end, as soon as the player says where it is (a busy machine
        # says it less often).
        if max(times) > 2.4 or min(times) < 0.9 or self.paused():
            self.fail("loop", f"looping 1-1.6 s, the player was at {min(times):.2f} to {max(times):.2f} s")
        self.keys("l")
        driver.execute_script("document.getElementById('player').pause()")

        # The panel lists the keys, Alt among them.
        self.keys("?")
        panel = driver.find_element("id", "shortcuts").text
        for words in ("Alt + k", "Loop the marked segment", "next item this recording has no verdict for", "1, 2, 3, 4"):
            if words not in panel:
                self.fail("panel", f"the shortcuts panel does not list {words!r}")
        self.axe("desk keys")
        driver.save_screenshot(str(self.shots / "desk-keys-panel.png"))


def main():
    return check_web.run_from_command_line(
        __doc__, ["BASE_URL", "RECORDING_SHA256", "SCREENSHOT_DIR"],
        lambda driver, base, recording, shots: DeskKeysCheck(driver, base, recording, None, shots))


if __name__ == "__main__":
    sys.exit(main())
