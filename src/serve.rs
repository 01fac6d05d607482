//! `regula serve FILE`: a play-testing page for a rules author, served on 127.0.0.1.
//!
//! One game per server, held in a mutex ([`session::Session`]); the page (plain HTML, CSS and
//! JavaScript embedded in the binary, nothing fetched from elsewhere) asks a small JSON API for
//! the state and sends moves, undo, positions, records and parameter choices. The board is the
//! rulebook's drawing ([`crate::svg`]) with its squares labelled for clicks; moves are read and
//! refused by [`crate::notation`], so the page explains a refused move in the words of
//! `regula moves --explain`. The rule file (and every file it `extends`) is re-read when it
//! changes on disk: the page polls the state about once a second, and a file that no longer
//! checks shows its diagnostics while the last version that did stays playable.

pub mod session;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use axum::Json;
use axum::Router;
use axum::extract::State;
use axum::http::header;
use axum::response::Html;
use axum::routing::{get, post};
use serde::Deserialize;
use serde_json::Value;

use session::Session;

/// The page, its script and its style, embedded so that the page works offline.
const PAGE: &str = include_str!("serve/page.html");
const SCRIPT: &str = include_str!("serve/page.js");
const STYLE: &str = include_str!("serve/page.css");

/// What `regula serve` was asked for.
#[derive(Debug, Clone)]
pub struct Options {
    /// The rule file.
    pub file: PathBuf,
    /// Parameter choices: `name`, `value`.
    pub params: Vec<(String, String)>,
    /// The port on 127.0.0.1; 0 picks a free one.
    pub port: u16,
}

type Shared = Arc<Mutex<Session>>;

/// A bound server, not yet answering: [`Server::addr`] tells where it listens.
pub struct Server {
    listener: std::net::TcpListener,
    session: Shared,
}

impl Server {
    /// Loads the rule file (a file that does not check is served with its diagnostics) and
    /// binds 127.0.0.1 on the port.
    ///
    /// # Errors
    /// The port cannot be bound.
    pub fn bind(opts: &Options) -> std::io::Result<Server> {
        let listener = std::net::TcpListener::bind(("127.0.0.1", opts.port))?;
        listener.set_nonblocking(true)?;
        let session = Session::new(opts.file.clone(), opts.params.clone());
        Ok(Server {
            listener,
            session: Arc::new(Mutex::new(session)),
        })
    }

    /// The address the server listens on.
    ///
    /// # Errors
    /// The socket has no local address.
    pub fn addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// Answers requests until the process ends.
    ///
    /// # Errors
    /// The runtime cannot start or the listener fails.
    pub fn run(self) -> std::io::Result<()> {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_io()
            .build()?;
        rt.block_on(async move {
            let listener = tokio::net::TcpListener::from_std(self.listener)?;
            axum::serve(listener, router(self.session)).await
        })
    }
}

fn router(session: Shared) -> Router {
    Router::new()
        .route("/", get(|| async { Html(PAGE) }))
        .route(
            "/page.js",
            get(|| async {
                (
                    [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
                    SCRIPT,
                )
            }),
        )
        .route(
            "/page.css",
            get(|| async { ([(header::CONTENT_TYPE, "text/css; charset=utf-8")], STYLE) }),
        )
        .route("/api/state", get(state))
        .route("/api/move", post(play))
        .route("/api/undo", post(undo))
        .route("/api/restart", post(restart))
        .route("/api/position", post(position))
        .route("/api/record", post(record))
        .route("/api/param", post(param))
        .route("/api/opponent", post(opponent))
        .with_state(session)
}

/// Runs `f` on the session (re-reading the rule file first if it changed) and answers with
/// the state after it.
fn with(s: &Shared, f: impl FnOnce(&mut Session)) -> Json<Value> {
    // A panic while the lock was held leaves a session that is still whole (every change
    // is made on copies first), so a poisoned lock is used as it is.
    let mut g = s.lock().unwrap_or_else(|e| e.into_inner());
    g.reload_if_changed();
    f(&mut g);
    Json(g.state())
}

async fn state(State(s): State<Shared>) -> Json<Value> {
    with(&s, |_| {})
}

#[derive(Deserialize)]
struct Text {
    text: String,
}

async fn play(State(s): State<Shared>, Json(b): Json<Text>) -> Json<Value> {
    with(&s, |g| g.play_text(&b.text))
}

async fn undo(State(s): State<Shared>) -> Json<Value> {
    with(&s, Session::undo)
}

async fn restart(State(s): State<Shared>) -> Json<Value> {
    with(&s, Session::restart)
}

async fn position(State(s): State<Shared>, Json(b): Json<Text>) -> Json<Value> {
    with(&s, |g| g.load_position(&b.text))
}

async fn record(State(s): State<Shared>, Json(b): Json<Text>) -> Json<Value> {
    with(&s, |g| g.load_record(&b.text))
}

#[derive(Deserialize)]
struct Param {
    name: String,
    value: String,
}

async fn param(State(s): State<Shared>, Json(b): Json<Param>) -> Json<Value> {
    with(&s, |g| g.set_param(&b.name, &b.value))
}

#[derive(Deserialize)]
struct Opponent {
    /// `off`, `random` or `first`.
    mode: String,
    /// The players it moves.
    #[serde(default)]
    players: Vec<String>,
    #[serde(default = "one")]
    seed: u64,
}

fn one() -> u64 {
    1
}

async fn opponent(State(s): State<Shared>, Json(b): Json<Opponent>) -> Json<Value> {
    with(&s, |g| g.set_opponent(&b.mode, &b.players, b.seed))
}

/// Loads and serves until the process ends, printing the URL first (on its own line, so
/// that a script can read it).
///
/// # Errors
/// The port cannot be bound or the server fails.
pub fn serve(opts: &Options) -> std::io::Result<()> {
    use std::io::Write;
    let server = Server::bind(opts)?;
    let addr = server.addr()?;
    println!("regula serve: http://{addr}/");
    std::io::stdout().flush()?;
    server.run()
}
