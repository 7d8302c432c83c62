/* Double-sided cards: a click on a flip control turns the card over (the gallery's Flip button,
   the card page's picture). Plain JavaScript with no build step. */
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    var control = event.target.closest("[data-flip]");
    if (!control) return;
    var card = control.closest(".double");
    if (!card) return;
    event.preventDefault();
    var flipped = card.classList.toggle("flipped");
    card.querySelectorAll("[data-flip]").forEach(function (each) {
      each.setAttribute("aria-pressed", String(flipped));
    });
    card.querySelectorAll(".side-front").forEach(function (side) { side.setAttribute("aria-hidden", String(flipped)); });
    card.querySelectorAll(".side-back").forEach(function (side) { side.setAttribute("aria-hidden", String(!flipped)); });
  });
})();
