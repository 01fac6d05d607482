//! "Differences from the parent": for a variant (a rule file that `extends` another), the
//! rule items whose rendered text differs from the parent's, and those added or removed.
//! Both games are rendered in the book's language by the same phrase functions, so a
//! difference in the text is a difference in the compiled rules (or their documentation).

use super::book::Block;
use super::i18n::s;
use super::text::Cx;

/// Every rule item of a game as (label, rendered text), in book order.
pub fn items(cx: &Cx) -> Vec<(String, String)> {
    let def = cx.def;
    let item = |kind: &str, name: &str| {
        cx.t(
            "trace-item",
            &[s("kind", kind.to_string()), s("name", name.to_string())],
        )
    };
    let mut v = Vec::new();
    v.push((
        item("players", ""),
        def.players
            .iter()
            .map(|p| cx.t("player", &[s("player", p.clone())]))
            .collect::<Vec<_>>()
            .join(", "),
    ));
    let b = &def.board;
    v.push((item("board", ""), super::squares(def, &b.all)));
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
    v.push((item("pieces", ""), setup.join(", ")));
    for r in &def.regions {
        let parts: Vec<String> = r.parts.iter().map(|p| super::squares(def, p)).collect();
        v.push((item("region", &r.name), parts.join("; ")));
    }
    for c in &def.counters {
        v.push((item("counter", &c.name), super::text::counter_text(cx, c)));
    }
    for p in &def.params {
        v.push((item("param", &p.name), p.values[p.chosen].0.clone()));
    }
    for l in &def.legs {
        v.push((item("leg", &l.name), cx.leg(l)));
    }
    for m in &def.moves {
        v.push((item("move", &m.name), super::move_lines(cx, m).join(" ")));
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
        v.push((item("priority", &p.name), t));
    }
    for (i, r) in def.end.iter().enumerate() {
        // As the end section says it: a draw binds no player, so a `some P:` inside it names
        // its own.
        v.push((item("end", &(i + 1).to_string()), cx.end_rule(r)));
    }
    for c in &def.claims {
        v.push((item("claim", &c.name), cx.cond(&c.cond, &mut Vec::new())));
    }
    for u in &def.unstated {
        v.push((
            item("unstated", &u.name),
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
