(function () {
  "use strict";

  // Controls that need this script are hidden in the markup; show them now.
  document.querySelectorAll("[data-needs-script], [data-mark], [data-nudge], [data-seek]").forEach(function (element) {
    element.hidden = false;
  });

  // Times as the server reads them (SegmentTime): 2.5, 2,5, 0:02.5, 1:02.5, 1:00:02.5.
  function parseTime(text) {
    var typed = text.trim();
    if (typed === "") { return { error: "nothing was typed" }; }
    var parts = typed.split(":");
    if (parts.length > 3) { return { error: "it has more than hours, minutes and seconds" }; }
    var total = 0;
    for (var i = 0; i < parts.length; i++) {
      var part = parts[i], last = i === parts.length - 1;
      if (!last) {
        if (!/^[0-9]{1,6}$/.test(part)) { return { error: "'" + part + "' before a colon is not a whole number" }; }
        if (i > 0 && !(part.length === 2 && parseInt(part, 10) < 60)) { return { error: "minutes after hours are two digits under 60" }; }
        total = total * 60 + parseInt(part, 10);
        continue;
      }
      if (part.charAt(0) === "-") { return { error: "a time is never negative" }; }
      var match = /^([0-9]*)(?:[.,]([0-9]*))?$/.exec(part);
      if ((part.match(/[.,]/g) || []).length > 1) { return { error: "it has more than one decimal separator" }; }
      if (!match || (match[1] === "" && !match[2])) { return { error: "only digits, one decimal point or comma, and colons are read" }; }
      if (match[2] === "") { return { error: "no digits follow the decimal separator" }; }
      var fraction = match[2] || "";
      if (fraction.length > 3) { return { error: "it is more precise than a millisecond" }; }
      if (parts.length > 1 && !(match[1].length === 2 && parseInt(match[1], 10) < 60)) {
        return { error: "seconds after a colon are two digits under 60, as in 1:02.5" };
      }
      if (parts.length === 1 && match[1].length > 7) { return { error: "longer than any recording" }; }
      total = total * 60 + (match[1] === "" ? 0 : parseInt(match[1], 10)) + (fraction === "" ? 0 : parseInt(fraction, 10) / Math.pow(10, fraction.length));
    }
    return { seconds: total };
  }
  function clock(seconds) {
    var ms = Math.round(seconds * 1000), whole = Math.floor(ms / 1000), millis = ms % 1000;
    var minutes = Math.floor(whole / 60), hours = Math.floor(minutes / 60);
    var two = function (n) { return (n < 10 ? "0" : "") + n; };
    var tail = two(whole % 60) + "." + ("00" + millis).slice(-3);
    return hours > 0 ? hours + ":" + two(minutes % 60) + ":" + tail : minutes + ":" + tail;
  }

  // Each time field says how it reads what was typed, before anything is saved.
  var timeFields = Array.prototype.slice.call(document.querySelectorAll("[data-time-field]"));
  function showReading(field) {
    var output = document.getElementById(field.id + "-read");
    if (!output) { return null; }
    if (field.value.trim() === "") { output.textContent = ""; output.classList.remove("time-error"); return null; }
    var read = parseTime(field.value);
    output.textContent = read.error ? "Not a time: " + read.error + "; write 2.5, 2,5 or 0:02.5" : "= " + clock(read.seconds);
    output.classList.toggle("time-error", Boolean(read.error));
    field.setCustomValidity(read.error ? "Not a time: " + read.error : "");
    return read.error ? null : read.seconds;
  }
  timeFields.forEach(function (field) {
    field.addEventListener("input", function () { showReading(field); drawSelection(); });
  });

  // The timeline: the band of the segment being marked follows the form.
  var strip = document.getElementById("timeline");
  var band = document.getElementById("timeline-selection");
  var from = document.getElementById("link-from"), to = document.getElementById("link-to");
  function drawSelection() {
    if (!strip || !band || !from || !to) { return; }
    var duration = parseFloat(strip.getAttribute("data-duration"));
    var start = parseTime(from.value).seconds, end = parseTime(to.value).seconds;
    if (start === undefined || end === undefined || !(duration > 0)) { band.setAttribute("visibility", "hidden"); return; }
    var left = Math.min(start, end) / duration * 1000, right = Math.max(start, end) / duration * 1000;
    band.setAttribute("x", Math.max(0, left).toFixed(3));
    band.setAttribute("width", Math.max(2, Math.min(1000, right) - left).toFixed(3));
    band.removeAttribute("visibility");
  }

  var video = document.getElementById("player");
  if (!video) { return; }

  function seek(seconds, play) {
    if (isNaN(seconds)) { return; }
    video.currentTime = Math.max(0, seconds);
    if (play) { var started = video.play(); if (started && started.catch) { started.catch(function () {}); } }
  }

  var startAt = parseFloat(video.getAttribute("data-start-at"));
  if (!isNaN(startAt)) {
    var jump = function () {
      if (Math.abs(video.currentTime - startAt) > 0.25) { video.currentTime = startAt; }
      // From a search hit: play the words found (a browser may refuse until the user acts).
      if (video.getAttribute("data-autoplay") === "1") { seek(startAt, true); }
    };
    if (video.readyState >= 1) { jump(); } else { video.addEventListener("loadedmetadata", jump, { once: true }); }
  }

  // A click on the strip seeks there; a bar's link plays its segment in place.
  if (strip) {
    strip.addEventListener("click", function (event) {
      var link = event.target.closest("a");
      var duration = parseFloat(strip.getAttribute("data-duration"));
      var rect = event.target.closest("rect[data-from]");
      event.preventDefault();
      if (rect && link) { seek(parseFloat(rect.getAttribute("data-from")), true); return; }
      var box = strip.getBoundingClientRect();
      seek((event.clientX - box.left) / box.width * duration, false);
    });
  }

  // The transcript: a cue's link seeks the player; the cue being spoken is marked.
  var cues = Array.prototype.slice.call(document.querySelectorAll("[data-cue-start]"));
  cues.forEach(function (cue) {
    cue.querySelector("a").addEventListener("click", function (event) {
      event.preventDefault();
      seek(parseFloat(cue.getAttribute("data-cue-start")), true);
    });
  });
  var current = null;
  function markSpoken() {
    var now = video.currentTime, found = null;
    for (var i = 0; i < cues.length; i++) {
      var start = parseFloat(cues[i].getAttribute("data-cue-start"));
      var end = parseFloat(cues[i].getAttribute("data-cue-end"));
      if (now >= start && now < end) { found = cues[i]; break; }
    }
    if (found === current) { return; }
    if (current) { current.classList.remove("is-current"); current.querySelector("a").removeAttribute("aria-current"); }
    current = found;
    if (current) {
      current.classList.add("is-current");
      current.querySelector("a").setAttribute("aria-current", "time");
      var list = current.parentElement, top = current.offsetTop - list.offsetTop;
      if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - current.offsetHeight) {
        list.scrollTop = top - list.clientHeight / 3;
      }
    }
  }
  video.addEventListener("timeupdate", markSpoken);
  video.addEventListener("seeked", markSpoken);

  // Buttons that seek: a link's segment.
  document.querySelectorAll("[data-seek]").forEach(function (button) {
    button.addEventListener("click", function () { seek(parseFloat(button.getAttribute("data-seek")), true); });
  });

  // Marking: start and end from the player, nudged by a tenth, the segment played.
  var status = document.getElementById("player-status");
  function say(text) { if (status) { status.textContent = text; } }
  function setField(field, seconds) {
    if (!field) { return; }
    field.value = Math.max(0, seconds).toFixed(3);
    showReading(field);
    drawSelection();
    say(field.labels[0].textContent + " " + clock(parseFloat(field.value)));
  }
  document.querySelectorAll("[data-mark]").forEach(function (button) {
    button.addEventListener("click", function () { markNow(button.getAttribute("data-mark")); });
  });
  document.querySelectorAll("[data-nudge]").forEach(function (button) {
    button.addEventListener("click", function () {
      var field = button.getAttribute("data-field") === "start" ? from : to;
      var value = parseTime(field.value).seconds;
      setField(field, (value === undefined ? video.currentTime : value) + parseFloat(button.getAttribute("data-nudge")));
      seek(parseFloat(field.value), false);
    });
  });
  var stopAt = null;
  video.addEventListener("timeupdate", function () {
    if (stopAt !== null && video.currentTime >= stopAt) { video.pause(); stopAt = null; }
  });
  function playSegment() {
    if (!from || !to) { return; }
    var start = parseTime(from.value).seconds, end = parseTime(to.value).seconds;
    if (start === undefined || end === undefined || end <= start) { say("Mark a start and an end first"); return; }
    stopAt = end;
    seek(start, true);
    say("Playing " + clock(start) + " to " + clock(end));
  }
  var loop = document.getElementById("play-segment");
  if (loop) { loop.addEventListener("click", playSegment); }
  var speed = document.getElementById("playback-rate");
  var rates = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2];
  function setRate(rate) {
    video.playbackRate = rate;
    if (speed) { speed.value = String(rate); }
    say("Speed " + rate + "×");
  }
  if (speed) { speed.addEventListener("change", function () { setRate(parseFloat(speed.value)); }); }
  function stepRate(direction) {
    var index = rates.indexOf(video.playbackRate);
    if (index < 0) { index = rates.indexOf(1); }
    setRate(rates[Math.max(0, Math.min(rates.length - 1, index + direction))]);
  }

  // The list of shortcuts.
  var panel = document.getElementById("shortcuts"), toggle = document.getElementById("shortcuts-toggle");
  function showShortcuts(open) {
    if (!panel) { return; }
    panel.hidden = !open;
    if (toggle) { toggle.setAttribute("aria-expanded", open ? "true" : "false"); }
  }
  if (toggle) { toggle.addEventListener("click", function () { showShortcuts(panel.hidden); }); }

  // A suggestion fills the form with its item and its cue's times.
  var item = document.getElementById("link-item");
  document.querySelectorAll("[data-suggest-item]").forEach(function (button) {
    button.addEventListener("click", function (event) {
      event.preventDefault();
      if (item) { item.value = button.getAttribute("data-suggest-item"); }
      var start = parseFloat(button.getAttribute("data-suggest-from"));
      var end = parseFloat(button.getAttribute("data-suggest-to"));
      if (!isNaN(start)) { setField(from, start); seek(start, false); }
      if (!isNaN(end)) { setField(to, end); }
      say("Form filled from the suggestion for " + button.getAttribute("data-suggest-item"));
      if (item) { item.focus(); }
    });
  });

  // Looping the marked segment: at its end the player goes back to its start.
  var looping = false, loopButton = document.getElementById("loop-segment");
  function setLoop(on) {
    var start = from ? parseTime(from.value).seconds : undefined, end = to ? parseTime(to.value).seconds : undefined;
    if (on && (start === undefined || end === undefined || end <= start)) { say("Mark a start and an end first"); return; }
    looping = on;
    if (loopButton) { loopButton.setAttribute("aria-pressed", on ? "true" : "false"); }
    if (on) { stopAt = null; seek(start, true); say("Looping " + clock(start) + " to " + clock(end)); } else { say("Looping stopped"); }
  }
  if (loopButton) { loopButton.addEventListener("click", function () { setLoop(!looping); }); }
  video.addEventListener("timeupdate", function () {
    if (!looping) { return; }
    var start = parseTime(from.value).seconds, end = parseTime(to.value).seconds;
    if (start === undefined || end === undefined || end <= start) { looping = false; return; }
    if (video.currentTime >= end || video.currentTime < start - 0.5) { seek(start, true); }
  });

  // The visitor's keys and reaction time (DeskSettings, from the page): each action's key works
  // alone outside text fields, and with Alt anywhere, while typing a note too.
  var standardKeys = { "play-pause": "k", "back": "b", "forward": "n", "mark-start": "i", "mark-end": "o",
    "play-segment": "p", "loop": "l", "focus-item": "j", "previous-cue": "[", "next-cue": "]", "next-unjudged": "u" };
  var settings = {};
  var desk = document.getElementById("desk");
  try { settings = JSON.parse(desk ? desk.getAttribute("data-desk-settings") || "{}" : "{}"); } catch (error) { settings = {}; }
  var keys = settings.keys || standardKeys, actionOf = {};
  Object.keys(keys).forEach(function (action) { actionOf[keys[action]] = action; });
  var reaction = Math.max(0, Math.min(2, Number(settings.reaction_seconds === undefined ? 0.25 : settings.reaction_seconds) || 0));
  // The character a key stands for whatever Alt makes of it (Option on a Mac types other letters).
  var codeCharacters = { BracketLeft: "[", BracketRight: "]", Semicolon: ";", Quote: "'", Slash: "/", Minus: "-",
    Equal: "=", Backquote: "`" };
  function character(event) {
    var code = event.code || "";
    if (/^Key[A-Z]$/.test(code)) { return code.slice(3).toLowerCase(); }
    if (/^Digit[0-9]$/.test(code)) { return code.slice(5); }
    return codeCharacters[code] || (event.key || "").toLowerCase();
  }
  // A mark set while playing is taken back by the reaction time.
  function markNow(which) {
    var field = which === "start" ? from : to;
    if (!field) { return; }
    var taken = video.paused ? 0 : reaction;
    setField(field, video.currentTime - taken);
    if (taken > 0) { say(field.labels[0].textContent + " " + clock(parseFloat(field.value)) + ", " + taken + " s before the key"); }
  }
  var transcriptCues = cues;
  function toCue(direction) {
    var now = video.currentTime, found = null;
    for (var i = 0; i < transcriptCues.length; i++) {
      var start = parseFloat(transcriptCues[i].getAttribute("data-cue-start"));
      if (direction > 0 && start > now + 0.05) { found = transcriptCues[i]; break; }
      if (direction < 0 && start < now - 0.5) { found = transcriptCues[i]; }
    }
    if (!found) { say(direction > 0 ? "No cue after this one" : "No cue before this one"); return; }
    seek(parseFloat(found.getAttribute("data-cue-start")), false);
    say(clock(parseFloat(found.getAttribute("data-cue-start"))) + ": " + found.textContent.replace(/\s+/g, " ").trim());
  }
  function nextUnjudged() {
    if (!item || !item.options) { return; }
    var count = item.options.length, start = Math.max(0, item.selectedIndex);
    for (var step = 1; step <= count; step++) {
      var option = item.options[(start + step) % count];
      if (option.value && !option.hasAttribute("data-judged")) {
        item.value = option.value;
        item.dispatchEvent(new Event("change", { bubbles: true }));
        say("Item: " + option.textContent);
        return;
      }
    }
    say("Every item has a verdict on this recording");
  }
  function frameStep(direction) {
    var rate = parseFloat(video.getAttribute("data-frame-rate")) || 30;
    seek(video.currentTime + direction * (video.paused ? 1 / rate : 0.1), false);
    say(clock(video.currentTime));
  }
  function act(action, shift) {
    if (action === "play-pause") { if (video.paused) { seek(video.currentTime, true); } else { video.pause(); } }
    else if (action === "back" || action === "forward") {
      seek(video.currentTime + (action === "back" ? -1 : 1) * (shift ? 5 : 1), false);
      say(clock(video.currentTime));
    }
    else if (action === "mark-start" && from) { markNow("start"); }
    else if (action === "mark-end" && to) { markNow("end"); }
    else if (action === "play-segment" && from) { playSegment(); }
    else if (action === "loop" && from) { setLoop(!looping); }
    else if (action === "focus-item" && item) { item.focus(); }
    else if (action === "previous-cue") { toCue(-1); }
    else if (action === "next-cue") { toCue(1); }
    else if (action === "next-unjudged" && item) { nextUnjudged(); }
    else { return false; }
    return true;
  }

  // Shortcuts: a key alone while the player or the page has focus, never while typing in a
  // field; with Alt, anywhere.
  function typing(element) {
    if (!element || element === document.body) { return false; }
    if (element.isContentEditable) { return true; }
    var tag = element.tagName;
    if (tag === "TEXTAREA" || tag === "SELECT") { return true; }
    if (tag !== "INPUT") { return false; }
    return ["button", "checkbox", "radio", "submit", "reset", "range", "color", "file", "image"].indexOf(element.type) < 0;
  }
  var verdicts = Array.prototype.slice.call(document.querySelectorAll(".judge-form input[name=verdict]"));
  window.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey) { return; }
    var target = event.target;
    if (event.altKey) {
      var chosen = actionOf[character(event)];
      if (chosen && act(chosen, event.shiftKey)) { event.preventDefault(); event.stopPropagation(); }
      return;
    }
    if (typing(target)) { return; }
    var onControl = target !== video && target !== document.body && target.closest &&
      target.closest("button, a, input, summary, [tabindex]") !== null && target.id !== "main";
    var key = event.key, handled = true;
    var inForm = target.closest && target.closest(".judge-form") !== null;
    if (key === "Escape") {
      if (panel && !panel.hidden) { showShortcuts(false); } else { handled = false; }
    } else if (key === "?") {
      showShortcuts(panel ? panel.hidden : false);
    } else if (inForm && /^[1-4]$/.test(key) && verdicts.length >= 4) {
      var verdict = verdicts[parseInt(key, 10) - 1];
      verdict.checked = true;
      verdict.focus();
      say("Verdict: " + verdict.value);
    } else if (key === " " && !onControl) {
      act("play-pause", false);
    } else if ((key === "ArrowLeft" || key === "ArrowRight") && !(onControl && target.type === "radio")) {
      var step = event.shiftKey ? 0.1 : 1;
      seek(video.currentTime + (key === "ArrowLeft" ? -step : step), false);
      say(clock(video.currentTime));
    } else if (key === "," || key === ".") {
      frameStep(key === "," ? -1 : 1);
    } else if (key === "<" || key === ">") {
      stepRate(key === "<" ? -1 : 1);
    } else if (actionOf[key.toLowerCase()]) {
      handled = act(actionOf[key.toLowerCase()], event.shiftKey);
    } else {
      handled = false;
    }
    if (handled) { event.preventDefault(); event.stopPropagation(); }
  }, true);

  // Heard phrases sit under their stretch of speech on the timeline, in lanes so that none
  // overlaps another; without this script they are a plain list.
  Array.prototype.forEach.call(document.querySelectorAll(".heard-labels"), function (list) {
    var duration = parseFloat(list.getAttribute("data-duration"));
    if (!(duration > 0)) { return; }
    list.classList.add("placed");
    function place() {
      var width = list.clientWidth, ends = [];
      Array.prototype.forEach.call(list.children, function (item) {
        var left = Math.min(1, parseFloat(item.getAttribute("data-from")) / duration) * width;
        var size = Math.min(item.offsetWidth, width);
        left = Math.max(0, Math.min(left, width - size));
        var lane = 0;
        while (lane < ends.length && ends[lane] > left) { lane++; }
        ends[lane] = left + size + 4;
        item.style.left = left + "px";
        item.style.top = (lane * 27) + "px";
      });
      list.style.height = (Math.max(1, ends.length) * 27) + "px";
    }
    place();
    window.addEventListener("resize", place);
  });

  drawSelection();
})();
