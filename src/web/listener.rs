//! The server's connections: at most [`Config::max_connections`] open at once (a further
//! client waits in the kernel's backlog until one closes), and each closed after
//! [`Config::idle_timeout`] with no byte read or written, so that clients that connect and
//! say nothing cannot hold the server's sockets for ever.
//!
//! [`Config::max_connections`]: super::Config::max_connections
//! [`Config::idle_timeout`]: super::Config::idle_timeout

use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::serve::Listener;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::{sleep, Instant, Sleep};

/// A TCP listener that bounds its open connections and closes idle ones.
pub struct Guarded {
    inner: TcpListener,
    open: Arc<Semaphore>,
    idle: Duration,
}

impl Guarded {
    /// Accepts on `inner`, at most `max_connections` (at least one) open at once, each closed
    /// after `idle` without traffic.
    pub fn new(inner: TcpListener, max_connections: usize, idle: Duration) -> Self {
        Guarded {
            inner,
            open: Arc::new(Semaphore::new(max_connections.max(1))),
            idle,
        }
    }
}

impl Listener for Guarded {
    type Io = Connection;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Connection, SocketAddr) {
        // The semaphore is never closed: the permit always comes.
        let permit = Arc::clone(&self.open).acquire_owned().await.ok();
        let (io, addr) = Listener::accept(&mut self.inner).await;
        let connection = Connection {
            io,
            _permit: permit,
            idle: self.idle,
            timer: Box::pin(sleep(self.idle)),
        };
        (connection, addr)
    }

    fn local_addr(&self) -> io::Result<SocketAddr> {
        self.inner.local_addr()
    }
}

/// An accepted connection: its slot among the open ones, and the timer of its idleness (reset
/// by every read or write that makes progress).
pub struct Connection {
    io: TcpStream,
    _permit: Option<OwnedSemaphorePermit>,
    idle: Duration,
    timer: Pin<Box<Sleep>>,
}

impl Connection {
    /// After an operation on the socket: progress resets the timer; while waiting, the
    /// connection fails once the timer runs out.
    fn watch<T>(
        &mut self,
        cx: &mut Context<'_>,
        polled: Poll<io::Result<T>>,
    ) -> Poll<io::Result<T>> {
        match polled {
            Poll::Ready(r) => {
                let next = Instant::now() + self.idle;
                self.timer.as_mut().reset(next);
                Poll::Ready(r)
            }
            Poll::Pending => match self.timer.as_mut().poll(cx) {
                Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                    io::ErrorKind::TimedOut,
                    "the connection was idle too long",
                ))),
                Poll::Pending => Poll::Pending,
            },
        }
    }
}

impl AsyncRead for Connection {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let polled = Pin::new(&mut this.io).poll_read(cx, buf);
        this.watch(cx, polled)
    }
}

impl AsyncWrite for Connection {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let polled = Pin::new(&mut this.io).poll_write(cx, buf);
        this.watch(cx, polled)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let polled = Pin::new(&mut this.io).poll_flush(cx);
        this.watch(cx, polled)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    /// An echo server of one byte per connection on a guarded listener.
    async fn echo(max: usize, idle: Duration) -> SocketAddr {
        let inner = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = inner.local_addr().unwrap();
        let mut listener = Guarded::new(inner, max, idle);
        tokio::spawn(async move {
            loop {
                let (mut c, _) = listener.accept().await;
                tokio::spawn(async move {
                    let mut b = [0u8; 1];
                    while let Ok(1) = c.read(&mut b).await {
                        if c.write_all(&b).await.is_err() {
                            break;
                        }
                    }
                });
            }
        });
        addr
    }

    #[tokio::test]
    async fn an_idle_connection_is_closed_and_frees_its_slot() {
        let addr = echo(1, Duration::from_millis(300)).await;
        let mut first = TcpStream::connect(addr).await.unwrap();
        first.write_all(b"a").await.unwrap();
        let mut b = [0u8; 1];
        first.read_exact(&mut b).await.unwrap();
        assert_eq!(&b, b"a");
        // A second client waits for the one slot, which the first holds while it talks.
        let mut second = TcpStream::connect(addr).await.unwrap();
        second.write_all(b"b").await.unwrap();
        let waited = tokio::time::timeout(Duration::from_millis(100), second.read(&mut b)).await;
        assert!(waited.is_err(), "answered while the slot was taken");
        // The first falls silent: the server closes it, and the second gets the slot.
        let closed = tokio::time::timeout(Duration::from_secs(10), first.read(&mut b)).await;
        assert!(matches!(closed, Ok(Ok(0)) | Ok(Err(_))), "{closed:?}");
        let answered = tokio::time::timeout(Duration::from_secs(10), second.read_exact(&mut b));
        assert!(answered.await.is_ok_and(|r| r.is_ok()));
        assert_eq!(&b, b"b");
    }

    #[tokio::test]
    async fn a_talking_connection_stays_open_past_the_idle_time() {
        let addr = echo(4, Duration::from_millis(300)).await;
        let mut c = TcpStream::connect(addr).await.unwrap();
        let mut b = [0u8; 1];
        for k in 0..8u8 {
            tokio::time::sleep(Duration::from_millis(100)).await;
            c.write_all(&[k]).await.unwrap();
            c.read_exact(&mut b).await.unwrap();
            assert_eq!(b[0], k);
        }
    }
}
