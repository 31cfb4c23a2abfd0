//! A fair queue for the machine's work: a fixed number of slots (the
//! machine's cores) handed out in turn to the clients waiting, one waiter
//! of each client after another, so that one client with many games or
//! hints cannot make everyone else wait behind all of them.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

use tokio::sync::oneshot;

/// The slots and who waits for them.
pub struct FairQueue {
    state: Mutex<QueueState>,
}

struct QueueState {
    free: usize,
    /// Clients with waiters, in the order they are served.
    turn: VecDeque<String>,
    waiting: HashMap<String, VecDeque<oneshot::Sender<Slot>>>,
}

/// A slot: the right to run one piece of the machine's work. Given back
/// when dropped.
pub struct Slot {
    queue: Arc<FairQueue>,
}

impl FairQueue {
    /// A queue of `slots` slots.
    pub fn new(slots: usize) -> Arc<FairQueue> {
        Arc::new(FairQueue {
            state: Mutex::new(QueueState {
                free: slots.max(1),
                turn: VecDeque::new(),
                waiting: HashMap::new(),
            }),
        })
    }

    /// Waits for a slot for `client`.
    pub async fn acquire(self: &Arc<Self>, client: &str) -> Slot {
        let rx = {
            let mut guard = self.state.lock().unwrap_or_else(|e| e.into_inner());
            let state = &mut *guard;
            if state.free > 0 && state.turn.is_empty() {
                state.free -= 1;
                return Slot {
                    queue: self.clone(),
                };
            }
            let (tx, rx) = oneshot::channel();
            let waiters = state.waiting.entry(client.to_string()).or_default();
            if waiters.is_empty() {
                state.turn.push_back(client.to_string());
            }
            waiters.push_back(tx);
            rx
        };
        match rx.await {
            Ok(slot) => slot,
            // The queue never drops a waiter without a slot; be safe anyway.
            Err(_) => Slot {
                queue: self.clone(),
            },
        }
    }

    /// Waiters in all.
    pub fn waiting(&self) -> usize {
        let state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        state.waiting.values().map(VecDeque::len).sum()
    }

    fn release(self: &Arc<Self>) {
        loop {
            let next = {
                let mut guard = self.state.lock().unwrap_or_else(|e| e.into_inner());
                let state = &mut *guard;
                let Some(client) = state.turn.pop_front() else {
                    state.free += 1;
                    return;
                };
                let waiters = state
                    .waiting
                    .get_mut(&client)
                    .expect("a client in turn waits");
                let next = waiters.pop_front().expect("a client in turn waits");
                if waiters.is_empty() {
                    state.waiting.remove(&client);
                } else {
                    state.turn.push_back(client);
                }
                next
            };
            match next.send(Slot {
                queue: self.clone(),
            }) {
                Ok(()) => return,
                // That waiter gave up: forget the slot handed to it (no
                // release) and offer it to the next one.
                Err(slot) => std::mem::forget(slot),
            }
        }
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.queue.release();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn clients_take_turns() {
        let queue = FairQueue::new(1);
        let held = queue.acquire("a").await;
        let order = Arc::new(Mutex::new(Vec::new()));
        let mut tasks = Vec::new();
        for (i, client) in ["a", "a", "a", "b"].into_iter().enumerate() {
            let (queue, order) = (queue.clone(), order.clone());
            tasks.push(tokio::spawn(async move {
                let _slot = queue.acquire(client).await;
                order.lock().unwrap().push(format!("{client}{i}"));
            }));
            tokio::task::yield_now().await;
        }
        while queue.waiting() < 4 {
            tokio::task::yield_now().await;
        }
        drop(held);
        for t in tasks {
            t.await.unwrap();
        }
        assert_eq!(
            *order.lock().unwrap(),
            ["a0", "b3", "a1", "a2"],
            "b waits behind one of a's, not all"
        );
    }

    #[tokio::test]
    async fn a_waiter_that_gives_up_passes_its_turn_on() {
        let queue = FairQueue::new(1);
        let held = queue.acquire("a").await;
        let gave_up =
            tokio::time::timeout(std::time::Duration::from_millis(10), queue.acquire("b")).await;
        assert!(gave_up.is_err());
        let q = queue.clone();
        let next = tokio::spawn(async move { q.acquire("c").await });
        while queue.waiting() < 2 {
            tokio::task::yield_now().await;
        }
        drop(held);
        let slot = next.await.unwrap();
        drop(slot);
        // Every slot came back: one can be taken at once.
        let _again =
            tokio::time::timeout(std::time::Duration::from_millis(100), queue.acquire("d"))
                .await
                .unwrap();
    }
}
