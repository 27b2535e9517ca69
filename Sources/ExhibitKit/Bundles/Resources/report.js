document.addEventListener("click", function (event) {
  var link = event.target.closest("a[data-video]");
  var video = link && document.getElementById(link.dataset.video);
  if (!video) { return; }
  event.preventDefault();
  var end = parseFloat(link.dataset.end);
  video.currentTime = parseFloat(link.dataset.start) || 0;
  video.scrollIntoView();
  video.focus();
  var stop = function () {
    if (video.currentTime >= end) { video.pause(); video.removeEventListener("timeupdate", stop); }
  };
  if (!isNaN(end)) { video.addEventListener("timeupdate", stop); }
  video.play();
});
// The cue being spoken is marked in its transcript while the video plays.
document.querySelectorAll("ol.transcript").forEach(function (list) {
  var video = document.getElementById(list.dataset.video);
  if (!video) { return; }
  video.addEventListener("timeupdate", function () {
    list.querySelectorAll("li").forEach(function (cue) {
      var now = video.currentTime;
      var on = now >= parseFloat(cue.dataset.start) && now < parseFloat(cue.dataset.end);
      cue.classList.toggle("current", on);
      if (on) { cue.setAttribute("aria-current", "true"); } else { cue.removeAttribute("aria-current"); }
    });
  });
});
