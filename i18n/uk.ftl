# Українські тексти правил, які генерує regula (`regula doc`).
# Назви з файлу правил приходять як ідентифікатори; NAME($id, form: "...") дає форму, яку файл
# правил задає рядком `/// [uk word Id] називний; gen родовий; loc місцевий; ins орудний;
# pl множина; gen-pl родовий множини; gender m|f|n`.

title = { NAME($game) }
generated-note = _Згенеровано командою `regula doc` з файлу правил; не редагуйте вручну._
and = {" і "}
or = {" або "}
then = {", потім "}
range = від { $a } до { $b }

player = { NAME($player) }
kind = { NAME($kind) }
no-piece = жодна фігура

h-players = Гравці
players-order = { $n ->
    [one] { $n } гравець:
    [few] { $n } гравці ходять у такому порядку:
   *[other] { $n } гравців ходять у такому порядку:
  } { $list }.
h-board = Дошка
board-summary = { $n ->
    [one] { $n } поле
    [few] { $n } поля
   *[other] { $n } полів
  }; вертикалі { $files }, горизонталі { $ranks }; поле називають за вертикаллю і горизонталлю (`{ $example }`).
directions = Напрямки (крок по вертикалі, крок по горизонталі): { $list }.
dir-set = Набір напрямків `{ $name }`: { $dirs }.
dir-set-player = для { NAME($player, form: "gen") } { $dirs }
regions = Області:
h-pieces = Фігури і вихідна позиція
kinds = Види фігур: { $list }.
counters = Лічильники, які зберігає позиція:
counter = `{ $name }`: { $scope }, спочатку 0, { $bound }.
counter-per-player = по одному на гравця
counter-same-piece = по одному на гравця, належить шашці, якою гравець ходив останньою (хід іншою шашкою повертає 0)
counter-global = один на всю гру
counter-while = один на партію, що лічить півходи поспіль, зроблені, поки { $cond } (було так перед півходом і лишається після нього; будь-який інший півхід повертає 0)
counter-while-prose = один на партію, що лічить півходи, зроблені поспіль, поки { $cond } (півхід зараховується, якщо так є і перед ним, і після нього; будь-який інший півхід повертає лічильник до 0)
counter-bound = щонайбільше { $max }; хід, який перевищив би це число, заборонений
counter-unbounded = без обмеження

h-moves = Ходи
moves-intro = Хід робить одна фігура, яка відразу залишає своє початкове поле (тож пізніші частини ходу можуть його перетинати або ставати на нього). Частина ходу, що нічого не захоплює, ніколи не стає на поле, де хід уже був, ані на початкове поле. Два ходи з однаковим результатом вважаються одним ходом.
leg = Частина ходу «{ NAME($name) }» (`{ $name }`): { $text }.
leg-step = один крок (напрямки `{ $set }`) на порожнє поле
leg-slide = будь-яка кількість порожніх полів в одному напрямку (напрямки `{ $set }`)
leg-leap = стрибок (напрямки `{ $set }`) через { $over ->
    [friend] свою
    [enemy] ворожу
    [own] власну
   *[any] будь-яку
  } фігуру на сусідньому полі на порожнє поле одразу за нею
leg-leap-flying = стрибок (напрямки `{ $set }`) через { $over ->
    [friend] свою
    [enemy] ворожу
    [own] власну
   *[any] будь-яку
  } фігуру на будь-якій відстані вздовж лінії порожніх полів на будь-яке порожнє поле за нею
leg-captures = ; фігуру, через яку перестрибнули, захоплено
leg-step-onto = один крок (напрямки `{ $set }`) { $onto ->
    [enemy] на поле, яке займає ворожа фігура
   *[other] на порожнє поле або на поле, яке займає ворожа фігура
}
leg-slide-onto = { $onto ->
    [enemy] через будь-яку кількість порожніх полів в одному напрямку (напрямки `{ $set }`) на ворожу фігуру, що її зупиняє
   *[other] будь-яка кількість порожніх полів в одному напрямку (напрямки `{ $set }`) або далі на ворожу фігуру, що її зупиняє
}
leg-captures-onto = ; фігуру на полі, куди вона стає, захоплено
leg-onto-kinds = ; лише на { $kinds }
leg-captures-beyond = ; першу фігуру за перестрибнутою, на яку вона стає, захоплено (не перестрибнуту)
leg-captures-passer = ; вона захоплює фігуру, що зробила останній хід і пройшла поле, куди вона стає
leg-land = ; ставати можна лише на поле { $where }
leg-no-reverse = ; не можна повертати прямо назад, протилежно до попередньої частини ходу
leg-onward = ; вона йде далі під кутом, меншим за прямий, до попереднього кроку, ніколи вбік чи назад
leg-leap-kinds = ; перестрибувати можна лише через фігуру виду { $kinds }
leg-land-behind = ; вона стає лише на поле одразу за фігурою, через яку перестрибнула
leg-prefer-continuing = ; з полів за однією фігурою, на які вона може стати, треба обрати те, з якого хід можна продовжити, якщо таке є
leg-halt-behind = ; через { $kinds } вона стає на поле одразу за нею, хіба що хід продовжується з дальшого поля
h-move = { NAME($move) } (`{ $move }`)
move-by = Хто ходить: { $kinds }.
move-from = Лише з поля { $where }.
move-require = Лише коли { $cond }.
move-require-prose = Лише коли { $cond }.
move-legs = Частини: { $seq }.
move-land = Кожне поле приземлення: { $where }.
move-to = Кінцеве поле: { $where }.
move-stop = Хід закінчується, щойно фігура стає на поле { $where }.
move-with = Водночас { NAME($kind) } того самого гравця переходить з поля { $from } на поле { $to }; це поле порожнє, як і всі поля між ними.
move-mark-passed = До наступного ходу поля, які пройшла ця фігура, лишаються позначеними: суперник може захопити її так, ніби вона зупинилася на одному з них.
removal-now = Захоплені фігури відразу забирають з дошки.
removal-end = Захоплені фігури лишаються на дошці до кінця ходу; вони заважають, і жодну не можна перестрибнути двічі.
effect-add = Додає { $value } до `{ $counter }`.
effect-set = Встановлює `{ $counter }` на { $value }.
seg-once = одна частина «{ NAME($leg) }»
seg-plus = одна або кілька частин «{ NAME($leg) }» (напрямок можна змінювати; зупинитися можна після будь-якої)
seg-plus-must = одна або кілька частин «{ NAME($leg) }», доки можлива ще одна

h-promotion = Перетворення
promote = Якщо { NAME($from) } досягає поля { $where }, то стає { NAME($to, form: "ins") }.
promote-choice = Якщо { NAME($from) } досягає поля { $where }, то стає, на вибір гравця, { $to }; кожен вибір є окремим ходом.
promote-choice-kind = { NAME($kind, form: "ins") }
timing-at-end = Під час взяття фігура лишається такою, як була; вона перетворюється, якщо хід закінчується на такому полі.
timing-stop = Досягнення такого поля закінчує хід, навіть посеред взяття.
timing-continue = Фігура, що досягає такого поля під час взяття, перетворюється відразу і продовжує як хід «{ NAME($move) }».

h-priorities = Які ходи дозволені
priorities-intro = Правила нижче перевіряють по черзі; вирішує перше, що застосовується. Якщо не застосовується жодне, дозволений кожен хід, описаний вище.
priority = **{ $name }**: коли { $when }, дозволені лише ходи, які { $keep }
priority-prefer = ; серед них, якщо деякі { $x }, лише ці
priority-maximize = ; з них лише ті, що захоплюють найбільше фігур
priority-maximize-kinds = ; з них лише ті, що захоплюють найбільше фігур виду { $kinds }
priority-maximize-value = ; з них лише ті, чиї захоплені фігури мають найбільшу вартість
priority-maximize-earliest = ; з них лише ті, що найраніше захоплюють фігуру виду { $kinds }
otherwise-skip = . Якщо такого ходу немає, це правило не застосовується.
otherwise-none = . Якщо такого ходу немає, жоден хід не дозволений.

h-end = Кінець гри
end-intro = Перевіряється в кожній позиції, перш ніж ходить гравець, чия черга ходити; перше правило, що виконується, закінчує гру, і тоді ходів більше немає.
end-win = Гравець P перемагає, якщо { $cond }.
end-loss = Гравець P програє, якщо { $cond }.
end-draw = Гра закінчується внічию, якщо { $cond }.
end-fallback = Якщо не виконується жодне правило, а гравець, чия черга ходити, не має законного ходу, гра закінчується внічию.
end-claims-intro = Ці нічиї не настають самі: поки виконується умова однієї з них, кожен гравець може вимагати її, і тоді гра закінчується внічию. Запис партії позначає вимогу як `claim:` з назвою правила.
end-claim = { $name }: можна вимагати нічию, якщо { $cond }.

h-params = Параметри
params-intro = Місця, де джерела розходяться. Цей текст іде за значеннями, позначеними як вибрані.
mark-default = типове
mark-chosen = вибране

h-unstated = Не встановлено цим файлом
unstated-intro = Джерела цієї гри мають правила, яких цей файл (поки що) не встановлює. Їх перелічено тут, а не наближено: правила вище їх не застосовують.
unstated-item = { $name } (пункт { $clause }): { $text }
unstated-item-no-clause = { $name }: { $text }

sq-anywhere = будь-де
sq-nowhere = ніде
sq-in-own = у { NAME($region, form: "gender") ->
    [f] своїй
   *[other] своєму
  } { NAME($region, form: "loc") }
sq-in-opp = у { NAME($region, form: "loc") } супротивника
sq-in-all = у { NAME($region, form: "loc") }
sq-out-own = поза { NAME($region, form: "gender") ->
    [f] своєю
   *[other] своїм
  } { NAME($region, form: "ins") }
sq-out-opp = поза { NAME($region, form: "ins") } супротивника
sq-out-all = поза { NAME($region, form: "ins") }
sq-kind-not = для фігури { $kinds } — не { $rest }
sq-not = не { $x }
sq-piece = коли фігура — { $kinds }
sq-can = поле, з якого фігура могла б почати хід «{ NAME($move) }»
sq-passed = яке пройшов останній хід
sq-unmoved = фігура на якому ще не ходила
sq-attacked = де суперник міг би її захопити

mv-any = будь-які
mv-capture = захоплюють
mv-kind = є ходами «{ NAME($move) }»
mv-from = починаються { $where }
mv-to = закінчуються { $where }
mv-not-to = не закінчуються { $where }
mv-not-from = не починаються { $where }
mv-not-capture = не захоплюють
mv-not = не ({ $x })

pl-var = гравця { $var }
pl-opp-of = супротивника { $var }
pl-mover = гравця, чия черга ходити
pl-opp-mover = супротивника гравця, чия черга ходити
pl-named = { NAME($player, form: "gen") }

q-pieces = фігур
q-kind = { NAME($kind, form: "gen-pl") }
q-in-own = {" "}у своєму { NAME($region, form: "loc") }
q-in-opp = {" "}у { NAME($region, form: "loc") } супротивника
q-in-all = {" "}у { NAME($region, form: "loc") }
q-count = кількість { $what }{ $place } { $who }
q-counter = `{ $counter }` { $who }

c-always = завжди
c-not = не так, що ({ $x })
c-every = для кожного гравця { $var }: { $x }
c-some = для якогось гравця { $var }: { $x }
c-exists-kind = можливий хід «{ NAME($move) }»
c-exists-capture = можливе взяття
c-exists = якийсь хід { $x }
c-blocked-mover = гравець, чия черга ходити, не має законного ходу
c-blocked = настала черга { $who }, а законного ходу в нього немає
c-in-check = королівську фігуру { $who } атаковано (шах)
c-repeated = та сама позиція з тим самим гравцем на ходу повторилася { $n ->
    [one] { $n } раз
    [few] { $n } рази
   *[other] { $n } разів
  }
c-cmp = { $a } { $op ->
    [ge] не менша за
    [le] не більша за
    [eq] дорівнює
    [ne] не дорівнює
    [gt] більша за
   *[lt] менша за
  } { $b }

fig-board = Дошка: координати й області.
fig-start = Вихідна позиція; першим ходить { NAME($player) }.
legend-region = { NAME($region) }: { $squares }
legend-player = { NAME($player) }: { $index ->
    [0] білі кружки
    [1] чорні кружки
    [2] червоні кружки
   *[other] сині кружки
  }
fig-move = «{ NAME($move) }»: хід { NAME($player, form: "gen") }; { $text } дозволений.
fig-none = Для `{ $item }` не знайдено прикладу позиції.
h-restrictions = Обмеження на прикладах
fig-refused = хід { NAME($player, form: "gen") }; { $text } заборонений. Пояснення regula: «{ $why }».
restr-priority = Правило пріоритету `{ $item }`
restr-landing = Умова приземлення для ходу «{ NAME($item) }»
restr-final = Умова кінцевого поля для ходу «{ NAME($item) }»
restr-require = Умова для ходу «{ NAME($item) }»
restr-leg-land = Умова приземлення частини «{ NAME($item) }»
restr-no-reverse = Без повороту назад у частині «{ NAME($item) }»
restr-over = Що може перестрибувати частина «{ NAME($item) }»
restr-counter = Межа лічильника `{ $item }`
# Позначки причини на діаграмі забороненого ходу, у легенді.
cause-part-of = { NAME($region) } гравця { NAME($player, form: "gen") }
cause-part-opp = { NAME($region) } супротивників
cause-part-all = { NAME($region) }
cause-region = Заштриховано: { $regions } — область із правила, яке забороняє цей хід.
cause-regions = Заштриховано: { $regions } — області з правила, яке забороняє цей хід.
cause-mover = Обведено: фігура, яка має ходити замість цього.
cause-movers = Обведено: фігури, одна з яких має ходити замість цього.
cause-capture = Обведено: фігура, яку захопили б ходи, що їх треба зробити замість цього.
cause-captures = Обведено: фігури, які захопили б ходи, що їх треба зробити замість цього.
cause-can = Обведено: те, що захопив би хід «{ NAME($move) }» з поля { $square }.
cause-leapt = Обведено: фігура, яку рух «{ NAME($item) }» не може перестрибувати.
cause-leapts = Обведено: фігури, які рух «{ NAME($item) }» не може перестрибувати.
origin-case = (Позиція з тестового випадку у файлі { $file }.)
origin-start = (Вихідна позиція.)
origin-search = (Позицію знайшов рушій: партія { $seed }, після { $plies } півходів.)

h-trace = Додаток: звідки походить кожне правило
trace-intro = Для кожного елемента правил: пункти, які він кодує (словами цього проєкту, docs/clauses.yaml, англійською), пункти джерел, що їх формулюють (tests/sources/, в англійському перекладі), і тестові випадки, що їх перевіряють, з результатами.
trace-item = { $kind ->
    [game] Гра { NAME($name) }
    [players] Гравці
    [board] Дошка
    [pieces] Фігури й розстановка
    [region] Область `{ $name }`
    [counter] Лічильник `{ $name }`
    [param] Параметр `{ $name }`
    [leg] Частина ходу `{ $name }`
    [move] Хід `{ $name }`
    [priority] Правило пріоритету `{ $name }`
    [unstated] Невстановлене правило `{ $name }`
    [other] Інші оголошення (напрямки, набори напрямків, перетворення)
   *[end] Правило кінця гри { $name }
  }
trace-undefined = (немає в списку пунктів)
trace-sources = Джерела:
trace-cases = Тестові випадки:
trace-no-cases = Жоден тестовий випадок цього не перевіряє.
verdict-pass = проходить
verdict-fail = НЕ ПРОХОДИТЬ

h-differences = Відмінності від гри { $parent }
diff-added = { $item } (нове): { $text }
diff-changed = { $item } (змінене): { $text }
diff-removed = { $item } (вилучене)
diff-none = Правила ті самі, що й у батьківської гри; відрізнятися може лише опис.

# Teams, turns, neutral pieces, drops and named players' regions.
teams = Команди, гравці яких разом перемагають або програють: { $list }.
turn-pass = Гравець, який не може ходити, пропускає хід, поки хтось інший може ходити.
neutral-kinds = Нейтральні фігури нікому не належать, ніколи не ходять, через них не стрибають і їх не захоплюють; вони закривають шлях, як край дошки: { $list }.
royal-kinds = Королівські фігури: жоден хід не може залишити таку фігуру гравця, що ходить, під ударом, тобто там, де її міг би захопити якийсь хід суперника: { $list }.
move-drop = Ставить нову фігуру { NAME($kind) } на порожнє поле.
sq-in-of = у { NAME($region, form: "loc") } гравця { NAME($player, form: "gen") }
sq-out-of = поза { NAME($region, form: "ins") } гравця { NAME($player, form: "gen") }
q-in-of = {" "}у { NAME($region, form: "loc") } гравця { NAME($player, form: "gen") }
pl-team-of = команди { $var }
pl-team-mover = команди гравця, чия черга ходити

# Умови звичайними реченнями: поширені форми умов, кожна своїми словами (повідомлення c- вище —
# загальна форма для решти). $who — гравець, про якого йдеться: self (гравець правила кінця
# гри, «він»), opp, team, mover, opp-mover, team-mover, every, some (гравець із `every`/`some`),
# named ($player).
# $host — речення, яке доповнює фраза: end (правило кінця гри, вимога нічиєї, пріоритет),
# require («Лише коли ...» ходу), while («поки ...» лічильника).
p-and = {", і "}
p-or = {", або "}
p-noun-n = { $kind ->
    [all] { $n ->
        [one] фігура
        [few] фігури
       *[other] фігур
      }
   *[other] { $n ->
        [one] { NAME($kind) }
        [few] { NAME($kind, form: "pl") }
       *[other] { NAME($kind, form: "gen-pl") }
      }
  }
p-noun-gen-pl = { $kind ->
    [all] фігур
   *[other] { NAME($kind, form: "gen-pl") }
  }
p-who = { $who ->
    [self] { $pos ->
        [later] у нього самого
       *[first] у нього
      }
    [opp] у супротивника
    [team] у його команди
    [mover] у гравця, чия черга ходити,
    [opp-mover] у супротивника гравця, чия черга ходити,
    [team-mover] у команди гравця, чия черга ходити,
    [every] у кожного гравця
    [some] в одного з гравців
   *[named] у { NAME($player, form: "gen") }
  }
p-place = { $place ->
    [own] {" "}у { NAME($region, form: "gender") ->
        [f] своїй
       *[other] своєму
      } { NAME($region, form: "loc") }
    [opp] {" "}у { NAME($region, form: "loc") } супротивника
    [all] {" "}у { NAME($region, form: "loc") }
    [of] {" "}у { NAME($region, form: "loc") } гравця { NAME($rplayer, form: "gen") }
    [of-self] {" "}у { NAME($region, form: "gender") ->
        [f] своїй
       *[other] своєму
      } { NAME($region, form: "loc") }
   *[none] {""}
  }
p-noun-one = { $kind ->
    [all] фігура
   *[other] { NAME($kind) }
  }
p-noun-pl = { $kind ->
    [all] фігури
   *[other] { NAME($kind, form: "pl") }
  }
p-whom = { p-who }
p-whose = { p-who }
p-has = { p-who } { $op ->
    [none] не лишилося { p-noun-gen-pl }
    [some] { $host ->
        [require] ще є { p-noun-one }
        [while] ще є { p-noun-one }
       *[end] є щонайменше 1 { p-noun-one }
      }
    [ge] є щонайменше { $n } { p-noun-n }
    [le] щонайбільше { $n } { p-noun-n }
    [eq] рівно { $n } { p-noun-n }
    [gt] більше ніж { $n } { p-noun-n }
    [lt] менше ніж { $n } { p-noun-n }
   *[ne] не рівно { $n } { p-noun-n }
  }{ p-place }
p-only = { p-who } { $n ->
    [one] лишилася тільки одна фігура — { NAME($kind) }
   *[other] лишилося тільки { $n } { $n ->
        [few] фігури
       *[other] фігур
      }, і всі вони — { NAME($kind, form: "pl") }
  }
p-blocked = { $who ->
    [self] настала його черга ходити, але він не може зробити хід
    [opp] настала черга супротивника, але той не може зробити хід
    [team] настала черга його команди, але вона не може зробити хід
    [mover] гравець, чия черга ходити, не може зробити хід
    [opp-mover] супротивник гравця, чия черга ходити, не може зробити хід
    [team-mover] команда гравця, чия черга ходити, не може зробити хід
    [every] жоден гравець не може зробити хід
    [some] настала черга одного з гравців, але він не може зробити хід
   *[named] настала черга { NAME($player, form: "gen") }, але він не може зробити хід
  }
p-counter = лічильник `{ $counter }`{ $who ->
    [game] {""}
    [self] {" "}цього гравця
    [opp] {" "}супротивника
    [team] {" "}його команди
    [mover] {" "}гравця, чия черга ходити,
    [opp-mover] {" "}супротивника гравця, чия черга ходити,
    [team-mover] {" "}команди гравця, чия черга ходити,
    [every] {" "}кожного гравця
    [some] {" "}одного з гравців
   *[named] {" "}{ NAME($player, form: "gen") }
  } { $op ->
    [ge] досяг { $n }
    [gt] перевищив { $n }
    [le] не більший за { $n }
    [lt] менший за { $n }
    [eq] дорівнює { $n }
   *[ne] не дорівнює { $n }
  }
p-every = для кожного гравця: { $x }
p-some = для одного з гравців: { $x }
p-exists-kind = можливий хід «{ NAME($move) }»
p-exists-capture = можливе взяття
p-repeated = та сама позиція з тим самим гравцем на черзі повторилася { $n ->
    [one] { $n } раз
    [few] { $n } рази
   *[other] { $n } разів
  }
# Матеріал гравця проти єдиної фігури супротивника ($amount: eq, one-or-two, le, ge; $n фігур;
# $among: kind, коли серед них щонайменше одна $akind; $against: kind — лише $lone, piece,
# none). Числівники жіночого роду (фігура), у називному відмінку після «є».
p-material = { p-who } є { $amount ->
    [one-or-two] одна або дві
    [le] щонайбільше { p-num }
    [ge] щонайменше { p-num }
   *[eq] { p-num }
  } { $n ->
    [one] фігура
    [few] фігури
   *[other] фігур
  }{ $among ->
    [kind] , серед яких щонайменше одна — { NAME($akind) }
   *[none] {""}
  }{ $against ->
    [kind] , а в його супротивника — лише { NAME($lone) }
    [piece] , а в його супротивника — лише одна фігура
   *[none] {""}
  }
# Невелике число словами (жіночий рід, називний відмінок).
p-num = { $n ->
    [1] одна
    [2] дві
    [3] три
    [4] чотири
    [5] п’ять
    [6] шість
    [7] сім
    [8] вісім
    [9] дев’ять
    [10] десять
   *[other] { $n }
  }
# Позначка умовного речення після дієслова, де вона є в мові (чеське -li); в українській нічого.
p-if-mark = {""}
end-win-prose = Гравець перемагає, якщо { $cond }.
end-loss-prose = Гравець програє, якщо { $cond }.
end-draw-prose = Гра закінчується внічию, якщо { $cond }.
end-claim-prose = { $name }: можна вимагати нічию, якщо { $cond }.
priority-prose = **{ $name }**: коли { $when }, дозволені лише ходи, які { $keep }

# Чому хід на діаграмі заборонений: по одному повідомленню на кожен вид причини (ReasonKind
# з explain), який дають обмеження книжки.
why-priority = { $text } був би дозволеним ходом «{ NAME($move) }», але правило пріоритету `{ $item }` тут його виключає
why-counter-bound = { $text } вивів би лічильник `{ $item }` за його межу
why-no-reverse = { $text } повертає прямо назад, а частина ходу «{ NAME($item) }» цього не дозволяє
why-over = { $text } перестрибує фігуру, яку частина «{ NAME($item) }» перестрибувати не може
why-condition = { $what ->
    [final] хід «{ NAME($item) }» не може закінчитися на полі { $to }
    [require] хід «{ NAME($item) }» у цій позиції не дозволений
    [leg-land] у ході { $text } частина «{ NAME($item) }» стає на поле, на яке їй ставати не можна
   *[landing] { $text } стає на поле, на яке хід «{ NAME($item) }» ставати не може
  }

# Один раз, на початку книжки, якщо у файлі правил немає українського тексту.
untranslated-docs = Деякі пояснення у файлі правил не мають українського перекладу; їх наведено англійською.
untranslated-names = Назви, для яких файл правил не дає української форми, наведено так, як їх пише файл правил.
untranslated-letters = На діаграмах фігуру, назва якої не має української форми, позначено літерою назви з файлу правил.

# Видання для гравців (типова книга): пронумеровані статті словами, нічого від рушія.
fig-title-move = Хід { NAME($player, form: "gen") }: { $text }.
fig-title-refused = Хід { NAME($player, form: "gen") }: { $text } заборонений.
pe-name = { NAME($name) }
pe-article = { $n }. { $title }
pe-subarticle = { $n } { $title }
pe-annex = Додаток { $n }. { $title }
pe-h-contents = Зміст
pe-h-changes = Зміни порівняно з грою «{ $parent }»
pe-h-game = Гра і гравці
pe-h-board = Дошка
pe-h-pieces = Фігури і вихідна позиція
pe-h-moves = Ходи
pe-h-legs = Визначення
pe-h-promotion = Перетворення
pe-h-priorities = Обов'язкові ходи
pe-h-end = Кінець партії
pe-h-notation = Запис ходів
pe-h-readings = Тлумачення правил
pe-h-unstated = Правила, яких ця книга не охоплює
pe-diagram = Діаграма { $n }.
pe-see-diagram = (діаграма { $n })
pe-players = { $n ->
    [one] У гру грає один гравець: { $list }.
    [2] У гру грають двоє гравців: { $list }.
   *[other] У гру грають { $n } гравців: { $list }.
  }
pe-order = { $n ->
    [one] {""}
    [2] Першим ходить { NAME($first) }; далі гравці ходять по черзі.
   *[other] Першим ходить { NAME($first) }; далі гравці ходять по черзі в такому порядку: { $list }.
  }
pe-board = Дошка має { $n ->
    [one] { $n } поле
    [few] { $n } поля
   *[other] { $n } полів
  }: { $files ->
    [one] { $files } вертикаль
    [few] { $files } вертикалі
   *[other] { $files } вертикалей
  } ({ $files-range }) і { $ranks ->
    [one] { $ranks } горизонталь
    [few] { $ranks } горизонталі
   *[other] { $ranks } горизонталей
  } ({ $ranks-range }). Поле позначають вертикаллю і горизонталлю: { $example }.
pe-board-numbers = Поля також пронумеровано від 1 до { $n }{ $d ->
    [0] {""}
   *[other] {" "}(діаграма { $d })
  }; у записі ходів вживають ці номери.
pe-regions = На дошці є такі області{ $d ->
    [0] :
   *[other] {" "}(діаграма { $d }):
  }
pe-region = { $name }: { $where }.
pe-region-part = у { NAME($player, form: "gen") } — { $squares }
pe-region-many = { $n ->
    [one] { $n } поле
    [few] { $n } поля
   *[other] { $n } полів
  }
pe-material-each = У кожного гравця { $total ->
    [one] { $total } фігура
    [few] { $total } фігури
   *[other] { $total } фігур
  }: { $list }.
pe-material-player = У { NAME($player, form: "gen") } { $total ->
    [one] { $total } фігура
    [few] { $total } фігури
   *[other] { $total } фігур
  }: { $list }.
pe-material-none = На початку гравці не мають фігур.
pe-count-kind = { $n } { $n ->
    [one] { NAME($kind) }
    [few] { NAME($kind, form: "pl") }
   *[other] { NAME($kind, form: "gen-pl") }
  }
pe-setup-intro = На початку{ $d ->
    [0] :
   *[other] {" "}(діаграма { $d }):
  }
pe-setup-player = { NAME($player) }: { $list }.
pe-setup-kind = { $n ->
    [one] { NAME($kind) } на { $squares }
   *[other] { NAME($kind, form: "pl") } на { $squares }
  }
pe-counter = { $scope }{ $bound }.
pe-counter-per-player = Для кожного гравця лічать: { NAME($name) }
pe-counter-global = Для партії лічать: { NAME($name) }
pe-counter-same-piece = Для фігури, якою кожен гравець ходив останньою, лічать: { NAME($name) } (хід іншою фігурою починає лік заново)
pe-counter-while = Лічать півходи, зроблені поспіль, поки { $cond } (півхід зараховується, якщо це виконується до і після нього; будь-який інший півхід починає лік заново)
pe-counter-bound = ; щонайбільше { $max }; хід, після якого їх стало б більше, заборонений
pe-moves-legs = Ходи нижче складаються з таких рухів:
pe-leg = **{ $name }**: { $text }.
pe-dirs = { $d ->
    [any] у будь-якому напрямку (по вертикалі, горизонталі чи діагоналі)
    [orthogonal] по вертикалі або горизонталі
    [diagonal] по діагоналі
    [forward] прямо вперед
    [backward] прямо назад
    [sideways] убік
    [diagonal-forward] по діагоналі вперед
    [diagonal-backward] по діагоналі назад
    [oblique] як кінь (два поля по вертикалі чи горизонталі, потім одне вбік)
   *[other] в іншому напрямку
  }
pe-dirs-player = для { NAME($player, form: "gen") } { $dirs }
pe-leg-step = один крок { $dirs } на порожнє поле
pe-leg-slide = будь-яка кількість порожніх полів { $dirs } по одній лінії
pe-leg-leap = стрибок { $dirs } через { $over ->
    [friend] свою
    [enemy] ворожу
    [own] свою
   *[any] будь-яку
  } фігуру на сусідньому полі на порожнє поле одразу за нею
pe-leg-leap-flying = стрибок { $dirs } через { $over ->
    [friend] свою
    [enemy] ворожу
    [own] свою
   *[any] будь-яку
  } фігуру на будь-якій відстані вздовж лінії порожніх полів на будь-яке порожнє поле за нею
pe-leg-step-onto = один крок { $dirs } { $onto ->
    [enemy] на поле, де стоїть ворожа фігура
   *[other] на порожнє поле або на поле, де стоїть ворожа фігура
  }
pe-leg-slide-onto = { $onto ->
    [enemy] через будь-яку кількість порожніх полів { $dirs } по одній лінії на ворожу фігуру, яка його зупиняє
   *[other] будь-яка кількість порожніх полів { $dirs } по одній лінії або далі на ворожу фігуру, яка його зупиняє
  }
pe-move-by-any = Цей хід може зробити будь-яка фігура.
pe-move-by = Хто ходить: { $kinds }.
pe-move-legs = Хід складається з: { $seq }.
pe-seg-once = один рух «{ NAME($leg) }»
pe-seg-plus = один або кілька рухів «{ NAME($leg) }» (напрямок можна змінювати; гравець може зупинитися після будь-якого)
pe-seg-plus-must = один або кілька рухів «{ NAME($leg) }», доки можливий ще один
pe-effect-add = Хід додає { $value } до ліку: { NAME($counter) }.
pe-effect-set = Хід встановлює лік «{ NAME($counter) }» на { $value }.
pe-fig-move = { $move } — хід { NAME($player, form: "gen") }: { $text }.
pe-fig-refused = Хід { NAME($player, form: "gen") }: { $text } заборонений (стаття { $article }).
pe-priority = Коли { $when }, дозволені лише ходи, які { $keep }
pe-claims-intro = Ці нічиї не настають самі: поки виконується умова однієї з них, будь-який гравець може вимагати нічию, і тоді партія закінчується внічию.
pe-claim = Нічию можна вимагати, коли { $cond }.
pe-notation-labels = Поле позначають вертикаллю і горизонталлю ({ $example }).
pe-notation-numbers = Поле позначають його номером{ $d ->
    [0] {""}
   *[other] {" "}(діаграма { $d })
  }.
pe-notation-move = Хід записують полями, які проходить фігура, від початкового до останнього: дефіс перед полем, досягнутим без взяття, x перед полем, досягнутим зі взяттям.
pe-notation-examples = { $capture ->
    [none] Наприклад: { $quiet }.
   *[other] Наприклад: { $quiet } і { $capture }.
  }
pe-notation-choice = Хід, що перетворює фігуру на вибір, закінчується знаком = і літерою обраної фігури.
pe-notation-letters = У позиції, записаній у FEN, кожна фігура — літера, велика для першого гравця і мала для другого: { $list }.
pe-readings-intro = Джерела цих правил розходяться в пунктах нижче. Ця книга щоразу дотримується першого тлумачення.
pe-reading-followed = У цій книзі: { $text }
pe-reading-other = Інше тлумачення: { $text }
pe-unstated-intro = У джерелах цієї гри є правила, яких ця книга не встановлює. Їх перелічено тут, а не наближено: статті вище їх не застосовують.
pe-changes-intro = Ця гра — це «{ $parent }» з такими змінами; статті нижче викладають усю гру.
pe-change-added = Нове: { $what }.
pe-change-changed = Змінено: { $what }.
pe-change-removed = Вилучено: { $what }.
pe-change-none = Правила ті самі, що й у грі «{ $parent }».
pe-what = { $kind ->
    [players] гравці
    [board] дошка
    [pieces] фігури і вихідна позиція
    [region] { NAME($name) }
    [counter] лік «{ NAME($name) }»
    [param] { $name }
    [leg] рух «{ NAME($name) }»
    [move] { NAME($name) } (стаття { $article })
    [priority] обов'язковий хід (стаття { $article })
    [claim] нічия на вимогу (стаття { $article })
    [unstated] правило, яке не охоплено
    [promotion] перетворення (стаття { $article })
   *[end] правило кінця партії (стаття { $article })
  }
