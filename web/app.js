// sandtable in the browser: the shell. Plain JS, no build step; the server
// embeds these files (crates/server/src/web.rs).
//
// Pages: "/" is the lobby (create a game, its links, recent games);
// "/t/{token}" is a table: whatever that token may see and do (docs/server.md).
//
// Renderer contract — each game's script (games/<id>/web/<id>.js, embedded by the game's crate,
// served as /games/<id>.js and loaded when a table of that game is first shown) registers:
//   Sandtable.games["<id>"] = { draw(svg, ctx), panel(ctx) }
//   ctx = { drawing, view, lang ("en"|"ru"), seat (seat id or null), table (the whole table JSON),
//           log (the log entries up to what the board shows: all of them live, fewer in a replay),
//           selected (piece id or null), pieces (Set of piece ids that have legal actions),
//           places (Set of place ids the selected piece may reach; when nothing is selected,
//                   the places of place-only actions),
//           onPiece(id) (true when the shell took the click: a piece with actions, or one of mine that
//                        is idle, whose rule it shows), onPlace(id) }
//   draw fills the given <svg> (the shell empties it first); panel returns an HTML string for
//   the side panel (turn track, VP or escapes, cards in hand…). A panel may compose one action from
//   several choices: form[data-compose=VERB] with input[type=checkbox][value=WORD] sends
//   "VERB WORD WORD…" (the checked words in order) when submitted; the legal actions of that
//   verb are then left out of #legal (they stay in #all-legal), the form standing for them.
//
// Element ids and attributes (stable: the browser tests use them):
//   #lang                      language toggle (EN/RU, kept in localStorage)
//   #create-game               the lobby form: select[name=game], select[name=scenario],
//                              textarea[name=scenario-text] (a user's scenario file; input[name=scenario-upload]
//                              reads a file into it), select[name="opt-<key>"], input[name=seed],
//                              select[name="seat-<id>"] (human: a seat link, hot seat | invite | a bot:
//                              "bot" the server's default bot, "bot:<spec>" another, e.g. "bot:mcts:hard");
//                              a pasted file is checked (POST /api/scenario) and its own seats replace
//                              the rows (#create-game[data-seats] lists the seat ids shown)
//   #links a[data-seat=<id>]   a created game's seat links; a[data-role=spectator], a[data-role=admin]
//   #links a[data-invite=<id>] a created game's claim-once invite links (seats chosen "invite")
//   #games li[data-game=<id>]  this browser's games; #public-games li: public ones
//   #status, #to-act           whose turn ([data-seats] lists seat ids) or the outcome (.over)
//   #version                   the table's version
//   title, #favicon[data-turn]  "● Your turn — …" and a marked icon while my seat must act ("mine")
//   #notify                    ask to be notified (a browser notification when my turn comes in a background tab)
//   #mail-form input[name=mail] a seat's address for turn notices by e-mail (shown when the server sends mail);
//                              #mail-state says whether mail goes out
//   #board svg                 the board; [data-piece=<id>] pieces, [data-place=<id>] places
//   #legal button[data-action] actions that are not on the board (end, pick 3…) and the selected piece's
//   #choices button[data-action]  when a click on a place matches several actions
//   #all-legal button[data-action] every legal action (.label in the page's language, .notation); [data-rolls] on those that roll dice (they carry odds)
//   #odds                      the odds of the chosen action that rolls, before anything is sent (or, when a
//                              roll is the seat's only choice, shown at once, one click throwing it): .outcomes li
//                              (percentage, bar, result; the most likely first; past 12, one li.rest sums the others), .basis li (each figure with
//                              its .rule); #roll sends it, as does choosing it again; #odds-cancel drops it
//   #confirm-rolls             checkbox: show the odds first and roll on a second click (default on;
//                              localStorage "sandtable.confirmRolls")
//   #board [data-piece]        a piece glows (ctx.pieces) only for actions that are not minor (a stack
//                              order alone is not something to do); clicking one of mine with nothing to
//                              do shows in #error the rule that holds it ("[CCT 3.1] inf: …", table.idle)
//   #undo                      take back my last move
//   #error                     the last refusal, "[rule] text"; in the lobby, a refused scenario file's
//                              problems as #error li (one per problem, "file:line: key: message")
//   #log li                    the log: one li per decision (its .label in the page's language beside its .notation),
//                              .ev items its events with .rule
//   #bots li[data-seat=<id>]   each bot seat's bot: its name, [data-thinking] while it thinks, its last
//                              decision's time ([data-last-ms], ms)
//   #seats button[data-seat][data-kind]   the creator hands a seat to the bot or back; select[data-bot-for=<id>]
//                              chooses the bot ("bot": the server's default; on a bot seat, a change applies at once)
//   #seats button[data-reissue=<id>]      the creator re-issues a seat's invite (after a confirm());
//                              the new invite shows as #seats a[data-invite=<id>]
//   #hotseat                   hot seat: a bar above the board (also on a phone): this seat, then
//   #switch a[data-seat]       the other seats of this game this browser holds links for (the one to act marked)
//   #follow                    hot seat: follow the seat to act (on unless unticked: localStorage "sandtable.follow" "0");
//                              opening any of the seats lands on the seat to act
//   #replay                    range input: the view after N decisions
//   #invite-card               an invite link's page: #claim (take the seat: POST …/claim, then go to
//                              the new seat link) or #claimed (the seat was taken already)
(function () {
  "use strict";
  window.Sandtable = window.Sandtable || { games: {} };
  var S = window.Sandtable;
  S.games = S.games || {};

  var lang = localStorage.getItem("sandtable.lang") || ((navigator.language || "").indexOf("ru") === 0 ? "ru" : "en");
  function t(key) { return (S.words[lang] && S.words[lang][key]) || S.words.en[key] || key; }
  // A counted phrase in the form its number takes, by CLDR's plural rules
  // (the browser's Intl.PluralRules): words[key] is {one, few, many, other}
  // with {n} in each (1 исход, 2 исхода, 5 исходов).
  function tn(key, n) {
    var forms = (S.words[lang] && S.words[lang][key]) || S.words.en[key];
    var form = forms[new Intl.PluralRules(lang).select(n)] || forms.other || forms.many;
    return form.replace("{n}", n);
  }
  function named(x) { return x ? (x[lang] || x.en || "") : ""; }
  function esc(s) {
    return String(s == null ? "" : s).replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
    });
  }
  function $(sel) { return document.querySelector(sel); }
  function el(html) { var d = document.createElement("div"); d.innerHTML = html.trim(); return d.firstChild; }

  // ------------------------------------------------------------- network --
  function api(method, path, body) {
    var opts = { method: method, headers: {} };
    if (body !== undefined) { opts.body = JSON.stringify(body); opts.headers["Content-Type"] = "application/json"; }
    return fetch(path, opts).then(function (r) {
      return r.json().catch(function () { return {}; }).then(function (j) {
        if (!r.ok) { var e = new Error((j.error && j.error.en) || r.statusText); e.api = j.error || {}; throw e; }
        return j;
      });
    });
  }
  function errorText(e) {
    var a = e.api || {};
    var text = a[lang] || a.en || e.message;
    return (a.rule ? "[" + a.rule + "] " : "") + text;
  }

  // Links this browser holds, by game id: {game, seats: {id: token}, admin, spectator}.
  function held() { try { return JSON.parse(localStorage.getItem("sandtable.held") || "{}"); } catch (e) { return {}; } }
  function hold(id, entry) { var h = held(); h[id] = entry; localStorage.setItem("sandtable.held", JSON.stringify(h)); }

  // ---------------------------------------------------------------- lobby --
  var catalog = null;
  function loadCatalog() {
    return catalog ? Promise.resolve(catalog) : api("GET", "/api/catalog").then(function (c) { catalog = c; return c; });
  }

  // The bots a seat may be given (GET /api/catalog: bots, bot_default): the
  // search bot's levels first, then the others. The server's default bot is
  // the value "bot" (the request names no bot), any other "bot:<name>".
  function botChoices() {
    var list = (catalog && catalog.bots) || [];
    var def = catalog && catalog.bot_default ? catalog.bot_default.name : "";
    list = list.filter(function (b) { return b.level; }).concat(list.filter(function (b) { return !b.level; }));
    var out = list.map(function (b) { return { value: b.name === def ? "bot" : "bot:" + b.name, name: b.name }; });
    if (!list.some(function (b) { return b.name === def; })) out.unshift({ value: "bot", name: def });
    return out;
  }
  function botLabel(name) {
    var key = { "random": "botRandom", "greedy": "botGreedy", "mcts:easy": "botEasy", "mcts:normal": "botNormal", "mcts:hard": "botHard" }[name];
    return key ? t(key) : t("botNamed").replace("{bot}", name || "");
  }
  function botOptions(chosen) {
    return botChoices().map(function (o) {
      return '<option value="' + esc(o.value) + '"' + (o.value === chosen ? " selected" : "") + ">" + esc(botLabel(o.name)) + "</option>";
    }).join("");
  }
  // A seat's value as a request says it: {seat: "bot", bot: "mcts:hard"} (no bot: the default).
  function botOf(value) {
    return value.indexOf("bot:") === 0 ? { seat: "bot", bot: value.slice(4) } : { seat: value, bot: null };
  }

  function lobby() {
    $("#title").textContent = "";
    var main = $("#main");
    main.innerHTML =
      '<section id="lobby"><div class="card"><h2>' + esc(t("newGame")) + '</h2><form id="create-game"></form>' +
      '<div id="error" class="error"></div></div><div class="card" id="created" hidden></div>' +
      '<div class="card"><h2>' + esc(t("yours")) + '</h2><ul id="games"></ul><h2>' + esc(t("publicGames")) +
      '</h2><ul id="public-games"></ul></div></section>';
    loadCatalog()
      .then(function () { form(); recent(); })
      .catch(function (e) { $("#error").textContent = errorText(e); });
  }

  function form() {
    var f = $("#create-game");
    var chosen = f.dataset.game || catalog.games[0].id;
    var g = catalog.games.filter(function (x) { return x.id === chosen; })[0] || catalog.games[0];
    var html = '<label><span>' + esc(t("game")) + '</span><select name="game">' +
      catalog.games.map(function (x) {
        return '<option value="' + esc(x.id) + '"' + (x.id === g.id ? " selected" : "") + ">" + esc(named(x.name)) + "</option>";
      }).join("") + "</select></label>";
    html += '<label><span>' + esc(t("scenario")) + '</span><select name="scenario">' + g.scenarios.map(function (s) {
      return '<option value="' + esc(s.id) + '">' + esc(named(s.name)) + (s.authored && !/authored|авторск/i.test(named(s.name)) ? " (" + esc(t("authored")) + ")" : "") + "</option>";
    }).join("") + "</select></label>";
    html += '<label><span>' + esc(t("scenarioFile")) + '</span><input type="file" name="scenario-upload" accept=".toml,text/plain">' +
      '<textarea name="scenario-text" rows="4" spellcheck="false"></textarea></label><p class="muted">' + esc(t("scenarioFileNote")) + "</p>";
    g.options.forEach(function (o) {
      html += '<label><span>' + esc(named(o.text)) + '</span><select name="opt-' + esc(o.key) + '">' + o.values.map(function (v) {
        return '<option value="' + esc(v) + '"' + (v === o.default ? " selected" : "") + ">" + esc(v) + "</option>";
      }).join("") + "</select></label>";
    });
    html += '<fieldset id="seat-rows"><legend>' + esc(t("seats")) + "</legend>" + seatRows(g.seats) + "</fieldset>";
    html += '<label><span>' + esc(t("seed")) + '</span><input name="seed" inputmode="numeric" pattern="[0-9]*"></label>' +
      '<p class="muted">' + esc(t("seedNote")) + "</p>";
    html += '<label><input type="checkbox" name="public"> ' + esc(t("publicGame")) + "</label>";
    html += '<button class="primary" type="submit">' + esc(t("create")) + "</button>";
    f.innerHTML = html;
    f.dataset.game = g.id;
    f.elements.game.onchange = function () { f.dataset.game = f.elements.game.value; form(); };
    f.elements["scenario-upload"].onchange = function () {
      var file = f.elements["scenario-upload"].files[0];
      if (!file) return;
      f.dataset.scenarioName = file.name;
      file.text().then(function (text) { f.elements["scenario-text"].value = text; checkScenario(g); });
    };
    var pause = null;
    f.elements["scenario-text"].oninput = function () {
      clearTimeout(pause);
      pause = setTimeout(function () { checkScenario(g); }, 300);
    };
    f.seats = g.seats;
    f.checkedText = "";
    f.dataset.seats = g.seats.map(function (s) { return s.id; }).join(" ");
    // A game with a player count seats only its first N seats.
    var players = f.elements["opt-players"];
    function seatsShown() {
      var n = players ? +players.value : Infinity;
      Array.prototype.forEach.call(f.querySelectorAll("[data-seat-row]"), function (row) { row.hidden = +row.dataset.index >= n; });
    }
    if (players) players.onchange = seatsShown;
    seatsShown();
    f.onsubmit = function (ev) { ev.preventDefault(); create(g); };
  }

  function seatRows(seats) {
    return seats.map(function (s, i) {
      return '<label data-seat-row="' + esc(s.id) + '" data-index="' + i + '"><span>' + esc(named(s.name)) +
        '</span><select name="seat-' + esc(s.id) + '"><option value="human">' + esc(t("humanHere")) +
        '</option><option value="invite">' + esc(t("humanInvite")) + "</option>" + botOptions(null) + "</select></label>";
    }).join("");
  }

  // A pasted or uploaded scenario file is checked as it comes (POST
  // /api/scenario): its own seats replace the built-in ones (an SCS file
  // names its sides), and its problems are listed with their lines.
  function checkScenario(g) {
    var f = $("#create-game");
    var text = f.elements["scenario-text"].value;
    var asked = f.dataset.checked = String(+(f.dataset.checked || 0) + 1);
    function show(seats) {
      if (f.dataset.checked !== asked) return;
      var before = {};
      Array.prototype.forEach.call(f.querySelectorAll("[data-seat-row] select"), function (s, i) { before[i] = s.value; });
      $("#seat-rows").innerHTML = "<legend>" + esc(t("seats")) + "</legend>" + seatRows(seats);
      Array.prototype.forEach.call(f.querySelectorAll("[data-seat-row] select"), function (s, i) { if (before[i]) s.value = before[i]; });
      f.seats = seats;
      f.dataset.seats = seats.map(function (s) { return s.id; }).join(" ");
    }
    if (text.trim() === "") { show(g.seats); f.checkedText = text; return Promise.resolve(true); }
    return api("POST", "/api/scenario", { game: g.id, scenario_text: text, scenario_name: f.dataset.scenarioName || "scenario.toml" })
      .then(function (info) {
        if (f.dataset.checked !== asked) return false;
        $("#error").textContent = "";
        show(info.seats);
        f.checkedText = text;
        return true;
      })
      .catch(function (e) { if (f.dataset.checked === asked) showProblems(e); return false; });
  }

  function showProblems(e) {
    var problems = (e.api && e.api.problems) || [];
    if (!problems.length) { $("#error").textContent = errorText(e); return; }
    // A refused scenario file: every problem on its own line, with its file and line.
    $("#error").innerHTML = "<ul>" + problems.map(function (p) {
      return "<li>" + esc(p.file + (p.line ? ":" + p.line : "") + ": " + (p.key ? p.key + ": " : "") + (p.text[lang] || p.text.en)) + "</li>";
    }).join("") + "</ul>";
  }

  function create(g) {
    var f = $("#create-game");
    if (f.checkedText !== f.elements["scenario-text"].value) {
      // The file as it is now is checked first: its seats are the game's.
      checkScenario(g).then(function (ok) { if (ok) create(g); });
      return;
    }
    var seats = f.seats || g.seats;
    var body = { game: g.id, scenario: f.elements.scenario.value, options: {}, seats: {} };
    var text = f.elements["scenario-text"].value;
    if (text.trim() !== "") {
      // A user's scenario file replaces the built-in one.
      delete body.scenario;
      body.scenario_text = text;
      body.scenario_name = f.dataset.scenarioName || "scenario.toml";
    }
    g.options.forEach(function (o) { body.options[o.key] = f.elements["opt-" + o.key].value; });
    var bots = {};
    seats.forEach(function (s) {
      var v = botOf(f.elements["seat-" + s.id].value);
      body.seats[s.id] = v.seat;
      if (v.bot) bots[s.id] = v.bot;
    });
    if (Object.keys(bots).length) body.bots = bots;
    if (f.elements.seed.value !== "") body.seed = +f.elements.seed.value;
    if (f.elements.public.checked) body.public = true;
    $("#error").textContent = "";
    api("POST", "/api/games", body).then(function (c) {
      hold(c.id, { game: g.id, seats: c.seats, admin: c.admin, spectator: c.spectator, kinds: body.seats });
      var base = location.origin + "/t/";
      var box = $("#created");
      // "Play here" opens this screen's first seat; in hot seat the table then
      // lands on the seat that must act (followTurn).
      var first = seats.filter(function (s) { return c.seats[s.id] && body.seats[s.id] !== "bot"; })[0];
      box.hidden = false;
      var invites = c.invites || {};
      box.innerHTML = "<h2>" + esc(t("links")) + '</h2><ul id="links">' +
        seats.filter(function (s) { return c.seats[s.id] || invites[s.id]; }).map(function (s) {
          if (invites[s.id]) {
            return "<li>" + esc(named(s.name)) + " (" + esc(t("inviteLink")) + '): <a data-invite="' +
              esc(s.id) + '" href="' + base + invites[s.id] + '">' + base + invites[s.id] + "</a></li>";
          }
          return "<li>" + esc(named(s.name)) + " (" + esc(t(body.seats[s.id] === "bot" ? "bot" : "seatLink")) + '): <a data-seat="' +
            esc(s.id) + '" href="' + base + c.seats[s.id] + '">' + base + c.seats[s.id] + "</a></li>";
        }).join("") +
        '<li>' + esc(t("spectatorLink")) + ': <a data-role="spectator" href="' + base + c.spectator + '">' + base + c.spectator + "</a></li>" +
        '<li>' + esc(t("adminLink")) + ': <a data-role="admin" href="' + base + c.admin + '">' + base + c.admin + "</a></li></ul>" +
        (first ? '<p><a id="play-here" href="/t/' + c.seats[first.id] + '"><button class="primary" type="button">' + esc(t("playHere")) +
          " (" + esc(named(first.name)) + ")</button></a></p>" : "");
      recent();
    }).catch(function (e) {
      showProblems(e);
    });
  }

  // The lobby's lists: the games this browser holds links to (POST
  // /api/games/held with one link of each, the newest 100), then the games
  // their creators made public (GET /api/games). No other game is listed.
  function recent() {
    var h = held(), ids = Object.keys(h).slice(-100);
    var links = {};
    ids.forEach(function (id) { var tok = linkOf(h[id]); if (tok) links[id] = tok; });
    var tokens = ids.map(function (id) { return links[id]; }).filter(Boolean);
    api("POST", "/api/games/held", { tokens: tokens }).then(function (r) {
      listGames($("#games"), r.games.slice().reverse(), links);
    }).catch(function () {});
    api("GET", "/api/games").then(function (r) { listGames($("#public-games"), r.games, links); }).catch(function () {});
  }
  // One link of a held game: a seat's, else the creator's, the spectator's, an invite.
  function linkOf(mine) {
    var first = function (o) { return Object.keys(o || {}).map(function (k) { return o[k]; })[0]; };
    return first(mine.seats) || mine.admin || mine.spectator || first(mine.invites) || null;
  }
  function listGames(ul, games, links) {
    if (!ul) return;
    ul.innerHTML = games.length ? games.slice(0, 30).map(function (g) {
      var token = links[g.id];
      var state = g.over ? t("over") + ": " + named(g.over.text) :
        g.gathering ? t("diceAwaited") + ": " + g.gathering.join(", ") : t("toAct") + ": " + (g.to_act || []).join(", ");
      return '<li data-game="' + esc(g.id) + '">' + esc(g.game) + " · " + esc(state) + ' <span class="muted">v' + g.version +
        "</span>" + (token ? ' <a href="/t/' + token + '">' + esc(t("open")) + "</a>" : "") + "</li>";
    }).join("") : "<li>" + esc(t("none")) + "</li>";
  }

  // ---------------------------------------------------------------- table --
  var token = null, table = null, drawing = null, selected = null, choices = null, replayAt = null, replayView = null;
  var socket = null, retry = 1000, poller = null;
  // An invite link's page: {seat, claimed} (sent with the table on a GET only).
  var invite = null;

  function tablePage(tok) {
    token = tok;
    $("#main").innerHTML =
      '<div class="card" id="hotseat" hidden></div>' +
      '<div id="table"><div id="board"><svg xmlns="http://www.w3.org/2000/svg"></svg></div><div id="side">' +
      '<div class="card" id="invite-card" hidden></div>' +
      '<div class="card"><div id="status"></div><ul id="bots" hidden></ul><div class="muted"><span id="role"></span> · ' + esc(t("version")) +
      ' <span id="version"></span></div><button id="notify" type="button" hidden>' + esc(t("notify")) + '</button><form id="mail-form" hidden><label>' + esc(t("mailMe")) + ' <input name="mail" type="email" autocomplete="email"></label> ' +
      '<button type="submit">' + esc(t("save")) + '</button> <span id="mail-state" class="muted"></span></form><div id="error" class="error"></div></div>' +
      '<div class="card"><h2>' + esc(t("actions")) + '</h2><div id="odds" hidden></div><div id="choices"></div><div id="legal"></div>' +
      '<p><button id="undo" type="button" hidden>' + esc(t("undo")) + "</button></p>" +
      '<details><summary>' + esc(t("allActions")) + '</summary><div id="all-legal"></div></details>' +
      '<label class="muted"><input type="checkbox" id="confirm-rolls"> ' + esc(t("confirmRolls")) + '</label></div>' +
      '<div class="card" id="panel"></div>' +
      '<div class="card" id="seats-card" hidden><h2>' + esc(t("seatTitle")) + '</h2><ul id="seats"></ul></div>' +
      '<div class="card" id="dice-card" hidden></div>' +
      '<div class="card"><h2>' + esc(t("replay")) + '</h2><div id="replay-bar"><input id="replay" type="range" min="0" max="0" value="0">' +
      '<button id="live" type="button">' + esc(t("live")) + '</button></div><div id="replay-at" class="muted"></div></div>' +
      '<div class="card"><h2>' + esc(t("log")) + '</h2><ol id="log"></ol></div></div></div>';
    $("#undo").onclick = undo;
    var confirm = $("#confirm-rolls");
    confirm.checked = confirmRolls();
    confirm.onchange = function () {
      localStorage.setItem("sandtable.confirmRolls", confirm.checked ? "on" : "off");
      if (!confirm.checked) armed = null;
      render();
    };
    // A dragged slider asks for one view when it rests, not one per pixel
    // (each request counts against the link's rate, shared with its moves).
    var pending = null;
    $("#replay").oninput = function () {
      var at = +this.value;
      clearTimeout(pending);
      pending = setTimeout(function () { replay(at); }, 150);
    };
    $("#live").onclick = function () {
      replayAt = null; replayView = null; $("#replay-at").textContent = "";
      document.body.classList.remove("replaying"); render();
    };
    firstLoad(1000);
  }

  // The first table, retried (server restarting, rate limit) until it comes;
  // then the live connection.
  function firstLoad(wait) {
    refresh().then(function () {
      if (table) { connect(); mailForm(); }
      else if (token && $("#board")) setTimeout(function () { firstLoad(Math.min(wait * 2, 15000)); }, wait);
    });
  }

  // What this page holds of the log, for the server to send only the rest
  // (docs/server.md: a table's log may start at log_from).
  function heldLog() { return table ? "since=" + table.version + "&have=" + table.log.length : ""; }

  function refresh() {
    return api("GET", "/api/t/" + token + (table ? "?" + heldLog() : "")).then(show).catch(function (e) {
      if (e.api && e.api.kind === "no_token") { token = null; $("#main").innerHTML = '<p class="error">' + esc(t("wrongLink")) + "</p>"; return; }
      var box = $("#error");
      if (box) box.textContent = errorText(e);
    });
  }

  function show(next) {
    if (table && next.version < table.version) return; // an older push arriving late
    // A table may carry only the log's new entries: those from log_from on.
    if (next.log_from) {
      var have = table ? table.log : [];
      if (have.length < next.log_from) { table = null; refresh(); return; } // lost track: start over
      next.log = have.slice(0, next.log_from).concat(next.log);
    }
    var changed = !table || next.version !== table.version;
    if (!changed && !next.invite && S.games[next.game] && drawing && drawing.token === token) {
      // The same version again: only what the bots do moved (one began or
      // ended thinking). The board and the panel stay as they are.
      table = next;
      botsLine();
      return;
    }
    if (next.invite) invite = next.invite;
    table = next;
    remember();
    giveShares();
    if (changed) {
      choices = null;
      // A unit that moves hex by hex (or a pawn step by step) stays selected
      // while it still has something to do.
      var still = selected && (table.legal || []).some(function (a) { return a.piece === selected; });
      if (!still) selected = null;
    }
    // The drawing of this game's own scenario (a user's scenario file has its own map).
    var need = !drawing || drawing.token !== token;
    var forToken = token;
    Promise.all([
      need ? api("GET", "/api/t/" + token + "/drawing").then(function (d) { drawing = { token: forToken, game: table.game, data: d }; }) : null,
      renderer(table.game)
    ]).then(function () { followTurn(); render(); });
  }

  // A game's renderer, loaded the first time a table of that game is shown
  // (a failed load is tried again with the next table).
  var renderers = {};
  function renderer(game) {
    if (S.games[game]) return Promise.resolve();
    return renderers[game] || (renderers[game] = new Promise(function (done) {
      var script = document.createElement("script");
      script.src = "/games/" + encodeURIComponent(game) + ".js";
      script.onload = done;
      script.onerror = function () { delete renderers[game]; done(); };
      document.head.appendChild(script);
    }));
  }

  function connect() {
    if (!table) return;
    var url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/api/t/" + token + "/ws?" + heldLog();
    try { socket = new WebSocket(url); } catch (e) { socket = null; }
    if (!socket) return startPolling();
    socket.onopen = function () { retry = 1000; stopPolling(); };
    socket.onmessage = function (m) { try { show(JSON.parse(m.data)); } catch (e) { /* not a table */ } };
    socket.onclose = function () {
      socket = null;
      startPolling();
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 15000);
    };
  }
  function startPolling() { if (!poller) poller = setInterval(refresh, 5000); }
  function stopPolling() { if (poller) { clearInterval(poller); poller = null; } }

  function seatName(id) {
    var s = (table.seats || []).filter(function (x) { return x.id === id; })[0];
    return s ? named(s.name) : id;
  }
  function mySeat() { return table.role && table.role.seat || null; }

  function legalFor(piece, place) {
    return table.legal.filter(function (a) {
      return (piece === undefined || (a.piece || null) === piece) && (place === undefined || (a.place || null) === place);
    });
  }

  function render() {
    if (!table) return;
    var game = S.games[table.game];
    $("#title").textContent = named(table.name);
    turnNotice();
    $("#version").textContent = table.version;
    var role = table.role.seat ? seatName(table.role.seat) + " (" + t("you") + ")" : table.role.admin ? t("admin") : t("spectator");
    $("#role").textContent = role;
    var status = $("#status");
    if (table.gathering) {
      status.innerHTML = '<span id="to-act" class="gathering" data-seats="">' + esc(t("diceWaiting").replace("{seats}", table.gathering.map(seatName).join(", "))) + "</span>";
    } else if (table.over) {
      status.innerHTML = '<span id="to-act" class="over" data-seats="">' + esc(t("over")) + ": " + esc(named(table.over.text)) + "</span>";
    } else {
      var seats = table.to_act || [];
      status.innerHTML = '<span id="to-act" data-seats="' + esc(seats.join(" ")) + '">' + esc(t("toAct")) + ": " +
        esc(seats.map(function (s) { return seatName(s) + (s === mySeat() ? " (" + t("you") + ")" : ""); }).join(", ")) + "</span>";
    }
    // The board and the panel: live, or the replayed view.
    var view = replayView || table.view;
    var pieces = new Set(), places = new Set();
    if (!replayView) {
      table.legal.forEach(function (a) {
        if (a.piece && !a.minor) pieces.add(a.piece);
        if (a.place && (selected ? a.piece === selected : !a.piece)) places.add(a.place);
      });
    }
    var ctx = {
      drawing: drawing && drawing.data, view: view, lang: lang, seat: mySeat(), table: table, selected: selected,
      log: replayView && replayAt !== null ? table.log.slice(0, replayAt) : table.log,
      pieces: pieces, places: places, onPiece: onPiece, onPlace: onPlace
    };
    var svg = $("#board svg");
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    if (game && view) {
      try { game.draw(svg, ctx); } catch (e) { console.error(e); }
      try { $("#panel").innerHTML = game.panel(ctx); } catch (e) { console.error(e); }
    } else if (!view) {
      // Before the seal nothing is set up (docs/dice.md): no board yet.
      $("#panel").innerHTML = '<p id="gathering">' + esc(t("diceGathering")) + "</p>";
    }
    composeForms();
    actions();
    oddsCard();
    botsLine();
    inviteCard();
    diceCard();
    seatsCard();
    hotseat();
    log();
    var r = $("#replay");
    r.max = table.log.length;
    if (replayAt === null) r.value = table.log.length;
  }

  // An action as the player reads it (its label, in the page's language)
  // beside its canonical notation, which is what is sent and logged.
  function actionText(action, label) {
    var l = named(label);
    return l && l !== action ? '<span class="label">' + esc(l) + '</span> <code class="notation">' + esc(action) + "</code>" : esc(action);
  }
  function actionButton(a) {
    return '<button type="button" data-action="' + esc(a.action) + '"' + (a.forecast ? " data-rolls" : "") +
      (a.action === armed ? ' class="armed"' : "") + ">" + actionText(a.action, a.label) + "</button>";
  }
  function wire(container) {
    Array.prototype.forEach.call(container.querySelectorAll("button[data-action]"), function (b) {
      b.onclick = function () { submit(b.dataset.action); };
    });
  }

  // The panel's compose forms (see the renderer contract): the verbs they stand for.
  var composed = [];
  function composeForms() {
    composed = [];
    Array.prototype.forEach.call(document.querySelectorAll("#panel form[data-compose]"), function (f) {
      var verb = f.dataset.compose;
      composed.push(verb);
      f.onsubmit = function (e) {
        e.preventDefault();
        var words = Array.prototype.filter.call(f.querySelectorAll("input[type=checkbox]"), function (c) { return c.checked; })
          .map(function (c) { return c.value; });
        submit([verb].concat(words).join(" "));
      };
    });
  }
  function isComposed(a) {
    return composed.some(function (verb) { return a.action === verb || a.action.indexOf(verb + " ") === 0; });
  }

  function actions() {
    var legal = $("#legal"), all = $("#all-legal"), ch = $("#choices");
    if (replayView) { legal.innerHTML = ""; ch.innerHTML = ""; all.innerHTML = ""; $("#undo").hidden = true; return; }
    var buttons = selected ? legalFor(selected, null)
      : table.legal.filter(function (a) { return !a.piece && !a.place && !isComposed(a); });
    var hint = table.legal.length ? (table.legal.some(function (a) { return a.piece || a.place; }) ? "<p class=\"muted\">" + esc(t("boardHelp")) + "</p>" : "")
      : "<p class=\"muted\">" + esc(mySeat() ? t("noActions") : "") + "</p>";
    legal.innerHTML = (selected ? "<p><b>" + esc(selected) + '</b> <button type="button" id="deselect">' + esc(t("cancel")) + "</button></p>" : "") +
      buttons.map(actionButton).join("") + hint;
    if (selected) $("#deselect").onclick = function () { selected = null; choices = null; render(); };
    ch.innerHTML = choices ? "<p>" + esc(t("choose")) + ":</p>" + choices.map(actionButton).join("") : "";
    all.innerHTML = table.legal.map(actionButton).join("");
    wire(legal); wire(ch); wire(all);
    $("#undo").hidden = !table.can_undo;
  }

  // A click on a piece: selects it (or drops the selection) when it has
  // actions, says which rule holds it when it is one of mine with nothing to
  // do; true when it was either, so a renderer may treat the click otherwise.
  function onPiece(id) {
    if (replayView) return false;
    if (selected === id) { selected = null; choices = null; render(); return true; }
    if (legalFor(id).length) { selected = id; choices = null; $("#error").textContent = ""; render(); return true; }
    var why = (table.idle || []).filter(function (x) { return x.piece === id; })[0];
    if (why) $("#error").textContent = "[" + why.rule + "] " + id + ": " + named(why.text);
    return !!why;
  }
  function onPlace(id) {
    if (replayView) return;
    var acts = legalFor(selected || null, id);
    if (acts.length === 1) { submit(acts[0].action); return; }
    if (acts.length > 1) { choices = acts; render(); }
  }

  // "Your turn" reaches the player (issue 14): the tab's title and icon say
  // it, and when the tab is in the background a browser notification (once
  // the player allowed them with #notify). Only on a change to my turn, never
  // on opening the page.
  var wasMyTurn = null;
  function turnNotice() {
    var me = mySeat();
    var mine = !!(me && !table.over && (table.to_act || []).indexOf(me) >= 0 && !(table.seats || []).some(function (s) {
      return s.id === me && s.kind === "bot";
    }));
    document.title = (mine ? "● " + t("yourTurn") + " — " : "") + named(table.name) + " — sandtable";
    var icon = document.getElementById("favicon");
    if (icon) {
      icon.dataset.turn = mine ? "mine" : "";
      icon.href = "data:image/svg+xml," + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16">' +
        '<rect x="1" y="1" width="14" height="14" rx="3" fill="#2d3a2e"/>' +
        (mine ? '<circle cx="11.5" cy="4.5" r="4" fill="#e65100" stroke="#fff" stroke-width="1"/>' : "") + "</svg>");
    }
    if (mine && wasMyTurn === false && document.hidden && window.Notification && Notification.permission === "granted") {
      try { new Notification(t("yourTurn") + ": " + named(table.name), { body: seatName(me), tag: "sandtable-" + table.id }); } catch (e) { /* not allowed here */ }
    }
    wasMyTurn = mine;
    var ask = $("#notify");
    if (ask) {
      ask.hidden = !(me && window.Notification && Notification.permission === "default");
      ask.onclick = function () { Notification.requestPermission().then(function () { ask.hidden = true; }); };
    }
  }

  // Turn notices by e-mail (issue 14): a seat's holder may give an address
  // (only that seat's link reads or sets it); offered only when the server
  // sends mail. An empty address stops the mail.
  function mailForm() {
    var f = $("#mail-form");
    if (!f || !mySeat()) return;
    api("GET", "/api/t/" + token + "/mail").then(function (r) {
      if (!r.sending) return;
      f.hidden = false;
      f.elements.mail.value = r.address || "";
      $("#mail-state").textContent = r.address ? t("mailOn") : "";
    }).catch(function () {});
    f.onsubmit = function (e) {
      e.preventDefault();
      var address = f.elements.mail.value.trim();
      api("POST", "/api/t/" + token + "/mail", { address: address || null }).then(function (r) {
        $("#error").textContent = "";
        $("#mail-state").textContent = t(r.address ? "mailOn" : "mailOff");
      }).catch(function (e) { $("#error").textContent = errorText(e); });
    };
  }

  // Odds before the dice (issue 14): an action that rolls carries its
  // forecast, computed by the engine; choosing it shows the odds, and only a
  // second, deliberate click (the same target again, or #roll) sends it.
  // #confirm-rolls (kept in localStorage) turns the second click off.
  var armed = null;
  var ODDS_SHOWN = 12;
  function confirmRolls() { return localStorage.getItem("sandtable.confirmRolls") !== "off"; }
  function forecastOf(action) {
    var a = ((table && table.legal) || []).filter(function (x) { return x.action === action; })[0];
    return a && a.forecast;
  }
  function percent(p) {
    var s = (p * 100).toFixed(1);
    return (lang === "ru" ? s.replace(".", ",") : s) + "%";
  }
  function oddsCard() {
    var box = $("#odds");
    var f = armed && !replayView && forecastOf(armed);
    if (!f) armed = null;
    // A roll that is the only choice: its odds show at once, and one click throws it.
    var only = !armed && !replayView && (table.legal || []).length === 1 && table.legal[0].forecast ? table.legal[0] : null;
    if (only) f = only.forecast;
    if (!f) { box.innerHTML = ""; box.hidden = true; return; }
    var action = armed || only.action;
    var rows = f.outcomes.slice().sort(function (a, b) { return b.p - a.p; });
    // A long list (a Colditz movement throw has ~100 results) shows its most
    // likely dozen and what the rest add up to.
    var rest = rows.slice(ODDS_SHOWN), restP = rest.reduce(function (t, c) { return t + c.p; }, 0);
    rows = rows.slice(0, ODDS_SHOWN);
    box.hidden = false;
    var entry = table.legal.filter(function (x) { return x.action === action; })[0] || {};
    box.innerHTML = "<p><b>" + esc(t("odds")) + ":</b> " + actionText(action, entry.label) + '</p><ul class="outcomes">' + rows.map(function (c) {
      return '<li><span class="p">' + esc(percent(c.p)) + '</span><span class="bar"><span style="width:' +
        Math.max(1, Math.round(c.p * 100)) + '%"></span></span>' + esc(named(c.text)) + "</li>";
    }).join("") + (rest.length ? '<li class="rest"><span class="p">' + esc(percent(restP)) + "</span><span></span>" +
      esc(tn("oddsRest", rest.length)) + "</li>" : "") + "</ul>" + ((f.basis || []).length ? '<ul class="basis">' + f.basis.map(function (b) {
      return '<li><span class="rule">' + esc(b.rule) + "</span> " + esc(named(b.text)) + "</li>";
    }).join("") + "</ul>" : "") + (armed ? '<p class="muted">' + esc(t("rollAgain")) + "</p>" : "") +
      '<button type="button" class="primary" id="roll">' + esc(t("roll")) + "</button>" +
      (armed ? ' <button type="button" id="odds-cancel">' + esc(t("cancel")) + "</button>" : "");
    $("#roll").onclick = function () { submit(action); };
    if (armed) $("#odds-cancel").onclick = function () { armed = null; render(); };
  }

  function submit(action) {
    // A roll that is the seat's only choice is thrown at once: there is nothing to weigh.
    var choice = ((table && table.legal) || []).length > 1;
    if (forecastOf(action) && choice && confirmRolls() && armed !== action) { armed = action; render(); return; }
    armed = null;
    $("#error").textContent = "";
    api("POST", "/api/t/" + token + "/act", { version: table.version, action: action })
      .then(function () { choices = null; return refresh(); })
      .catch(function (e) { $("#error").textContent = errorText(e); refresh(); });
  }
  function undo() {
    $("#error").textContent = "";
    api("POST", "/api/t/" + token + "/undo", { version: table.version }).then(refresh)
      .catch(function (e) { $("#error").textContent = errorText(e); });
  }

  // Each bot seat: its bot, whether it is thinking now, how long its last decision took.
  function duration(ms) {
    if (ms < 1000) return t("ms").replace("{n}", ms);
    var s = (ms / 1000).toFixed(1);
    return t("seconds").replace("{n}", lang === "ru" ? s.replace(".", ",") : s);
  }
  function botsLine() {
    var ul = $("#bots");
    var lines = table.seats.filter(function (s) { return s.playing && s.bot; }).map(function (s) {
      var last = s.bot.last_ms;
      var parts = [];
      if (s.thinking) parts.push(t("thinking"));
      if (last !== null && last !== undefined) parts.push(t("lastMove").replace("{time}", duration(last)));
      return '<li data-seat="' + esc(s.id) + '"' + (s.thinking ? " data-thinking" : "") +
        (last !== null && last !== undefined ? ' data-last-ms="' + esc(last) + '"' : "") + ' title="' + esc(named(s.bot.about)) + '">' +
        esc(seatName(s.id)) + ": " + esc(t("botIs").replace("{bot}", s.bot.name)) +
        (parts.length ? ' <span class="muted">' + esc(parts.join(" · ")) + "</span>" : "") + "</li>";
    });
    ul.innerHTML = lines.join("");
    ul.hidden = !lines.length;
  }

  // Invites the creator re-issued on this page, by seat id.
  var reissued = {};
  // The bot chosen for each seat in the creator's card, kept across redraws.
  var botChosen = {};
  function seatsCard() {
    var card = $("#seats-card");
    card.hidden = !table.role.admin;
    if (!table.role.admin) return;
    // The bots to choose from come with the catalog.
    if (!catalog) { loadCatalog().then(function () { if (table) seatsCard(); }).catch(function () {}); }
    var base = location.origin + "/t/";
    function choice(s) {
      if (botChosen[s.id]) return botChosen[s.id];
      if (!s.bot) return "bot";
      return botChoices().some(function (o) { return o.value === "bot:" + s.bot.name; }) ? "bot:" + s.bot.name : "bot";
    }
    $("#seats").innerHTML = table.seats.filter(function (s) { return s.playing; }).map(function (s) {
      var other = s.kind === "bot" ? "human" : "bot";
      var link = reissued[s.id] ? base + reissued[s.id] : "";
      var select = catalog ? ' <select data-bot-for="' + esc(s.id) + '" aria-label="' + esc(t("botLevel")) + '">' + botOptions(choice(s)) + "</select>" : "";
      var who = s.bot ? t("botIs").replace("{bot}", s.bot.name) : t(s.kind);
      return "<li>" + esc(named(s.name)) + ": " + esc(who) + (other === "bot" ? select : "") + ' <button type="button" data-seat="' + esc(s.id) + '" data-kind="' +
        other + '">' + esc(t(other === "bot" ? "makeBot" : "makeHuman")) + "</button>" + (other === "human" ? select : "") +
        ' <button type="button" data-reissue="' + esc(s.id) + '">' + esc(t("reissue")) + "</button>" +
        (link ? ' <a data-invite="' + esc(s.id) + '" href="' + esc(link) + '">' + esc(link) + "</a>" : "") + "</li>";
    }).join("");
    function handTo(seat, kind) {
      var body = { seat: seat, kind: kind };
      var sel = kind === "bot" && $('#seats select[data-bot-for="' + seat + '"]');
      var bot = sel ? botOf(sel.value).bot : null;
      if (bot) body.bot = bot;
      $("#error").textContent = "";
      api("POST", "/api/t/" + token + "/seat", body).then(function () { delete botChosen[seat]; return refresh(); })
        .catch(function (e) { $("#error").textContent = errorText(e); });
    }
    Array.prototype.forEach.call($("#seats").querySelectorAll("button[data-kind]"), function (b) {
      b.onclick = function () { handTo(b.dataset.seat, b.dataset.kind); };
    });
    Array.prototype.forEach.call($("#seats").querySelectorAll("select[data-bot-for]"), function (sel) {
      sel.onchange = function () {
        var seat = sel.dataset.botFor;
        botChosen[seat] = sel.value;
        var s = table.seats.filter(function (x) { return x.id === seat; })[0];
        // A bot seat takes the bot chosen at once; a person's seat on "give to the bot".
        if (s && s.kind === "bot") handTo(seat, "bot");
      };
    });
    Array.prototype.forEach.call($("#seats").querySelectorAll("button[data-reissue]"), function (b) {
      b.onclick = function () {
        var seat = b.dataset.reissue;
        if (!confirm(t("reissueConfirm").replace("{seat}", seatName(seat)))) return;
        $("#error").textContent = "";
        api("POST", "/api/t/" + token + "/invite", { seat: seat }).then(function (r) {
          reissued[seat] = r.invite;
          // This browser's link for the seat (hot seat) no longer works.
          var mine = held()[table.id];
          if (mine && mine.seats && mine.seats[seat]) { delete mine.seats[seat]; hold(table.id, mine); }
          seatsCard();
        }).catch(function (e) { $("#error").textContent = errorText(e); });
      };
    });
  }

  // An invite link: take the seat (once), keep its new link as this
  // browser's link for the seat, and go there.
  function inviteCard() {
    var card = $("#invite-card");
    card.hidden = !invite;
    if (!invite) return;
    if (invite.claimed) {
      if (!$("#claimed")) card.innerHTML = '<p id="claimed" class="error">' + esc(t("claimTaken")) + "</p>";
      return;
    }
    if ($("#claim")) return;
    card.innerHTML = '<p><button id="claim" class="primary" type="button">' + esc(t("claimSeat")) + ": " +
      esc(seatName(invite.seat)) + "</button></p>";
    $("#claim").onclick = function () {
      this.disabled = true;
      $("#error").textContent = "";
      api("POST", "/api/t/" + token + "/claim", {}).then(function (r) {
        var mine = held()[table.id] || { game: table.game, seats: {} };
        mine.seats = mine.seats || {};
        mine.seats[invite.seat] = r.token;
        hold(table.id, mine);
        location.assign("/t/" + r.token);
      }).catch(function (e) {
        $("#error").textContent = errorText(e);
        if (e.api && e.api.kind === "claimed") invite.claimed = true;
        card.innerHTML = "";
        inviteCard();
      });
    };
  }

  // Hot seat: the links of this game this browser created.
  // This browser holds the link it opened: its lobby lists the game.
  // Provable dice (docs/dice.md). Before the seal this browser gives the
  // share of every seat link it holds that is still awaited, keeping each
  // share and the commitment it first saw; after the game it checks the
  // revealed secret against both.
  var sharing = {};
  function hexOf(bytes) {
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }
  function bytesOf(hex) {
    var out = new Uint8Array(hex.length / 2);
    for (var i = 0; i < out.length; i++) out[i] = parseInt(hex.substr(2 * i, 2), 16);
    return out;
  }
  function kept(what) { return localStorage.getItem("sandtable." + what + "." + table.id); }
  function keep(what, value) { localStorage.setItem("sandtable." + what + "." + table.id, value); }
  function giveShares() {
    var d = table.dice;
    if (!d || d.chosen) return;
    // What this page saw before the game was over, for the check after it.
    if (!table.over && !kept("commitment")) keep("commitment", d.commitment);
    if (!table.over && d.sealed && !kept("sealed-shares")) keep("sealed-shares", JSON.stringify(d.shares));
    if (d.sealed) return;
    var seats = heldSeats();
    (d.waiting || []).forEach(function (id) {
      var tok = seats[id];
      if (!tok || sharing[id]) return;
      sharing[id] = true;
      // Drawn once and kept: sent again as it is after a failure, so a
      // server refusing shares it dislikes gets no other to choose from.
      var hex = kept("share." + id);
      if (!hex) {
        var bytes = new Uint8Array(32);
        crypto.getRandomValues(bytes);
        hex = hexOf(bytes);
        keep("share." + id, hex);
      }
      api("POST", "/api/t/" + tok + "/share", { entropy: hex }).then(refresh).catch(function (e) {
        sharing[id] = false; // tried again with the next table
        $("#error").textContent = errorText(e);
      });
    });
  }
  function diceCard() {
    var box = $("#dice-card"), d = table.dice;
    if (!d) { box.hidden = true; return; }
    box.hidden = false;
    if (d.chosen) {
      box.innerHTML = "<h2>" + esc(t("diceTitle")) + '</h2><p id="dice-chosen" class="muted">' + esc(t("diceChosen")) + "</p>";
      return;
    }
    var html = "<h2>" + esc(t("diceTitle")) + '</h2><p class="muted">' + esc(t("diceCommitment")) +
      ' <code id="commitment" title="' + esc(d.commitment) + '">' + esc(d.commitment.slice(0, 16)) + "…</code></p>" +
      '<p id="dice-state" class="muted">' + esc(d.sealed ? t(d.shares.length ? "diceSealed" : "diceSealedAlone") : t("diceWaiting").replace("{seats}", (d.waiting || []).map(seatName).join(", "))) +
      " (" + esc(tn("diceShares", d.shares.length)) + ")</p>";
    if (table.over && d.secret) {
      html += '<p><button id="verify" type="button">' + esc(t("verify")) + '</button> <a id="record" download="' + esc(table.game + "-" + table.id) +
        '.json" href="/api/t/' + token + '/record">' + esc(t("verifyFile")) + '</a></p><ul id="verify-result"></ul>' +
        '<p class="muted">' + esc(t("verifyEveryRoll")) + ' <code>sandtable verify ' + esc(table.game + "-" + table.id) + ".json</code></p>";
    }
    var before = $("#verify-result") && $("#verify-result").innerHTML;
    box.innerHTML = html;
    if (before && $("#verify-result")) $("#verify-result").innerHTML = before;
    if ($("#verify")) $("#verify").onclick = verifyDice;
  }
  function sha256(parts) {
    var len = parts.reduce(function (n, p) { return n + p.length; }, 0), all = new Uint8Array(len), at = 0;
    parts.forEach(function (p) { all.set(p, at); at += p.length; });
    return crypto.subtle.digest("SHA-256", all).then(function (d) { return new Uint8Array(d); });
  }
  // Seat ids in the order the seed takes them: by their UTF-8 bytes, as Rust sorts strings.
  function byBytes(a, b) {
    var x = new TextEncoder().encode(a), y = new TextEncoder().encode(b);
    for (var i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
    return x.length - y.length;
  }
  // The chain docs/dice.md states, computed here, not by the server: the
  // secret hashes to the commitment this page saw before the game; each
  // share is of a seat of the game, one a seat, and the shares are the ones
  // this page saw at the seal; with them the secret makes the seed the game
  // file states; this browser's own shares are among them. (That every roll
  // follows from that seed: sandtable verify, which replays the file.)
  function verifyDice() {
    var out = $("#verify-result");
    function line(state, text) {
      var mark = state === "ok" ? "✓ " : state === "bad" ? "✗ " : "! ";
      out.innerHTML += '<li class="' + state + '">' + mark + esc(text) + "</li>";
    }
    function check(ok, text) { line(ok ? "ok" : "bad", text); }
    out.innerHTML = "";
    if (!(window.crypto && crypto.subtle)) { line("bad", t("verifyNoCrypto")); return; }
    var utf8 = function (s) { return new TextEncoder().encode(s); };
    fetch("/api/t/" + token + "/record").then(function (r) { return r.text(); }).then(function (text) {
      var rec = JSON.parse(text), proof = rec.dice;
      // The seed as written: a u64 can exceed what a JS number holds exactly.
      var seed = (/"seed"\s*:\s*(\d+)/.exec(text) || [])[1];
      if (!proof || !seed || proof.scheme !== "sandtable-dice/1") { line("bad", t("verifyNoProof")); return; }
      var playing = table.seats.filter(function (x) { return x.playing; }).map(function (x) { return x.id; });
      var seen = {}, wellFormed = proof.shares.every(function (sh) {
        var fine = playing.indexOf(sh.seat) >= 0 && !seen[sh.seat];
        seen[sh.seat] = true;
        return fine;
      });
      var secret = bytesOf(proof.secret);
      var shares = proof.shares.slice().sort(function (a, b) { return byBytes(a.seat, b.seat); });
      var seedParts = [utf8("sandtable-dice/1 seed"), secret];
      shares.forEach(function (sh) { seedParts.push(utf8(sh.seat), new Uint8Array([0]), bytesOf(sh.entropy)); });
      return Promise.all([sha256([utf8("sandtable-dice/1 commitment"), secret]), sha256(seedParts)]).then(function (h) {
        var before = kept("commitment");
        if (before) check(hexOf(h[0]) === before && proof.commitment === before, t("verifyCommitment"));
        else line("warn", t("verifyNotSeen"));
        // The same shares, whatever order they and their fields come in.
        var atSeal = kept("sealed-shares");
        var key = function (list) { return list.map(function (sh) { return sh.seat + "=" + sh.entropy; }).sort().join(" "); };
        check(wellFormed && (!atSeal || key(JSON.parse(atSeal)) === key(shares)), t("verifyShares"));
        var n = 0n;
        for (var i = 7; i >= 0; i--) n = n * 256n + BigInt(h[1][i]);
        check(n.toString() === seed, t("verifySeed").replace("{seed}", seed));
        if (!proof.shares.length) line("warn", t("verifyNoShares"));
        var held = heldSeats();
        Object.keys(held).forEach(function (id) {
          var mine = kept("share." + id), theirs = proof.shares.filter(function (sh) { return sh.seat === id; })[0];
          if (!theirs) { line("warn", t("verifyMineNone").replace("{seat}", seatName(id))); return; }
          check(mine === theirs.entropy, t(mine === theirs.entropy ? "verifyMine" : "verifyMineMissing").replace("{seat}", seatName(id)));
        });
      });
    }).catch(function (e) { line("bad", String(e)); });
  }
  function remember() {
    var mine = held()[table.id] || { game: table.game, seats: {} };
    mine.seats = mine.seats || {};
    var r = table.role;
    if (r.seat) {
      if (mine.seats[r.seat] === token) return;
      mine.seats[r.seat] = token;
    } else if (r.invite) {
      mine.invites = mine.invites || {};
      if (mine.invites[r.invite] === token) return;
      mine.invites[r.invite] = token;
    } else if (r.admin) {
      if (mine.admin === token) return;
      mine.admin = token;
    } else {
      if (mine.spectator === token) return;
      mine.spectator = token;
    }
    hold(table.id, mine);
  }
  function heldSeats() {
    var mine = held()[table.id];
    return mine ? mine.seats : {};
  }
  function hotseat() {
    var box = $("#hotseat"), seats = heldSeats();
    var others = Object.keys(seats).filter(function (id) {
      var s = table.seats.filter(function (x) { return x.id === id; })[0];
      return seats[id] !== token && s && s.kind === "human";
    });
    box.hidden = !others.length;
    if (!others.length) return;
    var to = table.to_act || [];
    box.innerHTML = '<span id="switch"><b>' + esc(seatName(mySeat())) + "</b> · " + esc(t("switchSeat")) + " " + others.map(function (id) {
      var turn = to.indexOf(id) >= 0;
      return '<a data-seat="' + esc(id) + '" href="/t/' + seats[id] + '"><button type="button"' + (turn ? ' class="primary"' : "") + ">" +
        esc(seatName(id)) + (turn ? " ●" : "") + "</button></a> ";
    }).join("") + '</span><label><input id="follow" type="checkbox"' + (following() ? " checked" : "") + "> " + esc(t("follow")) + "</label>";
    $("#follow").onchange = function () { localStorage.setItem("sandtable.follow", this.checked ? "1" : "0"); followTurn(); };
  }
  // Hot seat follows the turn unless this browser was told not to.
  function following() { return localStorage.getItem("sandtable.follow") !== "0"; }
  function followTurn() {
    if (!following() || !table || table.over) return;
    var seats = heldSeats(), me = mySeat(), to = table.to_act || [];
    // Only a seat's page follows (the creator's and spectator's pages stay), and not when it must act.
    if (!me || to.indexOf(me) >= 0) return;
    var next = to.filter(function (id) { return seats[id]; })[0];
    var s = next && table.seats.filter(function (x) { return x.id === next; })[0];
    if (next && s && s.kind === "human" && seats[next] !== token) location.assign("/t/" + seats[next]);
  }

  function log() {
    var ol = $("#log");
    var atBottom = ol.scrollHeight - ol.scrollTop - ol.clientHeight < 30;
    ol.innerHTML = table.log.map(function (e) {
      var evs = (e.events || []).map(function (v) {
        var dice = v.dice && v.dice.length ? ' <span class="dice">⚄ ' + v.dice.join(" ") + "</span>" : "";
        // An event told to some seats only (a card drawn) reached this page because it is one of them.
        var mine = v.audience && v.audience !== "everyone" ? ' <span class="private">(' + esc(t("privateEvent")) + ")</span>" : "";
        return '<li class="ev">' + (v.rule ? '<span class="rule">[' + esc(v.rule) + "]</span> " : "") + esc(named(v.text)) + dice + mine + "</li>";
      }).join("");
      return "<li><b>" + esc(seatName(e.seat)) + "</b>: " + actionText(e.action, e.label) + (evs ? "<ul>" + evs + "</ul>" : "") + "</li>";
    }).join("");
    if (atBottom) ol.scrollTop = ol.scrollHeight;
  }

  function replay(at) {
    if (at >= table.log.length) { $("#live").onclick(); return; }
    replayAt = at;
    api("GET", "/api/t/" + token + "/replay?at=" + at).then(function (r) {
      if (replayAt !== at) return;
      replayView = r.view;
      document.body.classList.add("replaying");
      $("#replay-at").textContent = t("decision") + " " + r.at + " / " + r.of;
      render();
    }).catch(function (e) { $("#error").textContent = errorText(e); });
  }

  // ---------------------------------------------------------------- start --
  S.start = function () {
    var btn = $("#lang");
    function label() { btn.textContent = lang === "ru" ? "EN" : "RU"; document.documentElement.lang = lang; }
    label();
    btn.onclick = function () {
      lang = lang === "ru" ? "en" : "ru";
      localStorage.setItem("sandtable.lang", lang);
      label();
      // The table page's labels are built once: start it again in the new language.
      if (token) location.reload(); else lobby();
    };
    var m = location.pathname.match(/^\/t\/([0-9a-f]{32})\/?$/);
    if (m) tablePage(m[1]); else lobby();
  };
})();
