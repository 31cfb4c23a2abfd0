//! Bounds on what clients may use: connections, live sockets, the rate of
//! new games, how long a request may take to arrive, and the machine's
//! time. A client is known by its IP address.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;

/// The bounds. [`Limits::default`] suits a public server.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Open connections (HTTP and WebSocket) a client may hold.
    pub connections_per_client: usize,
    /// Open connections in all; more are closed at once.
    pub connections_total: usize,
    /// Live WebSockets a client may hold.
    pub sockets_per_client: usize,
    /// Live WebSockets in all.
    pub sockets_total: usize,
    /// A WebSocket with nothing from its client (not even the answer to a
    /// ping) for this long is closed.
    pub socket_idle: Duration,
    /// Largest WebSocket message (and frame) a client may send, in bytes:
    /// the socket is read-only, only `ping` is read.
    pub socket_message: usize,
    /// Games a client may create (or import) in a burst ...
    pub create_burst: u32,
    /// ... and then one every this long.
    pub create_every: Duration,
    /// Time to send a request's headers.
    pub header_timeout: Duration,
    /// Time to send a request's body.
    pub body_timeout: Duration,
    /// Hints asked for and not yet answered, in all; more are refused
    /// (`503 busy`).
    pub hints_pending: usize,
    /// How long a hint waits for the machine before `503 busy`.
    pub hint_wait: Duration,
    /// How long a machine move waits for its turn; after that it is played
    /// with a short search rather than wait longer.
    pub machine_wait: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        let cores = std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(2);
        Limits {
            connections_per_client: 128,
            connections_total: 8192,
            sockets_per_client: 32,
            sockets_total: 4096,
            socket_idle: Duration::from_secs(60),
            socket_message: 1024,
            create_burst: 20,
            create_every: Duration::from_secs(2),
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            hints_pending: 4 * cores,
            hint_wait: Duration::from_secs(5),
            machine_wait: Duration::from_secs(20),
        }
    }
}

/// The client of a request: its IP address, or `local` when the server
/// was not told (a router served without connection info).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Client(pub String);

impl Client {
    /// The client at `addr`.
    pub fn of(addr: &SocketAddr) -> Client {
        Client(client_ip(addr.ip()).to_string())
    }
}

/// IPv4 seen through IPv6 is the IPv4 client.
fn client_ip(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6
            .to_ipv4_mapped()
            .map(IpAddr::V4)
            .unwrap_or(IpAddr::V6(v6)),
        v4 => v4,
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Client {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Client, Self::Rejection> {
        Ok(parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|ConnectInfo(addr)| Client::of(addr))
            .unwrap_or_else(|| Client("local".into())))
    }
}

/// Counts what each client holds open (connections, sockets), up to a
/// bound per client and in all.
#[derive(Clone, Default)]
pub struct Counter {
    held: Arc<Mutex<(usize, HashMap<String, usize>)>>,
}

/// One thing held open; counted until dropped.
pub struct Held {
    counter: Counter,
    client: String,
}

impl Counter {
    /// Counts one more for `client`, unless it holds `per_client` already
    /// or all hold `total`.
    pub fn try_hold(&self, client: &str, per_client: usize, total: usize) -> Option<Held> {
        let mut held = self.held.lock().unwrap_or_else(|e| e.into_inner());
        let mine = held.1.get(client).copied().unwrap_or(0);
        if mine >= per_client || held.0 >= total {
            return None;
        }
        held.0 += 1;
        *held.1.entry(client.to_string()).or_default() += 1;
        Some(Held {
            counter: self.clone(),
            client: client.to_string(),
        })
    }

    /// Held in all.
    pub fn total(&self) -> usize {
        self.held.lock().unwrap_or_else(|e| e.into_inner()).0
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        let mut held = self.counter.held.lock().unwrap_or_else(|e| e.into_inner());
        held.0 -= 1;
        if let Some(n) = held.1.get_mut(&self.client) {
            *n -= 1;
            if *n == 0 {
                held.1.remove(&self.client);
            }
        }
    }
}

/// A token bucket a client: `burst` at once, then one every `every`.
pub struct RateLimit {
    burst: f64,
    every: Duration,
    buckets: Mutex<HashMap<String, (f64, Instant)>>,
}

impl RateLimit {
    /// A limit of `burst` at once, then one every `every`.
    pub fn new(burst: u32, every: Duration) -> RateLimit {
        RateLimit {
            burst: burst.max(1) as f64,
            every: every.max(Duration::from_micros(1)),
            buckets: Mutex::default(),
        }
    }

    /// Takes one for `client`; `Err` says how long until one is free.
    pub fn take(&self, client: &str) -> Result<(), Duration> {
        let now = Instant::now();
        let mut buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        if buckets.len() > 100_000 {
            // Forget the clients whose bucket is full again.
            let (burst, every) = (self.burst, self.every.as_secs_f64());
            buckets.retain(|_, (tokens, at)| {
                *tokens + now.duration_since(*at).as_secs_f64() / every < burst
            });
        }
        let (tokens, at) = buckets
            .entry(client.to_string())
            .or_insert((self.burst, now));
        *tokens = (*tokens + now.duration_since(*at).as_secs_f64() / self.every.as_secs_f64())
            .min(self.burst);
        *at = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            Ok(())
        } else {
            Err(self.every.mul_f64(1.0 - *tokens))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counters_and_buckets_bound_each_client() {
        let counter = Counter::default();
        let a1 = counter.try_hold("a", 2, 3).unwrap();
        let _a2 = counter.try_hold("a", 2, 3).unwrap();
        assert!(counter.try_hold("a", 2, 3).is_none(), "two per client");
        let _b = counter.try_hold("b", 2, 3).unwrap();
        assert!(counter.try_hold("c", 2, 3).is_none(), "three in all");
        drop(a1);
        assert!(counter.try_hold("c", 2, 3).is_some());

        let limit = RateLimit::new(3, Duration::from_secs(60));
        for _ in 0..3 {
            limit.take("a").unwrap();
        }
        let wait = limit.take("a").unwrap_err();
        assert!(wait > Duration::from_secs(50), "{wait:?}");
        limit.take("b").unwrap();
    }
}
