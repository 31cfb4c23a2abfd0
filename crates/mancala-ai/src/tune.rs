//! Fitting the evaluation's weights to games: logistic ("Texel") tuning.
//!
//! Each position of a set of games, with its mover, becomes a sample: the
//! captured difference, the unweighted positional terms of
//! [`crate::eval`] and the game's result for that mover (1, 1/2 or 0). The
//! evaluation `e(w) = material + sum(w_i * term_i) / 16` (half seeds, not
//! rounded) predicts the result as `sigmoid(k * e)`; the weights minimise
//! the mean squared error of that prediction over the samples, with `k`
//! first fitted to the current weights (so that the error measures the
//! weights, not the scale). The captured difference keeps its weight: it
//! is the unit.
//!
//! Used by the example `tune_eval` (`cargo run --release -p mancala-ai
//! --example tune_eval -- GAMES.csv ...`) on the CSV of `mancala match`.

use mancala_core::{Game, Rules, Side};

use crate::eval::{Evaluator, TERMS, Weights};

/// One position of a game, seen by its mover.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// The captured difference, in half seeds.
    pub material: i32,
    /// The unweighted positional terms, in the order of [`Weights`]' fields.
    pub terms: [i32; TERMS],
    /// The game's result for the mover: 1 won, 0.5 drawn, 0 lost.
    pub result: f64,
}

/// Why a game could not be turned into samples.
#[derive(Debug, thiserror::Error)]
pub enum TuneError {
    /// The game is not shaped like Oware: its evaluation has no terms.
    #[error("{0} has no positional terms to tune (it is not shaped like Oware)")]
    NoTerms(String),
    /// A move of the record is not legal.
    #[error("game {index}: {reason}")]
    Replay {
        /// The game's index in the file.
        index: usize,
        /// What the engine said.
        reason: String,
    },
    /// A line of the CSV is not a game of `mancala match`.
    #[error("line {line}: {reason}")]
    Csv {
        /// The line, from 1.
        line: usize,
        /// What is wrong.
        reason: String,
    },
}

/// The samples of one finished game: every live position from ply `skip`
/// on (the first plies are usually a random opening), with the game's
/// result (`winner`: `None` for a draw).
pub fn samples_of_game(
    rules: &Rules,
    moves: &str,
    winner: Option<Side>,
    skip: usize,
    index: usize,
) -> Result<Vec<Sample>, TuneError> {
    let eval = Evaluator::new(rules);
    let game = Game::replay(rules.clone(), moves).map_err(|e| TuneError::Replay {
        index,
        reason: e.to_string(),
    })?;
    let mut replay = Game::new(rules.clone());
    let mut out = Vec::new();
    for (ply, &mv) in game.moves().iter().enumerate() {
        let pos = *replay.position();
        if ply >= skip {
            let (material, terms) = eval
                .terms_of(&pos)
                .ok_or_else(|| TuneError::NoTerms(rules.name().to_string()))?;
            let result = match winner {
                None => 0.5,
                Some(w) if w == pos.to_move() => 1.0,
                Some(_) => 0.0,
            };
            out.push(Sample {
                material,
                terms,
                result,
            });
        }
        replay.play(mv).map_err(|e| TuneError::Replay {
            index,
            reason: e.to_string(),
        })?;
    }
    Ok(out)
}

/// Splits one CSV line into fields (quoted fields may hold commas and
/// doubled quotes).
fn csv_fields(line: &str) -> Vec<String> {
    let mut fields = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            ('"', _) => quoted = !quoted,
            (',', false) => fields.push(std::mem::take(&mut field)),
            (c, _) => field.push(c),
        }
    }
    fields.push(field);
    fields
}

/// The samples of every game of a CSV written by `mancala match --csv`
/// (header line included), from ply `skip` of each game on.
pub fn samples_of_csv(rules: &Rules, text: &str, skip: usize) -> Result<Vec<Sample>, TuneError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if i == 0 || line.trim().is_empty() {
            continue;
        }
        let f = csv_fields(line);
        let bad = |reason: String| TuneError::Csv {
            line: i + 1,
            reason,
        };
        if f.len() != 12 {
            return Err(bad(format!("{} fields, expected 12", f.len())));
        }
        let winner = match f[4].as_str() {
            "south" => Some(Side::South),
            "north" => Some(Side::North),
            "draw" => None,
            other => return Err(bad(format!("winner {other:?}"))),
        };
        out.extend(samples_of_game(rules, &f[11], winner, skip, i)?);
    }
    Ok(out)
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The evaluation of a sample under `w` (half seeds, not rounded).
fn evaluate(s: &Sample, w: &[f64; TERMS]) -> f64 {
    s.material as f64
        + s.terms
            .iter()
            .zip(w)
            .map(|(&t, &w)| t as f64 * w)
            .sum::<f64>()
            / 16.0
}

/// The mean squared error of the predictions `sigmoid(k * e(w))`.
pub fn error(samples: &[Sample], w: &[f64; TERMS], k: f64) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|s| (s.result - sigmoid(k * evaluate(s, w))).powi(2))
        .sum();
    sum / samples.len().max(1) as f64
}

/// The scale `k` that fits `w` best (golden-section search on `0..2`).
pub fn fit_scale(samples: &[Sample], w: &[f64; TERMS]) -> f64 {
    let (mut a, mut b) = (1e-4, 2.0);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let c = b - g * (b - a);
        let d = a + g * (b - a);
        if error(samples, w, c) < error(samples, w, d) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}

/// What [`fit`] found.
#[derive(Clone, Debug)]
pub struct Fit {
    /// The fitted weights, rounded to integers.
    pub weights: Weights,
    /// The scale fitted to the starting weights.
    pub scale: f64,
    /// The error of the starting weights, and of the fitted (rounded) ones.
    pub error_before: f64,
    /// See `error_before`.
    pub error_after: f64,
}

/// Fits the weights to the samples by gradient descent (Adam) on the mean
/// squared error, from `start`, for `steps` full passes; the weights in
/// `frozen` stay as they are.
pub fn fit(samples: &[Sample], start: Weights, frozen: &[usize], steps: usize) -> Fit {
    let mut w = start.to_array().map(|x| x as f64);
    let k = fit_scale(samples, &w);
    let error_before = error(samples, &w, k);
    let (mut m, mut v) = ([0.0; TERMS], [0.0; TERMS]);
    let (b1, b2, rate) = (0.9, 0.999, 0.5);
    let n = samples.len().max(1) as f64;
    for step in 1..=steps {
        let mut grad = [0.0; TERMS];
        for s in samples {
            let p = sigmoid(k * evaluate(s, &w));
            // d/dw_i of (r - p)^2 = -2 (r - p) p (1 - p) k term_i / 16.
            let common = -2.0 * (s.result - p) * p * (1.0 - p) * k / 16.0;
            for (g, &t) in grad.iter_mut().zip(&s.terms) {
                *g += common * t as f64;
            }
        }
        for i in 0..TERMS {
            if frozen.contains(&i) {
                continue;
            }
            let g = grad[i] / n;
            m[i] = b1 * m[i] + (1.0 - b1) * g;
            v[i] = b2 * v[i] + (1.0 - b2) * g * g;
            let mh = m[i] / (1.0 - b1.powi(step as i32));
            let vh = v[i] / (1.0 - b2.powi(step as i32));
            w[i] -= rate * mh / (vh.sqrt() + 1e-12);
        }
    }
    let rounded = w.map(|x| x.round() as i32);
    let error_after = error(samples, &rounded.map(|x| x as f64), k);
    Fit {
        weights: Weights::from_array(rounded),
        scale: k,
        error_before,
        error_after,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::DEFAULT_WEIGHTS;

    #[test]
    fn csv_fields_split_quotes() {
        assert_eq!(
            csv_fields(r#"0,"alphabeta:depth=2,ms=5",x,"say ""hi""","A b""#),
            vec!["0", "alphabeta:depth=2,ms=5", "x", "say \"hi\"", "A b"]
        );
    }

    /// A game replayed into samples: one per live position from `skip`
    /// on, results from each mover's side, terms as the evaluator's.
    #[test]
    fn samples_follow_the_game() {
        let rules = Rules::builtin("oware").unwrap();
        let moves = "C c D d A a";
        let all = samples_of_game(&rules, moves, Some(Side::South), 0, 0).unwrap();
        assert_eq!(all.len(), 6);
        // South moves at even plies.
        assert_eq!(all[0].result, 1.0);
        assert_eq!(all[1].result, 0.0);
        // The opening: alike rows, nothing captured.
        assert_eq!(all[0].material, 0);
        assert_eq!(all[0].terms, [0; TERMS]);
        let skipped = samples_of_game(&rules, moves, None, 2, 0).unwrap();
        assert_eq!(skipped.len(), 4);
        assert!(skipped.iter().all(|s| s.result == 0.5));
        assert_eq!(
            skipped[0],
            Sample {
                result: 0.5,
                ..all[2]
            }
        );
        assert!(samples_of_game(&rules, "C C", None, 0, 3).is_err());
        let kalah = Rules::builtin("kalah").unwrap();
        assert!(matches!(
            samples_of_game(&kalah, "A", None, 0, 0),
            Err(TuneError::NoTerms(_))
        ));
    }

    #[test]
    fn csv_of_a_match_is_read() {
        let rules = Rules::builtin("oware").unwrap();
        let text = format!(
            "{}0,a,b,south,north,loss,10,38,4,0,\"x\",\"C c D d\"\n1,a,b,north,draw,draw,24,24,2,0,\"x\",\"A a\"\n",
            crate::matches::CSV_HEADER
        );
        let s = samples_of_csv(&rules, &text, 0).unwrap();
        assert_eq!(s.len(), 6);
        assert_eq!((s[0].result, s[1].result, s[4].result), (0.0, 1.0, 0.5));
        assert!(samples_of_csv(&rules, "h\n0,1,2\n", 0).is_err());
    }

    /// On samples made from a known model, the fit recovers its weights
    /// and lowers the error.
    #[test]
    fn fit_recovers_a_planted_weight() {
        // Results drawn from sigmoid(0.1 * (material + 32 * t0 / 16)):
        // the first term is worth a seed.
        let mut samples = Vec::new();
        let mut x = 12345u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..20_000 {
            let material = (next() % 21) as i32 - 10;
            let t0 = (next() % 11) as i32 - 5;
            let mut terms = [0; TERMS];
            terms[0] = t0;
            terms[1] = (next() % 7) as i32 - 3;
            let p = sigmoid(0.1 * (material as f64 + 2.0 * t0 as f64));
            let result = if (next() % 10_000) as f64 / 10_000.0 < p {
                1.0
            } else {
                0.0
            };
            samples.push(Sample {
                material,
                terms,
                result,
            });
        }
        let start = Weights::from_array([0; TERMS]);
        let f = fit(&samples, start, &[], 300);
        assert!(f.error_after < f.error_before);
        assert!((f.weights.row_seeds - 32).abs() <= 4, "{:?}", f.weights);
        assert!(f.weights.playable.abs() <= 4, "{:?}", f.weights);
        // A frozen weight does not move.
        let f = fit(&samples, DEFAULT_WEIGHTS, &[0], 50);
        assert_eq!(f.weights.row_seeds, DEFAULT_WEIGHTS.row_seeds);
    }
}
