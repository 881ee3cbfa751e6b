/* schnapsen-lab share page: draws a replay from the JSON in #sl-data (see share/__init__.py).
   Nothing is loaded from elsewhere. Every text comes from D.strings; every value from the
   data is escaped (esc) before it becomes HTML. Cards are drawn as html.card_html draws them,
   from D.kit. Seats, views and the places of the seats around the table come from the data. */
(function () {
  "use strict";
  var D = JSON.parse(document.getElementById("sl-data").textContent);
  var S = D.strings, C = D.counted, P = D.plural, K = D.kit, GLYPHS = D.glyphs;
  var SUITS = "CDHS", RANKS = "ATKQJ", SYM = ["\u2663", "\u2666", "\u2665", "\u2660"];
  var PLACES = ["top", "left", "right", "bottom"];
  var ESC = {"&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#x27;"};
  var state = {deal: 0, step: 0, view: 0};

  // -- text -------------------------------------------------------------------------------
  function esc(s) { return String(s).replace(/[&<>\x22']/g, function (c) { return ESC[c]; }); }
  function fill(t, v) {
    return t.replace(/\{(\w+)\}/g, function (m, k) { return k in v ? String(v[k]) : m; });
  }
  /* A string of the page, escaped, with its {fields} filled by values that are HTML. */
  function tr(key, v) { return fill(esc(S[key]), v || {}); }
  /* A string that depends on the number n, in the form the page's language gives n
     (P: the form of each number, as the page's catalog says). */
  function trn(key, n, v) {
    var vals = {n: n};
    for (var k in v || {}) { vals[k] = v[k]; }
    return fill(esc(C[key][P[Math.min(n, P.length - 1)]]), vals);
  }
  function deal() { return D.deals[state.deal]; }
  function nm(dl, seat) { return esc(dl.names[seat]); }
  /* The name in running text: with the seat when two players have the same name. */
  function who(dl, seat) {
    var name = dl.names[seat];
    var twice = dl.names.filter(function (n) { return n === name; }).length > 1;
    return twice ? tr("name_seat", {name: esc(name), seat: seatId(dl, seat)}) : esc(name);
  }
  function seatId(dl, seat) { return esc(dl.seats[seat]); }

  // -- cards ------------------------------------------------------------------------------
  function suitOf(c) { return Math.floor(c / 5); }
  function isRed(c) { return suitOf(c) === 1 || suitOf(c) === 2; }
  function cardsOf(mask) {
    var out = [];
    for (var c = 0; c < 20; c++) { if (mask & (1 << c)) { out.push(c); } }
    return out;
  }
  function count(mask) { return cardsOf(mask).length; }
  function cardTitle(c) {
    return tr("card_title", {rank: tr("rank_" + RANKS[c % 5]),
                             suit: tr("suit_of_" + SUITS[suitOf(c)])});
  }
  /* One card face up, as html.card_html(card, size, mark=mark, dim=dim) draws it. */
  function card(c, size, mark, dim) {
    var z = K.sizes[size], red = isRed(c), corner = K.ranks[c % 5] + SYM[suitOf(c)];
    var extra = (mark ? K.mark : "") + (dim ? K.dim : "");
    var style = fill(K.card_style, {w: z[0], h: z[1], fs: z[2], color: red ? K.red : K.black,
                                    extra: extra});
    var cls = "sl-card sl-face " + (red ? "sl-red" : "sl-black") + (mark ? " " + mark : "");
    return "<span class=\"" + cls + "\" data-card=\"" + RANKS[c % 5] + SUITS[suitOf(c)] +
      "\" title=\"" + cardTitle(c) + "\" style=\"" + style + "\">" +
      "<span style=\"align-self:flex-start\">" + corner + "</span>" +
      "<span style=\"align-self:center;font-size:" + z[3] + "px\">" + SYM[suitOf(c)] + "</span>" +
      "<span style=\"align-self:flex-end;transform:rotate(180deg)\">" + corner + "</span></span>";
  }
  /* A card face down (class sl-face-down). */
  function back(size, title) {
    var z = K.sizes[size];
    return "<span class=\"sl-card sl-face-down\" title=\"" + title + "\" style=\"" +
      fill(K.back_style, {w: z[0], h: z[1], extra: ""}) + "\"></span>";
  }
  function row(html) {
    return "<span class=\"sl-cards\" style=\"display:inline-block;min-height:10px\">" + html +
      "</span>";
  }
  /* A card in running text: 10♥ in the suit's colour. */
  function sym(c) {
    return "<span class=\"sl-sym\" style=\"color:" + (isRed(c) ? K.red : K.black) +
      ";white-space:nowrap\">" + K.ranks[c % 5] + SYM[suitOf(c)] + "</span>";
  }
  function syms(mask) { return cardsOf(mask).map(sym).join(" "); }
  function suitName(s) { return tr("suit_" + SUITS[s]); }
  /* The suit's name after "of" / "none of" (the Russian genitive). */
  function suitNameOf(s) { return tr("suit_of_" + SUITS[s]); }

  // -- what happened ----------------------------------------------------------------------
  function describe(dl, i, long) {
    var st = dl.steps[i], a = st.a;
    if (!a) { return tr("as_dealt"); }
    var code = a[0], c = a[2], what;
    if (code === "X") {
      var jack = dl.trump * 5 + 4;
      what = long ? tr("exchanges_long", {jack: sym(jack), card: sym(c)})
                  : tr("exchanges", {jack: sym(jack)});
    } else if (code === "C") {
      what = tr(long ? "closes_long" : "closes");
    } else if (code === "66") {
      var ok = dl.result && dl.result.end === "claim";
      what = long ? tr(ok ? "claims_correct" : "claims_false") : tr("claims");
    } else if (code === "M") {
      what = tr("announces", {points: a[3], card: sym(c)});
    } else if (code === "L") {
      what = tr("leads", {card: sym(c)});
    } else if (long && st.d) {
      var t = dl.tricks[st.d - 1];
      what = tr("plays_long", {card: sym(c), who: who(dl, t[2]), points: t[3]});
    } else {
      what = tr("plays", {card: sym(c)});
    }
    return tr("who_did", {name: a[1] >= 0 ? who(dl, a[1]) : "?", what: what});
  }
  function glyphs(nags) {
    return nags.map(function (n) { return GLYPHS[n] || ""; }).join("") +
      nags.filter(function (n) { return !GLYPHS[n]; })
          .map(function (n) { return " $" + n; }).join("");
  }
  function nagWords(nags) {
    return nags.map(function (n) {
      return ("nag_" + n) in S ? tr("nag_" + n) : tr("nag_other", {n: n});
    }).join(", ");
  }
  function moveLabel(dl, i) {
    var st = dl.steps[i];
    var note = st.q ? " <span class=\"sl-note\">{\u2026}</span>" : "";
    var glyph = st.g ? "<b>" + esc(glyphs(st.g)) + "</b>" : "";
    return "<span class=\"sl-move-step\">" + i + "</span><span class=\"sl-move-text\">" +
      describe(dl, i, false) + glyph + note + "</span>";
  }

  // -- the table --------------------------------------------------------------------------
  function handHtml(dl, st, s, viewer) {
    var hidden = viewer >= 0 && viewer !== s, body;
    var label = "<span style=\"" + K.label + "\"><b>" + nm(dl, s) + "</b> (" + seatId(dl, s) +
      ")" + (st.m === s ? " \u00b7 " + tr("to_play") : "") + "</span>";
    if (hidden) {
      var known = st.k[viewer][0][s] & st.h[s];
      var inner = cardsOf(known).map(function (c) { return card(c, "md", "sl-known"); }).join("");
      for (var n = count(st.h[s] & ~known); n > 0; n--) { inner += back("md", tr("face_down")); }
      body = "<span class=\"sl-cards\">" + inner + "</span>";
    } else {
      body = row(cardsOf(st.h[s]).map(function (c) { return card(c, "md"); }).join(""));
    }
    return "<div class=\"sl-hand sl-hand-" + seatId(dl, s) + (hidden ? " sl-hidden" : "") +
      "\" data-seat=\"" + seatId(dl, s) + "\">" + label + "<br>" + body + "</div>";
  }
  function talonHtml(dl, st) {
    if (st.n === 0) {
      return "<div class=\"sl-talon\" data-talon=\"0\"><div style=\"" + K.label + "\">" +
        tr("talon_exhausted") + "</div></div>";
    }
    var pile = back("md", trn("talon_title", st.n)), ind, label;
    if (st.c >= 0) {
      ind = st.u ? back("md", tr("indicator_down")) : "";
      label = tr("talon_closed", {who: who(dl, st.c)});
    } else {
      ind = st.i >= 0 ? card(st.i, "md") : "";
      label = tr("talon_left", {n: st.n});
    }
    return "<div class=\"sl-talon\" data-talon=\"" + st.n + "\"><div style=\"white-space:nowrap\">" +
      "<span class=\"sl-indicator\">" + ind + "</span>" + pile + "</div><div style=\"" + K.label +
      "\">" + label + "</div></div>";
  }
  function trickHtml(dl, st) {
    var body = st.t.map(function (x) { return card(x[1], "lg"); }).join(""), cap = "&nbsp;";
    if (st.d) {
      var t = dl.tricks[st.d - 1];
      cap = tr("trick_won", {n: st.d, who: who(dl, t[2]), points: t[3]});
    } else if (st.t.length) {
      cap = tr("led", {who: who(dl, st.t[0][0])});
    }
    return "<div class=\"sl-trick\"><div class=\"sl-trick-cards\">" + body + "</div><div style=\"" +
      K.label + "\">" + cap + "</div></div>";
  }
  function trumpHtml(dl) {
    if (dl.trump < 0) {
      return "<div class=\"sl-trump\" style=\"" + K.label + "\">" + tr("no_trump") + "</div>";
    }
    var red = dl.trump === 1 || dl.trump === 2;
    return "<div class=\"sl-trump\" style=\"" + K.label + "\">" + tr("trump") +
      "<br><span title=\"" + suitName(dl.trump) + "\" style=\"font-size:26px;color:" +
      (red ? K.red : "#fff") + "\">" + SYM[dl.trump] + "</span></div>";
  }
  function wonHtml(dl, i, vi) {
    var st = dl.steps[i], up = st.up[vi], cols = "";
    for (var s = 0; s < dl.seats.length; s++) {
      var items = "";
      for (var n = 1; n <= dl.tricks.length; n++) {
        var t = dl.tricks[n - 1];
        if (t[4] > i || t[2] !== s) { continue; }
        var faceUp = up & (1 << (n - 1));
        var inner = faceUp ? t[1].map(function (c) { return card(c, "sm"); }).join("")
                           : back("sm", tr("trick_hidden", {n: n}));
        items += "<span class=\"sl-won " + (faceUp ? "sl-won-up" : "sl-won-down") +
          "\" data-trick=\"" + n + "\">" + inner + "</span>";
      }
      cols += "<div class=\"sl-won-by sl-won-by-" + seatId(dl, s) + "\"><span style=\"" + K.label +
        "\">" + tr("won_tricks", {who: who(dl, s)}) + "</span><br>" +
        (items || tr("none_yet")) + "</div>";
    }
    return "<div class=\"sl-won-tricks\">" + cols + "</div>";
  }
  function tableHtml(dl, i, vi) {
    var st = dl.steps[i], viewer = dl.views[vi], places = dl.places[vi], slots = {};
    PLACES.forEach(function (p) { slots[p] = ""; });
    for (var s = 0; s < dl.seats.length; s++) { slots[places[s]] += handHtml(dl, st, s, viewer); }
    function place(p) { return "<div class=\"sl-place sl-place-" + p + "\">" + slots[p] + "</div>"; }
    return "<div class=\"sl-table sl-seats-" + dl.seats.length + "\" data-step=\"" + i +
      "\" style=\"" + K.felt + "\"><div class=\"sl-ring\">" + place("top") + place("left") +
      "<div class=\"sl-center\">" + (dl.talon ? talonHtml(dl, st) : "") + trickHtml(dl, st) +
      trumpHtml(dl) + "</div>" + place("right") + place("bottom") + "</div>" +
      wonHtml(dl, i, vi) + "</div>";
  }

  // -- tallies and counting ---------------------------------------------------------------
  function talliesHtml(dl, i) {
    var st = dl.steps[i], last = dl.steps.length - 1, seats = dl.seats.length, s;
    var head = "<tr><th></th>";
    for (s = 0; s < seats; s++) {
      head += "<th>" + nm(dl, s) + " (" + seatId(dl, s) + ")</th>";
    }
    head += "</tr>";
    function line(cls, label, values) {
      var out = "<tr class=\"" + cls + "\"><td>" + label + "</td>";
      for (var j = 0; j < seats; j++) {
        out += "<td class=\"" + cls + "-" + seatId(dl, j) + "\">" + values[j] + "</td>";
      }
      return out + "</tr>";
    }
    var body = line("sl-score", tr("score"), st.s) + line("sl-pending", tr("pending"), st.p) +
      line("sl-tricks", tr("tricks"), st.w);
    if (st.b) { body += line("sl-counters", tr("counters"), st.b); }
    var foot = "";
    if (i === last && dl.result) {
      var r = dl.result;
      var how = r.end === "last_trick" && r.rule === "C3" ? "failed_closing" : r.end;
      foot = "<div class=\"sl-result\">" + trn("result_" + how, r.points, {
        who: who(dl, r.winner)}) + " (" + esc(r.rule) + ")</div>";
      if (dl.bummerl_winner >= 0 && st.b) {
        foot += "<div class=\"sl-bummerl-result\">" + tr("bummerl_won", {
          who: who(dl, dl.bummerl_winner)}) + " (" + st.b[0] + " : " + st.b[1] + ")</div>";
      }
    }
    return "<div class=\"sl-tallies\" style=\"" + K.panel + "\"><table>" + head + body +
      "</table>" + foot + "</div>";
  }
  function inferenceText(dl, f) {
    var name = who(dl, f[0]);
    if (f[2] === "no_higher") {
      return tr("inf_no_higher", {who: name, card: sym(f[5]), cards: syms(f[4])});
    }
    return tr(f[2] === "void_trumps" ? "inf_void_trumps" : "inf_void",
              {who: name, suit: suitNameOf(f[3]), trump: suitName(dl.trump)});
  }
  function countingHtml(dl, i, v) {
    var st = dl.steps[i], k = st.k[v], rows = "", s;
    for (s = 0; s < 4; s++) {
      var mask = k[1] & (31 << (s * 5));
      rows += "<tr class=\"sl-unknown-" + SUITS[s] + "\"><td><span style=\"color:" +
        (s === 1 || s === 2 ? K.red : K.black) + "\">" + SYM[s] + "</span> " + suitName(s) +
        "</td><td>" + count(mask) + "</td><td>" + syms(mask) + "</td></tr>";
    }
    var facts = "<div class=\"sl-facts\"><b>" + tr("facts_for", {
      who: tr("name_seat", {name: nm(dl, v), seat: seatId(dl, v)})}) +
      "</b><table><tr><th>" + tr("unknown") + "</th><th>" + tr("count") + "</th><th>" +
      tr("cards") + "</th></tr>" + rows + "</table>";
    for (s = 0; s < dl.seats.length; s++) {
      if (s === v) { continue; }
      facts += "<div class=\"sl-opponent-known\" data-seat=\"" + seatId(dl, s) + "\">" +
        tr("known_in_hand", {who: who(dl, s), cards: syms(k[0][s]) || tr("none")}) + "</div>";
    }
    facts += "<div class=\"sl-trumps-out\">" + tr("trumps_out", {cards: syms(k[2]) || tr("none")}) +
      "</div><div class=\"sl-points-out\">" + tr("points_out", {n: k[3]}) + "</div>";
    if (dl.seats.length === 2) {
      var o = 1 - v;
      facts += "<div class=\"sl-count-scores\">" + tr("count_scores", {
        mine: st.s[v], theirs: st.s[o], pm: st.p[v], po: st.p[o]}) + "</div>";
    }
    facts += "</div>";
    var inf;
    if (k[4].length) {
      inf = "<div class=\"sl-inferences\"><b>" + tr("inferences") + "</b><ul>" +
        k[4].map(function (j) {
          var f = dl.inferences[j];
          return "<li>" + tr("inference_step", {step: f[1], text: inferenceText(dl, f)}) + "</li>";
        }).join("") + "</ul>" +
        (k[5] ? "<div>" + tr("inferred_talon", {cards: syms(k[5])}) + "</div>" : "") + "</div>";
    } else {
      inf = "<div class=\"sl-inferences\">" + tr("inferences_none") + "</div>";
    }
    return "<div class=\"sl-count\" data-viewer=\"" + seatId(dl, v) + "\" style=\"" + K.panel +
      "\">" + facts + inf + "</div>";
  }
  function commentsHtml(dl, i) {
    var st = dl.steps[i], items = "";
    if (i === dl.steps.length - 1 && dl.error_in_play) {
      items += "<div class=\"sl-error\">" + tr("stops_at_error", {error: esc(dl.error)}) + "</div>";
    }
    if (st.g) {
      items += "<div class=\"sl-nags\"><b>" + esc(glyphs(st.g)) + "</b> " + nagWords(st.g) + "</div>";
    }
    (st.q || []).forEach(function (c) {
      items += "<div class=\"sl-comment\">\u201c" + esc(c) + "\u201d</div>";
    });
    return items ? "<div class=\"sl-comment-box\">" + items + "</div>" : "";
  }

  // -- header and controls ----------------------------------------------------------------
  function headerHtml(dl) {
    var title = dl.names.map(function (n, s) {
      return esc(n) + " <small>(" + seatId(dl, s) + ")</small>";
    }).join(" " + tr("versus") + " ");
    var bits = dl.tags.map(function (kv) { return "<b>" + esc(kv[0]) + "</b> " + esc(kv[1]); });
    var out = "<div class=\"sl-tags\" style=\"" + K.panel + "\"><h1 class=\"sl-title\">" + title +
      "</h1><div class=\"sl-tag-list\">" + bits.join(" \u00b7 ") + "</div></div>";
    if (D.bummerl !== null) {
      out += "<div class=\"sl-bummerl\">" + trn("bummerl_header", D.deals.length,
                                                {match: esc(D.bummerl)}) + "</div>";
    }
    if (dl.error) { out += "<div class=\"sl-errors\">" + esc(dl.error) + "</div>"; }
    return out;
  }
  function dealResult(dl) {
    return dl.result ? tr("deal_result", {name: who(dl, dl.result.winner), points: dl.result.points})
                     : tr("unfinished");
  }
  function viewLabel(dl, vi) {
    var v = dl.views[vi];
    return v < 0 ? tr("view_open") : tr("view_seat", {who: who(dl, v)});
  }
  function button(cls, key, text) {
    return "<button type=\"button\" class=\"" + cls + "\" title=\"" + tr(key) + "\" aria-label=\"" +
      tr(key) + "\">" + text + "</button>";
  }

  var root = document.getElementById("sl-page");
  root.innerHTML =
    "<div class=\"sl-replay sl-share\"><header class=\"sl-header\"></header>" +
    "<div class=\"sl-bar\"><label class=\"sl-deal-box\">" + tr("deal") +
    " <select class=\"sl-deal\"></select></label><span class=\"sl-view\" role=\"group\"></span></div>" +
    "<div class=\"sl-controls\">" + button("sl-first", "first", "|\u25c0") +
    button("sl-back", "back", "\u25c0") + button("sl-forward", "forward", "\u25b6") +
    button("sl-last", "last", "\u25b6|") +
    (D.deals.length > 1 ? button("sl-next-deal", "next_deal", tr("next_deal_text")) : "") +
    "<span class=\"sl-step\"></span></div>" +
    "<div class=\"sl-body\"><nav class=\"sl-side\"><div class=\"sl-side-title\">" + tr("moves") +
    "</div><ol class=\"sl-moves\"></ol></nav><div class=\"sl-main\"><div class=\"sl-table-view\">" +
    "</div><div class=\"sl-comments\"></div></div><aside class=\"sl-right\"><div class=\"sl-scores\">" +
    "</div><div class=\"sl-counting\"></div></aside></div><footer class=\"sl-help\">" +
    tr("keys_help") + (D.deals.length > 1 ? " " + tr("keys_help_deals") : "") + "</footer></div>";
  function part(cls) { return root.querySelector("." + cls); }
  var el = {header: part("sl-header"), deal: part("sl-deal"), dealBox: part("sl-deal-box"),
            view: part("sl-view"), first: part("sl-first"), back: part("sl-back"),
            forward: part("sl-forward"), last: part("sl-last"), step: part("sl-step"),
            nextDeal: part("sl-next-deal"),
            moves: part("sl-moves"), table: part("sl-table-view"), comments: part("sl-comments"),
            scores: part("sl-scores"), counting: part("sl-counting")};

  el.deal.innerHTML = D.deals.map(function (dl, j) {
    var v = {n: j + 1, deal: dl.deal === null ? "" : dl.deal, result: dealResult(dl)};
    return "<option value=\"" + j + "\">" +
      (dl.deal === null ? tr("deal_option_plain", v) : tr("deal_option", v)) + "</option>";
  }).join("");
  if (D.deals.length < 2) { el.dealBox.hidden = true; }

  function loadDeal() {
    var dl = deal();
    el.header.innerHTML = headerHtml(dl);
    el.deal.value = String(state.deal);
    el.view.innerHTML = dl.views.map(function (v, vi) {
      return "<button type=\"button\" class=\"sl-view-" + (v < 0 ? "open" : seatId(dl, v)) +
        "\" data-view=\"" + vi + "\">" + viewLabel(dl, vi) + "</button>";
    }).join("");
    el.moves.innerHTML = dl.steps.map(function (st, i) {
      return "<li><button type=\"button\" class=\"sl-move\" data-step=\"" + i + "\">" +
        moveLabel(dl, i) + "</button></li>";
    }).join("");
  }

  function render() {
    var dl = deal(), i = state.step, vi = state.view, last = dl.steps.length - 1;
    el.table.innerHTML = tableHtml(dl, i, vi);
    el.scores.innerHTML = talliesHtml(dl, i);
    var v = dl.views[vi];
    el.counting.innerHTML = v >= 0 ? countingHtml(dl, i, v)
      : dl.seats.map(function (_, s) { return countingHtml(dl, i, s); }).join("");
    el.comments.innerHTML = commentsHtml(dl, i);
    el.step.innerHTML = "<b>" + tr("step_line", {step: "<span class=\"sl-step-number\">" + i +
      "</span>", last: last}) + "</b>: " + describe(dl, i, true) + " <span class=\"sl-view-name\">(" +
      (v < 0 ? tr("view_open_short") : viewLabel(dl, vi)) + ")</span>";
    el.first.disabled = el.back.disabled = i === 0;
    el.forward.disabled = el.last.disabled = i === last;
    if (el.nextDeal) { el.nextDeal.disabled = state.deal === D.deals.length - 1; }
    Array.prototype.forEach.call(el.view.children, function (b, j) {
      b.setAttribute("aria-pressed", j === vi ? "true" : "false");
    });
    Array.prototype.forEach.call(el.moves.children, function (li, j) {
      li.className = j === i ? "sl-current" : "";
      if (j === i) {
        li.firstChild.setAttribute("aria-current", "step");
        var top = li.offsetTop, list = el.moves;
        if (top < list.scrollTop) { list.scrollTop = top; }
        else if (top + li.offsetHeight > list.scrollTop + list.clientHeight) {
          list.scrollTop = top + li.offsetHeight - list.clientHeight;
        }
      } else {
        li.firstChild.removeAttribute("aria-current");
      }
    });
    try {
      history.replaceState(null, "", "#deal=" + (state.deal + 1) + "&step=" + i + "&view=" + vi);
    } catch (e) { /* a browser that keeps file:// pages from changing their address */ }
  }

  function go(step) {
    var last = deal().steps.length - 1;
    state.step = Math.max(0, Math.min(last, step));
    render();
  }
  function pick(j) {
    state.deal = Math.max(0, Math.min(D.deals.length - 1, j));
    state.step = 0;
    if (state.view >= deal().views.length) { state.view = 0; }
    loadDeal();
    render();
  }

  el.first.addEventListener("click", function () { go(0); });
  el.back.addEventListener("click", function () { go(state.step - 1); });
  el.forward.addEventListener("click", function () { go(state.step + 1); });
  el.last.addEventListener("click", function () { go(Infinity); });
  if (el.nextDeal) {
    el.nextDeal.addEventListener("click", function () { pick(state.deal + 1); });
  }
  el.moves.addEventListener("click", function (e) {
    var b = e.target.closest("button[data-step]");
    if (b) { go(Number(b.getAttribute("data-step"))); }
  });
  el.view.addEventListener("click", function (e) {
    var b = e.target.closest("button[data-view]");
    if (b) { state.view = Number(b.getAttribute("data-view")); render(); }
  });
  el.deal.addEventListener("change", function () {
    pick(Number(el.deal.value));
    root.focus();
  });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) { return; }
    var tag = e.target && e.target.tagName;
    if (tag === "SELECT" || tag === "INPUT" || tag === "TEXTAREA") { return; }
    var k = e.key;
    if (k === "ArrowRight") { go(state.step + 1); }
    else if (k === "ArrowLeft") { go(state.step - 1); }
    else if (k === "Home") { go(0); }
    else if (k === "End") { go(Infinity); }
    else if (k === "PageDown" && D.deals.length > 1) { pick(state.deal + 1); }
    else if (k === "PageUp" && D.deals.length > 1) { pick(state.deal - 1); }
    else { return; }
    e.preventDefault();
  });

  // Where to start: #deal=N&step=S&view=V (deal from 1), else the first deal as dealt.
  var want = {};
  location.hash.replace(/^#/, "").split("&").forEach(function (kv) {
    var p = kv.split("=");
    if (p.length === 2 && /^\d+$/.test(p[1])) { want[p[0]] = Number(p[1]); }
  });
  state.deal = Math.max(0, Math.min(D.deals.length - 1, (want.deal || 1) - 1));
  state.view = want.view !== undefined && want.view < deal().views.length ? want.view : 0;
  loadDeal();
  go(want.step || 0);
}());
