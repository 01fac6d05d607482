//! "Differences from the parent": for a variant (a rule file that `extends` another), the
//! rule items whose rendered text differs from the parent's, and those added or removed.
//! Both games are rendered in the book's language by the same phrase functions, so a
//! difference in the text is a difference in the compiled rules (or their documentation).

use super::book::Block;
use super::i18n::s;
use super::text::Cx;

/// Every rule item of a game as (label, rendered text), in book order.
pub fn items(cx: &Cx) -> Vec<(String, String)> {
    keyed_items(cx)
        .into_iter()
        .map(|((kind, name, _), text)| {
            let name = if kind == "end" {
                (name.parse::<usize>().unwrap_or(0) + 1).to_string()
            } else {
                name
            };
            (
                cx.t("trace-item", &[s("kind", kind), s("name", name)]),
                text,
            )
        })
        .collect()
}

/// Every rule item of a game as ((kind, name, index), rendered text), in book order: the kind
/// (`players`, `board`, `pieces`, `region`, `counter`, `param`, `leg`, `move`, `priority`,
/// `end`, `claim`, `unstated`), the item's name (an end rule's index from 0), and for an end
/// rule its index (0 for the other kinds, which are matched by name).
pub fn keyed_items(cx: &Cx) -> Vec<((String, String, usize), String)> {
    let def = cx.def;
    let key = |kind: &str, name: &str, i: usize| (kind.to_string(), name.to_string(), i);
    let mut v = Vec::new();
    v.push((
        key("players", "", 0),
        def.players
            .iter()
            .map(|p| cx.t("player", &[s("player", p.clone())]))
            .collect::<Vec<_>>()
            .join(", "),
    ));
    let b = &def.board;
    v.push((key("board", "", 0), super::squares(def, &b.all)));
    let mut setup: Vec<String> = def
        .setup
        .iter()
        .map(|&(p, k, q)| {
            format!(
                "{} {} {}",
                cx.t("player", &[s("player", def.players[p as usize].clone())]),
                cx.t("kind", &[s("kind", def.kinds[k as usize].clone())]),
                b.labels[q as usize]
            )
        })
        .collect();
    setup.sort();
    v.push((key("pieces", "", 0), setup.join(", ")));
    for r in &def.regions {
        let parts: Vec<String> = r.parts.iter().map(|p| super::squares(def, p)).collect();
        v.push((key("region", &r.name, 0), parts.join("; ")));
    }
    for c in &def.counters {
        v.push((key("counter", &c.name, 0), super::text::counter_text(cx, c)));
    }
    for p in &def.params {
        v.push((key("param", &p.name, 0), p.values[p.chosen].0.clone()));
    }
    for l in &def.legs {
        v.push((key("leg", &l.name, 0), cx.leg(l)));
    }
    for m in &def.moves {
        v.push((key("move", &m.name, 0), super::move_lines(cx, m).join(" ")));
    }
    for p in &def.priorities {
        let mut t = cx.t(
            "priority",
            &[
                s("name", p.name.clone()),
                s("when", cx.cond(&p.when, &mut Vec::new())),
                s("keep", cx.mv(&p.keep)),
            ],
        );
        t.push_str(&cx.ladder(&p.ladder));
        v.push((key("priority", &p.name, 0), t));
    }
    for (i, r) in def.end.iter().enumerate() {
        // As the end section says it: a draw binds no player, so a `some P:` inside it names
        // its own.
        v.push((key("end", &i.to_string(), i), cx.end_rule(r)));
    }
    for c in &def.claims {
        v.push((key("claim", &c.name, 0), cx.cond(&c.cond, &mut Vec::new())));
    }
    for u in &def.unstated {
        v.push((
            key("unstated", &u.name, 0),
            cx.doc(&u.docs).unwrap_or_default().join(" "),
        ));
    }
    v
}

/// The differences section: items changed, added and removed relative to the parent.
pub fn section(cx: &Cx, parent_cx: &Cx, parent_name: &str) -> Vec<Block> {
    let mine = items(cx);
    let theirs = items(parent_cx);
    let mut list = Vec::new();
    for (label, text) in &mine {
        match theirs.iter().find(|(l, _)| l == label) {
            None => list.push(cx.t(
                "diff-added",
                &[s("item", label.clone()), s("text", text.clone())],
            )),
            Some((_, t)) if t != text => list.push(cx.t(
                "diff-changed",
                &[s("item", label.clone()), s("text", text.clone())],
            )),
            Some(_) => {}
        }
    }
    for (label, _) in &theirs {
        if !mine.iter().any(|(l, _)| l == label) {
            list.push(cx.t("diff-removed", &[s("item", label.clone())]));
        }
    }
    let mut out = vec![Block::Heading(
        2,
        cx.t("h-differences", &[s("parent", parent_name.to_string())]),
        "differences".into(),
    )];
    if list.is_empty() {
        out.push(Block::Para(cx.t("diff-none", &[])));
    } else {
        out.push(Block::List(list));
    }
    out
}
