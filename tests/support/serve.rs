//! A tiny HTTP server on 127.0.0.1 for the sync tests: each path answers as the test says
//! (a file with an ETag, a status, a redirect, a stall, a cut-short body), and every request
//! is recorded.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

#[derive(Clone, Debug)]
pub enum Reply {
    /// 200 with this body and ETag; 304 when the request's If-None-Match is the ETag.
    File {
        body: Vec<u8>,
        etag: String,
        content_type: &'static str,
    },
    /// Waits this long, then answers like `File`.
    Slow(Duration, Box<Reply>),
    Status(u16),
    Redirect(String),
    /// Headers and a few bytes, then nothing for a minute.
    Stall,
    /// Content-Length says twice what is sent before the connection closes.
    CutShort(Vec<u8>),
    /// 401 with a Basic challenge, as a private git host answers.
    Unauthorized,
    /// 200 with this body sent in ten parts, `pause` between them.
    Dribble(Vec<u8>, Duration),
    /// 200 announcing a megabyte, then one byte each `pause`, for at most a minute.
    Trickle(Duration),
}

/// One request as the server saw it.
#[derive(Clone, Debug)]
pub struct Request {
    pub path: String,
    pub headers: Vec<(String, String)>,
    /// The status answered.
    pub status: u16,
}

impl Request {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

pub struct Server {
    pub addr: SocketAddr,
    routes: Arc<Mutex<HashMap<String, Reply>>>,
    log: Arc<Mutex<Vec<Request>>>,
    stopped: Arc<AtomicBool>,
}

impl Server {
    pub fn start() -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind loopback");
        let addr = listener.local_addr().expect("address");
        let routes: Arc<Mutex<HashMap<String, Reply>>> = Arc::default();
        let log: Arc<Mutex<Vec<Request>>> = Arc::default();
        let stopped = Arc::new(AtomicBool::new(false));
        let (r, l, s) = (routes.clone(), log.clone(), stopped.clone());
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                if s.load(Ordering::SeqCst) {
                    break;
                }
                let Ok(stream) = stream else { continue };
                let (r, l) = (r.clone(), l.clone());
                std::thread::spawn(move || answer(stream, &r, &l));
            }
        });
        Server {
            addr,
            routes,
            log,
            stopped,
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    pub fn route(&self, path: &str, reply: Reply) {
        self.routes
            .lock()
            .expect("routes")
            .insert(path.to_string(), reply);
    }

    /// Serves `body` at `path` with this ETag, as JSON Lines.
    pub fn file(&self, path: &str, body: impl Into<Vec<u8>>, etag: &str) {
        self.route(
            path,
            Reply::File {
                body: body.into(),
                etag: etag.to_string(),
                content_type: "application/x-ndjson",
            },
        );
    }

    pub fn requests(&self) -> Vec<Request> {
        self.log.lock().expect("log").clone()
    }

    /// Closes the port: connecting is refused from now on.
    pub fn stop(&self) {
        self.stopped.store(true, Ordering::SeqCst);
        let _ = TcpStream::connect(self.addr);
        // The accept loop ends and drops the listener; wait until the port refuses.
        for _ in 0..100 {
            if TcpStream::connect(self.addr).is_err() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

fn answer(
    mut stream: TcpStream,
    routes: &Mutex<HashMap<String, Reply>>,
    log: &Mutex<Vec<Request>>,
) {
    let mut reader = BufReader::new(stream.try_clone().expect("clone stream"));
    let mut first = String::new();
    if reader.read_line(&mut first).is_err() {
        return;
    }
    let path = first.split_whitespace().nth(1).unwrap_or("/").to_string();
    let mut headers = Vec::new();
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 || line.trim().is_empty() {
            break;
        }
        if let Some((k, v)) = line.split_once(':') {
            headers.push((k.trim().to_string(), v.trim().to_string()));
        }
    }
    let route_key = path.split('?').next().unwrap_or("").to_string();
    let reply = routes.lock().expect("routes").get(&route_key).cloned();
    let mut request = Request {
        path,
        headers,
        status: 0,
    };
    let status = respond(&mut stream, reply, &request);
    request.status = status;
    log.lock().expect("log").push(request);
}

fn respond(stream: &mut TcpStream, reply: Option<Reply>, request: &Request) -> u16 {
    let head = |status: u16, reason: &str, extra: &str, len: usize| {
        format!(
            "HTTP/1.1 {status} {reason}\r\nContent-Length: {len}\r\nConnection: close\r\n{extra}\r\n"
        )
    };
    match reply {
        None => {
            let _ = stream.write_all(head(404, "Not Found", "", 0).as_bytes());
            404
        }
        Some(Reply::Slow(delay, inner)) => {
            std::thread::sleep(delay);
            respond(stream, Some(*inner), request)
        }
        Some(Reply::File {
            body,
            etag,
            content_type,
        }) => {
            if request.header("if-none-match") == Some(etag.as_str()) {
                let extra = format!("ETag: {etag}\r\n");
                let _ = stream.write_all(head(304, "Not Modified", &extra, 0).as_bytes());
                return 304;
            }
            let extra = format!("ETag: {etag}\r\nContent-Type: {content_type}\r\n");
            let _ = stream.write_all(head(200, "OK", &extra, body.len()).as_bytes());
            let _ = stream.write_all(&body);
            200
        }
        Some(Reply::Status(code)) => {
            let _ = stream.write_all(head(code, "Oops", "", 0).as_bytes());
            code
        }
        Some(Reply::Redirect(to)) => {
            let extra = format!("Location: {to}\r\n");
            let _ = stream.write_all(head(302, "Found", &extra, 0).as_bytes());
            302
        }
        Some(Reply::Stall) => {
            let _ = stream.write_all(head(200, "OK", "", 1000).as_bytes());
            let _ = stream.write_all(b"{\"errorMessage\"");
            let _ = stream.flush();
            std::thread::sleep(Duration::from_secs(60));
            200
        }
        Some(Reply::CutShort(body)) => {
            let _ = stream.write_all(head(200, "OK", "", body.len() * 2).as_bytes());
            let _ = stream.write_all(&body);
            200
        }
        Some(Reply::Dribble(body, pause)) => {
            let _ = stream.write_all(head(200, "OK", "", body.len()).as_bytes());
            for part in body.chunks(body.len().div_ceil(10).max(1)) {
                let _ = stream.write_all(part);
                let _ = stream.flush();
                std::thread::sleep(pause);
            }
            200
        }
        Some(Reply::Trickle(pause)) => {
            let _ = stream.write_all(head(200, "OK", "", 1 << 20).as_bytes());
            let until = std::time::Instant::now() + Duration::from_secs(60);
            while std::time::Instant::now() < until {
                if stream
                    .write_all(b"\n")
                    .and_then(|()| stream.flush())
                    .is_err()
                {
                    break;
                }
                std::thread::sleep(pause);
            }
            200
        }
        Some(Reply::Unauthorized) => {
            let extra = "WWW-Authenticate: Basic realm=\"private\"\r\n";
            let _ = stream.write_all(head(401, "Unauthorized", extra, 0).as_bytes());
            401
        }
    }
}
