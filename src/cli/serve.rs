//! `constructible serve [--port N] [--bind ADDR] [--open] [--max-solves N] [--max-solve-time S]`:
//! the interactive
//! page and its JSON API (feature `web`).
use std::net::{IpAddr, SocketAddr};
use std::process::ExitCode;

use constructible::web::{limits, serve, Config};

/// Arguments of `constructible serve`.
#[derive(clap::Args)]
pub struct Args {
    /// The port (0: any free port, printed).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on; the default serves this machine only.
    #[arg(long, default_value = "127.0.0.1")]
    pub bind: IpAddr,
    /// Open the page in the desktop's browser (xdg-open, open or start).
    #[arg(long)]
    pub open: bool,
    /// Solves that may run at once (1 to 64); further ones are refused with 503.
    #[arg(
        long,
        default_value_t = limits::DEFAULT_MAX_SOLVES as u16,
        value_parser = clap::value_parser!(u16).range(1..=64)
    )]
    pub max_solves: u16,
    /// The longest a solve may run, in seconds (1 to 86,400); a request's `time_limit` is
    /// clamped to it.
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = limits::MAX_SOLVE_TIME.as_secs() as u32,
        value_parser = clap::value_parser!(u32).range(1..=86_400)
    )]
    pub max_solve_time: u32,
}

/// Serves until the process is stopped; exit 2 when the address cannot be bound.
pub fn run(args: Args) -> ExitCode {
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => return super::fail(format_args!("cannot start the server: {e}")),
    };
    let config = Config {
        max_solves: args.max_solves.into(),
        max_solve_time: std::time::Duration::from_secs(args.max_solve_time.into()),
        ..Config::default()
    };
    runtime.block_on(async {
        let addr = SocketAddr::new(args.bind, args.port);
        let listener = match tokio::net::TcpListener::bind(addr).await {
            Ok(l) => l,
            Err(e) => return super::fail(format_args!("cannot listen on {addr}: {e}")),
        };
        let url = match listener.local_addr() {
            Ok(a) => format!("http://{a}/"),
            Err(_) => format!("http://{addr}/"),
        };
        eprintln!("constructible: serving {url} (Ctrl-C to stop)");
        if args.open {
            open(&url);
        }
        match serve(listener, config).await {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => super::fail(format_args!("the server stopped: {e}")),
        }
    })
}

/// Opens `url` with the desktop's opener; says so when there is none.
fn open(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    if let Err(e) = std::process::Command::new(opener).arg(url).spawn() {
        eprintln!("warning: cannot open a browser ({opener}: {e}); open {url} yourself");
    }
}
