# České texty pravidel, která generuje regula (`regula doc`).
# Jména ze souboru pravidel přicházejí jako identifikátory; NAME($id, form: "...") dává tvar,
# který soubor pravidel uvádí řádkem `/// [cs word Id] 1. pád; gen 2. pád; loc 6. pád;
# ins 7. pád; pl množné číslo; gen-pl 2. pád množného čísla; gender m|f|n`.

title = { NAME($game) }
generated-note = _Vygenerováno příkazem `regula doc` ze souboru pravidel; neupravujte ručně._
and = {" a "}
or = {" nebo "}
then = {", potom "}
range = { $a } až { $b }

player = { NAME($player) }
kind = { NAME($kind) }
no-piece = žádná figura

h-players = Hráči
players-order = { $n ->
    [one] { $n } hráč:
    [few] { $n } hráči táhnou v tomto pořadí:
   *[other] { $n } hráčů táhne v tomto pořadí:
  } { $list }.
h-board = Deska
board-summary = { $n ->
    [one] { $n } pole
    [few] { $n } pole
   *[other] { $n } polí
  }; sloupce { $files }, řady { $ranks }; pole se jmenuje podle sloupce a řady (`{ $example }`).
board-links = Pole jsou body spojené jen nakreslenými čarami { $list }: krok ve směru vede po čáře k dalšímu bodu tím směrem, a kde žádná čára tím směrem nevede, krok není.
directions = Směry (posun vodorovně, posun svisle): { $list }.
dir-set = Sada směrů `{ $name }`: { $dirs }.
dir-set-player = pro { NAME($player, form: "acc") } { $dirs }
regions = Oblasti:
h-pieces = Figury a výchozí postavení
kinds = Druhy figur: { $list }.
counters = Počítadla vedená v pozici:
counter = `{ $name }`: { $scope }, začíná na 0, { $bound }.
counter-per-player = jedno pro každého hráče
counter-same-piece = jedno pro každého hráče, patří figuře, kterou hráč táhl naposledy (tah jinou figurou je vrací na 0)
counter-global = jedno pro celou hru
counter-while = jedno pro partii, počítá půltahy za sebou provedené, dokud { $cond } (platilo před půltahem a platí i po něm; každý jiný půltah jej vrací na 0)
counter-while-prose = jedno pro partii, počítá půltahy provedené za sebou, dokud { $cond } (půltah se započítá, platí-li to před ním i po něm; každý jiný půltah vrací počítadlo na 0)
counter-bound = nejvýše { $max }; tah, který by je překročil, není dovolen
counter-unbounded = bez omezení

h-moves = Tahy
moves-intro = Tah provádí jedna figura, která své výchozí pole opouští hned (pozdější části tahu je tedy mohou přeskočit nebo na ně dopadnout). Část tahu, která nic nebere, nikdy nedopadne na pole, kde už tah byl, ani na výchozí pole. Dva tahy se stejným výsledkem jsou jeden tah.
leg = Část tahu „{ NAME($name) }“ (`{ $name }`): { $text }.
leg-step = jeden krok (směry `{ $set }`) na prázdné pole
leg-slide = libovolný počet prázdných polí jedním směrem (směry `{ $set }`)
leg-anywhere = { $onto ->
    [enemy] na libovolné pole desky, na kterém stojí nepřátelská figura, v jakékoli vzdálenosti a bez ohledu na čáry
    [empty-or-enemy] na libovolné prázdné pole desky nebo na pole, na kterém stojí nepřátelská figura, v jakékoli vzdálenosti a bez ohledu na čáry
   *[other] na libovolné prázdné pole desky, v jakékoli vzdálenosti a bez ohledu na čáry
  }
leg-leap = skok (směry `{ $set }`) přes { $over ->
    [friend] vlastní
    [enemy] soupeřovu
    [own] svou vlastní
   *[any] libovolnou
  } figuru na sousedním poli na prázdné pole hned za ní
leg-leap-flying = skok (směry `{ $set }`) přes { $over ->
    [friend] vlastní
    [enemy] soupeřovu
    [own] svou vlastní
   *[any] libovolnou
  } figuru v libovolné vzdálenosti po řadě prázdných polí na libovolné prázdné pole za ní
leg-captures = ; přeskočená figura je sebrána
leg-step-onto = jeden krok (směry `{ $set }`) { $onto ->
    [enemy] na pole, na kterém stojí nepřátelská figura
   *[other] na prázdné pole nebo na pole, na kterém stojí nepřátelská figura
}
leg-slide-onto = { $onto ->
    [enemy] přes libovolný počet prázdných polí jedním směrem (směry `{ $set }`) na nepřátelskou figuru, která ji zastaví
   *[other] libovolný počet prázdných polí jedním směrem (směry `{ $set }`), nebo dál na nepřátelskou figuru, která ji zastaví
}
leg-slide-exactly = právě { $n } polí jedním směrem (směry `{ $set }`), přes { $over ->
    [friend] jen vlastní figury
    [enemy] jen soupeřovy figury
    [own] jen své vlastní figury
    [any] libovolné figury
   *[none] žádnou figuru
  }, { $onto ->
    [enemy] na nepřátelskou figuru
    [empty-or-enemy] na prázdné pole nebo na nepřátelskou figuru
   *[empty] na prázdné pole
  }
leg-slide-exactly-line = právě tolik polí jedním směrem (směry `{ $set }`), kolik figur obou stran, včetně jí samé, stojí na celé přímce, po které se pohybuje, přes { $over ->
    [friend] jen vlastní figury
    [enemy] jen soupeřovy figury
    [own] jen své vlastní figury
    [any] libovolné figury
   *[none] žádnou figuru
  }, { $onto ->
    [enemy] na nepřátelskou figuru
    [empty-or-enemy] na prázdné pole nebo na nepřátelskou figuru
   *[empty] na prázdné pole
  }
leg-captures-onto = ; figura na poli, kam dopadne, je sebrána
leg-onto-kinds = ; jen na { $kinds }
leg-captures-beyond = ; první figura za přeskočenou, na kterou dopadne, je sebrána (ne přeskočená)
leg-captures-passer = ; sebere figuru, která táhla naposledy a přešla pole, na které dopadne
leg-land = ; dopadnout smí jen na pole { $where }
leg-no-reverse = ; nesmí se vrátit přímo zpět, opačně než předchozí část tahu
leg-onward = ; pokračuje pod úhlem menším než pravý k předchozímu kroku, nikdy stranou ani zpět
leg-leap-kinds = ; přeskočit lze jen figuru druhu { $kinds }
leg-land-behind = ; dopadá jen na pole hned za přeskočenou figurou
leg-prefer-continuing = ; z polí za jednou figurou, na která smí dopadnout, musí zvolit takové, odkud může tah pokračovat, pokud nějaké je
leg-halt-behind = ; přes { $kinds } dopadne na pole hned za ní, leda by tah pokračoval z pole dál
h-move = { NAME($move) } (`{ $move }`)
move-by = Táhne: { $kinds }.
move-from = Jen z pole { $where }.
move-require = Jen když { $cond }.
move-require-prose = Jen když { $cond }.
move-legs = Části: { $seq }.
move-land = Každé pole dopadu: { $where }.
move-to = Cílové pole: { $where }.
move-stop = Tah končí, jakmile figura dopadne na pole { $where }.
move-with = Zároveň táhne { NAME($kind) } téhož hráče z pole { $from } na pole { $to }; to pole je prázdné, stejně jako všechna pole mezi nimi.
move-go-to = Figurka jde přímo po sloupci, řadě nebo diagonále na pole { $where }, nebo zůstane stát, pokud takovým polem je její vlastní; každé pole, které přechází nebo na které dopadne, je prázdné, kromě výchozího pole figury, kterou bere s sebou.
move-with-go-to = { $kind } může také začít na poli, kam táhnoucí figura dopadne, a skončit na poli, které opustil (vymění si místa), nebo zůstat stát; jeho cesta smí přejít pole, které táhnoucí figura opustila.
move-mark-passed = Do dalšího tahu zůstávají pole, která tato figura přešla, označena: soupeř ji smí sebrat, jako by se zastavila na jednom z nich.
move-flip = Poté se podél každého směru `{ $set }` od pole, kde tah končí, obrátí nepřerušená řada soupeřových figur, za kterou hned stojí vlastní figura: každá z těch figur připadne hráči na tahu.
move-then-drop = Poté se nový kámen { NAME($kind) } postaví na pole, kam dosáhne pohyb `{ $leg }` z pole, kde tah končí, na desce po tahu (pole, které kámen opustil, je tou dobou prázdné): jeden tah pro každé takové pole, a žádný tah, pokud takové pole není.
move-then-remove = Poté, je-li pole, kde tah končí, na desce po tahu polem, { $when }, hráč odebere z desky jednu { $over ->
    [friend] vlastní
    [enemy] soupeřovu
    [own] svou vlastní
   *[any] libovolnou
  } figuru: jeden tah pro každou figuru, kterou lze odebrat; pokud žádná taková není, tah se zahraje bez odebrání. Odebraná figura je zajata.
move-then-remove-always = Poté hráč odebere z desky jednu { $over ->
    [friend] vlastní
    [enemy] soupeřovu
    [own] svou vlastní
   *[any] libovolnou
  } figuru: jeden tah pro každou figuru, kterou lze odebrat; pokud žádná taková není, tah se zahraje bez odebrání. Odebraná figura je zajata.
move-then-remove-where = Odebrat lze jen figuru na poli, { $where }.
move-then-remove-prefer = Z nich se odebere figura na poli, { $prefer }, pokud taková je.
move-custodial = Poté se podél každého směru `{ $set }` od pole, kde tah končí, sebere soupeřova figura na sousedním poli, když pole hned za ní obsazuje vlastní figura nebo je nepřátelské. Sevření musí uzavřít táhnoucí figura: figura, která vstoupí mezi dvě soupeřovy, sebrána není.
custodial-partners = Takového sebrání se účastní jen { $kinds }, jako táhnoucí figura i jako figura za soupeřovou.
custodial-hostile = Pole { $cond } je nepřátelské.
custodial-enclosed = Soupeřova figura { $kinds } na poli { $cond } se sebere jen tehdy, když každé pole vedle ní podél `{ $set }` obsazuje vlastní figura, která se účastní, nebo je nepřátelské.
removal-now = Sebrané figury ihned opouštějí desku.
removal-end = Sebrané figury zůstávají na desce až do konce tahu; překážejí a žádná nesmí být přeskočena dvakrát.
effect-add = Přičte { $value } k `{ $counter }`.
effect-set = Nastaví `{ $counter }` na { $value }.
seg-once = jedna část „{ NAME($leg) }“
seg-plus = jedna nebo více částí „{ NAME($leg) }“ (směr se smí měnit; zastavit lze po kterékoli)
seg-plus-must = jedna nebo více částí „{ NAME($leg) }“, dokud je možná další

h-promotion = Proměna
promote = Když { NAME($from) } dosáhne pole { $where }, stává se { NAME($to, form: "ins") }.
promote-choice = Když { NAME($from) } dosáhne pole { $where }, stává se podle volby hráče { $to }; každá volba je samostatný tah.
promote-choice-kind = { NAME($kind, form: "ins") }
timing-at-end = Během braní zůstává figura, čím byla; promění se, skončí-li tah na takovém poli.
timing-stop = Dosažení takového pole ukončí tah, i uprostřed braní.
timing-continue = Figura, která takového pole dosáhne během braní, se hned promění a pokračuje jako tah „{ NAME($move) }“.

h-priorities = Které tahy jsou dovoleny
priorities-intro = Pravidla níže se zkoušejí popořadě; rozhoduje první, které platí. Neplatí-li žádné, je dovolen každý tah popsaný výše.
priority = **{ $name }**: když { $when }, jsou dovoleny jen tahy, které { $keep }
priority-prefer = ; z nich, pokud některé { $x }, jen ty
priority-maximize = ; z nich jen ty, které seberou nejvíce figur
priority-maximize-kinds = ; z nich jen ty, které seberou nejvíce figur druhu { $kinds }
priority-maximize-value = ; z nich jen ty, jejichž sebrané figury mají největší hodnotu
priority-maximize-earliest = ; z nich jen ty, které nejdříve seberou figuru druhu { $kinds }
otherwise-skip = . Není-li takový tah, toto pravidlo neplatí.
otherwise-none = . Není-li takový tah, není dovolen žádný tah.

h-end = Konec hry
end-intro = Kontroluje se v každé pozici dříve, než hráč na tahu táhne; první pravidlo, které platí, ukončí partii a pak už žádný tah není možný.
end-win = Hráč P vyhrává, jestliže { $cond }.
end-loss = Hráč P prohrává, jestliže { $cond }.
end-draw = Hra končí remízou, jestliže { $cond }.
end-fallback = Neplatí-li žádné pravidlo a hráč na tahu nemá žádný dovolený tah, hra končí remízou.
end-claims-intro = Tyto remízy nenastávají samy: dokud platí podmínka některé z nich, může ji kterýkoli hráč požadovat, a hra pak končí remízou. Zápis partie zapisuje požadavek jako `claim:` a název pravidla.
end-claim = { $name }: remízu lze požadovat, jestliže { $cond }.

h-params = Parametry
params-intro = Místa, kde se prameny rozcházejí. Tento text se řídí hodnotami označenými jako zvolené.
params-range = Celé číslo od { $from } do { $to }.
mark-default = výchozí
mark-chosen = zvolená

h-unstated = Nestanoveno tímto souborem
unstated-intro = Prameny této hry mají pravidla, která tento soubor (zatím) nestanoví. Jsou uvedena zde, místo aby byla přibližována: pravidla výše je neuplatňují.
unstated-item = { $name } (bod { $clause }): { $text }
unstated-item-no-clause = { $name }: { $text }

sq-anywhere = kdekoli
sq-nowhere = nikde
sq-in-own = ve { NAME($region, form: "gender") ->
    [f] své
   *[other] svém
  } { NAME($region, form: "loc") }
sq-in-opp = v { NAME($region, form: "loc") } soupeře
sq-in-all = v { NAME($region, form: "loc") }
sq-out-own = mimo { NAME($region, form: "gender") ->
    [f] svou
   *[other] svůj
  } { NAME($region, form: "acc") }
sq-out-opp = mimo { NAME($region, form: "acc") } soupeře
sq-out-all = mimo { NAME($region, form: "acc") }
sq-kind-not = pro figuru { $kinds } – ne { $rest }
sq-not = ne { $x }
sq-piece = když je figura { $kinds }
sq-can = pole, z něhož by figura mohla začít tah „{ NAME($move) }“
sq-passed = které přešel poslední tah
sq-unmoved = jehož figura ještě netáhla
sq-attacked = kde by ji soupeř mohl sebrat
sq-empty = na kterém nestojí žádná figura
sq-next-occupied = jehož sousední pole směrem `{ $dir }` je obsazené
sq-next-empty = jehož sousední pole směrem `{ $dir }` je prázdné
sq-next-off = které směrem `{ $dir }` nemá sousední pole (okraj desky)
sq-flanks = kde by figura podél některého směru `{ $set }` uzavřela nepřerušenou řadu soupeřových figur, za kterou hned stojí vlastní figura
sq-seen = na kterém stojí první figura potkaná z výchozího pole táhnoucí figury směrem `{ $dirs }`
sq-in-a-row = jehož figura stojí v řadě { $n } nebo více figur téhož vlastníka podél některého směru `{ $set }`, počítáno na obě strany
sq-in-a-row-exactly = jehož figura stojí v řadě právě { $n } figur téhož vlastníka podél některého směru `{ $set }`, počítáno na obě strany

mv-any = jsou jakékoli
mv-capture = berou
mv-kind = jsou tahy „{ NAME($move) }“
mv-from = začínají { $where }
mv-to = končí { $where }
mv-not-to = nekončí { $where }
mv-not-from = nezačínají { $where }
mv-not-capture = neberou
mv-not = ne ({ $x })

pl-var = hráče { $var }
pl-opp-of = soupeře hráče { $var }
pl-mover = hráče na tahu
pl-opp-mover = soupeře hráče na tahu
pl-named = { NAME($player, form: "gen") }

q-pieces = figur
q-kind = { NAME($kind, form: "gen-pl") }
q-in-own = {" "}ve svém { NAME($region, form: "loc") }
q-in-opp = {" "}v { NAME($region, form: "loc") } soupeře
q-in-all = {" "}v { NAME($region, form: "loc") }
q-count = počet { $what } { $who }{ $place }
q-counter = `{ $counter }` { $who }
q-plus = { $a } plus { $b }
q-minus = { $a } minus { $b }

c-always = vždy
c-not = neplatí, že ({ $x })
c-every = pro každého hráče { $var } platí: { $x }
c-some = pro některého hráče { $var } platí: { $x }
c-exists-kind = je možný tah „{ NAME($move) }“
c-exists-capture = je možné braní
c-exists = některý tah { $x }
c-blocked-mover = hráč na tahu nemá žádný dovolený tah
c-blocked = nastal tah { $who } a ten nemá žádný dovolený tah
c-in-check = královská figura { $who } je napadena (šach)
c-in-a-row = { $who } má { $n } nebo více figur v řadě podél `{ $set }`
c-in-a-row-exact = { $who } má řadu právě { $n } figur podél `{ $set }`, která není součástí delší
c-connected = { $who } má figury a všechny tvoří jednu skupinu spojenou kroky podél `{ $set }`
c-connected-ends = řetěz figur hráče { $who }, vzdálených o krok podél `{ $set }`, spojuje pole { $a } s polem { $b }
c-repeated = stejná pozice se stejným hráčem na tahu nastala už { $n ->
    [one] { $n }krát
   *[other] { $n }krát
  }
c-cmp = { $a } { $op ->
    [ge] je nejméně
    [le] je nejvýše
    [eq] je
    [ne] není
    [gt] je větší než
   *[lt] je menší než
  } { $b }

fig-board = Deska: souřadnice a oblasti.
fig-start = Výchozí postavení; začíná { NAME($player) }.
legend-region = { NAME($region) }: { $squares }
legend-region-name = { NAME($region) }
legend-player = { NAME($player) }: { $index ->
    [0] bílé kotouče
    [1] černé kotouče
    [2] červené kotouče
   *[other] modré kotouče
  }
fig-move = „{ NAME($move) }“: na tahu je { NAME($player) }; { $text } je dovolený tah.
fig-none = Pro `{ $item }` nebyla nalezena žádná ukázková pozice.
h-restrictions = Omezení v praxi
fig-refused = na tahu je { NAME($player) }; { $text } není dovolený tah. Vysvětlení regula: „{ $why }“.
restr-priority = Pravidlo přednosti `{ $item }`
restr-landing = Podmínka dopadu pro tah „{ NAME($item) }“
restr-final = Podmínka cílového pole pro tah „{ NAME($item) }“
restr-require = Podmínka pro tah „{ NAME($item) }“
restr-leg-land = Podmínka dopadu části „{ NAME($item) }“
restr-no-reverse = Zákaz obratu zpět v části „{ NAME($item) }“
restr-over = Co smí přeskočit část „{ NAME($item) }“
restr-counter = Mez počítadla `{ $item }`
# Značky příčiny v diagramu zakázaného tahu, v legendě.
cause-part-of = { NAME($region) } hráče { NAME($player, form: "gen") }
cause-part-opp = { NAME($region) } soupeřů
cause-part-all = { NAME($region) }
cause-region = Šrafováno: { $regions } – oblast z pravidla, které tento tah zakazuje.
cause-regions = Šrafováno: { $regions } – oblasti z pravidla, které tento tah zakazuje.
cause-mover = Zakroužkováno: figura, která musí táhnout místo toho.
cause-movers = Zakroužkováno: figury, z nichž jedna musí táhnout místo toho.
cause-capture = Zakroužkováno: figura, kterou by sebraly tahy, jež se musí zahrát místo toho.
cause-captures = Zakroužkováno: figury, které by sebraly tahy, jež se musí zahrát místo toho.
cause-can = Zakroužkováno: co by sebral tah „{ NAME($move) }“ z pole { $square }.
cause-leapt = Zakroužkováno: figura, kterou pohyb „{ NAME($item) }“ přeskočit nesmí.
cause-leapts = Zakroužkováno: figury, které pohyb „{ NAME($item) }“ přeskočit nesmí.
origin-case = (Pozice z testovacího případu v souboru { $file }.)
origin-start = (Výchozí postavení.)
origin-search = (Pozici našel stroj: partie { $seed }, po { $plies } půltazích.)
origin-built = (Pozice sestavená podle pravidel pro tento diagram.)

h-trace = Příloha: odkud pochází každé pravidlo
trace-intro = Pro každou položku pravidel: body, které zachycuje (slovy tohoto projektu, docs/clauses.yaml, anglicky), body pramenů, které je uvádějí (tests/sources/, v anglickém překladu), a testovací případy, které je ověřují, s výsledky.
trace-item = { $kind ->
    [game] Hra { NAME($name) }
    [players] Hráči
    [board] Deska
    [pieces] Figury a postavení
    [region] Oblast `{ $name }`
    [counter] Počítadlo `{ $name }`
    [param] Parametr `{ $name }`
    [leg] Část tahu `{ $name }`
    [move] Tah `{ $name }`
    [priority] Pravidlo přednosti `{ $name }`
    [unstated] Nestanovené pravidlo `{ $name }`
    [other] Ostatní deklarace (směry, sady směrů, proměna)
   *[end] Pravidlo konce hry { $name }
  }
trace-undefined = (není v seznamu bodů)
trace-sources = Prameny:
trace-cases = Testovací případy:
trace-no-cases = Žádný testovací případ to neověřuje.
verdict-pass = prošel
verdict-fail = NEPROŠEL

h-differences = Rozdíly oproti hře { $parent }
diff-added = { $item } (nové): { $text }
diff-changed = { $item } (změněné): { $text }
diff-removed = { $item } (odstraněné)
diff-none = Pravidla jsou stejná jako v původní hře; lišit se může jen popis.

# Teams, turns, neutral pieces, drops and named players' regions.
teams = Týmy, jejichž hráči spolu vyhrávají i prohrávají: { $list }.
turn-pass = Hráč, který nemůže táhnout, stojí, dokud může táhnout jiný hráč.
neutral-kinds = Neutrální figury nepatří nikomu, nikdy netáhnou, nelze je přeskočit ani sebrat a blokují jako okraj desky: { $list }.
royal-kinds = Královské figury: žádný tah nesmí nechat takovou figuru hráče na tahu napadenou, tedy tam, kde by ji mohl sebrat některý tah soupeře: { $list }.
move-drop = Postaví novou figuru { NAME($kind) } na prázdné pole.
hand-kinds = Sebrané figury těchto druhů přecházejí do ruky hráče, který je sebral, jako jeho vlastní figury, povýšená figura jako druh, ze kterého byla povýšena: { $kinds }.
move-drop-hand = Postaví figuru z ruky hráče na tahu na prázdné pole, jednoho z těchto druhů: { $kinds }; v ruce pak zbude o jednu méně a figura se nepovyšuje.
sq-in-of = v { NAME($region, form: "loc") } hráče { NAME($player, form: "gen") }
sq-out-of = mimo { NAME($region, form: "acc") } hráče { NAME($player, form: "gen") }
q-in-of = {" "}v { NAME($region, form: "loc") } hráče { NAME($player, form: "gen") }
pl-team-of = týmu hráče { $var }
pl-team-mover = týmu hráče na tahu

# Podmínky běžnými větami: obvyklé tvary podmínek, každý vlastními slovy (zprávy c- výše jsou
# obecný tvar pro vše ostatní). V pravidle konce hry je každá vedlejší věta s -li, takže příklonky stojí hned za
# slovesem („zbyla-li mu“). $who je hráč, o kterém je řeč: self (hráč pravidla konce hry,
# „sám“), opp, team, mover, opp-mover, team-mover, every, some (hráč z `every`/`some`), named.
# $host je věta, kterou podmínka doplňuje: end (pravidlo konce hry, nárok na remízu, priorita;
# věta s -li), require („Jen když …“ tahu), while („dokud …“ počítadla); v require a while
# stojí sloveso bez -li (p-if-mark).
p-and = {" a "}
p-or = {" nebo "}
p-noun-n = { $kind ->
    [all] { $n ->
        [one] figuru
        [few] figury
       *[other] figur
      }
   *[other] { $n ->
        [one] { NAME($kind, form: "acc") }
        [few] { NAME($kind, form: "pl") }
       *[other] { NAME($kind, form: "gen-pl") }
      }
  }
p-noun-pl = { $kind ->
    [all] figury
   *[other] { NAME($kind, form: "pl") }
  }
p-who = { $who ->
    [self] { $pos ->
        [later] {" "}sám
       *[first] {""}
      }
    [opp] {" "}soupeř
    [team] {" "}jeho tým
    [mover] {" "}hráč na tahu
    [opp-mover] {" "}soupeř hráče na tahu
    [team-mover] {" "}tým hráče na tahu
    [every] {" "}každý hráč
    [some] {" "}některý z hráčů
   *[named] {" "}{ NAME($player) }
  }
p-whom = { $who ->
    [self] mu
    [opp] soupeři
    [team] jeho týmu
    [mover] hráči na tahu
    [opp-mover] soupeři hráče na tahu
    [team-mover] týmu hráče na tahu
    [every] každému hráči
    [some] některému z hráčů
   *[named] hráči { NAME($player) }
  }
p-place = { $place ->
    [own] {" "}ve { NAME($region, form: "gender") ->
        [f] své
       *[other] svém
      } { NAME($region, form: "loc") }
    [opp] {" "}v { NAME($region, form: "loc") } soupeře
    [all] {" "}v { NAME($region, form: "loc") }
    [of] {" "}v { NAME($region, form: "loc") } hráče { NAME($rplayer, form: "gen") }
    [of-self] {" "}ve { NAME($region, form: "gender") ->
        [f] své
       *[other] svém
      } { NAME($region, form: "loc") }
   *[none] {""}
  }
p-noun-one = { $kind ->
    [all] figuru
   *[other] { NAME($kind, form: "acc") }
  }
p-noun-gen-pl = { $kind ->
    [all] figur
   *[other] { NAME($kind, form: "gen-pl") }
  }
p-has = { $op ->
    [none] nemá{ p-if-mark }{ p-who } už žádné { p-noun-pl }
    [some] { $host ->
        [require] má{ p-who } ještě nějaké { p-noun-pl }
        [while] má{ p-who } ještě nějaké { p-noun-pl }
       *[end] má-li{ p-who } aspoň 1 { p-noun-one }
      }
    [ge] má{ p-if-mark }{ p-who } nejméně { $n } { p-noun-n }
    [le] má{ p-if-mark }{ p-who } nejvýše { $n } { p-noun-n }
    [eq] má{ p-if-mark }{ p-who } právě { $n } { p-noun-n }
    [gt] má{ p-if-mark }{ p-who } více než { $n } { p-noun-n }
    [lt] má{ p-if-mark }{ p-who } méně než { $n } { p-noun-n }
   *[ne] nemá{ p-if-mark }{ p-who } právě { $n } { p-noun-n }
  }{ p-place }
p-only = { $n ->
    [one] zbyla{ p-if-mark } { p-whom } jediná figura ({ NAME($kind) })
    [few] zbyly{ p-if-mark } { p-whom } jen { $n } figury (vesměs { NAME($kind, form: "pl") })
   *[other] zbylo{ p-if-mark } { p-whom } jen { $n } figur (vesměs { NAME($kind, form: "gen-pl") })
  }
p-blocked = { $who ->
    [self] je{ p-if-mark } na tahu sám a nemůže{ p-if-mark } táhnout
    [opp] je{ p-if-mark } na tahu soupeř a nemůže{ p-if-mark } táhnout
    [team] je{ p-if-mark } na tahu jeho tým a nemůže{ p-if-mark } táhnout
    [mover] nemůže{ p-if-mark } hráč na tahu táhnout
    [opp-mover] nemůže{ p-if-mark } soupeř hráče na tahu táhnout
    [team-mover] nemůže{ p-if-mark } tým hráče na tahu táhnout
    [every] nemůže{ p-if-mark } táhnout žádný hráč
    [some] je{ p-if-mark } na tahu některý z hráčů a nemůže{ p-if-mark } táhnout
   *[named] je{ p-if-mark } na tahu { NAME($player) } a nemůže{ p-if-mark } táhnout
  }
p-whose = { $who ->
    [game] {""}
    [self] {" "}tohoto hráče
    [opp] {" "}soupeře
    [team] {" "}jeho týmu
    [mover] {" "}hráče na tahu
    [opp-mover] {" "}soupeře hráče na tahu
    [team-mover] {" "}týmu hráče na tahu
    [every] {" "}každého hráče
    [some] {" "}některého z hráčů
   *[named] {" "}hráče { NAME($player, form: "gen") }
  }
p-counter = { $op ->
    [ge] dosáhlo{ p-if-mark } počítadlo `{ $counter }`{ p-whose } hodnoty { $n }
    [gt] překročilo{ p-if-mark } počítadlo `{ $counter }`{ p-whose } hodnotu { $n }
    [le] je{ p-if-mark } počítadlo `{ $counter }`{ p-whose } nejvýše { $n }
    [lt] je{ p-if-mark } počítadlo `{ $counter }`{ p-whose } menší než { $n }
    [eq] je{ p-if-mark } počítadlo `{ $counter }`{ p-whose } rovno { $n }
   *[ne] není{ p-if-mark } počítadlo `{ $counter }`{ p-whose } rovno { $n }
  }
# Porovnání součtu (`count(opponent) + 9 - placed(opponent) < 3`): každý člen jmenná skupina.
p-sum-whose = { p-whose }
p-sum-count = počet figur{ p-sum-whose }
p-sum-counter = počítadlo `{ $counter }`{ p-sum-whose }
p-sum = { $op ->
    [ge] je{ p-if-mark } { $a } nejméně { $b }
    [le] je{ p-if-mark } { $a } nejvýše { $b }
    [eq] rovná{ p-if-mark } se { $a } { $b }
    [ne] nerovná{ p-if-mark } se { $a } { $b }
    [gt] je{ p-if-mark } { $a } větší než { $b }
   *[lt] je{ p-if-mark } { $a } menší než { $b }
  }
p-every = platí{ p-if-mark } pro každého hráče toto: { $x }
p-some = platí{ p-if-mark } pro některého z hráčů toto: { $x }
p-exists-kind = je{ p-if-mark } možný tah „{ NAME($move) }“
p-exists-capture = je{ p-if-mark } možné braní
p-repeated = nastala{ p-if-mark } stejná pozice se stejným hráčem na tahu už { $n }krát
# Materiál hráče proti jediné figuře soupeře ($amount: eq, one-or-two, le, ge; $n figur;
# $among: kind, je-li mezi nimi aspoň jedna $akind; $against: kind — soupeři zbývá jen $lone,
# piece, none). Číslovky v ženském rodě a ve 4. pádě (má … figuru).
p-material = má{ p-if-mark }{ p-who } { $amount ->
    [one-or-two] jednu nebo dvě
    [le] nejvýše { p-num }
    [ge] nejméně { p-num }
   *[eq] { p-num }
  } { $n ->
    [one] figuru
    [few] figury
   *[other] figur
  }{ $among ->
    [kind] , z nichž aspoň jedna je { NAME($akind) }
   *[none] {""}
  }{ $against ->
    [none] {""}
   *[other] { $among ->
        [kind] ,
       *[none] {""}
      } a { $host ->
        [require] jeho soupeři zbývá
        [while] jeho soupeři zbývá
       *[end] zbývá-li jeho soupeři
      } jen { $against ->
        [kind] { NAME($lone) }
       *[piece] jedna figura
      }
  }
# Malé číslo slovem (ženský rod, 4. pád).
p-num = { $n ->
    [1] jednu
    [2] dvě
    [3] tři
    [4] čtyři
    [5] pět
    [6] šest
    [7] sedm
    [8] osm
    [9] devět
    [10] deset
   *[other] { $n }
  }
# Příklonka -li za slovesem podmínkové věty: jen v pravidlech konce hry, prioritách a nárocích
# („má-li“); podmínka tahu („jen když má“) a počítadla („dokud má“) ji nemají.
p-if-mark = { $host ->
    [require] {""}
    [while] {""}
   *[end] -li
  }
end-win-prose = Hráč vyhrává, { $cond }.
end-loss-prose = Hráč prohrává, { $cond }.
end-draw-prose = Hra končí remízou, { $cond }.
end-claim-prose = { $name }: remízu lze požadovat, { $cond }.
priority-prose = **{ $name }**: { $when }, jsou dovoleny jen tahy, které { $keep }

# Proč tah na diagramu není dovolen: jedna zpráva pro každý druh důvodu (ReasonKind z explain),
# který omezení knihy dávají.
why-priority = { $text } by byl dovolený tah „{ NAME($move) }“, ale pravidlo přednosti `{ $item }` jej zde vylučuje
why-counter-bound = { $text } by překročil mez počítadla `{ $item }`
why-no-reverse = { $text } se vrací přímo zpět, což část „{ NAME($item) }“ nedovoluje
why-over = { $text } přeskakuje figuru, kterou část „{ NAME($item) }“ přeskočit nesmí
why-condition = { $what ->
    [final] tah „{ NAME($item) }“ nesmí skončit na poli { $to }
    [require] tah „{ NAME($item) }“ není v této pozici dovolen
    [leg-land] v tahu { $text } dopadá část „{ NAME($item) }“ na pole, kam dopadnout nesmí
   *[landing] { $text } dopadá na pole, kam tah „{ NAME($item) }“ dopadnout nesmí
  }

# Jednou, na začátku knihy, když soubor pravidel nemá český text.
untranslated-docs = Vysvětlení v souboru pravidel bez českého překladu: { $missing } z { $total }; uvádějí se anglicky.
untranslated-names = Jmen bez českého tvaru v souboru pravidel: { $missing }; uvádějí se tak, jak je píše soubor pravidel.
untranslated-letters = V diagramech je figura, jejíž jméno nemá český tvar, označena písmenem jména ze souboru pravidel.

# Vydání pro hráče (výchozí kniha): číslované články slovy, nic ze stroje.
fig-title-move = Na tahu je { NAME($player) }: { $text }.
fig-title-refused = Na tahu je { NAME($player) }: { $text } není dovolený tah.
pe-name = { NAME($name) }
pe-article = { $n }. { $title }
pe-subarticle = { $n } { $title }
pe-annex = Příloha { $n }. { $title }
pe-h-contents = Obsah
pe-h-changes = Změny oproti hře { $parent }
pe-h-game = Hra a hráči
pe-h-board = Deska
pe-h-pieces = Figury a výchozí postavení
pe-h-moves = Tahy
pe-h-legs = Definice
pe-h-promotion = Proměna
pe-h-priorities = Povinné tahy
pe-h-end = Konec partie
pe-h-notation = Zápis
pe-h-readings = Výklady pravidel
pe-h-unstated = Pravidla, která tato kniha nepokrývá
pe-diagram = Diagram { $n }.
pe-see-diagram = (diagram { $n })
pe-players = { $n ->
    [one] Hru hraje jeden hráč: { $list }.
    [2] Hru hrají dva hráči: { $list }.
    [few] Hru hrají { $n } hráči: { $list }.
   *[other] Hru hraje { $n } hráčů: { $list }.
  }
pe-order = { $n ->
    [one] {""}
    [2] Začíná { NAME($first) }; potom hráči táhnou střídavě.
   *[other] Začíná { NAME($first) }; potom hráči táhnou střídavě v tomto pořadí: { $list }.
  }
pe-board = Deska má { $n ->
    [one] { $n } pole
    [few] { $n } pole
   *[other] { $n } polí
  }: { $files ->
    [one] { $files } sloupec
    [few] { $files } sloupce
   *[other] { $files } sloupců
  } ({ $files-range }) a { $ranks ->
    [one] { $ranks } řadu
    [few] { $ranks } řady
   *[other] { $ranks } řad
  } ({ $ranks-range }). Pole se označuje sloupcem a řadou: { $example }.
pe-board-links = Pole jsou body spojené čarami: { $list }. Dva body spolu sousedí jen tam, kde je spojuje čára.
pe-board-numbers = Pole jsou také očíslována od 1 do { $n }{ $d ->
    [0] {""}
   *[other] {" "}(diagram { $d })
  }; zápis používá tato čísla.
pe-regions = Deska má tyto oblasti{ $d ->
    [0] :
   *[other] {" "}(diagram { $d }):
  }
pe-region = { $name }: { $where }.
pe-region-part = { NAME($player) } { $squares }
pe-region-many = { $n ->
    [one] { $n } pole
    [few] { $n } pole
   *[other] { $n } polí
  }
pe-material-each = Každý hráč má { $total ->
    [one] { $total } figuru
    [few] { $total } figury
   *[other] { $total } figur
  }: { $list }.
pe-material-player = { NAME($player) } má { $total ->
    [one] { $total } figuru
    [few] { $total } figury
   *[other] { $total } figur
  }: { $list }.
pe-material-none = Na začátku hráči nemají žádné figury.
pe-count-kind = { $n } { $n ->
    [one] { NAME($kind) }
    [few] { NAME($kind, form: "pl") }
   *[other] { NAME($kind, form: "gen-pl") }
  }
pe-setup-intro = Na začátku{ $d ->
    [0] :
   *[other] {" "}(diagram { $d }):
  }
pe-setup-player = { NAME($player) }: { $list }.
pe-setup-kind = { $n ->
    [one] { NAME($kind) } na { $squares }
   *[other] { NAME($kind, form: "pl") } na { $squares }
  }
pe-counter = { $scope }{ $bound }.
pe-counter-per-player = U každého hráče se vede počet „{ NAME($name) }“
pe-counter-global = Během partie se vede počet „{ NAME($name) }“
pe-counter-same-piece = U figury, kterou každý hráč táhl naposledy, se vede počet „{ NAME($name) }“ (tah jinou figurou začíná počítání znovu)
pe-counter-while = Počítají se půltahy provedené za sebou, dokud { $cond } (půltah se započítá, platí-li to před ním i po něm; každý jiný půltah začíná počítání znovu)
pe-counter-bound = : nejvýše { $max }; tah, po kterém by jich bylo víc, není dovolen
pe-moves-legs = Tahy níže se skládají z těchto pohybů:
pe-leg = **{ $name }**: { $text }.
pe-dirs = { $d ->
    [any] libovolným směrem (po sloupci, řadě nebo úhlopříčce)
    [orthogonal] po sloupci nebo řadě
    [diagonal] úhlopříčně
    [forward] rovně vpřed
    [backward] rovně vzad
    [sideways] do strany
    [diagonal-forward] úhlopříčně vpřed
    [diagonal-backward] úhlopříčně vzad
    [oblique] jako jezdec (dvě pole po sloupci nebo řadě, potom jedno do strany)
   *[other] jiným směrem
  }
pe-dirs-player = pro hráče { NAME($player) } { $dirs }
pe-leg-step = jeden krok { $dirs } na prázdné pole
pe-leg-slide = libovolný počet prázdných polí { $dirs }, v jedné přímce
pe-leg-anywhere = { $onto ->
    [enemy] na libovolné pole desky, kde stojí soupeřova figura, ať je jakkoli daleko a ať k němu vede čára, nebo ne
    [empty-or-enemy] na libovolné prázdné pole desky nebo na pole, kde stojí soupeřova figura, ať je jakkoli daleko a ať k němu vede čára, nebo ne
   *[other] na libovolné prázdné pole desky, ať je jakkoli daleko a ať k němu vede čára, nebo ne
  }
pe-leg-leap = skok { $dirs } přes { $over ->
    [friend] vlastní
    [enemy] soupeřovu
    [own] vlastní
   *[any] libovolnou
  } figuru na sousedním poli na prázdné pole hned za ní
pe-leg-leap-flying = skok { $dirs } přes { $over ->
    [friend] vlastní
    [enemy] soupeřovu
    [own] vlastní
   *[any] libovolnou
  } figuru v libovolné vzdálenosti podél řady prázdných polí na libovolné prázdné pole za ní
pe-leg-step-onto = jeden krok { $dirs } { $onto ->
    [enemy] na pole, kde stojí soupeřova figura
   *[other] na prázdné pole nebo na pole, kde stojí soupeřova figura
  }
pe-leg-slide-onto = { $onto ->
    [enemy] přes libovolný počet prázdných polí { $dirs } po jedné přímce na soupeřovu figuru, která jej zastaví
   *[other] libovolný počet prázdných polí { $dirs } po jedné přímce, nebo dál na soupeřovu figuru, která jej zastaví
  }
pe-leg-slide-exactly = právě { $n } polí { $dirs } po jedné přímce, přes { $over ->
    [friend] jen vlastní figury
    [enemy] jen soupeřovy figury
    [own] jen své vlastní figury
    [any] libovolné figury
   *[none] žádnou figuru
  }, { $onto ->
    [enemy] na nepřátelskou figuru
    [empty-or-enemy] na prázdné pole nebo na nepřátelskou figuru
   *[empty] na prázdné pole
  }
pe-leg-slide-exactly-line = { $dirs } po jedné přímce právě o tolik polí, kolik figur (obou hráčů, včetně té, která táhne) stojí na celé přímce, po které se pohybuje, na obě strany; smí přeskočit { $over ->
    [friend] vlastní figury
    [enemy] soupeřovy figury
    [own] své vlastní figury
    [any] libovolnou figuru
   *[none] žádnou figuru
  }{ $over ->
    [any] {""}
    [none] {""}
   *[other] {""}, ale ne jiné
  }, a skončí { $onto ->
    [enemy] na nepřátelské figuře
    [empty-or-enemy] na prázdném poli nebo na nepřátelské figuře
   *[empty] na prázdném poli
  }
pe-move-by-any = Tento tah smí provést kterákoli figura.
pe-move-by = Táhne: { $kinds }.
pe-move-legs = Tah se skládá z { $seq }.
pe-seg-once = jednoho pohybu „{ NAME($leg) }“
pe-seg-plus = jednoho nebo více pohybů „{ NAME($leg) }“ (směr se smí měnit; hráč smí zastavit po kterémkoli)
pe-seg-plus-must = jednoho nebo více pohybů „{ NAME($leg) }“, dokud je možný další
pe-effect-add = Tah přičte { $value } k počtu „{ NAME($counter) }“.
pe-effect-set = Po tahu je počet „{ NAME($counter) }“ roven { $value }.
pe-fig-move = { $move } — na tahu je { NAME($player) }: { $text }.
pe-fig-refused = Na tahu je { NAME($player) }: { $text } není dovolený tah (článek { $article }).
pe-fig-reach = { $move } — na tahu je { NAME($player) }: { NAME($kind) } z pole { $from } může tento tah skončit na kterémkoli označeném poli.
pe-fig-choice = Na tahu je { NAME($player) }: { $best } je dovolený tah, { $other } není (článek { $article }).
pe-header = { $game } · pravidla, verze { $version }
pe-header-dated = { $game } · pravidla, verze { $version } ze dne { $date }
pe-priority = { $when }, jsou dovoleny jen tahy, které { $keep }
pe-claims-intro = Tyto remízy nenastávají samy: dokud platí podmínka některé z nich, smí kterýkoli hráč remízu požadovat, a partie pak končí remízou.
pe-claim = Remízu lze požadovat, když { $cond }.
pe-notation-labels = Pole se označuje sloupcem a řadou ({ $example }).
pe-notation-numbers = Pole se označuje svým číslem{ $d ->
    [0] {""}
   *[other] {" "}(diagram { $d })
  }.
pe-notation-move = Tah se zapisuje poli, kterými figura prochází, od výchozího po poslední: pomlčka před polem dosaženým bez braní, x před polem dosaženým braním.
pe-notation-examples = { $capture ->
    [none] Například: { $quiet }.
   *[other] Například: { $quiet } a { $capture }.
  }
pe-notation-choice = Tah s proměnou podle volby končí znakem = a písmenem zvolené figury.
pe-notation-then-drop = Tah, po kterém se postaví nový kámen, končí lomítkem a polem, kam se ten kámen postaví.
pe-notation-then-remove = Tah, po kterém se odebere figura, končí lomítkem a polem odebrané figury.
pe-notation-letters = V pozici zapsané ve FEN je každá figura písmeno, velké pro prvního hráče a malé pro druhého: { $list }.
pe-readings-intro = Prameny těchto pravidel se liší v bodech níže. Tato kniha se vždy řídí prvním výkladem.
pe-reading-followed = V této knize: { $text }
pe-reading-other = Jiný výklad: { $text }
pe-reading-range = Místo toho lze zvolit libovolné celé číslo od { $from } do { $to }.
pe-unstated-intro = Prameny této hry obsahují pravidla, která tato kniha nestanoví. Jsou uvedena zde, místo aby byla přibližována: články výše je nepoužívají.
pe-changes-intro = Tato hra je { $parent } s těmito změnami; články níže popisují celou hru.
# How a translated players' book was read, said once at its top (not shown in English).
pe-reading-note = O tomto překladu: český text byl přeložen z anglických pravidel a v projektu pročten s ohledem na gramatiku a herní názvosloví; žádná federace jej nekontrolovala.
pe-change-added = Nové: { $what }.
pe-change-changed = Změněno: { $what }.
pe-change-removed = Zrušeno: { $what }.
pe-change-none = Pravidla jsou stejná jako ve hře { $parent }.
pe-what = { $kind ->
    [players] hráči
    [board] deska
    [pieces] figury a výchozí postavení
    [region] { NAME($name) }
    [counter] počet „{ NAME($name) }“
    [param] { $name }
    [leg] pohyb „{ NAME($name) }“
    [move] { NAME($name) }
    [priority] povinný tah
    [claim] remíza na požádání
    [unstated] nepokryté pravidlo
    [promotion] proměna
   *[end] pravidlo konce partie
  }

# A changed item with the article that states it now.
pe-what-article = { $what } (článek { $article })

# End rules that name their player (`win Attackers if`, `win last-mover if`); `pl-last-mover`
# in the genitive, as the other `pl-` messages.
end-win-named = Hráč { NAME($player) } vyhrává, jestliže { $cond }.
end-loss-named = Hráč { NAME($player) } prohrává, jestliže { $cond }.
end-win-last = Hráč, který táhl naposledy, vyhrává, jestliže { $cond }.
end-loss-last = Hráč, který táhl naposledy, prohrává, jestliže { $cond }.
pl-last-mover = hráče, který táhl naposledy
c-repeated-board = stejné rozestavení na desce, ať je na tahu kdokoli, nastalo již { $n }krát
