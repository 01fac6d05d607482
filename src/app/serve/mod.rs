//! `regula serve FILE`: a play-testing page for a rules author, served on 127.0.0.1.
//!
//! One game per server, held in a mutex ([`session::Session`]) only to copy it (a cheap copy:
//! the line of play is shared until a change copies it) and to store a changed copy, not
//! while a request computes; at most [`BUSY`] requests compute at once. Connections are served
//! by [`conn`], which bounds every wait on a client. The page (plain HTML, CSS and
//! JavaScript embedded in the binary, nothing fetched from elsewhere) asks a small JSON API for
//! the state and sends moves, undo, positions, records and parameter choices. The board is the
//! rulebook's drawing ([`crate::formats::svg`]) with its squares labelled for clicks; moves are read and
//! refused by [`crate::formats::notation`], so the page explains a refused move in the words of
//! `regula moves --explain`. The rule file (and every file it `extends`) is re-read when it
//! changes on disk: the page polls the state about once a second, and a file that no longer
//! checks shows its diagnostics while the last version that did stays playable.

pub mod conn;
pub mod session;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Json;
use axum::Router;
use axum::extract::{FromRequest, RawQuery, Request, State};
use axum::http::{HeaderMap, Method, StatusCode, Uri, header};
use axum::middleware::Next;
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use session::Session;

/// The page, its script and its style, embedded so that the page works offline.
const PAGE: &str = include_str!("page.html");
const SCRIPT: &str = include_str!("page.js");
const STYLE: &str = include_str!("page.css");

/// What `regula serve` was asked for.
#[derive(Debug, Clone)]
pub struct Options {
    /// The rule file.
    pub file: PathBuf,
    /// Parameter choices: `name`, `value`.
    pub params: Vec<(String, String)>,
    /// The port on 127.0.0.1; 0 picks a free one.
    pub port: u16,
    /// The longest wait on a client: for a request's head (an idle connection is closed
    /// after it) or body, or for it to take an answer.
    pub timeout: Duration,
}

/// Most requests computing at once (each on a thread of the blocking pool, with its own
/// copies of what it computes on); more wait their turn.
pub const BUSY: usize = 4;

/// What every request shares: the one game, and the turns to compute.
struct Served {
    session: Mutex<Session>,
    busy: Arc<tokio::sync::Semaphore>,
}

type Shared = Arc<Served>;

/// A bound server, not yet answering: [`Server::addr`] tells where it listens.
pub struct Server {
    listener: std::net::TcpListener,
    session: Shared,
    timeout: Duration,
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
            session: Arc::new(Served {
                session: Mutex::new(session),
                busy: Arc::new(tokio::sync::Semaphore::new(BUSY)),
            }),
            timeout: opts.timeout,
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
        // Timers too: the connections' timeouts and the accept loop's pause need them.
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?;
        rt.block_on(async move {
            let port = self.listener.local_addr()?.port();
            let listener = tokio::net::TcpListener::from_std(self.listener)?;
            let limits = conn::Limits {
                timeout: self.timeout,
                ..conn::Limits::default()
            };
            conn::serve(listener, router(self.session, port, self.timeout), limits).await
        })
    }
}

/// Whether a request may be answered: it names this server in its one `Host` (a page of
/// another site that a DNS-rebinding trick points at 127.0.0.1 names its own), and in its
/// target when the target names a host (`GET http://evil.example/ HTTP/1.1`), comes from this
/// server's own page when it says where it comes from (`Origin`, `Sec-Fetch-Site`), and,
/// when it changes the game, has a JSON body, which a form of another site cannot send
/// without the browser asking first (and the server never allows it). A refused request is
/// not passed on, so the game is as it was.
fn refusal(method: &Method, uri: &Uri, headers: &HeaderMap, port: u16) -> Option<Response> {
    let ours = [format!("127.0.0.1:{port}"), format!("localhost:{port}")];
    let is_ours = |h: &str| ours.iter().any(|o| o.eq_ignore_ascii_case(h));
    // Exactly one Host: of two, a check of the first and a use of the second differ.
    let mut hosts = headers.get_all(header::HOST).iter();
    let host = hosts.next().and_then(|h| h.to_str().ok());
    if hosts.next().is_some() || !host.is_some_and(is_ours) {
        return Some(refuse(
            StatusCode::FORBIDDEN,
            format!(
                "the Host header must be given once, as {} or {}",
                ours[0], ours[1]
            ),
        ));
    }
    // An absolute-form target names the host that counts (RFC 9112, 3.2.2).
    let foreign_target = uri.scheme_str().is_some_and(|s| s != "http")
        || uri.authority().is_some_and(|a| !is_ours(a.as_str()));
    if foreign_target {
        return Some(refuse(
            StatusCode::FORBIDDEN,
            format!(
                "a request's target names this server or no host ({} or {})",
                ours[0], ours[1]
            ),
        ));
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        let fine = origin.to_str().ok().is_some_and(|o| {
            ours.iter()
                .any(|h| o.eq_ignore_ascii_case(&format!("http://{h}")))
        });
        if !fine {
            return Some(refuse(
                StatusCode::FORBIDDEN,
                "requests from other pages (Origin) are refused".into(),
            ));
        }
    }
    let api = uri.path().starts_with("/api/");
    let cross = headers
        .get("sec-fetch-site")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v == "cross-site" || v == "same-site");
    if (api || method != Method::GET) && cross {
        return Some(refuse(
            StatusCode::FORBIDDEN,
            "requests from other sites are refused".into(),
        ));
    }
    if method != Method::GET && method != Method::HEAD {
        let json = headers
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(';').next())
            .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/json"));
        if !json {
            return Some(refuse(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "a change needs a JSON body (Content-Type: application/json)".into(),
            ));
        }
    }
    None
}

fn refuse(status: StatusCode, why: String) -> Response {
    (status, Json(json!({ "error": why }))).into_response()
}

/// How long a request's body may take to arrive, for [`Body`].
#[derive(Clone, Copy)]
struct BodyTimeout(Duration);

async fn guard(
    State((port, timeout)): State<(u16, Duration)>,
    mut req: Request,
    next: Next,
) -> Response {
    match refusal(req.method(), req.uri(), req.headers(), port) {
        Some(r) => r,
        None => {
            req.extensions_mut().insert(BodyTimeout(timeout));
            next.run(req).await
        }
    }
}

fn router(session: Shared, port: u16, timeout: Duration) -> Router {
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
        .route("/api/export", get(export))
        .route("/api/move", post(play))
        .route("/api/undo", post(undo))
        .route("/api/restart", post(restart))
        .route("/api/position", post(position))
        .route("/api/record", post(record))
        .route("/api/param", post(param))
        .route("/api/opponent", post(opponent))
        .with_state(session)
        .layer(axum::middleware::from_fn_with_state((port, timeout), guard))
}

/// How often a change is computed again on a copy because another change was stored
/// first, before it is computed while holding the lock (so that it is done at last).
const ATTEMPTS: usize = 3;

/// Runs `f` on the session (re-reading the rule file first if it changed) and answers with
/// the state after it. The work is done on a thread of the blocking pool, so the server's
/// own thread goes on accepting and answering while one request computes.
///
/// The lock is held only to copy the session and to store the copy: reading the files,
/// `f` (a record of thousands of moves, an explanation, an opponent's game) and the state
/// are computed on the copy, so a slow request does not hold up the others. The copy is
/// stored only when the session's generation is still the one it was copied at; when
/// another change was stored meanwhile, a request that changed nothing answers from its
/// copy, and one that changed something is done again on the new session, as if it had
/// come after (after [`ATTEMPTS`] lost races, under the lock).
async fn with(s: &Shared, f: impl Fn(&mut Session) + Send + 'static) -> Response {
    run(s, f, |g: &Session| Ok(g.state())).await
}

/// [`with`], answering with `answer` of the session after `f`: its value, or a JSON error
/// (400) when it fails (a ply the game does not have, an unknown export).
async fn run(
    s: &Shared,
    f: impl Fn(&mut Session) + Send + 'static,
    answer: impl Fn(&Session) -> Result<Value, String> + Send + 'static,
) -> Response {
    let s = s.clone();
    // The semaphore is never closed; its turn is held until the computation ends.
    let Ok(turn) = s.busy.clone().acquire_owned().await else {
        return refuse(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is closing".into(),
        );
    };
    let done = tokio::task::spawn_blocking(move || {
        let _turn = turn;
        // A panic while the lock was held leaves a session that is still whole (every
        // change is made on copies first), so a poisoned lock is used as it is.
        let lock = || s.session.lock().unwrap_or_else(|e| e.into_inner());
        for _ in 0..ATTEMPTS {
            let mut copy = lock().clone();
            let before = copy.generation();
            copy.reload_if_changed();
            f(&mut copy);
            let out = answer(&copy);
            let mut g = lock();
            if g.generation() == before {
                *g = copy;
                return out;
            }
            if copy.generation() == before {
                return out;
            }
        }
        let mut g = lock();
        g.reload_if_changed();
        f(&mut g);
        answer(&g)
    })
    .await;
    match done {
        Ok(Ok(v)) => Json(v).into_response(),
        Ok(Err(e)) => refuse(StatusCode::BAD_REQUEST, e),
        Err(e) => refuse(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the request failed: {e}"),
        ),
    }
}

/// A JSON body; one that does not read (not JSON, a field missing or of the wrong type)
/// is answered with a JSON error, like every other refusal.
struct Body<T>(T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = Response;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let timeout = req
            .extensions()
            .get::<BodyTimeout>()
            .map_or(conn::Limits::default().timeout, |t| t.0);
        match tokio::time::timeout(timeout, Json::<T>::from_request(req, state)).await {
            Ok(Ok(Json(v))) => Ok(Body(v)),
            Ok(Err(e)) => Err(refuse(e.status(), e.body_text())),
            Err(_) => Err(refuse(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "the request's body did not arrive within {} s",
                    timeout.as_secs_f64()
                ),
            )),
        }
    }
}

/// The query of a `GET`: `name=value` pairs, each name one of `known` and at most once,
/// each value a number or a word (nothing to decode); else why not.
fn query(raw: Option<&str>, known: &[&str]) -> Result<Vec<(String, String)>, String> {
    let mut out: Vec<(String, String)> = Vec::new();
    for pair in raw.unwrap_or("").split('&').filter(|p| !p.is_empty()) {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        if !known.contains(&k) {
            return Err(format!(
                "unknown query parameter `{}`: this takes {}",
                k.chars().take(40).collect::<String>(),
                known.join(", ")
            ));
        }
        if out.iter().any(|(o, _)| o == k) {
            return Err(format!("query parameter `{k}` is given twice"));
        }
        if v.is_empty() || v.len() > 40 || !v.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(format!("query parameter `{k}` needs a number or a word"));
        }
        out.push((k.to_string(), v.to_string()));
    }
    Ok(out)
}

/// The `ply` of a query: the position after that many moves.
fn ply_of(q: &[(String, String)]) -> Result<Option<usize>, String> {
    q.iter()
        .find(|(k, _)| k == "ply")
        .map(|(_, v)| {
            v.parse::<usize>()
                .map_err(|_| format!("`ply` is a number of moves, not `{v}`"))
        })
        .transpose()
}

/// The state; `?ply=N` shows the position after N moves instead of the last.
async fn state(State(s): State<Shared>, RawQuery(q): RawQuery) -> Response {
    let ply = match query(q.as_deref(), &["ply"]).and_then(|q| ply_of(&q)) {
        Ok(p) => p,
        Err(e) => return refuse(StatusCode::BAD_REQUEST, e),
    };
    run(&s, |_| {}, move |g: &Session| g.view(ply)).await
}

/// `?what=record` or `?what=position` (`&ply=N` for the position after N moves): the text,
/// its format and a file name.
async fn export(State(s): State<Shared>, RawQuery(q): RawQuery) -> Response {
    let (what, ply) = match query(q.as_deref(), &["what", "ply"]).and_then(|q| {
        let what = q
            .iter()
            .find(|(k, _)| k == "what")
            .map(|(_, v)| v.clone())
            .ok_or("say what to export: `?what=record` or `?what=position`")?;
        Ok((what, ply_of(&q)?))
    }) {
        Ok(w) => w,
        Err(e) => return refuse(StatusCode::BAD_REQUEST, e),
    };
    run(&s, |_| {}, move |g: &Session| g.export(&what, ply)).await
}

#[derive(Deserialize)]
struct Text {
    text: String,
}

#[derive(Deserialize)]
struct Play {
    text: String,
    /// Play after this many moves, discarding the later ones (the page asks first).
    #[serde(default)]
    at: Option<usize>,
}

async fn play(State(s): State<Shared>, Body(b): Body<Play>) -> Response {
    with(&s, move |g| g.play_text_at(&b.text, b.at)).await
}

async fn undo(State(s): State<Shared>) -> Response {
    with(&s, Session::undo).await
}

async fn restart(State(s): State<Shared>) -> Response {
    with(&s, Session::restart).await
}

async fn position(State(s): State<Shared>, Body(b): Body<Text>) -> Response {
    with(&s, move |g| g.load_position(&b.text)).await
}

async fn record(State(s): State<Shared>, Body(b): Body<Text>) -> Response {
    with(&s, move |g| g.load_record(&b.text)).await
}

#[derive(Deserialize)]
struct Param {
    name: String,
    value: String,
}

async fn param(State(s): State<Shared>, Body(b): Body<Param>) -> Response {
    with(&s, move |g| g.set_param(&b.name, &b.value)).await
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

async fn opponent(State(s): State<Shared>, Body(b): Body<Opponent>) -> Response {
    with(&s, move |g| g.set_opponent(&b.mode, &b.players, b.seed)).await
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
