/* carddb serve: reload when a new build is published; show the build's findings in an overlay.
   Injected only into pages served by `carddb serve`, never into the static site on disk. */
(function () {
  "use strict";
  var me = document.currentScript;
  var pageBuild = Number(me && me.getAttribute("data-build")) || 0;
  var overlay = null;

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;  // textContent: finding messages quote card data
    return node;
  }

  function style() {
    var css = el("style");
    css.textContent =
      "#carddb-findings{position:fixed;left:0;right:0;bottom:0;max-height:45vh;overflow:auto;z-index:99999;" +
      "background:#1e1a17;color:#f6f1e7;font:13px/1.45 ui-monospace,Menlo,Consolas,monospace;" +
      "border-top:4px solid #c8502a;box-shadow:0 -6px 24px rgba(0,0,0,.35);padding:.6rem 1rem}" +
      "#carddb-findings.ok-with-warnings{border-top-color:#c9a227}" +
      "#carddb-findings h2{font:600 15px/1.3 system-ui,sans-serif;margin:.2rem 0 .5rem}" +
      "#carddb-findings ol{list-style:none;margin:0;padding:0}" +
      "#carddb-findings li{padding:.25rem 0;border-top:1px solid #3a332d}" +
      "#carddb-findings .where{color:#9cc3a5}#carddb-findings .code{font-weight:700;margin:0 .5em}" +
      "#carddb-findings .error .code{color:#ff8a70}#carddb-findings .warning .code{color:#e8c26a}" +
      "#carddb-findings .hint{display:block;color:#b9ad9c;padding-left:1.5em}" +
      "#carddb-findings button{float:right;font:inherit;background:#3a332d;color:#f6f1e7;border:0;border-radius:4px;padding:.15rem .6rem;cursor:pointer}";
    document.head.appendChild(css);
  }

  function show(status) {
    if (overlay) { overlay.remove(); overlay = null; }
    var errors = status.findings.filter(function (f) { return f.severity === "error"; });
    if (status.state === "ok" && (status.findings.length === 0 || sessionStorage.getItem("carddb-hide-warnings") === String(status.build))) return;
    overlay = el("section");
    overlay.id = "carddb-findings";
    overlay.setAttribute("role", "alert");
    if (status.state === "ok" && errors.length === 0) overlay.className = "ok-with-warnings";
    var close = el("button", "", "Hide");
    close.addEventListener("click", function () {
      sessionStorage.setItem("carddb-hide-warnings", String(status.build));
      overlay.remove(); overlay = null;
    });
    overlay.appendChild(close);
    var title = status.state === "ok"
      ? status.summary
      : (status.state === "failed" ? "Build failed" : "The site was not rebuilt") + " \u2014 " + status.summary;
    overlay.appendChild(el("h2", "", title));
    var list = el("ol");
    status.findings.forEach(function (f) {
      var item = el("li", "finding " + f.severity);
      item.appendChild(el("span", "where", f.where));
      item.appendChild(el("span", "code", f.code));
      item.appendChild(el("span", "message", f.message));
      if (f.hint) item.appendChild(el("span", "hint", "hint: " + f.hint));
      list.appendChild(item);
    });
    overlay.appendChild(list);
    document.body.appendChild(overlay);
  }

  function onBuild(status) {
    // A page reloads only for a new good build: with errors, the last good site stays and the overlay explains why.
    if (status.state === "ok" && status.build !== pageBuild) {
      location.reload();
      return;
    }
    show(status);
  }

  style();
  var source = new EventSource("/__carddb/events");
  source.addEventListener("build", function (event) { onBuild(JSON.parse(event.data)); });
})();
