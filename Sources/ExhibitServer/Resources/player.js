(function () {
  "use strict";
  var video = document.getElementById("player");
  if (!video) { return; }

  function seek(seconds, play) {
    if (isNaN(seconds)) { return; }
    video.currentTime = seconds;
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

  // Buttons that seek: a link's segment, a suggestion's cue.
  document.querySelectorAll("[data-seek]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () { seek(parseFloat(button.getAttribute("data-seek")), true); });
  });

  // The judging form: mark start and end from the player, nudge them, play the segment.
  var from = document.getElementById("link-from"), to = document.getElementById("link-to");
  var status = document.getElementById("player-status");
  function say(text) { if (status) { status.textContent = text; } }
  function setField(field, seconds) {
    field.value = Math.max(0, seconds).toFixed(3);
    say(field.labels[0].textContent + " " + field.value + " s");
  }
  document.querySelectorAll("[data-mark]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () {
      setField(button.getAttribute("data-mark") === "start" ? from : to, video.currentTime);
    });
  });
  document.querySelectorAll("[data-nudge]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () {
      var field = button.getAttribute("data-field") === "start" ? from : to;
      var value = parseFloat(field.value);
      setField(field, (isNaN(value) ? video.currentTime : value) + parseFloat(button.getAttribute("data-nudge")));
      seek(parseFloat(field.value), false);
    });
  });
  var loop = document.getElementById("play-segment");
  if (loop && from && to) {
    loop.hidden = false;
    loop.addEventListener("click", function () {
      var start = parseFloat(from.value), end = parseFloat(to.value);
      if (isNaN(start) || isNaN(end) || end <= start) { say("Mark a start and an end first"); return; }
      seek(start, true);
      var stop = function () {
        if (video.currentTime >= end) { video.pause(); video.removeEventListener("timeupdate", stop); }
      };
      video.addEventListener("timeupdate", stop);
    });
  }
  var speed = document.getElementById("playback-rate");
  if (speed) {
    speed.parentElement.hidden = false;
    speed.addEventListener("change", function () { video.playbackRate = parseFloat(speed.value); });
  }

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
})();
