// The viewer's Russian strings: the same keys as en.ts (the type checks
// it), for the players who read Russian, as most Chess Assistant users do.

import type { ErrorCode } from '../../pkg/cadb.js';
import type { Strings } from './en.js';
import type { Failed } from '../protocol.js';
import { failures, fixed, num, plural } from './format.js';

const games = (n: number) => `${num(n)} ${plural(n, { one: 'партия', few: 'партии', many: 'партий', other: 'партии' })}`;
/** "из 5 партий", "из 21 партии". */
const ofGames = (n: number) => `${num(n)} ${plural(n, { one: 'партии', few: 'партий', many: 'партий', other: 'партии' })}`;

export const ru: Strings = {
  locale: 'ru-RU',
  name: 'Русский',

  pieces: { K: 'Кр', Q: 'Ф', R: 'Л', B: 'С', N: 'К' },
  spoken: {
    K: 'король', Q: 'ферзь', R: 'ладья', B: 'слон', N: 'конь',
    takes: 'бьёт', check: 'шах', mate: 'мат', short: 'короткая рокировка', long: 'длинная рокировка',
    promotes: { Q: 'превращается в ферзя', R: 'превращается в ладью', B: 'превращается в слона', N: 'превращается в коня' },
  },

  page: {
    title: 'cadb: базы Chess Assistant в браузере',
    open: 'Открыть базу…',
    dropHint: 'или перетащите сюда её файлы (или папку). Ничего не покидает этот компьютер.',
    cancelTitle: 'Отмена (Esc)',
    names: 'Кодировка',
    encodingLabel: 'Кодировка текста',
    theme: 'Светлая или тёмная тема',
    language: 'Язык',
    notation: 'Обозначение фигур',
    notationLetters: 'Буквы',
    notationFigurine: 'Значки',
    tools: 'Инструменты',
    benchmark: 'Тест скорости: декодер в этом браузере',
    compactness: 'Компактность: байт на ход в каждом формате',
    keys: 'Клавиши',
    noticeDetails: 'Подробнее',
    playerCard: 'Карточка игрока',
    gamesSection: 'Партии',
    filterPlaceholder: 'Фильтр: игрок, турнир, место, год',
    filterLabel: 'Фильтр партий',
    positionClear: 'Снять фильтр по позиции',
    exportTitle: 'Скачать PGN всех партий списка',
    search: 'Поиск',
    player: 'Игрок',
    as: 'за',
    colorEither: 'белых или чёрных',
    colorWhite: 'белых',
    colorBlack: 'чёрных',
    wholeName: 'имя целиком',
    event: 'Турнир',
    site: 'Место',
    annotator: 'Комментатор',
    source: 'Источник',
    yearFrom: 'Год с',
    to: 'по',
    ecoFrom: 'ECO с',
    result: 'Результат',
    any: 'любой',
    minElo: 'Эло не ниже',
    for: 'у',
    eloBoth: 'обоих игроков',
    eloEither: 'любого из игроков',
    eloOpponent: 'соперника игрока',
    pliesFrom: 'Полуходов с',
    gameType: 'Тип партии',
    gameTypeTitle: 'Название или номер типа партии (1–30)',
    annotated: 'только с комментариями или вариантами',
    positionMoves: 'Позиция и ходы',
    material: 'Материал',
    materialHint: 'RB vs RN for 2',
    materialTitle: 'Фигуры каждой стороны латинскими буквами (Q R B N P; пешки любые, если не названы): RB vs RN. Уточнения: for N (N полуходов подряд), plies A-B (полуходы с A по B), either (и с обменом цветов). Или разность: diff Q=1 R=-2, diff points>=3',
    pattern: 'Расстановка',
    patternHint: 'Nd5 !pc6 either',
    patternTitle: 'Фигуры на полях, латинскими буквами: заглавные белые, строчные чёрные. Nd5 — конь на d5 обязателен, !pc6 или !pc — чёрной пешки нет на c6 или на всей вертикали c. Уточнения: either, mirror, for N, plies A-B',
    editOnBoard: 'На доске…',
    maneuver: 'Маневр',
    maneuverHint: 'Nb1-d2-f1-g3',
    maneuverTitle: 'Путь одной фигуры по полям, её собственными ходами (ходы других между ними любые): Nb1-d2-f1-g3 (белые), nb8-d7-f8-g6 (чёрные)',
    comment: 'Слова в комментарии',
    commentHint: 'блестяще "единственный ход"',
    commentTitle: 'Слова или «фраза в кавычках», которые есть в одном комментарии, в любом регистре',
    nag: 'Оценка хода',
    nagGood: '! сильный ход',
    nagMistake: '? ошибка',
    nagBrilliant: '!! блестящий ход',
    nagBlunder: '?? грубая ошибка',
    nagInteresting: '!? интересный ход',
    nagDubious: '?! сомнительный ход',
    nagNumber: 'NAG',
    hasEval: 'есть оценки движка',
    evalSwing: 'Перепад оценки',
    evalSwingTitle: 'Оценки двух соседних ходов расходятся хотя бы на столько пешек',
    pawns: 'пешки',
    opening: 'Дебют',
    openingHint: 'Сицилианская',
    openingTitle: 'Часть названия дебюта или его код ECO',
    apply: 'Применить',
    clear: 'Сбросить',
    gameSection: 'Партия',
    start: 'В начало',
    startTitle: 'В начало (Home, ↑)',
    back: 'Назад',
    backTitle: 'Назад (←)',
    forward: 'Вперёд',
    forwardTitle: 'Вперёд (→)',
    end: 'В конец',
    endTitle: 'В конец (End, ↓)',
    flip: 'Перевернуть доску',
    flipTitle: 'Перевернуть доску (f)',
    copyFen: 'Копировать FEN',
    copyPgn: 'Копировать PGN',
    saveGame: 'Сохранить партию',
    positionSearch: 'Партии с этой позицией',
    positionSearchTitle: 'Показать партии, в которых встречается позиция на доске',
    sideSection: 'Ходы и панели',
    moves: 'Ходы',
    tree: 'Дерево дебютов',
    database: 'База',
    close: 'Закрыть',
  },

  count: {
    before: 'Партии: ',
    of: (total: number) => ` из ${num(total)}`,
    after: () => '',
  },

  columns: {
    index: '#', database: 'База', white: 'Белые', whiteElo: 'Эло', black: 'Чёрные', blackElo: 'Эло', result: 'Результат', date: 'Дата',
    event: 'Турнир', site: 'Место', round: 'Тур', eco: 'ECO', opening: 'Дебют', annotator: 'Комментатор', source: 'Источник', gameType: 'Тип', plies: 'Полуходы',
  },
  list: {
    label: 'Партии',
    problem: (why: string) => `Не удалось показать партии: ${why}`,
    retry: 'Повторить',
    databases: (n: number) => `${num(n)} ${plural(n, { one: 'база', few: 'базы', many: 'баз', other: 'базы' })}:`,
    exportAll: '⤓ PGN всех',
    exportAllTitle: 'Скачать один PGN всех выбранных баз, в порядке меню; у каждой партии тег с её базой ([CASource])',
    mergeCopies: 'без повторов',
    mergeCopiesTitle: 'Записать каждую группу повторяющихся партий один раз: те же игроки, результат, год и главная линия, или более короткая копия (как cadb pgn --dedupe)',
    databaseLabel: 'Показать другую из открытых баз',
    databaseOption: (name: string, n: number | null) => (n === null ? name : `${name} (${games(n)})`),
    allDatabases: (n: number) => `Все ${num(n)} одним списком`,
    allName: 'все базы',
    oneDatabase: 'Показывается для одной базы: выберите её в меню баз',
    copiesLabel: 'Повторы:',
    copiesAll: 'показаны',
    copiesHide: 'скрыты',
    copiesGroups: 'только они, группами',
    copiesTitle: 'Партии, которые есть в базах дважды (те же игроки, результат, год и главная линия, или более короткая копия): «скрыты» убирает каждую копию, оставляя самую длинную, затем самую прокомментированную; «группами» показывает каждую группу вместе, с базой каждой копии',
    copiesGrouped: (groups: number) => `Групп повторов: ${num(groups)}, каждая вместе.`,
    copiesHidden: (copies: number, groups: number) =>
      `Скрыто повторов: ${num(copies)}, групп: ${num(groups)}.`,
  },

  nags: {
    1: 'хороший ход', 2: 'ошибка', 3: 'отличный ход', 4: 'грубая ошибка', 5: 'интересный ход', 6: 'сомнительный ход', 7: 'единственный ход',
    10: 'равная позиция', 11: 'спокойная позиция', 12: 'активная позиция', 13: 'неясная позиция', 14: 'у белых небольшой перевес',
    15: 'у чёрных небольшой перевес', 16: 'у белых перевес', 17: 'у чёрных перевес', 18: 'белые выигрывают', 19: 'чёрные выигрывают',
    22: 'цугцванг', 32: 'перевес в развитии', 36: 'инициатива', 40: 'атака', 44: 'компенсация', 132: 'контригра',
    138: 'цейтнот', 140: 'с идеей', 146: 'новинка',
  },
  nag: (n: number) => `NAG ${n}`,

  moves: {
    variation: 'вариант',
    rescued: (direction: string) =>
      `Прочитано с направлением вертикалей «${direction}»: по правилу самой базы эта партия не воспроизводится. Проверьте её ходы.`,
  },

  header: {
    unknown: '?',
    round: (r: string) => `тур ${r}`,
    storedEco: (eco: string) => `ECO ${eco} (в файле)`,
  },

  status: {
    loading: 'Загрузка…',
    opening: (name: string) => `Открываю ${name}…`,
    notOpened: (name: string, still: string | null) => `${name} не открыта.${still ? ` ${still} по-прежнему открыта.` : ''}`,
    opened: (name: string, n: number, ms: number, mb: number) =>
      `Открыта ${name}: ${games(n)} за ${num(ms)} мс; память декодера ${fixed(mb, 1)} МБ.`,
    listed: (n: number, ms: number) => `В списке ${games(n)} (${num(ms)} мс).`,
    skipped: (damaged: number) => `Повреждённых партий: ${num(damaged)} (прочитаны не до конца).`,
    exporting: (done: number, total: number, left: number | null) =>
      `Выгружаю: ${num(done)} из ${ofGames(total)}${left === null ? '' : `, осталось около ${num(left)} с`}…`,
    exported: (n: number, kb: number, damaged: number) =>
      `Выгружено партий: ${num(n)} (${num(kb)} КБ)${damaged ? `; повреждённых: ${num(damaged)}, они выгружены до места повреждения.` : '.'}`,
    exportingAll: (k: number, n: number, left: number | null) =>
      `Выгружаю все базы: ${num(k)} из ${num(n)}${left === null ? '' : `, осталось около ${num(left)} с`}…`,
    exportedAll: (databases: number, n: number, kb: number, damaged: number) =>
      `Выгружено баз одним PGN: ${num(databases)}, партий: ${num(n)} (${num(kb)} КБ)${damaged ? `; повреждённых: ${num(damaged)}, они выгружены до места повреждения.` : '.'}`,
    readingCopies: (done: number, total: number, left: number | null) =>
      `Ищу повторы: ${num(done)} из ${games(total)}${left === null ? '' : `, осталось около ${num(left)} с`}…`,
    countingCopies: (k: number, n: number, left: number | null) =>
      `Считаю повторы: база ${num(k)} из ${num(n)}${left === null ? '' : `, осталось около ${num(left)} с`}…`,
    findingCopies: (k: number, n: number, left: number | null) =>
      `Ищу повторы во всех базах: ${num(k)} из ${num(n)}${left === null ? '' : `, осталось около ${num(left)} с`}…`,
    merged: (copies: number, groups: number) =>
      `Повторы: не записано копий — ${num(copies)}, групп — ${num(groups)} (из каждой записана одна партия: самая длинная, затем самая прокомментированная, с тегом [CACopies], где названы остальные).`,
    notExported: (failed: Failed[]) => `Не открылись и не выгружены: ${failures(failed)}.`,
    notCounted: (failed: Failed[]) => `Не открылись и не посчитаны: ${failures(failed)}.`,
    pgnCopied: 'PGN скопирован.',
    fenCopied: 'FEN скопирован.',
    cancelled: 'Отменено.',
    noDatabase: 'База не открыта.',
    reopening: (name: string) => `Заново открываю ${name}…`,
    reopened: (name: string) => `${name} заново открыта в новом декодере.`,
    searching: (done: number, total: number) => `Читаю ходы партий для поиска: ${num(done)} из ${ofGames(total)}…`,
    searchingGames: (done: number, total: number) => `Поиск по партиям: ${num(done)} из ${ofGames(total)}…`,
    positionSearching: (done: number, total: number) => `Ищу позицию: ${num(done)} из ${ofGames(total)}…`,
  },

  errors: {
    damagedGame: (n: number, why: string) => `Партия ${num(n)} повреждена: ${why}`,
    noFiles: 'Среди этих файлов нет файлов Chess Assistant (.CDP, .EMB, .D00, .A02, .D02).',
    missing: (names: string[]) => (names.length === 1 ? `Не хватает файла ${names[0]}` : `Не хватает файлов: ${names.join(', ')}`),
    doubled: (names: string[]) => (names.length === 1 ? `Файл ${names[0]} дан дважды (неясно, какой из двух)` : `Файлы ${names.join(', ')} даны дважды (неясно, какие)`),
    stopped: (request: string | null, why: string) => `Декодер остановился${request ? ` на запросе «${request}»` : ''}: ${why}. Он перезапущен`,
    stoppedDemo: (stopped: string, demo: string) => `${stopped}; открыта ${demo}.`,
    stoppedReopening: (stopped: string, name: string) => `${stopped}; заново открываю ${name}…`,
    stoppedReopened: (stopped: string, name: string) => `${stopped}, и ${name} открыта заново.`,
    stoppedAgain: (name: string, why: string) => `Декодер снова остановился, открывая ${name}: ${why}. Откройте базу, чтобы продолжить.`,
    notReopened: (name: string, why: string) => `Не удалось заново открыть ${name}: ${why}`,
    theDatabase: 'базу',
    workerFailed: (why: string) => `Сбой декодера: ${why || 'он не запустился'}`,
    brokenWorker: (times: number, why: string) => `Декодер дал сбой несколько раз подряд (${num(times)}; ${why}); перезагрузите страницу.`,
    demo: (status: number, path: string) => `демо-база: HTTP ${status} для ${path}`,
  },

  errorKinds: {
    truncated: 'файл обрывается', 'bad-signature': 'не та подпись файла', 'unknown-code': 'неизвестный код в записи партии',
    'record-overrun': 'запись выходит за свои границы', 'illegal-move': 'невозможный ход', 'no-such-piece': 'ход несуществующей фигурой',
    'bad-setup': 'неверная начальная позиция', 'chain-cycle': 'ссылки образуют цикл', 'chain-out-of-range': 'ссылка за пределы таблицы',
    'bad-names': 'имена не читаются', 'shared-records': 'партии делят одну запись', 'uncertain-reading': 'чтение под вопросом',
    'missing-inner-file': 'нет внутреннего файла', 'bad-fragment': 'повреждённый фрагмент', 'too-large': 'больше допустимого',
    'too-deep': 'слишком глубокая вложенность вариантов', 'no-such-game': 'нет такой партии', 'bad-encoding': 'неизвестная кодировка',
    'bad-argument': 'неверный параметр', query: 'ошибка в условии поиска', invalid: 'ошибка формата', io: 'ошибка чтения файла',
    // Every code but "internal" (a bug, whose message is all there is to say).
  } satisfies Record<Exclude<ErrorCode, 'internal'>, string>,

  cancel: (tasks: string[]) => `✕ Отменить: ${tasks.join(', ')}`,
  tasks: {
    search: 'поиск', sort: 'сортировка', position: 'поиск позиции', tree: 'дерево дебютов', compactness: 'таблица компактности',
    check: 'проверка всех партий', export: 'выгрузка PGN', duplicates: 'подсчёт повторов',
  },

  encoding: {
    auto: 'Авто (по именам)',
    autoGuess: (label: string) => `Авто: ${label}`,
  },

  position: {
    label: (n: number, damaged: number) =>
      `Позиция встречается в ${num(n)} ${plural(n, { one: 'партии', few: 'партиях', many: 'партиях', other: 'партиях' })}${damaged > 0 ? ` (пропущено повреждённых: ${num(damaged)})` : ''}`,
  },

  /** A link (the address) to a database other than the one shown. */
  link: {
    other: (name: string) => `Эта ссылка ведёт в базу ${name}, которая здесь не открыта. Откройте её файлы, чтобы перейти туда.`,
    open: (name: string) => `Открыть ${name}…`,
  },

  notice: {
    text: (first: string, more: number) => `Эту базу стоит проверить: ${first}${more > 0 ? ` (и ещё ${num(more)})` : ''}.`,
    textMany: (first: string, more: number) => `Одну из баз стоит проверить: ${first}${more > 0 ? ` (и ещё ${num(more)})` : ''}.`,
    weak: (title: string, certainty: string) =>
      `${title.toLowerCase()}: ${certainty === 'weak' ? 'доводы слабые' : certainty === 'undecided' ? 'доводы не решают' : certainty}`,
    seeDetails: 'см. подробности',
  },

  tree: {
    building: 'Строю дерево дебютов…',
    cancelled: 'Отменено.',
    none: 'Ни одна партия не делает ход из этой позиции в первых 40 полуходах (партии с ней могут здесь заканчиваться).',
    noneNext: 'Партии с этой позицией здесь заканчиваются.',
    searching: 'Ищу эту позицию в партиях…',
    fromSearch: (plies: number, n: number) =>
      `Дальше первых ${num(plies)} полуходов дерева: ходы из партий с этой позицией (поиск позиции), партий: ${num(n)}.`,
    askSearch: (n: number) => `Найти ходы, сыгранные здесь, во всех партиях (${num(n)})`,
    build: (n: number) => `Построить дерево по всем партиям (${num(n)})`,
    line: 'Линия из дерева:',
    opening: 'Дебют:',
    back: 'Назад',
    backLabel: 'Вернуть последний ход линии',
    toGame: 'Вернуться к партии',
    headers: ['Ход', 'Партии', 'Белые · Ничья · Чёрные', 'Средний Эло', 'Годы'],
    bar: (w: number, d: number, b: number) => `Победы белых: ${num(w)}, ничьи: ${num(d)}, победы чёрных: ${num(b)}`,
  },

  compactness: {
    computing: 'Перекодирую все партии…',
    cancelled: 'Отменено: закройте и откройте панель, чтобы посчитать снова.',
    headers: ['Формат', 'Хранит', 'Байт/ход', 'Байт/партия'],
    skipped: (n: number) => ` (пропущено партий: ${num(n)})`,
  },

  info: {
    database: 'База', signature: 'Подпись', comment: 'Комментарий', games: 'Партии', players: 'Игроки', events: 'Турниры', convention: 'Направление',
    eventsLine: (events: number, sites: number, sources: number) => `${num(events)} · мест ${num(sites)} · источников ${num(sources)}`,
  },

  diagnosis: {
    checking: 'Проверяю базу…',
    checkingAll: 'Проверяю все партии…',
    failed: (why: string) => `Проверка не удалась: ${why}`,
    scopeAll: (n: number) => `проверены записи всех партий (${num(n)})`,
    scopeSome: (scanned: number, n: number) => `проверено записей партий: ${num(scanned)} из ${num(n)}`,
    intro: (scope: string) => `Что читатель вывел об этой базе: ${scope}.`,
    introMany: (n: number) => `Что читатель вывел о каждой из баз (${num(n)}): у каждой свои выводы.`,
    needsLook: 'стоит проверить',
    noWarnings: 'Предупреждений нет.',
    copy: 'Копировать отчёт',
    copyTitle: 'Только числа и смещения: без имён, ходов и комментариев',
    checkAll: 'Проверить все партии',
    countDuplicates: 'Посчитать повторы',
    countDuplicatesAll: (n: number) => `Посчитать повторы во всех базах (${num(n)})`,
    countDuplicatesTitle: 'Прочитать все партии по правилу повторов cadb pgn --dedupe: те же игроки, результат, год и главная линия, или более короткая копия',
    countingDuplicates: 'Считаю повторы…',
    duplicates: (copies: number, groups: number, games: number, databases: number) =>
      `Повторы: копий — ${num(copies)}, групп — ${num(groups)}, из ${ofGames(games)}${databases > 1 ? ` в ${num(databases)} базах` : ''} (при выгрузке без повторов каждая группа записывается один раз).`,
    reportText: 'Текст отчёта',
    copied: 'Отчёт скопирован.',
    refused: 'Буфер обмена недоступен: текст отчёта показан ниже, скопируйте его вручную.',
  },

  card: {
    counting: 'Подсчёт…',
    close: 'Закрыть',
    filter: 'Показать его партии',
    asWhite: 'Белыми',
    asBlack: 'Чёрными',
    total: 'Всего',
    byYear: 'По годам',
    openingsWhite: 'Дебюты белыми',
    openingsBlack: 'Дебюты чёрными',
    opponents: 'Частые соперники',
    unknownYear: 'неизвестен',
    none: 'нет',
    rating: (r: number) => `Рейтинг ${r}`,
    fideId: (id: number) => `FIDE ID ${id}`,
    heads: ['', 'Партии', '+', '=', '−', 'Очки'],
    playerTitle: (name: string) => `Открыть карточку: ${name}`,
  },

  patternEditor: {
    title: 'Расстановка на доске',
    help: 'Выберите фигуру и щёлкните по полю: фигура там обязательна, а с «Запретить» — запрещена. Повторный щелчок убирает её.',
    board: 'Доска расстановки: стрелки — выбор поля, Enter или пробел ставят или убирают фигуру, буквы K Q R B N P выбирают фигуру (с Shift — белую), x включает запрет',
    palette: 'Фигура',
    forbid: 'Запретить',
    forbidTitle: 'Щелчок запрещает фигуру на поле (x)',
    done: 'Готово',
    doneTitle: 'Вписать расстановку в форму поиска',
    cancel: 'Отмена',
    cancelTitle: 'Оставить расстановку как была (Esc)',
    clear: 'Очистить доску',
    empty: 'пусто',
    required: (piece: string) => `${piece}: обязательно`,
    forbidden: (piece: string) => `${piece}: запрещено`,
    square: (square: string, what: string) => `${square}: ${what}`,
    pieces: {
      K: 'белый король', Q: 'белый ферзь', R: 'белая ладья', B: 'белый слон', N: 'белый конь', P: 'белая пешка',
      k: 'чёрный король', q: 'чёрный ферзь', r: 'чёрная ладья', b: 'чёрный слон', n: 'чёрный конь', p: 'чёрная пешка',
    },
  },

  graph: {
    evalCaption: 'Оценка',
    analysedLabel: (moves: number, stored: number, computed: number, first: string, last: string) =>
      `График оценки, ходов: ${num(moves)}, с точки зрения белых: из базы ${num(stored)}, от движка ${num(computed)}, от ${first} до ${last}`,
    storedPoint: (move: string, value: string) => `${move}: ${value} (из базы)`,
    computedPoint: (move: string, value: string) => `${move}: ${value} (движок)`,
    materialCaption: 'Материал',
    evalLabel: (moves: number, count: number, first: string, last: string) =>
      count === 1
        ? `График оценки, ходов: ${num(moves)}, с точки зрения белых: одна оценка, ${first}`
        : `График оценки, ходов: ${num(moves)}, с точки зрения белых: оценок ${num(count)}, от ${first} до ${last}`,
    materialLabel: (moves: number, first: string, last: string) =>
      `График материала, ходов: ${num(moves)}, белые минус чёрные в пешках: от ${first} до ${last}`,
    start: 'Начальная позиция',
    evalPoint: (move: string, value: string) => `${move}: ${value}`,
    noEval: (move: string) => `${move}: оценки нет`,
    materialPoint: (move: string, value: string) => `${move}: материал ${value}`,
  },

  engine: {
    toggle: 'Движок',
    toggleTitle: 'Stockfish анализирует позицию на доске, в этом браузере (e)',
    on: 'Выключить движок (e)',
    off: 'Включить движок (e)',
    panel: 'Анализ движком',
    lines: 'Линии',
    linesTitle: 'Сколько лучших линий показывать',
    starting: 'Движок запускается…',
    failed: (message: string) => `Движок не запустился: ${message}`,
    depth: (d: number) => `Глубина ${num(d)}`,
    nps: (n: number) => (n >= 1e6 ? `${fixed(n / 1e6, 1)} млн узлов/с` : `${num(Math.round(n / 1000))} тыс. узлов/с`),
    build: (threads: number) => (threads > 1 ? `Stockfish 19 lite, потоков: ${num(threads)}` : 'Stockfish 19 lite, один поток'),
    barLabel: (side: 'White' | 'Black', value: string) => `${side === 'White' ? 'Белые' : 'Чёрные'} ${value}`,
    mateIn: (side: 'White' | 'Black', n: number) => `${side === 'White' ? 'Белые' : 'Чёрные'} ставят мат в ${num(n)} ${plural(n, { one: 'ход', few: 'хода', many: 'ходов', other: 'хода' })}`,
    mated: (side: 'White' | 'Black') => `${side === 'White' ? 'Белым' : 'Чёрным'} мат`,
    lineLabel: (k: number, score: string, moves: string) => `Линия ${k}, ${score}: ${moves}`,
    noPosition: 'Откройте партию, чтобы анализировать её позиции.',
  },

  analysis: {
    start: 'Анализ партии',
    startTitle: 'Оценить движком каждую позицию главной линии и отметить ошибки',
    depth: 'Глубина',
    depthTitle: 'Насколько глубоко движок считает каждую позицию',
    progress: (done: number, total: number) => `Анализ: ${num(done)}/${num(total)}`,
    cancel: 'Отмена',
    done: (total: number) => `Проанализировано позиций: ${num(total)}`,
    export: 'Сохранить анализ',
    exportTitle: 'Скачать партию в PGN с оценками ([%eval]) и отмеченными ошибками',
    exported: 'Партия с анализом скачана',
    failed: (message: string) => `Анализ не завершён: ${message}`,
  },

  keys: {
    title: 'Клавиши',
    rows: [
      ['← →', 'Ход назад и вперёд'],
      ['Home End', 'Начало и конец партии'],
      ['↑ ↓', 'Начало и конец партии (в списке: выбор партии)'],
      ['PgUp PgDn', 'В списке: выбор на страницу выше или ниже'],
      ['Enter', 'В списке: открыть выбранную партию'],
      ['n p', 'Следующая и предыдущая партия списка'],
      ['Shift+→', 'Войти в вариант следующего хода'],
      ['Shift+←', 'Выйти из варианта'],
      ['f', 'Перевернуть доску'],
      ['e', 'Включить или выключить движок'],
      ['Esc', 'Отменить долгую задачу; закрыть окно'],
      ['?', 'Показать эти клавиши'],
    ],
  },
};
