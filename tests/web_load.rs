//! The web server under load: 200 concurrent requests on loopback (solves, cancelled solves,
//! bad input of every kind, verifications, games), each answer checked; the solve slots free
//! again once cancelled clients are gone, and the resident memory returns near its baseline.
//! Plain HTTP/1.1 over `std::net::TcpStream`.
#![cfg(feature = "web")]

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use constructible::web::{serve, Config};
use serde_json::{json, Value};

/// Starts a server on an ephemeral loopback port, in this process; its address. Solves may
/// run for an hour: a search that stops early was cancelled.
fn start(max_solves: usize) -> SocketAddr {
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            tx.send(listener.local_addr().unwrap()).unwrap();
            let config = Config {
                max_solves,
                max_solve_time: Duration::from_secs(3600),
                ..Config::default()
            };
            serve(listener, config).await.unwrap();
        });
    });
    rx.recv().unwrap()
}

/// An answer: status and body (de-chunked).
#[derive(Debug)]
struct Answer {
    status: u16,
    body: String,
}

impl Answer {
    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }
    /// The NDJSON lines of a solve.
    fn lines(&self) -> Vec<Value> {
        self.body
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    }
}

fn connect(addr: SocketAddr) -> TcpStream {
    let s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(120))).unwrap();
    s
}

fn send(s: &mut TcpStream, method: &str, path: &str, body: &[u8]) {
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).unwrap();
    // A server may answer (413) and close before reading a large body.
    let _ = s.write_all(body);
}

fn request(addr: SocketAddr, method: &str, path: &str, body: &[u8]) -> Answer {
    let mut s = connect(addr);
    send(&mut s, method, path, body);
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).unwrap();
    parse(&raw)
}

fn post(addr: SocketAddr, path: &str, body: &Value) -> Answer {
    request(addr, "POST", path, body.to_string().as_bytes())
}

fn parse(raw: &[u8]) -> Answer {
    let text = String::from_utf8_lossy(raw);
    let (head, body) = text.split_once("\r\n\r\n").expect("a complete response");
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    let chunked = head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked");
    let body = if chunked {
        dechunk(body)
    } else {
        body.to_string()
    };
    Answer { status, body }
}

fn dechunk(mut s: &str) -> String {
    let mut out = String::new();
    loop {
        let (size, rest) = s.split_once("\r\n").expect("a chunk size");
        let n = usize::from_str_radix(size.trim(), 16).unwrap();
        if n == 0 {
            return out;
        }
        out.push_str(&rest[..n]);
        s = &rest[n + 2..];
    }
}

/// A goal no construction reaches (a free point of its own, moved independently of the givens
/// on every random figure): the search deepens until its time limit.
const UNREACHABLE: &str = "A = Point(0, 0)\nB = Point(1, 0)\nG = Point(0.3, 0.7)\ngiven A, B\ngoal G\ntools line, circle\n";

/// Starts a solve that cannot finish, reads until its first progress line, and hangs up.
fn cancelled_solve(addr: SocketAddr) -> Result<(), Answer> {
    let mut s = connect(addr);
    let body = json!({ "problem": UNREACHABLE }).to_string();
    send(&mut s, "POST", "/api/solve", body.as_bytes());
    let mut raw = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        let n = s.read(&mut buf).unwrap();
        raw.extend_from_slice(&buf[..n]);
        let text = String::from_utf8_lossy(&raw);
        if n == 0 || text.contains("\"event\":\"progress\"") {
            break;
        }
    }
    let text = String::from_utf8_lossy(&raw).to_string();
    if text.starts_with("HTTP/1.1 200") {
        assert!(text.contains("\"event\":\"progress\""), "{text}");
        Ok(()) // dropped here: the server must cancel the search
    } else {
        Err(parse(&raw))
    }
}

/// The kinds of request the load sends, with the check of each answer.
#[derive(Clone, Copy, Debug)]
enum Kind {
    Solve,
    Cancel,
    BadJson,
    BadProblem,
    UnknownLevel,
    TooLarge,
    Verify,
    Numbers,
    Shards,
    Levels,
}

const KINDS: [Kind; 10] = [
    Kind::Solve,
    Kind::Cancel,
    Kind::BadJson,
    Kind::BadProblem,
    Kind::UnknownLevel,
    Kind::TooLarge,
    Kind::Verify,
    Kind::Numbers,
    Kind::Shards,
    Kind::Levels,
];

/// 503 is a fair answer to work when every slot is taken; it must say so.
fn busy(a: &Answer) -> bool {
    a.status == 503 && a.json()["error"].as_str().unwrap().contains("busy")
}

const COINCIDENTAL: &str =
    "X = Point(330.75, -252.75)\nc = Circle(A, X)\nm = Line(A, B)\nM = Intersect(m, c, 2)\n";

/// Sends one request of `kind` and checks the answer; whether it was served (not 503).
fn one(addr: SocketAddr, kind: Kind) -> bool {
    match kind {
        Kind::Solve => {
            let a = post(addr, "/api/solve", &json!({ "level": "euclidea/1.3" }));
            if busy(&a) {
                return false;
            }
            assert_eq!(a.status, 200, "{a:?}");
            let last = a.lines().pop().unwrap();
            assert_eq!(last["event"], "result");
            let sol = &last["outcome"]["solutions"][0];
            assert_eq!(sol["cost"]["e"], 4);
            assert_eq!(sol["verdict"]["kind"], "general");
        }
        Kind::Cancel => match cancelled_solve(addr) {
            Ok(()) => {}
            Err(a) if busy(&a) => return false,
            Err(a) => panic!("{a:?}"),
        },
        Kind::BadJson => {
            let a = request(
                addr,
                "POST",
                "/api/solve",
                b"{\"level\": \"euclidea/1.3\",\n  ]",
            );
            assert_eq!(a.status, 400, "{a:?}");
            let j = a.json();
            assert_eq!(
                (j["line"].clone(), j["column"].clone()),
                (json!(2), json!(3))
            );
            assert!(j["error"].as_str().unwrap().starts_with("request:2:3: "));
        }
        Kind::BadProblem => {
            // Checked before a slot is taken: always answered.
            let a = post(
                addr,
                "/api/solve",
                &json!({ "problem": "A = Point(0, 0)\nB = Pointe(1, 1)\n" }),
            );
            assert_eq!(a.status, 400, "{a:?}");
            assert_eq!(a.json()["line"], 2, "{a:?}");
        }
        Kind::UnknownLevel => {
            let a = request(addr, "GET", "/api/levels/euclidea/99.9", b"");
            if busy(&a) {
                return false;
            }
            assert_eq!(a.status, 404, "{a:?}");
            assert!(a.json()["error"]
                .as_str()
                .unwrap()
                .contains("euclidea/99.9"));
        }
        Kind::TooLarge => {
            let big = vec![b' '; 300 * 1024];
            let a = request(addr, "POST", "/api/numbers", &big);
            assert_eq!(a.status, 413, "{a:?}");
        }
        Kind::Verify => {
            let a = post(
                addr,
                "/api/verify",
                &json!({ "level": "euclidea/1.3", "construction": COINCIDENTAL }),
            );
            if busy(&a) {
                return false;
            }
            assert_eq!(a.status, 200, "{a:?}");
            assert_eq!(a.json()["verdict"]["kind"], "coincidental");
        }
        Kind::Numbers => {
            let a = post(
                addr,
                "/api/numbers",
                &json!({ "numbers": [25, 50, 75, 100, 3, 6], "target": 952 }),
            );
            if busy(&a) {
                return false;
            }
            assert_eq!(a.status, 200, "{a:?}");
            assert_eq!(a.json()["exact"], true);
        }
        Kind::Shards => {
            let a = post(addr, "/api/shards", &json!({ "random": 30, "seed": 5 }));
            if busy(&a) {
                return false;
            }
            assert_eq!(a.status, 200, "{a:?}");
            assert_eq!(a.json()["solution"].as_array().unwrap().len(), 30);
        }
        Kind::Levels => {
            let a = request(addr, "GET", "/api/levels", b"");
            assert_eq!(a.status, 200);
            assert_eq!(a.json()["format"], constructible::JSON_FORMAT);
            assert!(a.json()["levels"].as_array().unwrap().len() > 100);
        }
    }
    true
}

/// `n` requests at once, kinds in turn; how many of each kind were served.
fn burst(addr: SocketAddr, n: usize) -> Vec<usize> {
    let handles: Vec<_> = (0..n)
        .map(|i| {
            let kind = KINDS[i % KINDS.len()];
            thread::spawn(move || (i % KINDS.len(), one(addr, kind)))
        })
        .collect();
    let mut served = vec![0; KINDS.len()];
    for h in handles {
        let (k, ok) = h.join().expect("every answer as expected");
        served[k] += usize::from(ok);
    }
    served
}

fn rss_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// Polls until a solve is served: the cancelled searches have given their slots back. Not
/// cancelled, they would hold them for an hour (their time limit); the bound of ten minutes
/// only keeps a broken server from hanging the test.
fn solve_slots_free(addr: SocketAddr) {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(600) {
        let a = post(
            addr,
            "/api/solve",
            &json!({ "level": "euclidea/1.3", "family": 0 }),
        );
        if a.status == 200 {
            return;
        }
        assert!(busy(&a), "{a:?}");
        thread::sleep(Duration::from_millis(100));
    }
    panic!("the solve slots are still taken 10 minutes after their clients went away");
}

#[test]
fn two_hundred_concurrent_requests() {
    let addr = start(4);
    // A warm-up burst: thread pools, the catalogue, allocator arenas.
    burst(addr, 50);
    solve_slots_free(addr);
    let baseline = rss_kib();
    let served = burst(addr, 200);
    for (kind, n) in KINDS.iter().zip(&served) {
        eprintln!("{kind:?}: {n} of 20 served");
    }
    // Requests that need no slot are always served.
    for k in [2, 3, 5, 9] {
        assert_eq!(served[k], 20, "{:?}", KINDS[k]);
    }
    assert!(served[0] + served[1] > 0, "no solve was served");
    solve_slots_free(addr);
    let after = rss_kib();
    eprintln!("resident memory: {baseline} KiB before, {after} KiB after");
    assert!(
        after < baseline + 64 * 1024,
        "resident memory grew from {baseline} KiB to {after} KiB"
    );
}

#[test]
fn a_panic_free_server_answers_every_route() {
    let addr = start(1);
    let a = request(addr, "GET", "/", b"");
    assert_eq!(a.status, 200);
    assert!(a.body.contains("<title>constructible"));
    for file in ["app.js", "geom.js", "style.css"] {
        assert_eq!(
            request(addr, "GET", &format!("/page/{file}"), b"").status,
            200
        );
    }
    assert_eq!(request(addr, "GET", "/page/nothing.js", b"").status, 404);
    assert_eq!(request(addr, "GET", "/nowhere", b"").status, 404);
    assert_eq!(request(addr, "GET", "/api/solve", b"").status, 405);
    let bad = [
        json!({ "level": "euclidea/1.3", "cost": "x" }),
        json!({ "level": "euclidea/1.3", "time_limit": -1 }),
        json!({ "level": "euclidea/1.3", "family": 5000 }),
        json!({ "level": "euclidea/1.3", "problem": "A = Point(0, 0)" }),
        json!({ "level": "euclidea/1.3", "unknown": 1 }),
        json!([]),
    ];
    for b in bad {
        let a = post(addr, "/api/solve", &b);
        assert_eq!(a.status, 400, "{b} → {a:?}");
        assert!(a.json()["error"].is_string());
    }
    let v = |moved: Value| {
        post(
            addr,
            "/api/verify",
            &json!({ "level": "euclidea/1.3", "construction": COINCIDENTAL, "moved": moved }),
        )
    };
    assert_eq!(v(json!({ "B": ["1e999", 0] })).status, 400);
    assert_eq!(v(json!({ "Q": [1, 0] })).status, 400);
    // With B moved, the point X the construction fixed is off the new midpoint: the moved
    // figure itself misses the goal.
    let a = v(json!({ "B": ["400", "-200.5"] }));
    assert_eq!(a.status, 200);
    assert_eq!(a.json()["verdict"]["kind"], "misses");
    assert_eq!(
        a.json()["figure"]["entries"][1]["nums"],
        json!([400.0, -200.5])
    );
    let n = post(
        addr,
        "/api/numbers",
        &json!({ "numbers": [1, 2, 3, 4, 5, 6, 7, 8], "target": 500 }),
    );
    assert_eq!(n.status, 400);
    let s = post(addr, "/api/shards", &json!({ "random": 100000 }));
    assert_eq!(s.status, 400);
    let s = post(
        addr,
        "/api/shards",
        &json!({ "puzzle": "2\n0 0 1 0 0 x\n" }),
    );
    assert_eq!((s.status, s.json()["line"].clone()), (400, json!(2)));
}

#[test]
fn a_client_that_hangs_up_frees_its_solve_slot() {
    let addr = start(1);
    for _ in 0..3 {
        assert!(cancelled_solve(addr).is_ok(), "the one slot was free");
        solve_slots_free(addr);
    }
}
