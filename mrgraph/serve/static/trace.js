// Draws a reconstruction trace (the JSON of mrgraph.serve.tracegraph) with cytoscape.js:
// rounds as columns, tool calls as nodes, what each hop reached to their right, kept
// evidence in green, the turns the answer rests on in gold. Used by the page at / and by the
// self-contained file `mrgraph ask --trace-html` writes.
(function () {
  "use strict";

  var STYLE = [
    { selector: "node", style: {
      "label": "data(label)", "font-size": 12, "text-wrap": "wrap", "text-max-width": 190,
      "text-valign": "center", "text-halign": "right", "text-margin-x": 6,
      "width": 14, "height": 14, "background-color": "#9aa5b1", "color": "#1f2933" } },
    { selector: "node[kind = 'round']", style: {
      "label": "data(label)", "text-valign": "top", "text-halign": "center",
      "font-size": 22, "font-weight": "bold", "background-color": "#f0f4f8",
      "background-opacity": 0.6, "border-color": "#bcccdc", "border-width": 1,
      "shape": "round-rectangle", "padding": 16 } },
    { selector: "node[kind = 'call']", style: {
      "shape": "round-rectangle", "width": 18, "height": 18, "background-color": "#3e4c59",
      "font-family": "monospace", "font-size": 10, "text-max-width": 230 } },
    { selector: "node.error", style: { "background-color": "#cf1124" } },
    { selector: "node[kind = 'episode']", style: { "shape": "ellipse", "background-color": "#4098d7" } },
    { selector: "node[kind = 'cue']", style: { "shape": "diamond", "background-color": "#a368fc" } },
    { selector: "node[kind = 'tag']", style: { "shape": "tag", "background-color": "#e668a7" } },
    { selector: "node[kind = 'fact']", style: { "shape": "hexagon", "background-color": "#f0b429" } },
    { selector: "node[kind = 'turn']", style: { "shape": "rectangle", "background-color": "#7b8794" } },
    { selector: "node[?kept]", style: { "border-width": 4, "border-color": "#3ebd93" } },
    { selector: "node[?support]", style: {
      "border-width": 5, "border-color": "#de911d", "background-color": "#ffd166",
      "font-weight": "bold" } },
    { selector: "edge", style: {
      "width": 1, "line-color": "#cbd2d9", "curve-style": "bezier",
      "target-arrow-shape": "triangle", "target-arrow-color": "#cbd2d9", "arrow-scale": 0.6 } },
    { selector: "edge[?kept]", style: {
      "width": 2.5, "line-color": "#3ebd93", "target-arrow-color": "#3ebd93" } },
    { selector: "edge[kind = 'hop']", style: {
      "line-style": "dashed", "width": 2, "line-color": "#486581", "target-arrow-color": "#486581" } }
  ];

  function text(tag, value, cls) {
    var el = document.createElement(tag);
    el.textContent = value;
    if (cls) { el.className = cls; }
    return el;
  }

  // The answer, its confidence and cost, and the quoted turns it rests on.
  function renderAnswer(box, data) {
    box.innerHTML = "";
    box.appendChild(text("p", data.answer, "answer-text"));
    box.appendChild(text("p", "confidence " + Number(data.confidence).toFixed(2) + " · " +
      data.rounds + " rounds · " + data.tool_calls + " tool calls · " +
      Math.round(data.latency_ms) + " ms", "answer-meta"));
    var list = document.createElement("ul");
    list.className = "sources";
    data.sources.forEach(function (s) {
      var item = document.createElement("li");
      item.appendChild(text("span", s.dia_id + " · " + s.conversation + " · " + s.date, "where"));
      if (s.text) {
        item.appendChild(text("q", (s.speaker ? s.speaker + ": " : "") + s.text));
      }
      list.appendChild(item);
    });
    box.appendChild(list);
  }

  // What a tapped node is: a call's tool, arguments and counts; a reached node's id and name.
  function showDetail(container, data) {
    var box = document.getElementById("trace-detail");
    if (!box) {
      box = text("pre", "", "detail");
      box.id = "trace-detail";
      container.parentNode.insertBefore(box, container.nextSibling);
    }
    var shown = data.kind === "call" ?
      { tool: data.tool, arguments: data.arguments, results: data.results,
        kept: data.kept_count, error: data.error || undefined, ms: data.ms } :
      { kind: data.kind, id: data.ref, name: data.label, kept: data.kept,
        support: data.support || undefined };
    box.textContent = JSON.stringify(shown, null, 1);
  }

  // The trace picture; returns the cytoscape instance (also kept as window.mrgraphCy).
  function renderTrace(container, data) {
    container.innerHTML = "";
    var cy = cytoscape({
      container: container,
      elements: data.elements,
      style: STYLE,
      layout: { name: "preset", padding: 30 },
      wheelSensitivity: 0.3
    });
    cy.fit(undefined, 30);
    cy.on("tap", "node", function (event) { showDetail(container, event.target.data()); });
    container.dataset.nodes = String(cy.nodes().length);
    container.dataset.calls = String(cy.nodes("[kind = 'call']").length);
    container.dataset.kept = String(cy.nodes("[?kept]").length);
    container.dataset.rounds = String(cy.nodes("[kind = 'round']").length);
    window.mrgraphCy = cy;
    return cy;
  }

  window.MrgraphTrace = { renderAnswer: renderAnswer, renderTrace: renderTrace };
})();
