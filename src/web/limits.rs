//! The server's limits: what one request may ask for, so that no request can take unbounded
//! time or memory. `docs/web.md` lists them.
use std::time::Duration;

/// Solves that may run at once by default (`--max-solves`); a further solve is refused
/// with 503 while they run.
pub const DEFAULT_MAX_SOLVES: usize = 2;

/// The longest a solve may run by default (`--max-solve-time`): a request's `time_limit` is
/// clamped to it, and is it when not given.
pub const MAX_SOLVE_TIME: Duration = Duration::from_secs(60);

/// The most bytes a request body may have.
pub const MAX_BODY_BYTES: usize = 256 * 1024;

/// Short computations (verify, numbers, shards, a level's figure) that may run at once; a
/// further one is refused with 503.
pub const MAX_JOBS: usize = 8;

/// The most random instances `/api/verify` checks besides the figure.
pub const MAX_INSTANCES: usize = 20;

/// The most random figures of the family a solve or verification counts on.
pub const MAX_FAMILY: usize = 1000;

/// The most numbers a numbers game may have here (the library takes up to 12, which can take
/// minutes and gigabytes).
pub const MAX_NUMBERS: usize = 7;

/// The most shards `/api/shards` generates.
pub const MAX_SHARDS: usize = 2000;

/// The most connections open at once by default; a further client waits in the kernel's
/// backlog until one closes.
pub const MAX_CONNECTIONS: usize = 256;

/// How long a connection may go without a byte read or written before the server closes it
/// (longer than a solve may run, though a solve's stream writes every [`PROGRESS_EVERY`]).
pub const IDLE_TIMEOUT: Duration = Duration::from_secs(120);

/// How often a solve's stream reports progress.
pub const PROGRESS_EVERY: Duration = Duration::from_millis(250);

/// The resident memory, in KiB, at which a solve stops (Linux): far above what any catalogue
/// level needs, far below the machine.
pub const SOLVE_MEMORY_KIB: u64 = 4 << 20;
