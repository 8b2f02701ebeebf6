
(function () {
  var bar = document.getElementById("filters");
  if (!bar) { return; }
  bar.hidden = false;
  var q = document.getElementById("f-q"), ty = document.getElementById("f-type"), yr = document.getElementById("f-year");
  var shown = document.getElementById("f-shown");
  function apply() {
    var words = q.value.toLowerCase().split(/\s+/).filter(Boolean), n = 0;
    document.querySelectorAll("li.work").forEach(function (li) {
      var text = li.dataset.q || "", ok = true;
      words.forEach(function (w) { if (text.indexOf(w) === -1) { ok = false; } });
      if (ty.value) { ok = ok ? li.dataset.type === ty.value : false; }
      if (yr.value) { ok = ok ? li.dataset.year === yr.value : false; }
      li.hidden = !ok;
      if (ok) { n++; }
    });
    document.querySelectorAll("main section").forEach(function (s) {
      s.hidden = !s.querySelector("li.work:not([hidden])");
    });
    shown.textContent = n === 1 ? "1 work shown" : n + " works shown";
  }
  var keys = [["q", q], ["type", ty], ["year", yr]];
  function remember() {
    var f = new URLSearchParams();
    keys.forEach(function (k) { if (k[1].value) { f.set(k[0], k[1].value); } });
    var s = f.toString();
    try { history.replaceState(null, "", s ? "#" + s : location.pathname + location.search); } catch (e) {}
  }
  [q, ty, yr].forEach(function (el) { el.addEventListener("input", function () { apply(); remember(); }); });
  var given = new URLSearchParams(location.hash.slice(1));
  if (keys.some(function (k) { return given.has(k[0]); })) {
    keys.forEach(function (k) { k[1].value = given.get(k[0]) || ""; });
    apply();
  }
  if (navigator.clipboard) {
    document.querySelectorAll("details.bib").forEach(function (d) {
      var b = document.createElement("button");
      b.type = "button"; b.className = "copy"; b.textContent = "Copy BibTeX";
      b.addEventListener("click", function () {
        navigator.clipboard.writeText(d.querySelector("pre").textContent).then(function () { b.textContent = "Copied"; });
      });
      d.appendChild(b);
    });
  }
})();
