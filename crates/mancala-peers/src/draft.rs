//! A configuration on its way into our rule model: StoneShark's parameters
//! as read (with their defaults, every key read remembered so that unknown
//! ones are reported), the rules made so far, and what none of our rules
//! expresses.

use mancala_core::spec::RuleSpec;
use serde_json::Value;

/// The parameters one configuration sets, read with their defaults.
pub(crate) struct Params<'a> {
    pub(crate) info: &'a serde_json::Map<String, Value>,
    /// Every parameter this translation has looked at.
    read: std::cell::RefCell<Vec<&'static str>>,
}

impl<'a> Params<'a> {
    pub(crate) fn new(info: &'a serde_json::Map<String, Value>) -> Params<'a> {
        Params {
            info,
            read: Default::default(),
        }
    }

    /// The parameters set that no rule table has read.
    pub(crate) fn unread(&self) -> Vec<&'a str> {
        let read = self.read.borrow();
        self.info
            .keys()
            .map(String::as_str)
            .filter(|key| *key != "name" && !read.contains(key))
            .collect()
    }

    pub(crate) fn value(&self, key: &'static str) -> Option<&'a Value> {
        self.read.borrow_mut().push(key);
        self.info.get(key)
    }
    pub(crate) fn int(&self, key: &'static str) -> i64 {
        match self.value(key) {
            Some(Value::Bool(b)) => *b as i64,
            Some(v) => v.as_i64().unwrap_or(0),
            None => 0,
        }
    }
    pub(crate) fn flag(&self, key: &'static str) -> bool {
        self.int(key) != 0
    }
    pub(crate) fn list(&self, key: &'static str) -> Vec<u32> {
        match self.value(key) {
            Some(Value::Array(items)) => items
                .iter()
                .filter_map(|v| v.as_u64())
                .map(|v| v as u32)
                .collect(),
            _ => Vec::new(),
        }
    }
}

/// The rules being made from one configuration.
pub(crate) struct Draft {
    /// The rules so far.
    pub(crate) spec: RuleSpec,
    /// What none of our rules expresses, in the order found.
    pub(crate) needs: Vec<String>,
    /// Holes in a row.
    pub(crate) holes: u32,
    /// Seeds in a hole at the start.
    pub(crate) seeds: u32,
    /// Seeds in the game.
    pub(crate) total: u32,
    /// A lap's last seed bringing an opponent's hole to sow_param closes it
    /// (SOW_BLKD_DIV and its _NR with blocks, outside rounds).
    pub(crate) closing: bool,
    /// NO_SOW_OPP_NS: the opponent's holes holding this many seeds are
    /// passed over.
    pub(crate) skip_count: Option<u32>,
    /// SEEDS_LIMIT: the game ends below this many seeds on the board.
    pub(crate) seeds_limit: Option<u32>,
}
