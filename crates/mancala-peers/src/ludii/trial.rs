//! Reading a Ludii trial file (`RandomTrial_N.txt`): the game's rule file,
//! the moves as Ludii's atomic actions, the number of legal moves before
//! each move a player decided, and how the trial ended.
//!
//! A trial is a text file of `key=value` lines. The moves are lines
//! `Move=[Move:mover=P,from=F,to=T,actions=[Kind:k=v,...],[Kind:...]]`;
//! the moves of player 0 come first and set the board up (`numInitialPlacementMoves`
//! counts them where Ludii writes it). Then one `LEGAL MOVES LIST SIZE = N`
//! line for each move of a player, in order, and the result (`winner`,
//! `endtype`, ...).

use anyhow::{Result, bail};

/// Where a seed count lives: a vertex of the board, or a cell (on these
/// boards: the cells after the last vertex are the players' hands or stores).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Site {
    Vertex(usize),
    Cell(usize),
}

impl std::fmt::Display for Site {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Site::Vertex(v) => write!(f, "vertex {v}"),
            Site::Cell(c) => write!(f, "cell {c}"),
        }
    }
}

/// One of Ludii's atomic actions, as far as it changes the seeds or names
/// the player to move; the others (variables, remembered values, states
/// of sites) are kept as `Other` with their kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Action {
    /// The site now holds `count` seeds.
    SetCount { site: Site, count: u32 },
    /// `count` seeds added to the site.
    Add { site: Site, count: u32 },
    /// Every seed of the site taken off the board.
    Remove { site: Site },
    /// `count` seeds moved from one site to another.
    Move { from: Site, to: Site, count: u32 },
    /// A site chosen (the start of a sowing), with the first site it
    /// sows into where the choice names one (a direction).
    Select { from: Site, to: Option<Site> },
    /// The player passes.
    Pass,
    /// The player who moves next.
    SetNextPlayer(u32),
    /// Anything else, by its kind.
    Other(String),
}

/// One move of the trial.
#[derive(Clone, Debug)]
pub(crate) struct TrialMove {
    /// The line it is on (1-based).
    pub line: usize,
    /// 0 for the set-up, else the player (1 or 2 in two-player games).
    pub mover: u32,
    pub actions: Vec<Action>,
}

/// A parsed trial.
#[derive(Clone, Debug)]
pub(crate) struct Trial {
    /// The `game=` line: the path of Ludii's rule file.
    pub game: String,
    /// The options chosen (between the options lines).
    pub options: Vec<String>,
    /// The set-up moves (player 0) then the players' moves.
    pub moves: Vec<TrialMove>,
    /// The number of legal moves before each of the players' moves.
    pub legal: Vec<usize>,
    /// The winner (0: none).
    pub winner: Option<u32>,
    /// How the trial ended: `NaturalEnd` (the rules ended it), `TurnLimit`
    /// or `MoveLimit` (Ludii cut it).
    pub end: Option<String>,
    /// The number of players (Ludii ranks each at the end).
    pub players: usize,
}

impl Trial {
    /// The number of set-up moves (player 0), which come first.
    pub(crate) fn setup_len(&self) -> usize {
        self.moves.iter().take_while(|m| m.mover == 0).count()
    }
}

/// Parses the text of a trial; `name` (the file) prefixes every error,
/// with the line.
pub(crate) fn parse(name: &str, text: &str) -> Result<Trial> {
    let mut trial = Trial {
        game: String::new(),
        options: Vec::new(),
        moves: Vec::new(),
        legal: Vec::new(),
        winner: None,
        end: None,
        players: 0,
    };
    let mut in_options = false;
    let mut placements = None;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        let at = i + 1;
        if line.is_empty() {
            continue;
        }
        if line == "START GAME OPTIONS" {
            in_options = true;
            continue;
        }
        if line == "END GAME OPTIONS" {
            in_options = false;
            continue;
        }
        if in_options {
            trial.options.push(line.to_string());
            continue;
        }
        if let Some(rest) = line.strip_prefix("Move=") {
            let mv = parse_move(rest).map_err(|e| anyhow::anyhow!("{name}:{at}: {e}"))?;
            if mv.mover == 0 && trial.moves.last().is_some_and(|m| m.mover != 0) {
                bail!("{name}:{at}: a set-up move (mover 0) after the players' moves");
            }
            trial.moves.push(TrialMove {
                line: at,
                mover: mv.mover,
                actions: mv.actions,
            });
            continue;
        }
        if let Some(rest) = line.strip_prefix("LEGAL MOVES LIST SIZE") {
            let n = rest
                .trim_start()
                .strip_prefix('=')
                .and_then(|n| n.trim().parse().ok())
                .ok_or_else(|| anyhow::anyhow!("{name}:{at}: bad legal move count {line:?}"))?;
            trial.legal.push(n);
            continue;
        }
        let Some((key, value)) = line.split_once('=') else {
            bail!("{name}:{at}: not a `key=value` line: {line:?}");
        };
        match key {
            "game" => trial.game = value.to_string(),
            "winner" => {
                trial.winner = Some(
                    value
                        .parse()
                        .map_err(|_| anyhow::anyhow!("{name}:{at}: bad winner {value:?}"))?,
                )
            }
            "endtype" => trial.end = Some(value.to_string()),
            // One rank per player, after an unused one for player 0.
            "rankings" => trial.players = value.split(',').count().saturating_sub(1),
            "numInitialPlacementMoves" => {
                placements = Some(value.parse::<usize>().map_err(|_| {
                    anyhow::anyhow!("{name}:{at}: bad numInitialPlacementMoves {value:?}")
                })?)
            }
            // The random generator's state, the ranks, the version: not
            // needed to replay.
            _ => {}
        }
    }
    if trial.game.is_empty() {
        bail!("{name}: no `game=` line: not a Ludii trial");
    }
    let setup = trial.setup_len();
    let players = trial.moves.len() - setup;
    if trial.legal.len() != players {
        bail!(
            "{name}: {} legal move counts for {players} moves of the players",
            trial.legal.len()
        );
    }
    if let Some(n) = placements
        && n != setup
    {
        bail!("{name}: numInitialPlacementMoves={n}, but {setup} set-up moves");
    }
    Ok(trial)
}

struct ParsedMove {
    mover: u32,
    actions: Vec<Action>,
}

/// `[Move:mover=1,from=0,to=0,actions=[Select:...],[Move:...]]`
fn parse_move(text: &str) -> Result<ParsedMove, String> {
    let inner = text
        .strip_prefix("[Move:")
        .and_then(|t| t.strip_suffix(']'))
        .ok_or_else(|| format!("a move is `[Move:...]`, not {}", shorten(text)))?;
    let (head, actions) = inner
        .split_once("actions=")
        .ok_or_else(|| format!("a move without actions: {}", shorten(text)))?;
    let mover = fields(head.trim_end_matches(','))
        .find(|(k, _)| *k == "mover")
        .and_then(|(_, v)| v.parse().ok())
        .ok_or_else(|| format!("a move without its mover: {}", shorten(text)))?;
    let mut list = Vec::new();
    let mut rest = actions;
    while !rest.is_empty() {
        let body = rest
            .strip_prefix('[')
            .ok_or_else(|| format!("an action is `[Kind:...]`, not {}", shorten(rest)))?;
        let end = body
            .find(']')
            .ok_or_else(|| format!("an action without its `]`: {}", shorten(rest)))?;
        list.push(parse_action(&body[..end])?);
        rest = body[end + 1..].trim_start_matches(',');
    }
    Ok(ParsedMove {
        mover,
        actions: list,
    })
}

/// `Kind:key=value,key=value`
fn parse_action(text: &str) -> Result<Action, String> {
    let (kind, body) = text.split_once(':').unwrap_or((text, ""));
    let get = |key: &str| fields(body).find(|(k, _)| *k == key).map(|(_, v)| v);
    let number = |key: &str| -> Result<Option<u32>, String> {
        get(key)
            .map(|v| {
                v.parse()
                    .map_err(|_| format!("[{text}]: {key}={v} is not a count"))
            })
            .transpose()
    };
    let site = |type_key: &str, key: &str| -> Result<Option<Site>, String> {
        let Some(index) = get(key) else {
            return Ok(None);
        };
        let index: usize = index
            .parse()
            .map_err(|_| format!("[{text}]: {key}={index} is not a site"))?;
        match get(type_key) {
            Some("Vertex") => Ok(Some(Site::Vertex(index))),
            Some("Cell") => Ok(Some(Site::Cell(index))),
            other => Err(format!(
                "[{text}]: site type {other:?} (Vertex and Cell are read)"
            )),
        }
    };
    let need = |s: Option<Site>, key: &str| s.ok_or_else(|| format!("[{text}]: no {key}"));
    Ok(match kind {
        "SetCount" => Action::SetCount {
            site: need(site("type", "to")?, "to")?,
            count: number("count")?.ok_or_else(|| format!("[{text}]: no count"))?,
        },
        "Add" => Action::Add {
            site: need(site("type", "to")?, "to")?,
            count: number("count")?.unwrap_or(1),
        },
        "Remove" => Action::Remove {
            site: need(site("type", "to")?, "to")?,
        },
        "Move" => Action::Move {
            from: need(site("typeFrom", "from")?, "from")?,
            to: need(site("typeTo", "to")?, "to")?,
            count: number("count")?.unwrap_or(1),
        },
        "Select" => Action::Select {
            from: need(site("typeFrom", "from")?, "from")?,
            to: match get("typeTo") {
                Some(_) => site("typeTo", "to")?,
                None => None,
            },
        },
        "Pass" => Action::Pass,
        "SetNextPlayer" => {
            Action::SetNextPlayer(number("player")?.ok_or_else(|| format!("[{text}]: no player"))?)
        }
        other => Action::Other(other.to_string()),
    })
}

fn fields(text: &str) -> impl Iterator<Item = (&str, &str)> {
    text.split(',')
        .filter_map(|f| f.split_once('='))
        .map(|(k, v)| (k.trim(), v.trim()))
}

fn shorten(text: &str) -> String {
    let cut: String = text.chars().take(80).collect();
    if cut.len() < text.len() {
        format!("{cut:?}...")
    } else {
        format!("{cut:?}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TRIAL: &str = "game=../Common/res/lud/board/sow/four_rows/Example.lud
START GAME OPTIONS
END GAME OPTIONS
RNG internal state=1,2,3
Move=[Move:mover=0,from=0,to=0,actions=[SetCount:type=Vertex,to=0,what=1,count=2]]
Move=[Move:mover=0,from=1,to=1,actions=[SetCount:type=Vertex,to=1,what=1,count=2]]
Move=[Move:mover=1,from=0,to=0,actions=[Select:typeFrom=Vertex,from=0,decision=true],[Move:typeFrom=Vertex,from=0,typeTo=Vertex,to=1],[Move:typeFrom=Vertex,from=0,typeTo=Vertex,to=2],[SetNextPlayer:player=1]]
Move=[Move:mover=1,from=2,to=2,actions=[Move:typeFrom=Vertex,from=1,typeTo=Cell,to=9,count=3],[Remove:type=Vertex,to=2],[SetVar:name=Replay,value=1]]
Move=[Move:mover=2,actions=[Pass:decision=true,forced=true]]
LEGAL MOVES LIST SIZE = 14
LEGAL MOVES LIST SIZE = 1
LEGAL MOVES LIST SIZE = 1
winner=2
endtype=NaturalEnd
rankings=0.0,2.0,1.0
";

    #[test]
    fn a_trial_is_read_move_by_move() {
        let t = parse("t.txt", TRIAL).unwrap();
        assert!(t.game.ends_with("Example.lud"));
        assert_eq!(t.setup_len(), 2);
        assert_eq!(t.moves.len(), 5);
        assert_eq!(t.legal, [14, 1, 1]);
        assert_eq!(t.winner, Some(2));
        assert_eq!(t.end.as_deref(), Some("NaturalEnd"));
        assert_eq!(t.players, 2);
        assert_eq!(
            t.moves[0].actions,
            [Action::SetCount {
                site: Site::Vertex(0),
                count: 2
            }]
        );
        let sow = &t.moves[2];
        assert_eq!((sow.line, sow.mover), (7, 1));
        assert_eq!(
            sow.actions[..2],
            [
                Action::Select {
                    from: Site::Vertex(0),
                    to: None
                },
                Action::Move {
                    from: Site::Vertex(0),
                    to: Site::Vertex(1),
                    count: 1
                }
            ]
        );
        assert_eq!(
            t.moves[3].actions,
            [
                Action::Move {
                    from: Site::Vertex(1),
                    to: Site::Cell(9),
                    count: 3
                },
                Action::Remove {
                    site: Site::Vertex(2)
                },
                Action::Other("SetVar".into())
            ]
        );
        assert_eq!(t.moves[4].actions, [Action::Pass]);
    }

    #[test]
    fn a_carriage_return_line_end_is_read() {
        let t = parse("t.txt", &TRIAL.replace('\n', "\r\n")).unwrap();
        assert_eq!(t.legal.len(), 3);
    }

    #[test]
    fn errors_name_the_file_and_the_line() {
        let bad = TRIAL.replace(
            "count=2]]\nMove=[Move:mover=0,from=1",
            "count=x]]\nMove=[Move:mover=0,from=1",
        );
        let e = parse("Game/RandomTrial_0.txt", &bad)
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("Game/RandomTrial_0.txt:5: "), "{e}");
        assert!(e.contains("count=x"), "{e}");

        let bad = TRIAL.replace("typeTo=Cell,to=9", "typeTo=Edge,to=9");
        let e = parse("f", &bad).unwrap_err().to_string();
        assert!(e.starts_with("f:8: ") && e.contains("Edge"), "{e}");

        let bad = TRIAL.replace("LEGAL MOVES LIST SIZE = 1\nwinner", "winner");
        let e = parse("f", &bad).unwrap_err().to_string();
        assert!(e.contains("2 legal move counts for 3 moves"), "{e}");

        let bad = TRIAL.replace("[Move:mover=2,actions=", "[Move:player=2,actions=");
        let e = parse("f", &bad).unwrap_err().to_string();
        assert!(e.starts_with("f:9: ") && e.contains("mover"), "{e}");

        let e = parse("f", "hello\n").unwrap_err().to_string();
        assert!(e.contains("f:1"), "{e}");
        let e = parse("f", "").unwrap_err().to_string();
        assert!(e.contains("not a Ludii trial"), "{e}");

        let bad = TRIAL.replace(
            "Move=[Move:mover=1,from=0",
            "Move=[Move:mover=1,from=0,actions=[Select:typeFrom=Vertex,from=0]",
        );
        assert!(parse("f", &bad).is_err());
    }
}
