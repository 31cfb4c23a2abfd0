//! How the ranks of a distributed solve talk to each other.
//!
//! The distributed solver ([`crate::distributed`]) needs four collective
//! operations, all bulk-synchronous: every rank calls them in the same
//! order. [`Transport`] names them; two implementations exist:
//!
//! * [`LocalCluster`]: ranks as threads of one process, for tests and for
//!   checking the algorithm on a machine without MPI;
//! * `MpiTransport` (cargo feature `mpi`): the ranks of an `mpirun` job,
//!   through the `mpi` crate (OpenMPI on Debian).
//!
//! Messages are vectors of `u64` words: each solver message (a request for
//! a value, a value, an edge, a settled child) packs into one or two words,
//! so one exchange moves every message of a step at once (batched, as MPI
//! wants: one all-to-all per step, never one message per position).

use std::sync::{Barrier, Mutex};

/// The collective operations the distributed solver uses.
pub trait Transport {
    /// This rank, `0..size()`.
    fn rank(&self) -> usize;
    /// The number of ranks.
    fn size(&self) -> usize;
    /// All-to-all: sends `outgoing[r]` to rank `r` and returns, for each
    /// rank `r`, what `r` sent to this one (in the order sent).
    fn exchange(&self, outgoing: Vec<Vec<u64>>) -> Vec<Vec<u64>>;
    /// The largest of every rank's `value`, on every rank.
    fn max(&self, value: u64) -> u64;
    /// The sum of every rank's `value`, on every rank.
    fn sum(&self, value: u64) -> u64;
    /// Every rank's `data` at rank 0, in rank order (`None` elsewhere).
    fn gather(&self, data: Vec<u8>) -> Option<Vec<Vec<u8>>>;
}

/// A cluster of `size` ranks run as threads of this process.
pub struct LocalCluster {
    size: usize,
    barrier: Barrier,
    /// `boxes[to][from]`: the message from `from` to `to` of the current step.
    boxes: Mutex<Vec<Vec<Vec<u64>>>>,
    scalars: Mutex<Vec<u64>>,
    gathered: Mutex<Vec<Vec<u8>>>,
}

impl LocalCluster {
    /// Runs `work` on `size` ranks (threads) and returns each rank's result,
    /// in rank order.
    pub fn run<T: Send>(size: usize, work: impl Fn(&dyn Transport) -> T + Sync) -> Vec<T> {
        assert!(size >= 1, "a cluster has at least one rank");
        let cluster = LocalCluster {
            size,
            barrier: Barrier::new(size),
            boxes: Mutex::new(vec![vec![Vec::new(); size]; size]),
            scalars: Mutex::new(vec![0; size]),
            gathered: Mutex::new(vec![Vec::new(); size]),
        };
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..size)
                .map(|rank| {
                    let link = LocalRank {
                        cluster: &cluster,
                        rank,
                    };
                    let work = &work;
                    scope.spawn(move || work(&link))
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a rank of the local cluster panicked"))
                .collect()
        })
    }
}

/// One rank's view of a [`LocalCluster`].
struct LocalRank<'a> {
    cluster: &'a LocalCluster,
    rank: usize,
}

impl LocalRank<'_> {
    /// Every rank's `value`, once all have given theirs.
    fn all_scalars(&self, value: u64) -> Vec<u64> {
        let c = self.cluster;
        c.scalars.lock().expect("no rank panicked")[self.rank] = value;
        c.barrier.wait();
        let all = c.scalars.lock().expect("no rank panicked").clone();
        // Nobody may write the next step's value before all have read.
        c.barrier.wait();
        all
    }
}

impl Transport for LocalRank<'_> {
    fn rank(&self) -> usize {
        self.rank
    }

    fn size(&self) -> usize {
        self.cluster.size
    }

    fn exchange(&self, outgoing: Vec<Vec<u64>>) -> Vec<Vec<u64>> {
        let c = self.cluster;
        assert_eq!(outgoing.len(), c.size, "one message per rank");
        {
            let mut boxes = c.boxes.lock().expect("no rank panicked");
            for (to, message) in outgoing.into_iter().enumerate() {
                boxes[to][self.rank] = message;
            }
        }
        c.barrier.wait();
        let received = std::mem::replace(
            &mut c.boxes.lock().expect("no rank panicked")[self.rank],
            vec![Vec::new(); c.size],
        );
        c.barrier.wait();
        received
    }

    fn max(&self, value: u64) -> u64 {
        self.all_scalars(value).into_iter().max().unwrap_or(0)
    }

    fn sum(&self, value: u64) -> u64 {
        self.all_scalars(value).into_iter().sum()
    }

    fn gather(&self, data: Vec<u8>) -> Option<Vec<Vec<u8>>> {
        let c = self.cluster;
        c.gathered.lock().expect("no rank panicked")[self.rank] = data;
        c.barrier.wait();
        let all = (self.rank == 0)
            .then(|| std::mem::take(&mut *c.gathered.lock().expect("no rank panicked")));
        if all.is_some() {
            *c.gathered.lock().expect("no rank panicked") = vec![Vec::new(); c.size];
        }
        c.barrier.wait();
        all
    }
}

#[cfg(feature = "mpi")]
pub use self::mpi_transport::MpiTransport;

#[cfg(feature = "mpi")]
mod mpi_transport {
    use mpi::Count;
    use mpi::collective::SystemOperation;
    use mpi::datatype::{Partition, PartitionMut};
    use mpi::topology::{Communicator, SimpleCommunicator};
    use mpi::traits::*;

    use super::Transport;

    /// The ranks of an MPI job (`mpirun -n N mancala solve ...`).
    pub struct MpiTransport {
        world: SimpleCommunicator,
        // Finalizes MPI when dropped: keep it as long as the world.
        _universe: mpi::environment::Universe,
    }

    impl MpiTransport {
        /// Initializes MPI; `None` if it was initialized already.
        pub fn init() -> Option<MpiTransport> {
            let universe = mpi::initialize()?;
            let world = universe.world();
            Some(MpiTransport {
                world,
                _universe: universe,
            })
        }
    }

    /// Displacements of consecutive blocks of `counts`.
    fn displacements(counts: &[Count]) -> Vec<Count> {
        counts
            .iter()
            .scan(0, |at, &c| {
                let d = *at;
                *at += c;
                Some(d)
            })
            .collect()
    }

    fn count(n: usize) -> Count {
        Count::try_from(n)
            .expect("an MPI message of fewer than 2^31 words (split the level further)")
    }

    impl Transport for MpiTransport {
        fn rank(&self) -> usize {
            self.world.rank() as usize
        }

        fn size(&self) -> usize {
            self.world.size() as usize
        }

        fn exchange(&self, outgoing: Vec<Vec<u64>>) -> Vec<Vec<u64>> {
            let size = self.size();
            let send_counts: Vec<Count> = outgoing.iter().map(|m| count(m.len())).collect();
            let mut recv_counts = vec![0 as Count; size];
            self.world
                .all_to_all_into(&send_counts[..], &mut recv_counts[..]);
            let send: Vec<u64> = outgoing.concat();
            let send_displs = displacements(&send_counts);
            let recv_displs = displacements(&recv_counts);
            let total: usize = recv_counts.iter().map(|&c| c as usize).sum();
            let mut recv = vec![0u64; total];
            {
                let partition = Partition::new(&send[..], &send_counts[..], &send_displs[..]);
                let mut into = PartitionMut::new(&mut recv[..], &recv_counts[..], &recv_displs[..]);
                self.world.all_to_all_varcount_into(&partition, &mut into);
            }
            let mut received = Vec::with_capacity(size);
            for (&c, &d) in recv_counts.iter().zip(&recv_displs) {
                received.push(recv[d as usize..(d + c) as usize].to_vec());
            }
            received
        }

        fn max(&self, value: u64) -> u64 {
            let mut out = 0u64;
            self.world
                .all_reduce_into(&value, &mut out, SystemOperation::max());
            out
        }

        fn sum(&self, value: u64) -> u64 {
            let mut out = 0u64;
            self.world
                .all_reduce_into(&value, &mut out, SystemOperation::sum());
            out
        }

        fn gather(&self, data: Vec<u8>) -> Option<Vec<Vec<u8>>> {
            let root = self.world.process_at_rank(0);
            let n = count(data.len());
            if self.rank() == 0 {
                let mut counts = vec![0 as Count; self.size()];
                root.gather_into_root(&n, &mut counts[..]);
                let displs = displacements(&counts);
                let total: usize = counts.iter().map(|&c| c as usize).sum();
                let mut all = vec![0u8; total];
                {
                    let mut into = PartitionMut::new(&mut all[..], &counts[..], &displs[..]);
                    root.gather_varcount_into_root(&data[..], &mut into);
                }
                Some(
                    counts
                        .iter()
                        .zip(&displs)
                        .map(|(&c, &d)| all[d as usize..(d + c) as usize].to_vec())
                        .collect(),
                )
            } else {
                root.gather_into(&n);
                root.gather_varcount_into(&data[..]);
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_ranks_exchange_reduce_and_gather() {
        let results = LocalCluster::run(3, |net| {
            let me = net.rank() as u64;
            let outgoing = (0..net.size())
                .map(|to| vec![me * 10 + to as u64; net.rank() + 1])
                .collect();
            let received = net.exchange(outgoing);
            let gathered = net.gather(vec![me as u8; net.rank()]);
            (received, net.max(me), net.sum(me + 1), gathered)
        });
        for (rank, (received, max, sum, gathered)) in results.into_iter().enumerate() {
            for (from, message) in received.iter().enumerate() {
                assert_eq!(message, &vec![from as u64 * 10 + rank as u64; from + 1]);
            }
            assert_eq!((max, sum), (2, 6));
            if rank == 0 {
                assert_eq!(gathered, Some(vec![vec![], vec![1], vec![2, 2]]));
            } else {
                assert_eq!(gathered, None);
            }
        }
    }
}
