# Nederlandse teksten van de spelregelboeken van regula (`regula doc`).
# Namen uit het regelbestand komen binnen als identificatie; NAME($id, form: "...") geeft de
# vorm die het regelbestand opgeeft met `/// [nl word Id] basis; pl meervoud`.
name-fallback-pl = { $name }

title = { NAME($game) }
generated-note = _Gegenereerd door `regula doc` uit het regelbestand; niet met de hand bewerken._
and = {" en "}
or = {" of "}
then = {", daarna "}
range = { $a } tot en met { $b }

player = { NAME($player) }
kind = { NAME($kind) }
no-piece = geen enkel stuk

h-players = Spelers
players-order = { $n ->
    [one] { $n } speler:
   *[other] { $n } spelers zetten in deze volgorde:
  } { $list }.
h-board = Bord
board-summary = { $n } velden; lijnen { $files }, rijen { $ranks }; een veld heet naar lijn en rij (`{ $example }`).
board-links = De velden zijn punten die alleen verbonden zijn door de getekende verbindingen { $list }: een stap in een richting gaat langs een verbinding naar het volgende punt die kant op, en waar geen verbinding die kant op gaat, is er geen stap.
directions = Richtingen (verschuiving horizontaal, verschuiving verticaal): { $list }.
dir-set = Richtingenset `{ $name }`: { $dirs }.
dir-set-player = voor { NAME($player) } { $dirs }
regions = Gebieden:
h-pieces = Stukken en beginopstelling
kinds = Soorten stukken: { $list }.
counters = Tellers die in de stelling worden bijgehouden:
counter = `{ $name }`: { $scope }, begint bij 0, { $bound }.
counter-per-player = één per speler
counter-same-piece = één per speler, van het stuk waarmee die speler het laatst zette (een zet met een ander stuk zet hem terug op 0)
counter-global = één voor de hele partij
counter-while = één voor de partij, die de halve zetten telt die achter elkaar gedaan worden terwijl { $cond } (het gold vóór de halve zet en geldt erna nog; elke andere halve zet brengt hem terug op 0)
counter-while-prose = één voor de partij, die de halve zetten telt die achter elkaar gedaan worden terwijl { $cond } (een halve zet telt mee als dat zowel ervoor als erna zo is; elke andere halve zet brengt de telling terug op 0)
counter-bound = hoogstens { $max }; een zet die dat zou overschrijden is niet toegestaan
counter-unbounded = onbegrensd

h-moves = Zetten
moves-intro = Een zet wordt gedaan door één stuk, dat zijn beginveld meteen verlaat (latere delen van de zet mogen er dus over of op komen). Een deel dat niets slaat komt nooit op een veld waar de zet al is geweest, ook niet op het beginveld. Twee zetten met hetzelfde resultaat gelden als dezelfde zet.
leg = Deelzet { NAME($name) } (`{ $name }`): { $text }.
leg-step = één stap (richtingen `{ $set }`) naar een leeg veld
leg-slide = een willekeurig aantal lege velden in één richting (richtingen `{ $set }`)
leg-anywhere = { $onto ->
    [enemy] naar een willekeurig veld van het bord met een vijandelijk stuk, op elke afstand en langs geen lijn
    [empty-or-enemy] naar een willekeurig leeg veld van het bord of een veld met een vijandelijk stuk, op elke afstand en langs geen lijn
   *[other] naar een willekeurig leeg veld van het bord, op elke afstand en langs geen lijn
  }
leg-leap = een sprong (richtingen `{ $set }`) over { $over ->
    [friend] een eigen
    [enemy] een vijandelijk
    [own] zijn eigen
   *[any] een willekeurig
  } stuk op het aangrenzende veld naar het lege veld direct erachter
leg-leap-flying = een sprong (richtingen `{ $set }`) over { $over ->
    [friend] een eigen
    [enemy] een vijandelijk
    [own] zijn eigen
   *[any] een willekeurig
  } stuk op elke afstand langs een lijn van lege velden, naar een willekeurig leeg veld erachter
leg-captures = ; het overgesprongen stuk is geslagen
leg-step-onto = één stap (richtingen `{ $set }`) { $onto ->
    [enemy] naar een veld met een vijandelijk stuk
   *[other] naar een leeg veld of een veld met een vijandelijk stuk
}
leg-slide-onto = { $onto ->
    [enemy] over een willekeurig aantal lege velden in één richting (richtingen `{ $set }`) naar het vijandelijke stuk dat haar tegenhoudt
   *[other] een willekeurig aantal lege velden in één richting (richtingen `{ $set }`), of door naar het vijandelijke stuk dat haar tegenhoudt
}
leg-slide-exactly = precies { $n } velden in één richting (richtingen `{ $set }`), over { $over ->
    [friend] alleen eigen stukken
    [enemy] alleen vijandelijke stukken
    [own] alleen zijn eigen stukken
    [any] willekeurige stukken
   *[none] geen enkel stuk
  } heen, { $onto ->
    [enemy] naar een vijandelijk stuk
    [empty-or-enemy] naar een leeg veld of een vijandelijk stuk
   *[empty] naar een leeg veld
  }
leg-slide-exactly-line = precies zoveel velden in één richting (richtingen `{ $set }`) als er stukken van beide kanten, het eigen stuk meegeteld, op de hele lijn staan waarlangs het gaat, over { $over ->
    [friend] alleen eigen stukken
    [enemy] alleen vijandelijke stukken
    [own] alleen zijn eigen stukken
    [any] willekeurige stukken
   *[none] geen enkel stuk
  } heen, { $onto ->
    [enemy] naar een vijandelijk stuk
    [empty-or-enemy] naar een leeg veld of een vijandelijk stuk
   *[empty] naar een leeg veld
  }
leg-captures-onto = ; het stuk op het veld waar het landt is geslagen
leg-onto-kinds = ; alleen op een { $kinds }
leg-captures-beyond = ; het eerste stuk voorbij het overgesprongen stuk, waarop het landt, is geslagen (niet het overgesprongen stuk)
leg-captures-passer = ; het slaat het stuk dat de laatste zet deed en over het veld trok waarop het landt
leg-land = ; het stuk mag alleen landen op een veld { $where }
leg-no-reverse = ; het mag niet recht terug in de richting tegengesteld aan het vorige deel
leg-onward = ; het gaat verder onder een hoek van minder dan negentig graden met de vorige sprong, nooit opzij of terug
leg-leap-kinds = ; alleen een stuk van de soort { $kinds } mag overgesprongen worden
leg-land-behind = ; het landt alleen op het veld direct achter het overgesprongen stuk
leg-prefer-continuing = ; van de velden achter één stuk waarop het mag landen, moet het er een kiezen van waaruit de zet verder kan, als die er is
leg-halt-behind = ; over een { $kinds } landt het op het veld direct erachter, tenzij de zet verder gaat vanaf een verder veld
h-move = { NAME($move) } (`{ $move }`)
move-by = Gedaan door: { $kinds }.
move-from = Alleen vanaf een veld { $where }.
move-require = Alleen als { $cond }.
move-require-prose = Alleen als { $cond }.
move-legs = Delen: { $seq }.
move-land = Elk landingsveld: { $where }.
move-to = Eindveld: { $where }.
move-stop = De zet eindigt zodra hij landt op een veld { $where }.
move-with = Tegelijk gaat een { NAME($kind) } van dezelfde speler van een veld { $from } naar een veld { $to }; dat veld is leeg, en ook elk veld ertussen.
move-go-to = Het stuk gaat recht langs een lijn, rij of diagonaal naar een veld { $where }, of blijft staan als zijn eigen veld er een is; elk veld dat het passeert of bereikt is leeg, behalve het beginveld van het stuk dat het meeneemt.
move-with-go-to = De { $kind } mag ook beginnen op het veld waar het bewegende stuk aankomt en eindigen op het veld dat het verliet (ze wisselen van plaats), of blijven staan; zijn weg mag het veld kruisen dat het bewegende stuk verliet.
move-mark-passed = Tot de volgende zet blijven de velden waarover dit stuk ging gemarkeerd: de tegenstander mag het slaan alsof het op een ervan was blijven staan.
move-flip = Daarna wordt, langs elke richting van `{ $set }` vanaf het veld waar de zet eindigt, een ononderbroken rij vijandelijke stukken met direct daarachter een eigen stuk omgedraaid: elk van die stukken wordt van de speler die zet.
move-then-drop = Daarna wordt een nieuwe { NAME($kind) } geplaatst op een veld dat een `{ $leg }`-beweging bereikt vanaf het veld waar de zet eindigt, op het bord na de zet (het veld dat het stuk verliet is dan leeg): één zet voor elk zo'n veld, en geen zet als er geen is.
move-then-remove = Daarna, als het veld waar de zet eindigt op het bord na de zet een veld { $when } is, neemt de speler één { $over ->
    [friend] eigen
    [enemy] vijandelijk
    [own] eigen
   *[any] willekeurig
  } stuk van het bord: één zet voor elk stuk dat weggenomen mag worden; als er geen is, wordt de zet zonder wegnemen gedaan. Het weggenomen stuk is geslagen.
move-then-remove-always = Daarna neemt de speler één { $over ->
    [friend] eigen
    [enemy] vijandelijk
    [own] eigen
   *[any] willekeurig
  } stuk van het bord: één zet voor elk stuk dat weggenomen mag worden; als er geen is, wordt de zet zonder wegnemen gedaan. Het weggenomen stuk is geslagen.
move-then-remove-where = Alleen een stuk op een veld { $where } mag weggenomen worden.
move-then-remove-prefer = Daarvan wordt een stuk op een veld { $prefer } weggenomen als er een is.
move-custodial = Daarna wordt, langs elke richting van `{ $set }` vanaf het veld waar de zet eindigt, een vijandelijk stuk op het volgende veld geslagen wanneer het veld direct daarachter een eigen stuk bevat of vijandig is. Het stuk dat zet moet de insluiting sluiten: een stuk dat tussen twee vijanden in gaat staan, wordt niet geslagen.
custodial-partners = Alleen een { $kinds } doet mee aan zo'n slag, als het stuk dat zet of als het stuk erachter.
custodial-hostile = Een veld { $cond } is vijandig.
custodial-enclosed = Een vijandelijke { $kinds } op een veld { $cond } wordt alleen geslagen wanneer elk veld ernaast langs `{ $set }` een eigen stuk bevat dat meedoet, of vijandig is.
removal-now = Geslagen stukken gaan meteen van het bord.
removal-end = Geslagen stukken blijven staan tot de zet af is; ze blokkeren, en geen enkel stuk mag twee keer worden overgesprongen.
effect-add = Telt { $value } op bij `{ $counter }`.
effect-set = Zet `{ $counter }` op { $value }.
seg-once = één deelzet { NAME($leg) }
seg-plus = één of meer deelzetten { NAME($leg) } (de richting mag veranderen; na elke mag men stoppen)
seg-plus-must = één of meer deelzetten { NAME($leg) }; er wordt doorgegaan zolang er nog een mogelijk is

h-promotion = Promotie
promote = Een { NAME($from) } die een veld { $where } bereikt, wordt een { NAME($to) }.
promote-choice = Een { NAME($from) } die een veld { $where } bereikt, wordt naar keuze van de speler { $to }; elke keuze is een eigen zet.
promote-choice-kind = een { NAME($kind) }
timing-at-end = Tijdens het slaan blijft het stuk wat het is; het promoveert als de zet op zo'n veld eindigt.
timing-stop = Wie zo'n veld bereikt, beëindigt de zet, ook midden in een slagreeks.
timing-continue = Wie zo'n veld tijdens het slaan bereikt, promoveert meteen en slaat verder als { NAME($move) }.

h-priorities = Welke zetten zijn toegestaan
priorities-intro = De regels hieronder worden op volgorde geprobeerd; de eerste die van toepassing is, beslist. Is er geen van toepassing, dan is elke zet hierboven toegestaan.
priority = **{ $name }**: als { $when }, zijn alleen zetten toegestaan die { $keep }
priority-prefer = ; als sommige daarvan { $x }, alleen die
priority-maximize = ; en daarvan alleen die met de meeste geslagen stukken
priority-maximize-kinds = ; en daarvan alleen die met de meeste geslagen stukken van de soort { $kinds }
priority-maximize-value = ; en daarvan alleen die waarvan de geslagen stukken het meest waard zijn
priority-maximize-earliest = ; en daarvan alleen die het vroegst een stuk van de soort { $kinds } slaan
otherwise-skip = . Is zo'n zet er niet, dan geldt deze regel niet.
otherwise-none = . Is zo'n zet er niet, dan is geen enkele zet toegestaan.

h-end = Einde van de partij
end-intro = Deze regels worden in elke stelling nagegaan voordat de speler aan zet zijn zet doet; de eerste regel die geldt, beëindigt de partij, en daarna is geen zet meer mogelijk.
end-win = Een speler P wint als { $cond }.
end-loss = Een speler P verliest als { $cond }.
end-draw = De partij is remise als { $cond }.
end-fallback = Geldt geen regel en kan de speler aan zet geen zet doen, dan is het remise.
end-claims-intro = Deze remises gaan niet vanzelf: zolang de voorwaarde van een ervan geldt, mag elke speler die remise opeisen, en dan is de partij remise. Een partijnotatie schrijft de claim als `claim:` gevolgd door de naam.
end-claim = { $name }: remise kan worden opgeëist als { $cond }.

h-params = Parameters
params-intro = Punten waarover de bronnen het oneens zijn. Deze tekst volgt de waarden die als gekozen zijn gemarkeerd.
params-range = Een geheel getal van { $from } tot en met { $to }.
mark-default = standaard
mark-chosen = gekozen

h-unstated = Niet vastgelegd in dit bestand
unstated-intro = De bronnen van dit spel kennen regels die dit bestand (nog) niet vastlegt. Ze staan hier in plaats van benaderd te worden: de regels hierboven passen ze niet toe.
unstated-item = { $name } (clausule { $clause }): { $text }
unstated-item-no-clause = { $name }: { $text }

sq-anywhere = overal
sq-nowhere = nergens
sq-in-own = in { NAME($region, form: "gender") ->
    [de] de
   *[het] het
  } eigen { NAME($region) }
sq-in-opp = in { NAME($region, form: "gender") ->
    [de] de
   *[het] het
  } { NAME($region) } van de tegenstander
sq-in-all = in { NAME($region) }
sq-out-own = buiten { NAME($region, form: "gender") ->
    [de] de
   *[het] het
  } eigen { NAME($region) }
sq-out-opp = buiten { NAME($region, form: "gender") ->
    [de] de
   *[het] het
  } { NAME($region) } van de tegenstander
sq-out-all = buiten { NAME($region) }
sq-kind-not = bij een { $kinds } nooit { $rest }
sq-not = niet { $x }
sq-piece = als het stuk een { $kinds } is
sq-can = een veld vanwaar het stuk een { NAME($move) } zou kunnen beginnen
sq-passed = waarover de laatste zet ging
sq-unmoved = waarvan het stuk nog niet bewogen heeft
sq-attacked = waar een tegenstander het zou kunnen slaan
sq-empty = dat geen stuk bevat
sq-next-occupied = waarvan het volgende veld richting `{ $dir }` bezet is
sq-next-empty = waarvan het volgende veld richting `{ $dir }` leeg is
sq-next-off = zonder veld ernaast richting `{ $dir }` (de rand van het bord)
sq-flanks = waar het stuk, langs een richting van `{ $set }`, een ononderbroken rij vijandelijke stukken zou insluiten met direct daarachter een eigen stuk
sq-seen = dat het eerste stuk bevat dat men vanaf het beginveld van het stuk richting `{ $dirs }` tegenkomt
sq-in-a-row = waarvan het stuk in een rij van { $n } of meer stukken van dezelfde eigenaar staat, langs een richting van `{ $set }`, naar beide kanten geteld
sq-in-a-row-exactly = waarvan het stuk in een rij van precies { $n } stukken van dezelfde eigenaar staat, langs een richting van `{ $set }`, naar beide kanten geteld

mv-any = welke zet dan ook zijn
mv-capture = slaan
mv-kind = een { NAME($move) } zijn
mv-from = { $where } beginnen
mv-to = { $where } eindigen
mv-not-to = niet { $where } eindigen
mv-not-from = niet { $where } beginnen
mv-not-capture = niet slaan
mv-not = niet ({ $x })

pl-var = { $var }
pl-opp-of = de tegenstander van { $var }
pl-mover = de speler aan zet
pl-opp-mover = de tegenstander van de speler aan zet
pl-named = { NAME($player) }

q-pieces = stukken
q-kind = { NAME($kind, form: "pl") }
q-in-own = {" "}in { NAME($region, form: "gender") ->
    [de] de
   *[het] het
  } eigen { NAME($region) }
q-in-opp = {" "}in { NAME($region, form: "gender") ->
    [de] de
   *[het] het
  } { NAME($region) } van de tegenstander
q-in-all = {" "}in { NAME($region) }
q-count = het aantal { $what } van { $who }{ $place }
q-counter = `{ $counter }` van { $who }
q-plus = { $a } plus { $b }
q-minus = { $a } min { $b }

c-always = altijd
c-not = niet ({ $x })
c-every = voor elke speler { $var } geldt: { $x }
c-some = voor een speler { $var } geldt: { $x }
c-exists-kind = een { NAME($move) } mogelijk is
c-exists-capture = er geslagen kan worden
c-exists = een zet zou { $x }
c-blocked-mover = de speler aan zet geen zet kan doen
c-blocked = { $who } aan zet is en geen zet kan doen
c-in-check = een koninklijk stuk van { $who } aangevallen wordt (schaak staat)
c-in-a-row = { $who } { $n } of meer stukken op een rij heeft langs `{ $set }`
c-in-a-row-exact = { $who } een rij van precies { $n } stukken heeft langs `{ $set }`, geen deel van een langere
c-connected = { $who } stukken heeft, alle verbonden tot één groep door stappen langs `{ $set }`
c-connected-ends = een keten van stukken van { $who }, een stap uit elkaar langs `{ $set }`, een veld { $a } verbindt met een veld { $b }
c-repeated = dezelfde stelling, met dezelfde speler aan zet, nu { $n } keer is voorgekomen
c-cmp = { $a } { $op ->
    [ge] minstens
    [le] hoogstens
    [eq] gelijk aan
    [ne] niet gelijk aan
    [gt] meer dan
   *[lt] minder dan
  } { $b } is

fig-board = Het bord: coördinaten en gebieden.
fig-start = De beginopstelling; { NAME($player) } begint.
legend-region = { NAME($region) }: { $squares }
legend-region-name = { NAME($region) }
legend-player = { NAME($player) }: { $index ->
    [0] witte schijven
    [1] zwarte schijven
    [2] rode schijven
   *[other] blauwe schijven
  }
fig-move = { NAME($move) }: { NAME($player) } aan zet; { $text } is toegestaan.
fig-none = Geen voorbeeldstelling gevonden voor `{ $item }`.
h-restrictions = Beperkingen in de praktijk
fig-refused = { NAME($player) } aan zet; { $text } is niet toegestaan. Uitleg van regula: “{ $why }”.
restr-priority = Voorrangsregel `{ $item }`
restr-landing = Landingsvoorwaarde van de { NAME($item) }
restr-final = Voorwaarde voor het eindveld van de { NAME($item) }
restr-require = Voorwaarde voor de { NAME($item) }
restr-leg-land = Landingsvoorwaarde van deelzet { NAME($item) }
restr-no-reverse = Niet terugkeren in deelzet { NAME($item) }
restr-over = Wat deelzet { NAME($item) } mag overspringen
restr-counter = Grens van teller `{ $item }`
# De markering van de oorzaak in een diagram van een geweigerde zet, in de legenda.
cause-part-of = { NAME($region, form: "gender") ->
    [de] de
   *[het] het
  } { NAME($region) } van { NAME($player) }
cause-part-opp = { NAME($region, form: "gender") ->
    [de] de
   *[het] het
  } { NAME($region) } van de tegenstanders
cause-part-all = { NAME($region) }
cause-region = Gearceerd: { $regions }, het gebied uit de regel die de zet weigert.
cause-regions = Gearceerd: { $regions }, de gebieden uit de regel die de zet weigert.
cause-mover = Omcirkeld: het stuk dat in plaats daarvan moet zetten.
cause-movers = Omcirkeld: de stukken waarvan er een in plaats daarvan moet zetten.
cause-capture = Omcirkeld: het stuk dat de zetten die in plaats daarvan gedaan moeten worden zouden slaan.
cause-captures = Omcirkeld: de stukken die de zetten die in plaats daarvan gedaan moeten worden zouden slaan.
cause-can = Omcirkeld: wat een { NAME($move) } vanaf { $square } zou slaan.
cause-leapt = Omcirkeld: het stuk dat een { NAME($item) } niet mag overspringen.
cause-leapts = Omcirkeld: de stukken die een { NAME($item) } niet mag overspringen.
origin-case = (Stelling uit een testgeval in { $file }.)
origin-start = (De beginopstelling.)
origin-search = (Stelling gevonden door de engine: partij { $seed }, na { $plies } halve zetten.)
origin-built = (Een stelling die voor dit diagram uit de regels is opgebouwd.)

h-trace = Bijlage: waar elke regel vandaan komt
trace-intro = Voor elk onderdeel van de regels: de clausules die het vastlegt (in de woorden van dit project, docs/clauses.yaml, in het Engels), de clausules uit de bronnen die ze noemen (tests/sources/, in Engelse vertaling) en de testgevallen die ze controleren, met hun uitslag.
trace-item = { $kind ->
    [game] Het spel { NAME($name) }
    [players] Spelers
    [board] Bord
    [pieces] Stukken en opstelling
    [region] Gebied `{ $name }`
    [counter] Teller `{ $name }`
    [param] Parameter `{ $name }`
    [leg] Deelzet `{ $name }`
    [move] Zet `{ $name }`
    [priority] Voorrangsregel `{ $name }`
    [unstated] Niet vastgelegde regel `{ $name }`
    [other] Overige declaraties (richtingen, richtingensets, promotie)
   *[end] Eindregel { $name }
  }
trace-undefined = (niet in de lijst van clausules)
trace-sources = Bronnen:
trace-cases = Testgevallen:
trace-no-cases = Geen testgeval controleert dit.
verdict-pass = geslaagd
verdict-fail = MISLUKT

h-differences = Verschillen met { $parent }
diff-added = { $item } (nieuw): { $text }
diff-changed = { $item } (gewijzigd): { $text }
diff-removed = { $item } (vervallen)
diff-none = De regels zijn die van het oorspronkelijke spel; alleen de toelichting kan verschillen.

# Teams, turns, neutral pieces, drops and named players' regions.
teams = Teams, waarvan de spelers samen winnen of verliezen: { $list }.
turn-pass = Een speler die geen zet kan doen, past, zolang een andere speler wel kan zetten.
neutral-kinds = Neutrale stukken zijn van niemand, worden nooit verzet, overgesprongen of geslagen en blokkeren als de rand van het bord: { $list }.
royal-kinds = Koninklijke stukken: geen zet mag er een van de speler aan zet aangevallen laten staan, dat wil zeggen waar een zet van een tegenstander het zou kunnen slaan: { $list }.
move-drop = Plaatst een nieuwe { NAME($kind) } op een leeg veld.
hand-kinds = Geslagen stukken van deze soorten gaan naar de hand van wie slaat, als diens eigen stukken, een gepromoveerd stuk als de soort waaruit het promoveerde: { $kinds }.
move-drop-hand = Plaatst een stuk uit de hand van de speler aan zet op een leeg veld, van een van deze soorten: { $kinds }; de hand houdt er een minder, en het stuk promoveert niet.
sq-in-of = in { NAME($region) } van { NAME($player) }
sq-out-of = buiten { NAME($region) } van { NAME($player) }
q-in-of = {" "}in { NAME($region) } van { NAME($player) }
pl-team-of = het team van { $var }
pl-team-mover = het team van de speler aan zet

# Voorwaarden als gewone zinnen: de gangbare vormen van een voorwaarde, elk in eigen woorden
# (de c-berichten hierboven zijn de algemene vorm, voor al het andere). $who is de speler over
# wie het gaat: self (de speler van een einderegel, "hij"), opp, team, mover, opp-mover,
# team-mover, every, some (een speler van `every`/`some`), named ($player). Bijzin: werkwoord
# achteraan.
# $host is de zin die de bijzin afmaakt: end (einde van de partij, remiseclaim, prioriteit),
# require ("Alleen als ..." van een zet), while ("terwijl ..." van een teller).
p-and = {" en "}
p-or = {" of "}
p-noun-n = { $kind ->
    [all] { $n ->
        [one] stuk
       *[other] stukken
      }
   *[other] { $n ->
        [one] { NAME($kind) }
       *[other] { NAME($kind, form: "pl") }
      }
  }
p-who = { $who ->
    [self] hij
    [opp] de tegenstander
    [team] zijn team
    [mover] de speler aan zet
    [opp-mover] de tegenstander van de speler aan zet
    [team-mover] het team van de speler aan zet
    [every] elke speler
    [some] een van de spelers
   *[named] { NAME($player) }
  }
p-place = { $place ->
    [own] {" "}in { NAME($region, form: "gender") ->
        [de] de
       *[het] het
      } eigen { NAME($region) }
    [opp] {" "}in { NAME($region, form: "gender") ->
        [de] de
       *[het] het
      } { NAME($region) } van de tegenstander
    [all] {" "}in { NAME($region) }
    [of] {" "}in { NAME($region) } van { NAME($rplayer) }
    [of-self] {" "}in zijn { NAME($region) }
   *[none] {""}
  }
p-noun-one = { $kind ->
    [all] stuk
   *[other] { NAME($kind) }
  }
p-noun-pl = { $kind ->
    [all] stukken
   *[other] { NAME($kind, form: "pl") }
  }
p-noun-gen-pl = { p-noun-pl }
p-whom = { p-who }
p-whose = { p-who }
p-has = { p-who } { $op ->
    [none] geen { p-noun-pl } meer
    [some] { $host ->
        [require] nog een { p-noun-one }
        [while] nog een { p-noun-one }
       *[end] minstens één { p-noun-one }
      }
    [ge] minstens { $n } { p-noun-n }
    [le] hoogstens { $n } { p-noun-n }
    [eq] precies { $n } { p-noun-n }
    [gt] meer dan { $n } { p-noun-n }
    [lt] minder dan { $n } { p-noun-n }
   *[ne] niet precies { $n } { p-noun-n }
  }{ p-place } heeft
p-only = { p-who } nog maar { $n ->
    [one] één stuk heeft (een { NAME($kind) })
   *[other] { $n } stukken heeft (allemaal { NAME($kind, form: "pl") })
  }
p-blocked = { $who ->
    [self] hij aan zet is maar geen zet kan doen
    [opp] de tegenstander aan zet is maar geen zet kan doen
    [team] zijn team aan zet is en geen zet kan doen
    [mover] de speler aan zet geen zet kan doen
    [opp-mover] de tegenstander van de speler aan zet geen zet kan doen
    [team-mover] het team van de speler aan zet geen zet kan doen
    [every] geen enkele speler een zet kan doen
    [some] een van de spelers aan zet is en geen zet kan doen
   *[named] { NAME($player) } aan zet is en geen zet kan doen
  }
p-counter = de telling van de `{ $counter }`{ $who ->
    [game] {""}
    [self] {" "}van hem
    [opp] {" "}van de tegenstander
    [team] {" "}van zijn team
    [mover] {" "}van de speler aan zet
    [opp-mover] {" "}van de tegenstander van de speler aan zet
    [team-mover] {" "}van het team van de speler aan zet
    [every] {" "}van elke speler
    [some] {" "}van een van de spelers
   *[named] {" "}van { NAME($player) }
  } { $op ->
    [ge] { $n } heeft bereikt
    [gt] boven { $n } is gekomen
    [le] hoogstens { $n } is
    [lt] onder { $n } is
    [eq] { $n } is
   *[ne] niet { $n } is
  }
# Een vergeleken som (`count(opponent) + 9 - placed(opponent) < 3`): elke term een zinsdeel.
p-sum-whose = { $who ->
    [game] {""}
    [self] {" "}van hem
    [opp] {" "}van de tegenstander
    [team] {" "}van zijn team
    [mover] {" "}van de speler aan zet
    [opp-mover] {" "}van de tegenstander van de speler aan zet
    [team-mover] {" "}van het team van de speler aan zet
    [every] {" "}van elke speler
    [some] {" "}van een van de spelers
   *[named] {" "}van { NAME($player) }
  }
p-sum-count = het aantal stukken{ p-sum-whose }
p-sum-counter = de telling van de `{ $counter }`{ p-sum-whose }
p-sum = { $a } { $op ->
    [ge] minstens
    [le] hoogstens
    [eq] gelijk aan
    [ne] niet gelijk aan
    [gt] meer dan
   *[lt] minder dan
  } { $b } is
p-every = voor elke speler geldt dat { $x }
p-some = voor een van de spelers geldt dat { $x }
p-exists-kind = een { NAME($move) } mogelijk is
p-exists-capture = er geslagen kan worden
p-repeated = dezelfde stelling, met dezelfde speler aan zet, { $n } keer is voorgekomen
# Het materiaal van een speler tegen het enkele stuk van de tegenstander ($amount: eq,
# one-or-two, le, ge; $n stukken; $among: kind als er minstens één $akind bij is; $against:
# kind voor één $lone, piece voor één stuk, none). Het werkwoord staat achteraan.
p-material = { p-who } { $amount ->
    [one-or-two] één of twee
    [le] hoogstens { p-num }
    [ge] minstens { p-num }
   *[eq] { p-num }
  } { $n ->
    [one] stuk
   *[other] stukken
  }{ $against ->
    [none] {" "}heeft{ $among ->
        [kind] , waarvan minstens één { NAME($akind) }
       *[none] {""}
      }
   *[other] { $among ->
        [kind] , waarvan minstens één { NAME($akind) },
       *[none] {""}
      } tegen één { $against ->
        [kind] { NAME($lone) }
       *[piece] stuk
      } van de tegenstander heeft
  }
# Een klein getal in woorden.
p-num = { $n ->
    [1] één
    [2] twee
    [3] drie
    [4] vier
    [5] vijf
    [6] zes
    [7] zeven
    [8] acht
    [9] negen
    [10] tien
   *[other] { $n }
  }
# Het teken van een voorwaardelijke bijzin achter het werkwoord, waar de taal er een heeft
# (Tsjechisch -li); in het Nederlands niets.
p-if-mark = {""}
end-win-prose = Een speler wint als { $cond }.
end-loss-prose = Een speler verliest als { $cond }.
end-draw-prose = De partij is remise als { $cond }.
end-claim-prose = { $name }: remise kan worden opgeëist wanneer { $cond }.
priority-prose = **{ $name }**: als { $when }, zijn alleen zetten toegestaan die { $keep }

# Waarom een zet in een diagram niet is toegestaan: één bericht per soort reden (ReasonKind
# van explain) die de beperkingen van een boek geven.
why-priority = { $text } zou een geldige { NAME($move) } zijn, maar voorrangsregel `{ $item }` sluit die hier uit
why-counter-bound = { $text } zou teller `{ $item }` boven zijn grens brengen
why-no-reverse = { $text } keert recht terug, wat deelzet { NAME($item) } niet toestaat
why-over = { $text } springt over een stuk dat deelzet { NAME($item) } niet mag overspringen
why-condition = { $what ->
    [final] een { NAME($item) } mag niet op { $to } eindigen
    [require] een { NAME($item) } is in deze stelling niet toegestaan
    [leg-land] in { $text } landt deelzet { NAME($item) } op een veld waar die niet mag landen
   *[landing] { $text } landt op een veld waar een { NAME($item) } niet mag landen
  }

# Eén keer, bovenaan het boek, als het regelbestand geen Nederlandse tekst heeft.
untranslated-docs = Toelichtingen in het regelbestand zonder Nederlandse vertaling: { $missing } van de { $total }; ze staan hier in het Engels.
untranslated-names = Namen zonder Nederlandse vorm in het regelbestand: { $missing }; ze staan hier zoals het regelbestand ze schrijft.
untranslated-letters = In de diagrammen toont een stuk waarvan de naam geen Nederlandse vorm heeft de letter van de naam in het regelbestand.

# De spelerseditie (het standaardboek): genummerde artikelen in woorden, niets van de engine.
fig-title-move = { NAME($player) } aan zet: { $text }.
fig-title-refused = { NAME($player) } aan zet: { $text } is niet toegestaan.
pe-name = { NAME($name) }
pe-article = { $n }. { $title }
pe-subarticle = { $n } { $title }
pe-annex = Bijlage { $n }. { $title }
pe-h-contents = Inhoud
pe-h-changes = Wijzigingen ten opzichte van { $parent }
pe-h-game = Het spel en de spelers
pe-h-board = Het bord
pe-h-pieces = De stukken en de beginopstelling
pe-h-moves = De zetten
pe-h-legs = Definities
pe-h-promotion = Promotie
pe-h-priorities = Verplichte zetten
pe-h-end = Het einde van de partij
pe-h-notation = Notatie
pe-h-readings = Lezingen van de regels
pe-h-unstated = Regels die dit boek niet behandelt
pe-diagram = Diagram { $n }.
pe-see-diagram = (diagram { $n })
pe-players = { $n ->
    [one] Het spel wordt gespeeld door één speler, { $list }.
    [2] Het spel wordt gespeeld door twee spelers, { $list }.
   *[other] Het spel wordt gespeeld door { $n } spelers: { $list }.
  }
pe-order = { $n ->
    [one] {""}
    [2] { NAME($first) } begint; daarna zetten de spelers om de beurt.
   *[other] { NAME($first) } begint; daarna zetten de spelers om de beurt, in deze volgorde: { $list }.
  }
pe-board = Het bord heeft { $n } velden, in { $files } lijnen ({ $files-range }) en { $ranks } rijen ({ $ranks-range }). Een veld heet naar zijn lijn en zijn rij: { $example }.
pe-board-links = De velden zijn punten, verbonden door getekende verbindingen: { $list }. Twee punten zijn alleen buren waar een verbinding ze verbindt.
pe-board-numbers = De velden zijn ook genummerd, van 1 tot en met { $n }{ $d ->
    [0] {""}
   *[other] {" "}(diagram { $d })
  }; de notatie gebruikt deze nummers.
pe-regions = Het bord heeft deze gebieden{ $d ->
    [0] :
   *[other] {" "}(diagram { $d }):
  }
pe-region = { $name }: { $where }.
pe-region-part = van { NAME($player) } { $squares }
pe-region-many = { $n } velden
pe-material-each = Elke speler heeft { $total } stukken: { $list }.
pe-material-player = { NAME($player) } heeft { $total } stukken: { $list }.
pe-material-none = De spelers hebben bij het begin geen stukken.
pe-count-kind = { $n } { $n ->
    [one] { NAME($kind) }
   *[other] { NAME($kind, form: "pl") }
  }
pe-setup-intro = Bij het begin{ $d ->
    [0] :
   *[other] {" "}(diagram { $d }):
  }
pe-setup-player = { NAME($player) }: { $list }.
pe-setup-kind = { $n ->
    [one] { NAME($kind) } op { $squares }
   *[other] { NAME($kind, form: "pl") } op { $squares }
  }
pe-counter = { $scope }{ $bound }.
pe-counter-per-player = Van elke speler worden de { NAME($name) } geteld
pe-counter-global = De { NAME($name) } van de partij worden geteld
pe-counter-same-piece = Van het stuk dat elke speler het laatst verzette, worden de { NAME($name) } geteld (een zet met een ander stuk begint de telling opnieuw)
pe-counter-while = De halve zetten die achter elkaar gedaan worden terwijl { $cond }, worden geteld (een halve zet telt mee als dit ervoor en erna geldt; elke andere halve zet begint de telling opnieuw)
pe-counter-bound = : hoogstens { $max }; een zet die er meer van zou maken, is niet toegestaan
pe-moves-legs = De zetten hieronder zijn opgebouwd uit deze bewegingen:
pe-leg = **{ $name }**: { $text }.
pe-dirs = { $d ->
    [any] in elke richting (langs een lijn, een rij of een diagonaal)
    [orthogonal] langs een lijn of een rij
    [diagonal] diagonaal
    [forward] recht vooruit
    [backward] recht achteruit
    [sideways] opzij
    [diagonal-forward] diagonaal vooruit
    [diagonal-backward] diagonaal achteruit
    [oblique] als een paard (twee velden langs een lijn of rij, dan één veld opzij)
   *[other] in een andere richting
  }
pe-dirs-player = voor { NAME($player) } { $dirs }
pe-leg-step = één stap { $dirs } naar een leeg veld
pe-leg-slide = een willekeurig aantal lege velden { $dirs }, in een rechte lijn
pe-leg-anywhere = { $onto ->
    [enemy] naar een willekeurig veld van het bord waarop een vijandelijk stuk staat, hoe ver ook, of er nu een lijn heen loopt of niet
    [empty-or-enemy] naar een willekeurig leeg veld van het bord of een veld waarop een vijandelijk stuk staat, hoe ver ook, of er nu een lijn heen loopt of niet
   *[other] naar een willekeurig leeg veld van het bord, hoe ver ook, of er nu een lijn heen loopt of niet
  }
pe-leg-leap = een sprong { $dirs } over { $over ->
    [friend] een eigen
    [enemy] een vijandelijk
    [own] een eigen
   *[any] een willekeurig
  } stuk op het aangrenzende veld naar het lege veld direct erachter
pe-leg-leap-flying = een sprong { $dirs } over { $over ->
    [friend] een eigen
    [enemy] een vijandelijk
    [own] een eigen
   *[any] een willekeurig
  } stuk op willekeurige afstand langs een lijn van lege velden, met landing op een willekeurig leeg veld erachter
pe-leg-step-onto = één stap { $dirs } { $onto ->
    [enemy] naar een veld waarop een vijandelijk stuk staat
   *[other] naar een leeg veld of naar een veld waarop een vijandelijk stuk staat
  }
pe-leg-slide-onto = { $onto ->
    [enemy] over een willekeurig aantal lege velden { $dirs }, in een rechte lijn, naar het vijandelijke stuk dat hem tegenhoudt
   *[other] een willekeurig aantal lege velden { $dirs }, in een rechte lijn, of door naar het vijandelijke stuk dat hem tegenhoudt
  }
pe-leg-slide-exactly = precies { $n } velden { $dirs }, in een rechte lijn, over { $over ->
    [friend] alleen eigen stukken
    [enemy] alleen vijandelijke stukken
    [own] alleen zijn eigen stukken
    [any] willekeurige stukken
   *[none] geen enkel stuk
  } heen, { $onto ->
    [enemy] naar een vijandelijk stuk
    [empty-or-enemy] naar een leeg veld of een vijandelijk stuk
   *[empty] naar een leeg veld
  }
pe-leg-slide-exactly-line = { $dirs }, in een rechte lijn, precies zoveel velden als er stukken (van beide spelers, het zettende stuk meegeteld) op de hele lijn staan waarlangs het gaat, in beide richtingen; het mag over { $over ->
    [friend] eigen stukken
    [enemy] vijandelijke stukken
    [own] zijn eigen stukken
    [any] elk stuk
   *[none] geen enkel stuk
  } heen{ $over ->
    [any] {""}
    [none] {""}
   *[other] {""}, niet over andere
  }, en het eindigt { $onto ->
    [enemy] op een vijandelijk stuk
    [empty-or-enemy] op een leeg veld of op een vijandelijk stuk
   *[empty] op een leeg veld
  }
pe-move-by-any = Elk stuk mag deze zet doen.
pe-move-by = Gedaan door: { $kinds }.
pe-move-legs = De zet bestaat uit { $seq }.
pe-seg-once = één { NAME($leg) }
pe-seg-plus = één of meer keer een { NAME($leg) } (de richting mag veranderen; de speler mag na elke keer stoppen)
pe-seg-plus-must = één of meer keer een { NAME($leg) }; er wordt doorgegaan zolang er nog een mogelijk is
pe-effect-add = De zet telt { $value } op bij de { NAME($counter) }.
pe-effect-set = Na de zet staat de telling van de { NAME($counter) } op { $value }.
pe-fig-move = { $move } — { NAME($player) } aan zet: { $text }.
pe-fig-refused = { NAME($player) } aan zet: { $text } is niet toegestaan (artikel { $article }).
pe-fig-reach = { $move } — { NAME($player) } aan zet: de { NAME($kind) } op { $from } kan deze zet op elk gemarkeerd veld beëindigen.
pe-fig-choice = { NAME($player) } aan zet: { $best } is toegestaan, { $other } niet (artikel { $article }).
pe-header = { $game } · spelregels, versie { $version }
pe-header-dated = { $game } · spelregels, versie { $version } van { $date }
pe-priority = Als { $when }, zijn alleen zetten toegestaan die { $keep }
pe-claims-intro = Deze remises gaan niet vanzelf: zolang de voorwaarde van een ervan geldt, mag elke speler remise opeisen, en dan is de partij remise.
pe-claim = Remise kan worden opgeëist als { $cond }.
pe-notation-labels = Een veld heet naar zijn lijn en zijn rij ({ $example }).
pe-notation-numbers = Een veld heet naar zijn nummer{ $d ->
    [0] {""}
   *[other] {" "}(diagram { $d })
  }.
pe-notation-move = Een zet wordt geschreven als de velden die het stuk aandoet, van zijn beginveld tot zijn laatste veld: een streepje voor een veld dat bereikt wordt zonder te slaan, een x voor een veld dat bereikt wordt met een slag.
pe-notation-examples = { $capture ->
    [none] Bijvoorbeeld: { $quiet }.
   *[other] Bijvoorbeeld: { $quiet } en { $capture }.
  }
pe-notation-choice = Een zet die promoveert met een keuze, eindigt met = en de letter van het gekozen stuk.
pe-notation-then-drop = Een zet die daarna een nieuw stuk plaatst, eindigt met een schuine streep en het veld waar dat stuk geplaatst wordt.
pe-notation-then-remove = Een zet die daarna een stuk wegneemt, eindigt met een schuine streep en het veld van het weggenomen stuk.
pe-notation-letters = In een stelling in FEN is elk stuk een letter, een hoofdletter voor de eerste speler en een kleine letter voor de tweede: { $list }.
pe-readings-intro = De bronnen van deze regels verschillen op de punten hieronder. Dit boek volgt steeds de eerste lezing.
pe-reading-followed = Gevolgd in dit boek: { $text }
pe-reading-other = Een andere lezing: { $text }
pe-reading-range = In plaats daarvan mag elk geheel getal van { $from } tot en met { $to } gekozen worden.
pe-unstated-intro = De bronnen van dit spel hebben regels die dit boek niet vastlegt. Ze staan hier in plaats van benaderd te worden: de artikelen hierboven passen ze niet toe.
pe-changes-intro = Dit spel is { $parent } met deze wijzigingen; de artikelen hieronder geven het hele spel.
# How a translated players' book was read, said once at its top (not shown in English).
pe-reading-note = Over deze vertaling: de Nederlandse tekst is uit de Engelse regels vertaald en door het project nagelezen op grammatica en op de termen van het spel; geen bond heeft hem gecontroleerd.
pe-change-added = Nieuw: { $what }.
pe-change-changed = Gewijzigd: { $what }.
pe-change-removed = Vervallen: { $what }.
pe-change-none = De regels zijn die van { $parent }.
pe-what = { $kind ->
    [players] de spelers
    [board] het bord
    [pieces] de stukken en de beginopstelling
    [region] { NAME($name) }
    [counter] de telling van de { NAME($name) }
    [param] { $name }
    [leg] de { NAME($name) }
    [move] de { NAME($name) }
    [priority] een verplichte zet
    [claim] een remise die kan worden opgeëist
    [unstated] een niet behandelde regel
    [promotion] promotie
   *[end] een regel voor het einde van de partij
  }

# A changed item with the article that states it now.
pe-what-article = { $what } (artikel { $article })

# End rules that name their player (`win Attackers if`, `win last-mover if`); `pl-last-mover`
# as the other `pl-` messages.
end-win-named = De speler { NAME($player) } wint als { $cond }.
end-loss-named = De speler { NAME($player) } verliest als { $cond }.
end-win-last = De speler die de laatste zet deed, wint als { $cond }.
end-loss-last = De speler die de laatste zet deed, verliest als { $cond }.
pl-last-mover = de speler die de laatste zet deed
c-repeated-board = hetzelfde bord, wie er ook aan zet is, is nu { $n } keer voorgekomen
