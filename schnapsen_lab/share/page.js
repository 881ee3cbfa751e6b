/* schnapsen-lab share page: draws a replay from the JSON in #sl-data (see share/__init__.py).
   Nothing is loaded from elsewhere. Every text comes from D.strings; every value from the
   data is escaped (esc) before it becomes HTML. Cards are drawn as html.card_html draws them,
   from D.kit. Seats, views and the places of the seats around the table come from the data. */
(function () {
  "use strict";
  var D = JSON.parse(document.getElementById("sl-data").textContent);
  var S = D.strings, C = D.counted, P = D.plural, K = D.kit, GLYPHS = D.glyphs;
  var SUITS = "CDHS", RANKS = "ATKQJ9", SYM = ["\u2663", "\u2666", "\u2665", "\u2660"];
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
  /* Each "a : b" kept on one line: "0 (me) : 0 (opponent)" (the widget's keep_pairs). */
  function keepPairs(t) {
    return t.replace(/(\d) \(/g, "$1\u00a0(").replace(/( |\u00a0|\u202f): /g, function (m, s) {
      return (s === " " ? "\u00a0" : s) + ":\u00a0";
    });
  }
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
  /* Cards 0-19 are suit * 5 + rank; the nines of the 24-card pack are 20 + suit. */
  function suitOf(c) { return c < 20 ? Math.floor(c / 5) : c - 20; }
  function rankOf(c) { return c < 20 ? c % 5 : 5; }
  /* A suit's cards as a mask, its nine included. */
  function suitMask(s) { return (31 << (s * 5)) | (1 << (20 + s)); }
  function isRed(c) { return suitOf(c) === 1 || suitOf(c) === 2; }
  /* The cards of a mask by suit, high to low (a suit's nine after its jack). */
  function cardsOf(mask) {
    var out = [], s, c;
    for (s = 0; s < 4; s++) {
      for (c = s * 5; c < s * 5 + 5; c++) { if (mask & (1 << c)) { out.push(c); } }
      if (mask & (1 << (20 + s))) { out.push(20 + s); }
    }
    return out;
  }
  function count(mask) { return cardsOf(mask).length; }
  function cardTitle(c) {
    return tr("card_title", {rank: tr("rank_" + RANKS[rankOf(c)]),
                             suit: tr("suit_of_" + SUITS[suitOf(c)])});
  }
  /* One card face up, as html.card_html(card, size, mark=mark, dim=dim) draws it. */
  function card(c, size, mark, dim) {
    var z = K.sizes[size], red = isRed(c), corner = K.ranks[rankOf(c)] + SYM[suitOf(c)];
    var extra = (mark ? K.mark : "") + (dim ? K.dim : "");
    var style = fill(K.card_style, {w: z[0], h: z[1], fs: z[2], color: red ? K.red : K.black,
                                    extra: extra});
    var cls = "sl-card sl-face " + (red ? "sl-red" : "sl-black") + (mark ? " " + mark : "");
    return "<span class=\"" + cls + "\" data-card=\"" + RANKS[rankOf(c)] + SUITS[suitOf(c)] +
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
      ";white-space:nowrap\">" + K.ranks[rankOf(c)] + SYM[suitOf(c)] + "</span>";
  }
  function syms(mask) { return cardsOf(mask).map(sym).join(" "); }
  /* A comment's PSN cards as printed (HTML): "best AD +0.50" -> "best A♦ +0.50",
     "KH+40" -> "K♥ +40" (the widget's text_with_cards). */
  function printedCards(t) {
    return t.replace(/(^|[^A-Za-z0-9])([AKQJT])([CDHS])(?:\+(20|40))?(?![A-Za-z0-9+])/g,
      function (m, pre, r, s, pts) {
        return pre + sym(SUITS.indexOf(s) * 5 + RANKS.indexOf(r)) + (pts ? " +" + pts : "");
      });
  }
  function suitName(s) { return tr("suit_" + SUITS[s]); }
  /* The suit's name after "of" / "none of" (the Russian genitive). */
  function suitNameOf(s) { return tr("suit_of_" + SUITS[s]); }

  // -- what happened ----------------------------------------------------------------------
  function describe(dl, i, long, viewer) {
    if (dl.four) { return describe4(dl, i, long, viewer === undefined ? -1 : viewer); }
    var st = dl.steps[i], a = st.a;
    if (!a) { return tr("as_dealt"); }
    var code = a[0], c = a[2], what;
    if (code === "X") {
      var jack = dl.exchange === undefined ? dl.trump * 5 + 4 : dl.exchange;
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
      var lastTen = dl.bonus >= 0 && st.d === dl.tricks.length;  // its 10 (6L1)
      what = tr(lastTen ? "plays_long_last" : "plays_long", {card: sym(c), who: who(dl, t[2]),
                                                            points: t[3], bonus: dl.bonus_points});
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

  // -- the games with a round of calls (Bauernschnapsen, Dreierschnapsen) ------------------
  var POINTS = [11, 10, 4, 3, 2, 0];
  /* The deal's cards: the hands as dealt (20, or 24 with the nines) and the talon. */
  function dealt(dl) {
    var h = dl.steps[0].h, all = 0;
    for (var s = 0; s < h.length; s++) { all |= h[s]; }
    (dl.talon_cards || []).forEach(function (c) { all |= 1 << c; });
    return all;
  }
  function hands(st) {
    var all = 0;
    for (var s = 0; s < st.h.length; s++) { all |= st.h[s]; }
    return all;
  }
  /* All the seats as a mask. */
  function everyone(dl) { return (1 << dl.seats.length) - 1; }
  /* What follows from the actions up to step i (the calls, the contract, trump, the
     called partner, the sides, the cards played, the voids shown), worked out once. */
  function derive(dl, i) {
    var st = dl.steps[i];
    if (st.f) { return st.f; }
    var f = {calls: [], contract: "", declarer: -1, spritze: -1, named: -1, turnedCard: -1,
             called: -1, laid: []}, j, a, x;
    for (j = 1; j <= i; j++) {
      a = dl.steps[j].a;
      if (a[0] === "T") { f.named = SUITS.indexOf(a[4]); }
      else if (a[0] === "U") { f.named = suitOf(a[2]); f.turnedCard = a[2]; }
      else if (a[0] === "P") { f.called = a[2]; }
      else if (a[0] === "W") { f.laid.push(a[2]); }
      else if (a[0] === "B") {
        f.calls.push(a[4]);
        if (a[4] === "spritze") { f.spritze = a[1]; }
        else if (a[4] !== "weiter") { f.contract = a[4]; f.declarer = a[1]; }
      }
    }
    var noTrump = f.contract === "gang" || f.contract === "bettler";  // BK4, 3K5
    f.trump = st.ph === 0 ? -1 : (noTrump && st.ph >= 3 ? 4 : f.named);
    f.turned = f.turnedCard >= 0 && (st.h[dl.forehand] & (1 << f.turnedCard)) ? f.turnedCard : -1;
    f.pk = dl.partner_known_at >= 0 && i >= dl.partner_known_at;
    f.pt = f.called >= 0 ? dl.partner : -1;
    var fh = 1 << dl.forehand, all = everyone(dl);
    f.x = dl.called && f.called < 0 ? [fh, all ^ fh] : dl.sides;
    if (dl.sides_by_holder) {  // 3A4: the game's holder against the others, as the calls go
      var hd = 1 << (f.declarer >= 0 ? f.declarer : dl.forehand);
      f.x = [hd, all ^ hd];
    }
    f.holder = f.declarer >= 0 ? f.declarer : dl.forehand;
    /* BA4: a spritze stands while the game's holder (the declarer, else forehand) is not
       on the spritzer's side; shown as said while a called partner's side is not public
       and the game passed to a seat whose side only its holder knows (BC3). */
    var holder = f.declarer >= 0 ? f.declarer : dl.forehand, sx = dl.sides[0];
    f.stands = f.spritze >= 0 &&
      ((sx & (1 << f.spritze)) !== 0) !== ((sx & (1 << holder)) !== 0);
    f.shown = f.spritze >= 0 && (f.stands || (dl.called && !f.pk && holder !== dl.forehand &&
                                              holder !== f.spritze));
    f.played = dealt(dl) & ~hands(st) & ~(st.o || 0);
    f.laidMask = 0;
    f.laid.forEach(function (c) { f.laidMask |= 1 << c; });
    f.pub = st.pu || 0;
    f.voids = [0, 0, 0, 0];
    dl.inferences.forEach(function (inf) {
      if (inf[1] > i) { return; }
      for (x = 0; x < 4; x++) { if (inf[4] & suitMask(x)) { f.voids[inf[0]] |= 1 << x; } }
    });
    st.f = f;
    return f;
  }
  /* The cards of seat v's hand it has looked at: three while trump is fixed (BR1). */
  function seenBy(dl, st, v) { return st.ph <= 1 ? dl.first[v] & st.h[v] : st.h[v]; }
  function points(mask) {
    var n = 0;
    cardsOf(mask).forEach(function (c) { n += POINTS[rankOf(c)]; });
    return n;
  }
  /* The won tricks viewer vi may look through (BW1, 3W1): all at the open table and once
     the deal is over, else the last one until the next lead, and with ``first_up`` the
     first trick each side won. */
  function up4(dl, i, vi) {
    var st = dl.steps[i], all = 0, n = 0, firsts = 0, sides = {};
    dl.tricks.forEach(function (t, k) {
      if (t[4] > i) { return; }
      all |= 1 << k;
      n = k + 1;
      var side = dl.sides[0] & (1 << t[2]) ? 0 : 1;
      if (!sides[side]) { sides[side] = true; firsts |= 1 << k; }
    });
    if (vi === 0 || (i === dl.steps.length - 1 && dl.result)) { return all; }
    return (st.d ? 1 << (n - 1) : 0) | (dl.first_up ? firsts : 0);
  }
  /* The players of a seat mask by name and seats: "Anna & Cilli (NS)". */
  function sideText(dl, mask) {
    var people = [], letters = "";
    for (var s = 0; s < dl.seats.length; s++) {
      if (mask & (1 << s)) { people.push(esc(dl.names[s])); letters += seatId(dl, s); }
    }
    if (!people.length) { return ""; }
    var joined = people.length === 1 ? people[0] :
      people.slice(0, -1).join(", ") + " & " + people[people.length - 1];
    return joined + " (" + letters + ")";
  }
  function seatText(dl, s) { return sideText(dl, 1 << s); }
  function callName(word) { return tr("call_" + word); }
  function suitWords(suit) { return SYM[suit] + " " + suitName(suit); }
  function contractValue(word) {
    return {bettler: 4, schnapser: 6, gang: 9, bauernschnapser: 12, kontraschnapser: 12,
            kontrabauernschnapser: 24}[word] || 0;
  }
  /* Whether the viewer (-1: the open table) knows the deal's sides at this step (BW2). */
  function knowsSides(st, viewer) { return viewer < 0 || st.k[viewer][1] >= 0; }
  function describe4(dl, i, long, viewer) {
    var st = dl.steps[i], a = st.a;
    if (!a) { return tr("as_dealt"); }
    var code = a[0], c = a[2], seat = a[1] >= 0 ? seatId(dl, a[1]) : "?";
    var before = dl.steps[i - 1];
    if (!long) {
      var what;
      if (code === "T") { what = tr("names_trump", {suit: suitWords(SUITS.indexOf(a[4]))}); }
      else if (code === "U") { what = tr("turns_up", {card: sym(c)}); }
      else if (code === "P") { what = tr("calls_partner", {card: sym(c)}); }
      else if (code === "W") { what = tr("lays_away"); }
      else if (code === "B") { return tr("call_said", {seat: seat, call: callName(a[4])}); }
      else if (code === "66") { what = tr("claims"); }
      else if (code === "M") { what = tr("announces", {points: a[3], card: sym(c)}); }
      else if (code === "L") { what = tr("leads", {card: sym(c)}); }
      else { what = tr("plays", {card: sym(c)}); }
      return seat + " " + what;
    }
    var who = a[1] >= 0 ? seatText(dl, a[1]) : "?";
    if (code === "T") {
      return tr("said_trump", {who: who, suit: suitWords(SUITS.indexOf(a[4]))});
    }
    if (code === "U") {
      return tr("said_turn", {who: who, card: sym(c), suit: suitWords(suitOf(c))});
    }
    if (code === "P") {
      if (!knowsSides(st, viewer)) { return tr("said_partner", {who: who, card: sym(c)}); }
      if (dl.partner === a[1]) { return tr("said_partner_alone", {who: who, card: sym(c)}); }
      return tr("said_partner_holder", {who: who, card: sym(c),
                                        holder: seatText(dl, dl.partner)});
    }
    if (code === "W") { return tr("said_layaway", {who: who}); }
    if (code === "B") {
      if (a[4] === "weiter") { return tr("said_pass", {who: who}); }
      if (a[4] === "spritze") { return tr("said_spritze", {who: who}); }
      return tr("said_contract", {who: who, contract: callName(a[4]),
                                  value: contractValue(a[4])});
    }
    if (code === "66") {
      var ok = dl.result && dl.result.end === "claim";
      var claimant = dl.result ? dl.result.claimant : 0;
      return tr(ok ? "said_claim_right" : "said_claim_false",
                {who: who, side: sideText(dl, claimant)});
    }
    if (code === "M") {
      return tr("said_marriage", {who: who, points: a[3], suit: suitName(suitOf(c)),
                                  card: sym(c)});
    }
    if (code === "L") { return tr("said_lead", {who: who, card: sym(c)}); }
    if (st.d && st.d !== before.d) {
      var t = dl.tricks[st.d - 1];
      return tr("said_follow", {who: who, card: sym(c), winner: seatText(dl, t[2]),
                                points: t[3]});
    }
    return tr("said_play", {who: who, card: sym(c)});
  }
  function marks4(dl, st, s, viewer) {
    var out = [], f = st.f;
    if (s === dl.dealer) { out.push(tr("seat_dealer")); }
    if (s === dl.forehand) { out.push(tr("seat_forehand")); }
    if (f.declarer === s && st.ph >= 3) { out.push(tr("seat_declarer")); }
    if (dl.called && f.called >= 0) {
      if (!knowsSides(st, viewer)) {
        if (s === dl.forehand) { out.push(tr("seat_partner_unknown")); }
      } else if (f.pt === dl.forehand) {
        if (s === dl.forehand) { out.push(tr("seat_alone")); }
      } else if (s === f.pt) {
        out.push(tr("seat_with", {who: nm(dl, dl.forehand)}));
      }
    }
    if (st.m === s) {
      out.push(tr(["to_trump", "to_partner", "to_speak", "", "", "to_lay_away"][st.ph] ||
                  "to_play"));
    }
    return out.map(function (m) { return " \u00b7 " + m; }).join("");
  }
  function hand4(dl, st, s, viewer, place) {
    var hidden = viewer >= 0 && viewer !== s, cards = [], c, f = st.f;
    var marked = function (x, m) { return card(x, "md", x === f.turned ? "sl-turned" : m); };
    if (viewer < 0) {
      cards = cardsOf(st.h[s]).map(function (x) { return marked(x, ""); });
    } else if (viewer === s) {
      var seen = seenBy(dl, st, s);
      cards = cardsOf(seen).map(function (x) { return marked(x, ""); });
      for (c = count(st.h[s] & ~seen); c > 0; c--) { cards.push(back("md", tr("hand_unseen"))); }
    } else {
      var known = f.pub & st.h[s];
      cards = cardsOf(known).map(function (x) { return marked(x, "sl-known"); });
      for (c = count(st.h[s] & ~known); c > 0; c--) { cards.push(back("md", tr("face_down"))); }
    }
    var body;
    if (place === "left" || place === "right") {
      body = "<div class=\"sl-fan\">" + cards.map(function (x, k) {
        return "<div style=\"z-index:" + (k + 1) + "\">" + x + "</div>";
      }).join("") + "</div>";
    } else {
      body = row(cards.join(""));
    }
    return "<div class=\"sl-hand sl-hand-" + seatId(dl, s) + (hidden ? " sl-hidden" : "") +
      "\" data-seat=\"" + seatId(dl, s) + "\"><div class=\"sl-seat-label\" style=\"" + K.label +
      "\"><b>" + nm(dl, s) + "</b> (" + seatId(dl, s) + ")" + marks4(dl, st, s, viewer) +
      "</div>" + body + "</div>";
  }
  function trick4(dl, st, vi) {
    var places = dl.places[vi], cap = "&nbsp;", winner = -1;
    if (st.d) {
      var t = dl.tricks[st.d - 1];
      winner = t[2];
      cap = tr("trick_won", {n: st.d, who: who(dl, t[2]), points: t[3]});
    } else if (st.t.length) {
      cap = tr("led", {who: who(dl, st.t[0][0])});
    }
    var body = st.t.map(function (x) {
      return "<div class=\"sl-trick4-" + places[x[0]] + " sl-trick-" + seatId(dl, x[0]) + "\">" +
        card(x[1], "md", x[0] === winner ? "sl-winner" : "") + "</div>";
    }).join("");
    return "<div class=\"sl-trick sl-trick4\" data-cards=\"" + st.t.length + "\"><div class=\"" +
      "sl-trick4-box\">" + body + "</div><div style=\"" + K.label + "\">" + cap + "</div></div>";
  }
  function trump4(dl, st) {
    var body, data = "", f = st.f, t = f.trump;
    if (t < 0) {
      body = tr("trump_not_yet");
    } else if (t === 4) {
      data = "none";
      body = "<b>" + tr("trump_none") + "</b><br>" + tr("trump_named", {suit: SYM[f.named]});
    } else {
      data = SUITS[t];
      body = tr("trump") + "<br><span title=\"" + suitName(t) + "\" style=\"font-size:26px;" +
        "color:" + (t === 1 || t === 2 ? "#ffb3b3" : "#fff") + "\">" + SYM[t] + "</span>";
    }
    if (f.turned >= 0) { body += "<div>" + card(f.turned, "sm") + "<br>" + tr("turned") + "</div>"; }
    var contract = "";
    if (st.ph >= 3 && f.contract) {
      contract += "<div class=\"sl-contract-short\"><b>" + callName(f.contract) + "</b> (" +
        seatId(dl, f.declarer) + ")</div>";
    }
    if (f.shown) {
      contract += "<div class=\"sl-spritze-short\"><b>" + tr("doubled") + "</b> (" +
        seatId(dl, f.spritze) + ")</div>";
    }
    // the trump in the table's top left corner and the contract in its top right one, as
    // the widgets draw them (games/bauern/html.py)
    return "<div class=\"sl-trump\" data-trump=\"" + data + "\" style=\"" + K.label + "\">" +
      body + "</div><div class=\"sl-contract-box\" style=\"" + K.label + "\">" + contract +
      "</div>";
  }
  function auction4(dl, i, viewer) {
    var st = dl.steps[i], lines = [], fh = dl.forehand, f = derive(dl, i);
    lines.push(tr("auction_dealt", {dealer: seatText(dl, dl.dealer), forehand: seatText(dl, fh),
                                     how: tr(dl.talon_cards ? "auction_talon" : dl.knock ?
                                             "auction_knock" : "auction_cut")}));
    if (st.ph > 0) {
      var first = dl.steps[1].a, what;
      if (first[0] === "U") {
        what = tr("auction_trump_turned", {who: seatText(dl, fh), card: sym(first[2]),
                                           suit: suitWords(f.named)});
      } else {
        what = tr("auction_trump_named", {who: seatText(dl, fh), suit: suitWords(f.named)});
      }
      lines.push("<span class=\"sl-trump-call\">" + tr("auction_trump", {what: what}) + "</span>");
    }
    if (f.called >= 0) {
      var line = tr("auction_partner", {card: sym(f.called), who: seatText(dl, fh)}), known;
      var holder = seatText(dl, f.pt);
      if (f.pt === fh) {
        known = viewer < 0 || viewer === fh ? tr("auction_alone") : null;
      } else if (viewer < 0) {
        known = tr(f.pk ? "auction_holder" : "auction_holder_secret", {who: holder});
      } else if (viewer === f.pt) {
        known = tr("auction_holder_you");
      } else if (st.k[viewer][1] >= 0) {
        known = tr("auction_holder", {who: holder});
      } else {
        known = null;
      }
      lines.push("<span class=\"sl-partner\">" + line + "; " +
                 (known === null ? tr("auction_holder_unknown") : known) + "</span>");
    }
    if (dl.talon_cards && st.ph >= 3) {  // 3T1, 3T3: the declarer's alone
      var taker = seatText(dl, f.holder), sees = viewer < 0 || viewer === f.holder;
      lines.push("<span class=\"sl-talon-line\">" + (sees ?
        tr("auction_talon_taken", {cards: dl.talon_cards.map(sym).join(" "), who: taker}) :
        tr("auction_talon_hidden", {who: taker})) + "</span>");
      if (f.laid.length) {
        lines.push("<span class=\"sl-talon-line\">" + (sees ?
          tr("auction_laid", {cards: f.laid.map(sym).join(" ")}) :
          tr("auction_laid_hidden", {n: f.laid.length})) + "</span>");
      }
    }
    var table = "", seats = dl.seats.length;
    if (st.ph >= 2) {
      var grid = [[], []], k, s;
      for (k = 0; k < seats; k++) { grid[0].push(""); grid[1].push(""); }
      for (k = 0; k < f.calls.length; k++) {
        s = (fh + k) % seats;
        grid[s < fh ? 1 : 0][s] = "<td class=\"sl-call-" + seatId(dl, s) + "\" data-call=\"" +
          esc(f.calls[k]) + "\">" + callName(f.calls[k]) + "</td>";
      }
      if (st.ph === 2) {
        s = (fh + f.calls.length) % seats;
        grid[s < fh ? 1 : 0][s] = "<td class=\"sl-call-" + seatId(dl, s) + " sl-speaks\">" +
          tr("auction_speaks") + "</td>";
      }
      var head = "<tr>" + dl.seats.map(function (x, j) {
        return "<th title=\"" + nm(dl, j) + "\">" + esc(x) + "</th>";
      }).join("") + "</tr>";
      table = "<table class=\"sl-calls\">" + head + grid.filter(function (r) {
        return r.join("") !== "";
      }).map(function (r) {
        return "<tr>" + r.map(function (x) { return x || "<td></td>"; }).join("") + "</tr>";
      }).join("") + "</table>";
    }
    var contract = "";
    if (f.contract) {
      var words = tr("contract", {contract: callName(f.contract), value: contractValue(f.contract),
                                  who: seatText(dl, f.declarer)});
      contract = "<div class=\"sl-contract\"><b>" +
        tr(st.ph >= 3 ? "auction_contract" : "auction_bid", {contract: words}) + "</b></div>";
    } else if (st.ph >= 3) {
      contract = "<div class=\"sl-contract\"><b>" + tr("auction_normal") + "</b></div>";
    }
    if (f.shown) {
      contract += "<div class=\"sl-spritze\">" + tr("doubled_by", {who: seatText(dl, f.spritze)}) +
        "</div>";
    }
    return "<div class=\"sl-auction\"><b>" + tr("auction") + "</b>" + lines.map(function (l) {
      return "<div>" + l + "</div>";
    }).join("") + table + contract + "</div>";
  }
  function sideLetters(dl, mask) {
    var out = "";
    for (var s = 0; s < dl.seats.length; s++) { if (mask & (1 << s)) { out += dl.seats[s]; } }
    return out;
  }
  function result4(dl) {
    var r = dl.result, how = r.end, text;
    var vals = {side: sideText(dl, r.winner)};
    if (how === "contract_made" || how === "contract_broken") {
      vals.contract = callName(r.contract);
      vals.who = seatText(dl, r.declarer);
    } else if (how === "false_claim") {
      vals.who = sideText(dl, r.claimant);
    }
    text = trn("four_" + how, r.points, vals);
    if (r.spritze >= 0) {
      text = tr("outcome_doubled", {outcome: text, who: seatText(dl, r.spritze)});
    }
    return tr("outcome_ruled", {outcome: text, rule: esc(r.rule)});
  }
  function tallies4(dl, i, vi) {
    var st = dl.steps[i], viewer = dl.views[vi], last = dl.steps.length - 1, body = "", head, j;
    var extra = "", f = derive(dl, i);
    /* one column a player while the viewer does not know the sides, and for everyone
       before a partner is called (the widget's tallies) */
    if (knowsSides(st, viewer) && !(dl.called && f.called < 0)) {
      var sides = [sideLetters(dl, f.x[0]), sideLetters(dl, f.x[1])];
      head = "<tr><th></th>" + sides.map(function (n, k) {
        return "<th class=\"sl-side-" + esc(n) + "\" title=\"" + sideText(dl, f.x[k]) + "\">" +
          esc(n) + "</th>";
      }).join("") + "</tr>";
      [["sl-score", "score", st.s], ["sl-pending", "pending", st.p],
       ["sl-tricks", "tricks", st.w]].forEach(function (r) {
        body += "<tr class=\"" + r[0] + "\"><td>" + tr(r[1]) + "</td>";
        for (j = 0; j < 2; j++) {
          body += "<td class=\"" + r[0] + "-" + esc(sides[j]) + "\">" + r[2][j] + "</td>";
        }
        body += "</tr>";
      });
    } else {
      head = "<tr><th></th>" + dl.seats.map(function (x, k) {
        return "<th title=\"" + nm(dl, k) + "\">" + esc(x) + "</th>";
      }).join("") + "</tr>";
      [["sl-points", "tallies_points", st.ps], ["sl-seat-tricks", "tallies_won", st.pw]]
        .forEach(function (r) {
          body += "<tr class=\"" + r[0] + "\"><td>" + tr(r[1]) + "</td>";
          for (j = 0; j < dl.seats.length; j++) {
            body += "<td class=\"" + r[0] + "-" + seatId(dl, j) + "\">" + r[2][j] + "</td>";
          }
          body += "</tr>";
        });
      extra = "<div class=\"sl-sides-unknown\">" + (f.called >= 0 ?
        tr("tallies_unknown", {card: sym(f.called)}) : tr("tallies_not_called")) + "</div>";
    }
    if (st.ds !== undefined) {
      extra += "<div class=\"sl-declarer-score\">" + tr("tallies_declarer", {
        who: seatText(dl, f.declarer), score: st.ds}) + "</div>";
    }
    if (st.b) {
      extra += "<div class=\"sl-match\">" + tr("labelled", {label: tr("tallies_counters"),
        text: dl.counter_keys.map(function (k, j) {
          return "<span class=\"sl-counters-" + esc(k) + "\" data-value=\"" + st.b[j] + "\">" +
            esc(k) + " " + st.b[j] + "</span>";
        }).join(" \u00b7 ")}) + "</div>";
    }
    var foot = "";
    if (i === last && dl.result) {
      foot = "<div class=\"sl-result\">" + result4(dl) + "</div>";
      if (dl.match_winner >= 0 && st.b) {
        foot += "<div class=\"sl-bummerl-result sl-match-winner\">" +
          tr("match_won", {who: sideText(dl, dl.match_winner)}) + "</div>";
      }
    } else if (i === last && dl.error_in_play) {
      foot = "<div class=\"sl-result sl-error\">" + tr("stops_at_error", {error: esc(dl.error)}) +
        "</div>";
    }
    return "<div class=\"sl-tallies\" style=\"" + K.panel + "\">" + auction4(dl, i, viewer) +
      "<table>" + head + body + "</table>" + extra + foot + "</div>";
  }
  function counting4(dl, i, v) {
    var st = dl.steps[i], f = derive(dl, i), rows = "", s, o;
    var seen = seenBy(dl, st, v), unseen = dealt(dl) & ~seen & ~f.played;
    if (v === f.holder && st.ph >= 3) { unseen &= ~f.laidMask; }  // 3T3: he laid them away
    var unknown = unseen & ~(f.pub & ~st.h[v]), meUnseen = st.h[v] & ~seen;
    var trumps = f.trump >= 0 && f.trump < 4 ? unseen & suitMask(f.trump) : 0;
    var my = st.k[v][0], other = st.k[v][1];
    var side = f.x[0] & (1 << v) ? f.x[0] : f.x[1];
    for (s = 0; s < 4; s++) {
      var mask = unknown & suitMask(s), holders = [];
      if (mask) {
        for (o = 0; o < dl.seats.length; o++) {
          if (o === v) {
            if (meUnseen) { holders.push("<span class=\"sl-holder\">" + tr("count_me") + "</span>"); }
          } else if (f.voids[o] & (1 << s)) {
            holders.push("<s class=\"sl-void\" title=\"" + tr("count_void", {suit: suitName(s)}) +
                         "\">" + seatId(dl, o) + "</s>");
          } else {
            holders.push("<span class=\"sl-holder\">" + seatId(dl, o) + "</span>");
          }
        }
      }
      rows += "<tr class=\"sl-unknown-" + SUITS[s] + "\"><td><span style=\"color:" +
        (s === 1 || s === 2 ? K.red : K.black) + "\">" + SYM[s] + "</span></td><td>" +
        count(mask) + "</td><td>" + syms(mask) + "</td><td class=\"sl-holders\">" +
        holders.join(" ") + "</td></tr>";
    }
    var facts = "<div class=\"sl-facts\"><b>" + tr("facts_for", {who: seatText(dl, v)}) +
      "</b><table><tr><th>" + tr("unknown") + "</th><th>" + tr("count") + "</th><th>" +
      tr("cards") + "</th><th>" + tr("count_holders") + "</th></tr>" + rows + "</table>";
    for (s = 0; s < dl.seats.length; s++) {
      if (s !== v && (f.pub & st.h[s])) {
        facts += "<div class=\"sl-opponent-known\" data-seat=\"" + seatId(dl, s) + "\">" +
          tr("known_in_hand", {who: seatText(dl, s), cards: syms(f.pub & st.h[s])}) + "</div>";
      }
    }
    facts += "<div class=\"sl-trumps-out\">" + (f.trump === 4 ? tr("count_no_trump") :
      tr("trumps_out", {cards: syms(trumps) || tr("no_trumps")})) + "</div><div class=\"sl-points-out\">" +
      tr("points_out", {n: points(unseen)}) + "</div><div class=\"sl-count-scores\">" +
      (other >= 0 ? tr("count_sides", {mine: my, theirs: other, side: esc(sideLetters(dl, side)),
                                       other: esc(sideLetters(dl, everyone(dl) ^ side))})
                  : tr("count_alone", {mine: my})) + "</div></div>";
    var inf, shown = [];
    dl.inferences.forEach(function (x, j) { if (x[1] <= i && x[0] !== v) { shown.push(j); } });
    if (shown.length) {
      inf = "<div class=\"sl-inferences\"><b>" + tr("inferences") + "</b><ul>" +
        shown.map(function (j) {
          var f = dl.inferences[j], tn = -1;
          for (var x = 0; x < 4; x++) { if (x !== f[3] && (f[4] & (31 << (x * 5)))) { tn = x; } }
          var text = tr(f[2] === "void_trumps" ? "inf_void_trumps" : "inf_void",
                        {who: seatText(dl, f[0]), suit: suitNameOf(f[3]),
                         trump: tn >= 0 ? suitName(tn) : ""});
          return "<li>" + tr("inference_step", {step: f[1], text: text}) + "</li>";
        }).join("") + "</ul></div>";
    } else {
      inf = "<div class=\"sl-inferences\">" + tr("inferences_none") + "</div>";
    }
    return "<div class=\"sl-count\" data-viewer=\"" + seatId(dl, v) + "\" style=\"" + K.panel +
      "\">" + facts + inf + "</div>";
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
    var st = dl.steps[i], up = dl.four ? up4(dl, i, vi) : st.up[vi], cols = "";
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
      if (dl.four && !items) { continue; }
      cols += "<div class=\"sl-won-by sl-won-by-" + seatId(dl, s) + "\"><span style=\"" + K.label +
        "\">" + tr("won_tricks", {who: who(dl, s)}) + "</span><br>" +
        (items || tr("none_yet")) + "</div>";
    }
    return "<div class=\"sl-won-tricks\">" + cols + "</div>";
  }
  function tableHtml(dl, i, vi) {
    if (dl.four) { derive(dl, i); }
    var st = dl.steps[i], viewer = dl.views[vi], places = dl.places[vi], slots = {};
    PLACES.forEach(function (p) { slots[p] = ""; });
    for (var s = 0; s < dl.seats.length; s++) {
      slots[places[s]] += dl.four ? hand4(dl, st, s, viewer, places[s])
                                  : handHtml(dl, st, s, viewer);
    }
    function place(p) { return "<div class=\"sl-place sl-place-" + p + "\">" + slots[p] + "</div>"; }
    return "<div class=\"sl-table sl-seats-" + dl.seats.length + "\" data-step=\"" + i +
      "\" style=\"" + K.felt + "\"><div class=\"sl-ring\">" + place("top") + place("left") +
      "<div class=\"sl-center\">" + (dl.talon ? talonHtml(dl, st) : "") +
      (dl.four ? trick4(dl, st, vi) + trump4(dl, st) : trickHtml(dl, st) + trumpHtml(dl)) +
      "</div>" + place("right") + place("bottom") + "</div>" +
      wonHtml(dl, i, vi) + "</div>";
  }

  // -- tallies and counting ---------------------------------------------------------------
  function talliesHtml(dl, i, vi) {
    if (dl.four) { return tallies4(dl, i, vi); }
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
    var match = dl.match_word === "match";
    if (st.b) { body += line("sl-counters", tr(match ? "match_counters" : "counters"), st.b); }
    var foot = "";
    if (i === last && dl.result) {
      var r = dl.result, rule = String(r.rule);
      var how = r.end === "last_trick" && rule.slice(-2) === "C3" ? "failed_closing" : r.end;
      foot = "<div class=\"sl-result\">" + (r.winner < 0 ? tr("result_standoff") :
        trn("result_" + how, r.points, {who: who(dl, r.winner)})) + " (" + esc(r.rule) +
        ")</div>";
      if (dl.bonus >= 0) {
        foot += "<div class=\"sl-bonus\">" + tr("last_trick_bonus", {
          who: who(dl, dl.bonus), points: dl.bonus_points}) + "</div>";
      }
      if (dl.carry) {
        foot += "<div class=\"sl-carry\">" + tr("carried", {n: dl.carry}) + "</div>";
      }
      if (dl.bummerl_winner >= 0 && st.b) {
        foot += "<div class=\"sl-bummerl-result\">" + tr(match ? "match_won" : "bummerl_won", {
          who: who(dl, dl.bummerl_winner)}) + " (" + st.b[0] + " : " + st.b[1] + ")" +
          (st.o ? esc(st.o) : "") + "</div>";
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
    if (dl.four) { return counting4(dl, i, v); }
    var st = dl.steps[i], k = st.k[v], rows = "", s;
    for (s = 0; s < 4; s++) {
      var mask = k[1] & suitMask(s);
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
    facts += "<div class=\"sl-trumps-out\">" + tr("trumps_out", {cards: syms(k[2]) || tr("no_trumps")}) +
      "</div><div class=\"sl-points-out\">" + tr("points_out", {n: k[3]}) + "</div>";
    if (dl.seats.length === 2) {
      var o = 1 - v;
      facts += "<div class=\"sl-count-scores\">" + keepPairs(tr("count_scores", {
        mine: st.s[v], theirs: st.s[o], pm: st.p[v], po: st.p[o]})) + "</div>";
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
      items += "<div class=\"sl-comment\">\u201c" + printedCards(esc(c)) + "\u201d</div>";
    });
    return items ? "<div class=\"sl-comment-box\">" + items + "</div>" : "";
  }

  // -- header and controls ----------------------------------------------------------------
  function headerHtml(dl) {
    var title = dl.names.map(function (n, s) {
      return esc(n) + " <small>(" + seatId(dl, s) + ")</small>";
    }).join(dl.four ? ", " : " " + tr("versus") + " ");
    var bits = dl.tags.map(function (kv) { return "<b>" + esc(kv[0]) + "</b> " + esc(kv[1]); });
    var out = "<div class=\"sl-tags\" style=\"" + K.panel + "\"><h1 class=\"sl-title\">" + title +
      "</h1><div class=\"sl-tag-list\">" + bits.join(" \u00b7 ") + "</div></div>";
    if (D.bummerl !== null) {
      out += "<div class=\"sl-bummerl\">" + trn(dl.four || dl.match_word === "match" ?
                                                "match_header" : "bummerl_header",
                                                D.deals.length, {match: esc(D.bummerl)}) +
        "</div>";
    }
    if (dl.error) { out += "<div class=\"sl-errors\">" + esc(dl.error) + "</div>"; }
    return out;
  }
  function dealResult(dl) {
    if (!dl.result) { return tr("unfinished"); }
    if (dl.result.winner < 0) { return tr("deal_standoff"); }
    if (dl.four) {
      return tr("deal_result_four", {side: sideText(dl, dl.result.winner),
                                     points: dl.result.points});
    }
    return tr("deal_result", {name: who(dl, dl.result.winner), points: dl.result.points});
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
    el.scores.innerHTML = talliesHtml(dl, i, vi);
    var v = dl.views[vi];
    el.counting.innerHTML = v >= 0 ? countingHtml(dl, i, v)
      : dl.four ? "<div class=\"sl-count sl-count-open\">" + tr("count_open") + "</div>"
      : dl.seats.map(function (_, s) { return countingHtml(dl, i, s); }).join("");
    el.comments.innerHTML = commentsHtml(dl, i);
    el.step.innerHTML = tr("labelled", {label: "<b>" + tr("step_line", {
      step: "<span class=\"sl-step-number\">" + i + "</span>", last: last}) + "</b>",
      text: describe(dl, i, true, v)}) + " <span class=\"sl-view-name\">(" +
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
