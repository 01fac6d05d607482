//! Claimed draws in game records and cases: `claim:NAME` (or a bare `claim`, whichever
//! claim holds) ends the game as a draw when the claim's condition holds in the position
//! reached. The engine says which claims hold ([`crate::Game::claims_in_game`]); this module
//! reads what a record or a case writes.

use crate::engine::{Game, Position};
use crate::formats::notation::{IllegalMove, Refused};

/// The claim a record token makes: `Some(None)` for a bare `claim`, `Some(Some(name))` for
/// `claim:NAME`, `None` for any other token (a move).
pub fn token(text: &str) -> Option<Option<&str>> {
    match text.strip_prefix("claim") {
        Some("") => Some(None),
        Some(rest) => rest.strip_prefix(':').map(|n| Some(n.trim())),
        None => None,
    }
}

/// The claim (index in `def.claims`) that `name` makes at `pos`, reached through `history`
/// (oldest first); for a bare `claim`, the first that holds.
///
/// # Errors
/// A name the game does not declare, or a claim whose condition does not hold here.
pub fn find(
    game: &Game,
    pos: &Position,
    history: &[Position],
    name: Option<&str>,
) -> Result<usize, IllegalMove> {
    let def = &game.def;
    let names = || {
        def.claims
            .iter()
            .map(|c| format!("claim:{}", c.name))
            .collect::<Vec<_>>()
    };
    let wanted = match name {
        Some(n) => match def.claims.iter().position(|c| c.name == n) {
            Some(i) => Some(i),
            None => {
                let help = if def.claims.is_empty() {
                    "this game declares no claims".to_string()
                } else {
                    format!("its claims: {}", names().join(", "))
                };
                return Err(IllegalMove {
                    reason: Refused::UnknownClaim(n.to_string()),
                    help: Some(help),
                });
            }
        },
        None => None,
    };
    let holding = game.claims_in_game(pos, history);
    let found = match wanted {
        Some(i) => holding.contains(&i).then_some(i),
        None => holding.first().copied(),
    };
    found.ok_or_else(|| {
        let help = match (wanted, def.claims.is_empty()) {
            (_, true) => "this game declares no claims".to_string(),
            (Some(i), false) => {
                format!(
                    "the rule: {}",
                    crate::model::print::claim(def, &def.claims[i])
                )
            }
            (None, false) => format!("the game's claims: {}", names().join(", ")),
        };
        IllegalMove {
            reason: Refused::NoClaim(name.map(str::to_string)),
            help: Some(help),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::token;

    #[test]
    fn claim_tokens() {
        assert_eq!(token("claim"), Some(None));
        assert_eq!(token("claim:forty-moves"), Some(Some("forty-moves")));
        assert_eq!(token("claimx"), None);
        assert_eq!(token("11-15"), None);
    }
}
