//! `regula serve`'s connections: accepted and served by hand rather than by `axum::serve`,
//! which sets no timer (so a client that sends half a request holds its connection forever,
//! and at the descriptor limit the accept back-off's sleep panicked in a runtime without
//! timers) and bounds nothing.
//!
//! Here every wait on a client is bounded by one timeout ([`Limits::timeout`]): the head of
//! each request (from the connection's start, or from the last answer on a kept-alive
//! connection: an idle connection is closed after it), a request's body (in
//! [`super::Body`]), and an answer the client does not take ([`Stall`]); at most
//! [`Limits::connections`] connections are open at once (more wait in the kernel's queue,
//! holding no descriptor of the server), and an accept that fails (no descriptor left) is
//! retried after a pause.

use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpListener;
use tokio::time::Sleep;

/// What a connection may take.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// The longest wait on the client: for a request's head or body, or for it to take an
    /// answer.
    pub timeout: Duration,
    /// The most connections open at once.
    pub connections: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            timeout: Duration::from_secs(10),
            connections: 64,
        }
    }
}

/// Accepts connections and serves each with `router`, until the listener fails for good.
pub async fn serve(listener: TcpListener, router: Router, limits: Limits) -> io::Result<()> {
    let open = Arc::new(tokio::sync::Semaphore::new(limits.connections.max(1)));
    loop {
        let permit = open
            .clone()
            .acquire_owned()
            .await
            .map_err(|e| io::Error::other(e.to_string()))?;
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(e) if gone(&e) => continue,
            Err(_) => {
                // No descriptor left (EMFILE, ENFILE) or no memory: the open connections
                // close within the timeout, so try again shortly.
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let service = TowerToHyperService::new(router.clone());
        tokio::spawn(async move {
            let io = TokioIo::new(Stall::new(stream, limits.timeout));
            let conn = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(limits.timeout)
                .serve_connection(io, service);
            // A connection that fails (a timeout, a reset) ends; the server goes on.
            let _ = conn.await;
            drop(permit);
        });
    }
}

/// Whether an accept failed for the one connection only (it was reset before it was taken).
fn gone(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
            | io::ErrorKind::ConnectionRefused
            | io::ErrorKind::Interrupted
    )
}

/// A stream whose writes fail (`TimedOut`) once they have waited `timeout` for the client to
/// take what was written: a client that asks and never reads its answer does not hold the
/// connection. Reads are left alone (the server waits to read while a request computes).
pub struct Stall<S> {
    inner: S,
    timeout: Duration,
    waiting: Option<Pin<Box<Sleep>>>,
}

impl<S> Stall<S> {
    /// `inner`, its writes bounded by `timeout`.
    pub fn new(inner: S, timeout: Duration) -> Stall<S> {
        Stall {
            inner,
            timeout,
            waiting: None,
        }
    }

    /// After a write that is still pending: the error once it has waited too long, else
    /// pending (the timer wakes the task).
    fn pending<T>(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<T>> {
        let timeout = self.timeout;
        let sleep = self
            .waiting
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(timeout)));
        match sleep.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client did not take its answer",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Stall<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Stall<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        match Pin::new(&mut self.inner).poll_write(cx, buf) {
            Poll::Pending => self.pending(cx),
            done => {
                self.waiting = None;
                done
            }
        }
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        match Pin::new(&mut self.inner).poll_write_vectored(cx, bufs) {
            Poll::Pending => self.pending(cx),
            done => {
                self.waiting = None;
                done
            }
        }
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match Pin::new(&mut self.inner).poll_flush(cx) {
            Poll::Pending => self.pending(cx),
            done => {
                self.waiting = None;
                done
            }
        }
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match Pin::new(&mut self.inner).poll_shutdown(cx) {
            Poll::Pending => self.pending(cx),
            done => {
                self.waiting = None;
                done
            }
        }
    }
}
