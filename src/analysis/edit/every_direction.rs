//! The direction set that an edit opening a leg to every direction adds to the file.

use super::*;

/// The direction set named [`EVERY_DIRECTION`] that an opened leg goes along.
pub(super) fn every_direction_set(def: &GameDef) -> Item {
    let dirs: Vec<ast::Ident> = def
        .board
        .directions
        .iter()
        .map(|d| ast::Ident {
            name: d.name.clone(),
            span: Span::new(0, 0),
        })
        .collect();
    Item {
        docs: Vec::new(),
        kind: ItemKind::DirSet(ast::DirSetDecl {
            name: ast::Ident {
                name: EVERY_DIRECTION.into(),
                span: Span::new(0, 0),
            },
            body: PerPlayer::All(dirs),
        }),
        span: Span::new(0, 0),
    }
}
