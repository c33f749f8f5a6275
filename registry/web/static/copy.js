// The site's only script: "Copy" buttons beside install commands and checksums. Without it the buttons
// stay hidden and the text is still there to select; nothing else on any page needs a script.
"use strict";
document.querySelectorAll("button[data-copy]").forEach(function (button) {
  var source = document.getElementById(button.getAttribute("data-copy"));
  var status = document.getElementById(button.getAttribute("data-status"));
  if (!source) return;
  var label = button.textContent;
  button.hidden = false;
  function done(message) {
    button.textContent = message;
    if (status) status.textContent = message === label ? "" : message;
    setTimeout(function () { button.textContent = label; }, 2000);
  }
  function bySelection() {
    var range = document.createRange();
    range.selectNodeContents(source);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    done(document.execCommand("copy") ? "Copied" : "Press Ctrl+C to copy");
  }
  button.addEventListener("click", function () {
    var text = source.textContent.trim();
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(function () { done("Copied"); }, bySelection);
    } else {
      bySelection();
    }
  });
});
