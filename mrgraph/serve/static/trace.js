// Draws a reconstruction trace (the JSON of mrgraph.serve.tracegraph) with cytoscape.js: the
// answer's path top to bottom (question, the calls that led to the turns the answer rests on,
// what they found on the way, those turns in gold), every other call collapsed into a count per
// round that a tap expands, and a panel beside the picture showing what a tapped node holds.
// Used by the page at / and by the self-contained file `mrgraph ask --trace-html` writes.
(function () {
  "use strict";

  var FONT = 14;          // px of a node's label at zoom 1
  var EDGE_FONT = 13;     // px of an edge's label (the words a search matched) at zoom 1
  var READABLE = 11;      // px: no label is drawn smaller than this by the opening view
  var MIN_ZOOM = READABLE / EDGE_FONT;
  var MAX_ZOOM = 1.3;     // a small path is not blown up past this
  var PAD = 24;
  var SOURCES = 3;        // quoted turns above the picture; the others are in it

  var PATH = "#2680c2", GOLD = "#de911d", GREY = "#9aa5b1";
  var STYLE = [
    { selector: "node", style: {
      "label": "data(label)", "font-size": FONT, "text-wrap": "wrap", "text-max-width": 290,
      "text-valign": "center", "text-halign": "right", "text-margin-x": 8,
      "text-justification": "left", "width": 18, "height": 18, "color": "#1f2933",
      "background-color": GREY, "border-width": 0 } },
    { selector: "node[kind = 'question']", style: {
      "shape": "round-rectangle", "background-color": "#243b53", "font-weight": "bold",
      "width": 22, "height": 22 } },
    { selector: "node[kind = 'call']", style: {
      "shape": "round-rectangle", "background-color": "#52606d", "color": "#323f4b" } },
    { selector: "node[kind = 'call'][?path]", style: {
      "background-color": PATH, "color": "#0b4f8a" } },
    { selector: "node.error", style: { "background-color": "#cf1124" } },
    { selector: "node[kind = 'episode']", style: { "shape": "ellipse", "background-color": "#4098d7" } },
    { selector: "node[kind = 'cue']", style: { "shape": "diamond", "background-color": "#a368fc" } },
    { selector: "node[kind = 'tag']", style: { "shape": "tag", "background-color": "#e668a7" } },
    { selector: "node[kind = 'aspect']", style: { "shape": "tag", "background-color": "#e668a7" } },
    { selector: "node[kind = 'fact']", style: { "shape": "hexagon", "background-color": "#f0b429" } },
    { selector: "node[kind = 'turn']", style: { "shape": "rectangle", "background-color": "#7b8794" } },
    { selector: "node[?support]", style: {
      "background-color": "#ffd166", "border-width": 4, "border-color": GOLD,
      "width": 24, "height": 24, "font-weight": "bold" } },
    { selector: "node[kind = 'others'], node[kind = 'block']", style: {
      "shape": "round-rectangle", "background-color": "#f5f7fa", "background-opacity": 1,
      "border-width": 1, "border-style": "dashed", "border-color": "#9fb3c8",
      "text-valign": "top", "text-halign": "center", "text-margin-x": 0, "text-margin-y": -6,
      "color": "#52606d", "padding": 18 } },
    { selector: "node[kind = 'round']", style: {
      "shape": "round-rectangle", "background-color": "#cbd2d9", "border-width": 1,
      "border-color": "#9aa5b1", "color": "#52606d" } },
    { selector: "node[kind = 'round'][?open]", style: { "background-color": "#829ab1" } },
    { selector: "node:selected", style: { "overlay-color": "#e12d39", "overlay-opacity": 0.25,
      "overlay-padding": 6 } },
    { selector: "edge", style: {
      "width": 2.5, "line-color": PATH, "curve-style": "taxi", "taxi-direction": "downward",
      "taxi-turn": 40, "taxi-turn-min-distance": 5, "target-arrow-shape": "triangle",
      "target-arrow-color": PATH, "arrow-scale": 0.9, "label": "data(label)",
      "font-size": EDGE_FONT, "color": "#0b4f8a", "text-background-color": "#ffffff",
      "text-background-opacity": 0.9, "text-background-padding": 2 } },
    { selector: "edge[kind = 'hop']", style: { "line-style": "dashed" } },
    { selector: "edge[kind = 'from']", style: {
      "line-style": "dotted", "line-color": GOLD, "target-arrow-color": GOLD } }
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
    data.sources.slice(0, SOURCES).forEach(function (s) {
      var item = document.createElement("li");
      item.appendChild(text("span", s.dia_id + " · " + s.conversation +
        (s.date ? " · session " + s.date : ""), "where"));
      if (s.text) {
        item.appendChild(text("q", (s.speaker ? s.speaker + ": " : "") + s.text));
      }
      list.appendChild(item);
    });
    if (data.sources.length > SOURCES) {  // the others are gold in the picture
      list.appendChild(text("li", "and " + (data.sources.length - SOURCES) +
        " more turns, gold in the picture", "where"));
    }
    box.appendChild(list);
  }

  // One sentence on what the picture shows; its counts are the graph's own.
  function renderSummary(box, data) {
    var s = data.summary;
    box.textContent = "";
    if (!s || !s.calls || data.empty) { return; }
    if (!s.supports) {
      box.textContent = "The answer rests on no turn, so no path is drawn: the " + s.calls +
        " tool calls are counted per round below; tap a round to list them.";
      return;
    }
    var turns = s.supports === 1 ? "the turn" : "the " + s.supports + " turns";
    box.textContent = "Drawn: the answer's path, " + s.on_path + " of the " + s.calls +
      " tool calls, from the question to " + turns + " the answer rests on (gold). The other " +
      s.collapsed + " calls are counted per round at the bottom: tap a round to list them.";
  }

  function emptyPanel(panel) {
    panel.innerHTML = "";
    panel.appendChild(text("p", "Tap a node of the picture to see what it holds: a turn's " +
      "words, an episode's summary and dates, a fact and its confidence, a call's results.",
      "hint"));
  }

  // What a tapped node holds (built by tracegraph: title, text, fields, items).
  function showDetail(panel, detail) {
    panel.innerHTML = "";
    if (!detail) { emptyPanel(panel); return; }
    panel.appendChild(text("h2", detail.title));
    if (detail.text) { panel.appendChild(text("blockquote", detail.text)); }
    var list = document.createElement("dl");
    (detail.fields || []).forEach(function (pair) {
      if (pair[1] === "") { return; }
      list.appendChild(text("dt", pair[0]));
      list.appendChild(text("dd", pair[1]));
    });
    panel.appendChild(list);
    if (detail.items && detail.items.length) {
      panel.appendChild(text("h3", detail.items_title || "results"));
      var items = document.createElement("ul");
      detail.items.forEach(function (item) { items.appendChild(text("li", item)); });
      panel.appendChild(items);
    }
  }

  function clamp(z) { return Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, z)); }

  // The whole picture at a zoom where every label is readable: fitted when it fits, else at
  // the smallest readable zoom with its top (left) shown: the path starts there.
  function openingView(cy) {
    var bb = cy.elements().boundingBox();
    var w = cy.width(), h = cy.height();
    var z = clamp(Math.min((w - 2 * PAD) / bb.w, (h - 2 * PAD) / bb.h));
    var x = bb.w * z < w - 2 * PAD ? (w - bb.w * z) / 2 - bb.x1 * z : PAD - bb.x1 * z;
    var y = PAD - bb.y1 * z;  // the question at the top, where reading starts
    cy.viewport({ zoom: z, pan: { x: x, y: y } });
  }

  // A round's count tapped: its calls drawn in a block under everything (or removed again),
  // and the view moved to them.
  function toggleRound(cy, data, node) {
    var id = "block:" + node.data("round");
    var block = cy.getElementById(id);
    if (block.nonempty()) {
      cy.remove(block.union(block.children()));
      node.data("open", false);
      return;
    }
    var calls = (data.rest || {})[String(node.data("round"))] || [];
    var bb = cy.elements().boundingBox();
    cy.add({ group: "nodes", data: { id: id, kind: "block", label: "round " +
      node.data("round") + ": " + calls.length + " calls off the answer's path" } });
    cy.add(calls.map(function (c) {
      return { group: "nodes", data: c.data, classes: c.classes,
        position: { x: bb.x1 + 20 + c.position.x, y: bb.y2 + 90 + c.position.y } };
    }));
    node.data("open", true);
    block = cy.getElementById(id);
    var box = block.boundingBox();
    var z = clamp(Math.min(cy.width() / (box.w + 2 * PAD), cy.height() / (box.h + 2 * PAD)));
    cy.animate({ zoom: z, pan: { x: cy.width() / 2 - (box.x1 + box.w / 2) * z,
      y: Math.max(PAD, cy.height() / 2 - box.h * z / 2) - box.y1 * z } }, { duration: 250 });
  }

  // The wheel zooms by a steady factor per notch (about 15 %), smoothly on a touchpad. The
  // library's own wheel zoom moves about 3 % a notch on a mouse; this listener, added to the
  // container before the library's, takes the event first and keeps it from the library.
  function wheelZoom(container) {
    if (container.dataset.wheel) { return; }
    container.dataset.wheel = "1";
    container.addEventListener("wheel", function (event) {
      var cy = window.mrgraphCy;
      if (!cy) { return; }
      event.preventDefault();
      event.stopImmediatePropagation();
      var step = event.deltaMode === 1 ? 0.05 : event.deltaMode ? 1 : 0.002;
      var factor = Math.pow(2, -event.deltaY * step * (event.ctrlKey ? 10 : 1));
      var rect = container.getBoundingClientRect();
      cy.zoom({ level: cy.zoom() * factor,
        renderedPosition: { x: event.clientX - rect.left, y: event.clientY - rect.top } });
    }, { capture: true, passive: false });
  }

  function message(container, words) {
    container.innerHTML = "";
    container.appendChild(text("p", words, "message"));
  }

  // The trace picture; returns the cytoscape instance (also kept as window.mrgraphCy).
  function renderTrace(container, panel, data) {
    if (window.mrgraphCy) { window.mrgraphCy.destroy(); window.mrgraphCy = null; }
    emptyPanel(panel);
    if (data.empty) {
      message(container, "The namespace " + (data.ns ? "“" + data.ns + "” " : "") +
        "holds no conversations yet, so there was nothing to search. Ingest a transcript " +
        "first (mrgraph ingest FILE, or POST /api/ingest).");
      return null;
    }
    if (!data.summary || !data.summary.calls) {
      message(container, "This answer made no tool calls (a passive mode): there is no " +
        "walk to draw.");
      return null;
    }
    container.innerHTML = "";
    wheelZoom(container);
    var cy = cytoscape({ container: container, elements: data.elements, style: STYLE,
      layout: { name: "preset" }, minZoom: 0.2, maxZoom: 4, autoungrabify: true });
    openingView(cy);
    cy.on("tap", "node", function (event) {
      var node = event.target;
      showDetail(panel, node.data("detail"));
      if (node.data("kind") === "round") { toggleRound(cy, data, node); }
    });
    container.dataset.pathCalls = String(cy.nodes("[kind = 'call'][?path]").length);
    container.dataset.supports = String(cy.nodes("[?support]").length);
    window.mrgraphCy = cy;
    return cy;
  }

  function clear(parts) {
    window.mrgraphTrace = null;
    if (window.mrgraphCy) { window.mrgraphCy.destroy(); window.mrgraphCy = null; }
    ["answer", "summary", "trace"].forEach(function (k) { parts[k].innerHTML = ""; });
    emptyPanel(parts.detail);
  }

  function render(parts, data) {
    window.mrgraphTrace = data;  // what is drawn, for a look from the console (and tests)
    renderAnswer(parts.answer, data);
    renderSummary(parts.summary, data);
    return renderTrace(parts.trace, parts.detail, data);
  }

  window.MrgraphTrace = { render: render, clear: clear, FONT: FONT, EDGE_FONT: EDGE_FONT,
    READABLE: READABLE };
})();
