//! The connection under hyper, with one job: a request that hyper refuses
//! by itself, before the application sees it (a URI longer than hyper's
//! 64 KiB limit, headers too large, a request line that is not HTTP), gets
//! the same JSON error body as every other error of the API instead of
//! hyper's empty one.
//!
//! Hyper writes such an answer as one head with `content-length: 0` and no
//! `content-type`; the application's own answers always carry a content
//! type. [`JsonErrors`] recognises the first kind as it is written and
//! writes the API's JSON error in its place (the connection is closed after
//! it, as hyper closes it).

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// A stream whose hyper-made error answers are rewritten as JSON.
#[derive(Debug)]
pub struct JsonErrors<S> {
    inner: S,
    /// A rewritten answer still being written, and how much of it is out.
    pending: Option<(Vec<u8>, usize)>,
}

impl<S> JsonErrors<S> {
    /// Wraps a connection.
    pub fn new(inner: S) -> JsonErrors<S> {
        JsonErrors {
            inner,
            pending: None,
        }
    }
}

/// The JSON answer that replaces hyper's own answer `head`, if `head` is one.
fn replacement(head: &[u8]) -> Option<Vec<u8>> {
    let text = std::str::from_utf8(head.get(..head.len().min(512))?).ok()?;
    let status = text.strip_prefix("HTTP/1.1 ")?.get(..3)?;
    let lower = text.to_ascii_lowercase();
    if lower.contains("content-type:") || !lower.contains("content-length: 0") {
        return None;
    }
    let (code, message) = match status {
        "414" => ("uri_too_long", "the request's address is too long"),
        "431" => ("headers_too_large", "the request's headers are too large"),
        "400" => ("bad_request", "the request is not well-formed HTTP"),
        _ => return None,
    };
    let reason = text.get(13..)?.split("\r\n").next()?;
    let body = serde_json::json!({ "code": code, "error": message }).to_string();
    Some(
        format!(
            "HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
            body.len()
        )
        .into_bytes(),
    )
}

impl<S: AsyncRead + Unpin> AsyncRead for JsonErrors<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> JsonErrors<S> {
    /// Writes out what is left of a rewritten answer.
    fn poll_pending(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while let Some((bytes, sent)) = &mut self.pending {
            if *sent == bytes.len() {
                self.pending = None;
                break;
            }
            match Pin::new(&mut self.inner).poll_write(cx, &bytes[*sent..]) {
                Poll::Ready(Ok(0)) => return Poll::Ready(Err(io::ErrorKind::WriteZero.into())),
                Poll::Ready(Ok(n)) => *sent += n,
                Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                Poll::Pending => return Poll::Pending,
            }
        }
        Poll::Ready(Ok(()))
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for JsonErrors<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        if this.pending.is_some() {
            // After a rewritten answer hyper closes: whatever else it
            // writes is dropped with the connection.
            return match this.poll_pending(cx) {
                Poll::Ready(Ok(())) => Poll::Ready(Ok(buf.len())),
                other => other.map(|r| r.map(|()| buf.len())),
            };
        }
        if let Some(json) = replacement(buf) {
            this.pending = Some((json, 0));
            return this.poll_pending(cx).map(|r| r.map(|()| buf.len()));
        }
        Pin::new(&mut this.inner).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = &mut *self;
        match this.poll_pending(cx) {
            Poll::Ready(Ok(())) => Pin::new(&mut this.inner).poll_flush(cx),
            other => other,
        }
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = &mut *self;
        match this.poll_pending(cx) {
            Poll::Ready(Ok(())) => Pin::new(&mut this.inner).poll_shutdown(cx),
            other => other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hyper_answers_become_json_and_the_applications_stay() {
        let hyper = b"HTTP/1.1 414 URI Too Long\r\ncontent-length: 0\r\ndate: x\r\n\r\n";
        let json = String::from_utf8(replacement(hyper).unwrap()).unwrap();
        assert!(
            json.starts_with("HTTP/1.1 414 URI Too Long\r\ncontent-type: application/json\r\n"),
            "{json}"
        );
        let body = json.split("\r\n\r\n").nth(1).unwrap();
        let value: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(value["code"], "uri_too_long");
        assert!(json.contains(&format!("content-length: {}\r\n", body.len())));
        let own = b"HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: 20\r\n\r\n";
        assert_eq!(replacement(own), None);
        assert_eq!(
            replacement(b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n"),
            None
        );
    }
}
