//! Ludii's board as seed counts, rebuilt from a trial's actions, and the
//! map from Ludii's vertices to our holes.
//!
//! Ludii numbers the vertices of a board of `rows` rows of `n` holes row by
//! row from South's left: vertices `0..n` are the row nearest South (left to
//! right from South's seat), `n..2n` the next one up, and so on; its player
//! 1 sits at the bottom and moves first (our South). The cells numbered from
//! `rows * n` up are off the board: the players' hands or stores.
//!
//! Our four-row notation (`shared/spec/rows.md`) numbers each player's ring:
//! South's outer row left to right (`0..n`, Ludii's `0..n`), then South's
//! inner row right to left (`n..2n`, Ludii's `2n-1` down to `n`), North's
//! outer row left to right from North's seat (`2n..3n`, Ludii's `4n-1` down
//! to `3n`), North's inner row right to left from North's seat (`3n..4n`,
//! Ludii's `2n..3n`). Counter-clockwise goes up our indices in both rings.
//! On three rows (`docs/three-rows.md`) each player's holes are their outer
//! row and the right half of the middle row, `h = n/2` holes: South's outer
//! row (`0..n`, Ludii's `0..n`), then the middle row's right half from its
//! end (`n..n+h`, Ludii's `2n-1` down to `n+h`); North's outer row from
//! North's left (`n+h..2n+h`, Ludii's `3n-1` down to `2n`), then the middle
//! row's left half from its end (`2n+h..3n`, Ludii's `n..n+h`): the order
//! of Ludii's track `0,E,N1,W2,17,W,S1,E2` on 3x6.
//! On two rows the first two of these hold: South's row is Ludii's `0..n`,
//! North's (from North's left) Ludii's `2n-1` down to `n`; where Ludii
//! draws a store at each end of a two-row board, those are its vertices 0
//! and `2n+1`, and every hole's vertex is one more.

use std::collections::BTreeMap;

use super::trial::{Action, Site};

/// A board's shape in Ludii: rows of holes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Shape {
    pub rows: usize,
    pub holes_per_row: usize,
    /// Two rows with a store at each end drawn as vertices: vertex 0 at
    /// the left, then the rows (`1..=n` South's, `n+1..=2n` North's, both
    /// from South's left), and the last vertex at the right.
    pub end_stores: bool,
}

impl Shape {
    /// Holes on the board.
    pub(crate) fn holes(self) -> usize {
        self.rows * self.holes_per_row
    }

    /// Vertices on the board.
    pub(crate) fn vertices(self) -> usize {
        self.holes() + if self.end_stores { 2 } else { 0 }
    }

    /// Ludii's vertex of each of our holes, by our index, where our
    /// notation for the shape is fixed (two, four rows, and three rows of
    /// an even number of holes); `None` otherwise.
    pub(crate) fn vertex_of_hole(self) -> Option<Vec<usize>> {
        let n = self.holes_per_row;
        if self.rows == 3 {
            if !n.is_multiple_of(2) || self.end_stores {
                return None;
            }
            let h = n / 2;
            return Some(
                (0..self.holes())
                    .map(|i| match i {
                        i if i < n => i,
                        i if i < n + h => 3 * n - 1 - i,
                        i if i < 2 * n + h => 4 * n + h - 1 - i,
                        i => i - n - h,
                    })
                    .collect(),
            );
        }
        if self.rows != 4 && self.rows != 2 {
            return None;
        }
        let first = usize::from(self.end_stores);
        Some(
            (0..self.holes())
                .map(|h| {
                    first
                        + match h / n {
                            0 => h,
                            1 => 3 * n - 1 - h,
                            2 => 6 * n - 1 - h,
                            _ => h - n,
                        }
                })
                .collect(),
        )
    }
}

/// The seed counts of a Ludii board and of its off-board cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Board {
    pub vertices: Vec<u32>,
    /// Hands and stores, by cell number.
    pub cells: BTreeMap<usize, u32>,
}

impl Board {
    pub(crate) fn empty(shape: Shape) -> Board {
        Board {
            vertices: vec![0; shape.vertices()],
            cells: BTreeMap::new(),
        }
    }

    fn count_mut(&mut self, site: Site) -> Result<&mut u32, String> {
        match site {
            Site::Vertex(v) => {
                let holes = self.vertices.len();
                self.vertices
                    .get_mut(v)
                    .ok_or_else(|| format!("vertex {v} is off a board of {holes} holes"))
            }
            Site::Cell(c) if c >= self.vertices.len() => Ok(self.cells.entry(c).or_insert(0)),
            Site::Cell(c) => Err(format!(
                "cell {c} is a cell of the board, not a hand or store"
            )),
        }
    }

    /// Applies one action; an action that takes more seeds than a site
    /// holds is an error (the trial and our reading of it disagree).
    pub(crate) fn apply(&mut self, action: &Action) -> Result<(), String> {
        match *action {
            Action::SetCount { site, count } => *self.count_mut(site)? = count,
            Action::Add { site, count } => {
                let held = self.count_mut(site)?;
                *held = held
                    .checked_add(count)
                    .ok_or_else(|| format!("{count} seeds added to {site}, which holds {held}"))?;
            }
            Action::Remove { site } => *self.count_mut(site)? = 0,
            Action::Move { from, to, count } => {
                let held = self.count_mut(from)?;
                *held = held.checked_sub(count).ok_or_else(|| {
                    format!("{count} seeds moved from {from}, which holds {held}")
                })?;
                let into = self.count_mut(to)?;
                *into = into
                    .checked_add(count)
                    .ok_or_else(|| format!("{count} seeds moved into {to}, which holds {into}"))?;
            }
            Action::Select { .. } | Action::Pass | Action::SetNextPlayer(_) | Action::Other(_) => {}
        }
        Ok(())
    }

    /// The board by our hole index (`map`: Ludii's vertex of each hole).
    pub(crate) fn ours(&self, map: &[usize]) -> Vec<u32> {
        map.iter().map(|&v| self.vertices[v]).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_rows_map_onto_each_players_ring() {
        let shape = Shape {
            rows: 4,
            holes_per_row: 7,
            end_stores: false,
        };
        let map = shape.vertex_of_hole().unwrap();
        // South: outer row left to right, inner row right to left.
        assert_eq!(map[..7], [0, 1, 2, 3, 4, 5, 6]);
        assert_eq!(map[7..14], [13, 12, 11, 10, 9, 8, 7]);
        // North: its outer row (Ludii's top row) from North's left, which
        // is South's right, then its inner row.
        assert_eq!(map[14..21], [27, 26, 25, 24, 23, 22, 21]);
        assert_eq!(map[21..], [14, 15, 16, 17, 18, 19, 20]);
        // Every vertex is one hole.
        let mut sorted = map.clone();
        sorted.sort();
        assert_eq!(sorted, (0..28).collect::<Vec<_>>());
        // Facing inner holes (rows.md: with n = 8, index 16 - c faces
        // 23 + c for inner column c): Ludii's vertices n + c - 1 and
        // 2n + c - 1 are one column.
        let shape8 = Shape {
            rows: 4,
            holes_per_row: 8,
            end_stores: false,
        };
        let map8 = shape8.vertex_of_hole().unwrap();
        for c in 1..=8 {
            assert_eq!(map8[16 - c], 8 + c - 1);
            assert_eq!(map8[23 + c], 16 + c - 1);
        }
    }

    #[test]
    fn two_rows_map_with_and_without_end_stores() {
        let plain = Shape {
            rows: 2,
            holes_per_row: 6,
            end_stores: false,
        };
        // South's row left to right, North's from North's left (South's right).
        assert_eq!(
            plain.vertex_of_hole().unwrap(),
            [0, 1, 2, 3, 4, 5, 11, 10, 9, 8, 7, 6]
        );
        let stores = Shape {
            end_stores: true,
            ..plain
        };
        assert_eq!(stores.vertices(), 14);
        assert_eq!(
            stores.vertex_of_hole().unwrap(),
            [1, 2, 3, 4, 5, 6, 12, 11, 10, 9, 8, 7]
        );
    }

    #[test]
    fn three_rows_map_onto_ludiis_track_through_the_middle_row() {
        let shape = Shape {
            rows: 3,
            holes_per_row: 6,
            end_stores: false,
        };
        assert_eq!(shape.vertices(), 18);
        // Ludii's track "0,E,N1,W2,17,W,S1,E2": our indices in order.
        assert_eq!(
            shape.vertex_of_hole().unwrap(),
            [0, 1, 2, 3, 4, 5, 11, 10, 9, 17, 16, 15, 14, 13, 12, 6, 7, 8]
        );
        // An odd row cannot be halved: no map.
        let odd = Shape {
            holes_per_row: 5,
            ..shape
        };
        assert!(odd.vertex_of_hole().is_none());
    }

    #[test]
    fn actions_move_seeds() {
        let shape = Shape {
            rows: 4,
            holes_per_row: 2,
            end_stores: false,
        };
        let mut b = Board::empty(shape);
        b.apply(&Action::SetCount {
            site: Site::Vertex(0),
            count: 3,
        })
        .unwrap();
        b.apply(&Action::Move {
            from: Site::Vertex(0),
            to: Site::Vertex(1),
            count: 1,
        })
        .unwrap();
        b.apply(&Action::Move {
            from: Site::Vertex(0),
            to: Site::Cell(9),
            count: 2,
        })
        .unwrap();
        b.apply(&Action::Add {
            site: Site::Vertex(7),
            count: 4,
        })
        .unwrap();
        b.apply(&Action::Remove {
            site: Site::Vertex(1),
        })
        .unwrap();
        assert_eq!(b.vertices, [0, 0, 0, 0, 0, 0, 0, 4]);
        assert_eq!(b.cells[&9], 2);
        let e = b
            .apply(&Action::Move {
                from: Site::Vertex(2),
                to: Site::Vertex(3),
                count: 1,
            })
            .unwrap_err();
        assert!(e.contains("holds 0"), "{e}");
        assert!(
            b.apply(&Action::Add {
                site: Site::Vertex(8),
                count: 1
            })
            .is_err()
        );
        // A count past any board is an error, not an overflow.
        let e = b
            .apply(&Action::Add {
                site: Site::Vertex(7),
                count: u32::MAX,
            })
            .unwrap_err();
        assert!(e.contains("added to vertex 7, which holds 4"), "{e}");
        assert!(
            b.apply(&Action::Add {
                site: Site::Cell(3),
                count: 1
            })
            .is_err()
        );
    }
}
