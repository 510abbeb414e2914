/* Sortable, filterable tables (no network: inlined into every report). Click a column header
   (or press Enter on it) to sort by it, again to reverse; tables longer than 8 rows get a
   filter box that keeps the rows containing every word typed. */
(function () {
  "use strict";
  // The number a cell starts with ("+21.1 to +38.9" -> 21.1, "< 0.001" -> 0.001, "41.3%" ->
  // 41.3), or null for text; the minus sign U+2212 reads as "-".
  function key(text) {
    var t = text.trim().replace(/\u2212/g, "-");
    var m = t.match(/^[<>\u00b1]?\s*([+-]?\d[\d,]*\.?\d*)/);
    return m ? parseFloat(m[1].replace(/,/g, "")) : null;
  }
  function sortBy(table, col, th) {
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    var dir = th.getAttribute("aria-sort") === "ascending" ? -1 : 1;
    table.querySelectorAll("th").forEach(function (h) { h.removeAttribute("aria-sort"); });
    th.setAttribute("aria-sort", dir === 1 ? "ascending" : "descending");
    rows.sort(function (a, b) {
      var x = a.cells[col].textContent, y = b.cells[col].textContent;
      var kx = key(x), ky = key(y);
      if (kx !== null && ky !== null && kx !== ky) { return dir * (kx - ky); }
      if (kx !== null && ky === null) { return -1; }  // numbers before dashes and words
      if (ky !== null && kx === null) { return 1; }
      return dir * x.localeCompare(y, undefined, {numeric: true});
    });
    rows.forEach(function (r) { body.appendChild(r); });
  }
  function filterBox(table) {
    var input = document.createElement("input");
    input.type = "search";
    input.className = "filter";
    input.placeholder = "Filter rows (" + table.tBodies[0].rows.length + ")";
    input.setAttribute("aria-label", "Filter the rows of " + table.caption.textContent);
    input.addEventListener("input", function () {
      var words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
      Array.prototype.forEach.call(table.tBodies[0].rows, function (row) {
        var text = row.textContent.toLowerCase();
        row.hidden = !words.every(function (w) { return text.indexOf(w) >= 0; });
      });
    });
    table.parentNode.insertBefore(input, table);
  }
  document.querySelectorAll("table.data").forEach(function (table) {
    table.querySelectorAll("thead th").forEach(function (th, col) {
      th.tabIndex = 0;
      th.title = "Sort by this column";
      th.addEventListener("click", function () { sortBy(table, col, th); });
      th.addEventListener("keydown", function (e) {
        if (e.key === "Enter") { sortBy(table, col, th); }
      });
    });
    if (table.tBodies[0].rows.length > 8) { filterBox(table); }
  });
})();
