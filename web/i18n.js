// Every string of the shell in English and Russian (games' renderers carry
// their own). Russian follows the rule texts' terms.
(function () {
  "use strict";
  window.Sandtable = window.Sandtable || { games: {} };
  Sandtable.games = Sandtable.games || {};
  Sandtable.words = {
    en: {
      newGame: "New game", game: "Game", scenario: "Scenario", seed: "Seed (empty: random)", seedNote: "A seed you choose makes the game's dice and draws known to you: leave it empty for a fair game.", seats: "Seats",
      human: "person", bot: "bot", create: "Create game", links: "Send each player the link of their seat",
      seatLink: "seat", spectatorLink: "spectator (public information only)", adminLink: "creator (hand seats to bots)",
      playHere: "Play here", yours: "Your games (links this browser holds)", publicGames: "Public games",
      publicGame: "List this game in the lobby for everyone (others still need a link to play or watch)", none: "none yet", open: "open", toAct: "To act", over: "Game over",
      winners: "winners", draw: "draw", version: "version", undo: "Undo my last move", actions: "Your actions",
      allActions: "All legal actions", choose: "Choose", cancel: "Cancel", log: "Log", noActions: "Nothing to decide now.",
      waiting: "Waiting for", you: "you", spectator: "spectator", admin: "creator", seatTitle: "Seats",
      makeBot: "give to the bot", makeHuman: "give back to its link", switchSeat: "Hot seat: switch to",
      follow: "follow the turn", replay: "Replay", live: "back to live", decision: "decision",
      connection: "connection lost, reconnecting…", authored: "authored", option: "Option",
      copy: "copy", copied: "copied", notPlaying: "not in this game", boardHelp: "Click a highlighted piece, then where it goes.",
      wrongLink: "This link opens no game.", playing: "playing", kind: "played by",
      humanHere: "person, on this screen / hot seat", humanInvite: "person, by invite link",
      inviteLink: "invite: opens once, for one person", claimSeat: "Take the seat",
      claimTaken: "This invite was used already: its seat is taken. If not by you, tell the game's creator.",
      reissue: "new invite link",
      reissueConfirm: "A new invite link for {seat}: the seat's current link and invite stop working at once. Go on?",
      privateEvent: "only you see this",
      yourTurn: "Your turn", notify: "Notify me when it is my turn",
      mailMe: "E-mail me when it is my turn (only this seat's link sees it):", save: "Save",
      mailOn: "you will be written to when it is your turn", mailOff: "no e-mail",
      oddsRest: { one: "{n} other result", other: "{n} other results" }, odds: "Odds", roll: "Roll the dice", rollAgain: "Nothing is rolled yet: click the target again, or Roll the dice.",
      confirmRolls: "show the odds first and roll on a second click",
      botEasy: "Bot — easy", botNormal: "Bot — normal", botHard: "Bot — hard", botGreedy: "Bot — greedy (one move ahead)",
      botRandom: "Bot — random moves", botNamed: "Bot — {bot}", botLevel: "the bot to play the seat",
      botIs: "bot ({bot})", thinking: "thinking…", lastMove: "last move {time}", ms: "{n} ms", seconds: "{n} s",
      scenarioFile: "or your own scenario file (upload or paste; it replaces the scenario above)",
      scenarioFileNote: "Totensonntag: one TOML file with the scenario and its [map] (see its README). Its problems are listed below, each with its line."
    },
    ru: {
      newGame: "Новая партия", game: "Игра", scenario: "Сценарий", seed: "Зерно (пусто: случайное)", seedNote: "Выбранное вами зерно делает броски и взятые карты известными вам заранее: для честной партии оставьте поле пустым.", seats: "Места",
      human: "человек", bot: "бот", create: "Создать партию", links: "Отправьте каждому игроку ссылку его места",
      seatLink: "место", spectatorLink: "зритель (только открытые сведения)", adminLink: "создатель (передать места боту)",
      playHere: "Играть здесь", yours: "Ваши партии (ссылки, сохранённые в этом браузере)", publicGames: "Открытые партии",
      publicGame: "Показывать партию в лобби всем (играть и смотреть всё равно можно только по ссылке)", none: "пока нет", open: "открыть", toAct: "Ходит",
      over: "Партия окончена", winners: "победители", draw: "ничья", version: "версия", undo: "Отменить мой ход",
      actions: "Ваши действия", allActions: "Все допустимые действия", choose: "Выберите", cancel: "Отмена", log: "Журнал",
      noActions: "Сейчас решать нечего.", waiting: "Ждём", you: "вы", spectator: "зритель", admin: "создатель",
      seatTitle: "Места", makeBot: "отдать боту", makeHuman: "вернуть по ссылке", switchSeat: "Игра за одним экраном: перейти за",
      follow: "следовать за ходом", replay: "Повтор", live: "к текущей позиции", decision: "решение",
      connection: "связь потеряна, переподключаемся…", authored: "авторский", option: "Параметр",
      copy: "копировать", copied: "скопировано", notPlaying: "не участвует", boardHelp: "Щёлкните подсвеченную фишку, затем куда ей идти.",
      wrongLink: "По этой ссылке нет партии.", playing: "играет", kind: "играет",
      humanHere: "человек, за этим экраном", humanInvite: "человек, по ссылке-приглашению",
      inviteLink: "приглашение: срабатывает один раз, для одного человека", claimSeat: "Занять место",
      claimTaken: "Это приглашение уже использовано: место занято. Если не вами — сообщите создателю партии.",
      reissue: "новая ссылка-приглашение",
      reissueConfirm: "Новая ссылка-приглашение для места «{seat}»: нынешние ссылка и приглашение этого места сразу перестанут работать. Продолжить?",
      privateEvent: "видно только вам",
      yourTurn: "Ваш ход", notify: "Сообщать, когда мой ход",
      mailMe: "Писать мне, когда мой ход (адрес видит только ссылка этого места):", save: "Сохранить",
      mailOn: "письмо придёт, когда будет ваш ход", mailOff: "писем не будет",
      oddsRest: { one: "ещё {n} исход", few: "ещё {n} исхода", many: "ещё {n} исходов", other: "ещё {n} исхода" }, odds: "Шансы", roll: "Бросить кубики", rollAgain: "Кубики ещё не брошены: щёлкните цель ещё раз или «Бросить кубики».",
      confirmRolls: "сначала показывать шансы, бросать по второму щелчку",
      botEasy: "Бот — лёгкий", botNormal: "Бот — обычный", botHard: "Бот — сильный", botGreedy: "Бот — жадный (на ход вперёд)",
      botRandom: "Бот — случайные ходы", botNamed: "Бот — {bot}", botLevel: "бот, который займёт место",
      botIs: "бот ({bot})", thinking: "думает…", lastMove: "последний ход {time}", ms: "{n} мс", seconds: "{n} с",
      scenarioFile: "или свой файл сценария (загрузите или вставьте; он заменяет сценарий выше)",
      scenarioFileNote: "Totensonntag: один TOML-файл со сценарием и его картой [map] (см. README). Ошибки будут перечислены ниже, каждая со своей строкой."
    }
  };
})();
