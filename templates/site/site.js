/* Gallery filters, search and sort, run entirely in the browser from the embedded JSON index.
   Plain JavaScript with no build step; the page still lists every card without it. */
(function () {
  "use strict";
  var source = document.getElementById("card-index");
  var gallery = document.getElementById("gallery");
  if (!source || !gallery) return;
  var cards = JSON.parse(source.textContent);
  var controls = {
    search: document.getElementById("f-search"),
    kind: document.getElementById("f-kind"),
    faction: document.getElementById("f-faction"),
    rarity: document.getElementById("f-rarity"),
    cost: document.getElementById("f-cost"),
    sort: document.getElementById("f-sort")
  };
  var count = document.getElementById("count");
  var empty = document.getElementById("empty");
  var items = {};
  cards.forEach(function (card) {
    items[card.id] = document.getElementById("card-" + card.id);
    // Searching is case- and accent-insensitive over the name and the rules text.
    card.haystack = fold(card.name + "\n" + card.text);
  });

  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }

  function matches(card, state) {
    if (state.kind && (card.kinds || [card.kind]).indexOf(state.kind) === -1) return false;
    if (state.faction && card.faction !== state.faction) return false;
    if (state.rarity && card.rarity !== state.rarity) return false;
    if (state.cost === "none" && card.cost !== null) return false;
    if (state.cost && state.cost !== "none" && card.cost !== Number(state.cost)) return false;
    for (var i = 0; i < state.words.length; i++) {
      if (card.haystack.indexOf(state.words[i]) === -1) return false;
    }
    return true;
  }

  var comparators = {
    number: function (a, b) { return a.set.localeCompare(b.set) || a.number - b.number; },
    name: function (a, b) { return a.name.localeCompare(b.name) || comparators.number(a, b); },
    cost: function (a, b) {
      var ca = a.cost === null ? Infinity : a.cost, cb = b.cost === null ? Infinity : b.cost;
      return (ca - cb) || comparators.number(a, b);
    }
  };

  function readState() {
    return {
      words: fold(controls.search.value).split(/\s+/).filter(Boolean),
      kind: controls.kind.value,
      faction: controls.faction.value,
      rarity: controls.rarity.value,
      cost: controls.cost.value,
      sort: controls.sort.value
    };
  }

  function apply() {
    var state = readState();
    var ordered = cards.slice().sort(comparators[state.sort] || comparators.number);
    var shown = 0;
    ordered.forEach(function (card) {
      var item = items[card.id];
      if (!item) return;
      var visible = matches(card, state);
      item.hidden = !visible;
      if (visible) shown++;
      gallery.appendChild(item);
    });
    count.textContent = shown + " of " + cards.length + " card" + (cards.length === 1 ? "" : "s");
    empty.hidden = shown !== 0;
    saveState();
  }

  // The filter state lives in the URL hash so a filtered view can be bookmarked and survives a live reload.
  function saveState() {
    var params = new URLSearchParams();
    ["kind", "faction", "rarity", "cost", "sort"].forEach(function (name) {
      if (controls[name].value && !(name === "sort" && controls[name].value === "number")) {
        params.set(name, controls[name].value);
      }
    });
    if (controls.search.value) params.set("q", controls.search.value);
    var hash = params.toString();
    if (hash !== location.hash.slice(1)) history.replaceState(null, "", hash ? "#" + hash : location.pathname + location.search);
  }

  function loadState() {
    var params = new URLSearchParams(location.hash.slice(1));
    ["kind", "faction", "rarity", "cost", "sort"].forEach(function (name) {
      var value = params.get(name);
      if (value !== null && Array.prototype.some.call(controls[name].options, function (o) { return o.value === value; })) {
        controls[name].value = value;
      }
    });
    if (params.get("q") !== null) controls.search.value = params.get("q");
  }

  loadState();
  ["kind", "faction", "rarity", "cost", "sort"].forEach(function (name) {
    controls[name].addEventListener("change", apply);
  });
  controls.search.addEventListener("input", apply);
  document.getElementById("f-reset").addEventListener("click", function () {
    document.getElementById("filters").reset();
    apply();
  });
  apply();
})();
