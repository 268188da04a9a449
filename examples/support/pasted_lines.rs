//! Pasted lines from a dataset of error sites, in the log formats those programs really write,
//! each labelled with the record it came from and the chain of records it holds.

use serde_json::{Value, json};

/// The fields of a scanned record the writer needs.
#[derive(Debug, Clone)]
pub struct Rec {
    pub id: String,
    pub pattern: String,
    pub file: String,
    pub line: u64,
    pub module: String,
    pub lang: String,
    pub kind: String,
    pub class: String,
    pub wraps: bool,
}

pub fn read_records(text: &str) -> Vec<Rec> {
    text.lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .map(|v| v.get("record").cloned().unwrap_or(v))
        .map(|r| {
            let s = |k: &str| r[k].as_str().unwrap_or("").to_string();
            let tags: Vec<&str> = r["tags"]
                .as_array()
                .map(|a| a.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            Rec {
                id: s("id"),
                pattern: s("messagePattern"),
                file: s("filePath"),
                line: r["lineNumber"].as_u64().unwrap_or(0),
                module: s("module"),
                lang: s("language"),
                kind: tags.get(1).copied().unwrap_or("raise").to_string(),
                class: s("errorType"),
                wraps: tags.contains(&"wraps"),
            }
        })
        .collect()
}

/// One labelled line: `expect` is the root cause's record (None: a stranger's line, or one
/// whose every link was cut away), `chain` the records of its links, outer to inner.
pub struct Labelled {
    pub line: String,
    pub expect: Option<String>,
    pub chain: Vec<String>,
    pub origin: bool,
    pub cut: bool,
}

impl Labelled {
    /// A line of one link: `root` is the record it expects and the whole chain.
    fn single(root: &Rec, line: String, origin: bool) -> Labelled {
        Labelled {
            line,
            expect: Some(root.id.clone()),
            chain: vec![root.id.clone()],
            origin,
            cut: false,
        }
    }

    pub fn to_json(&self) -> Value {
        json!({"line": self.line, "expect": self.expect, "chain": self.chain,
               "origin": self.origin, "cut": self.cut})
    }
}

/// Values a placeholder takes: numbers, paths, names, addresses — what real lines hold.
const VALUES: &[&str] = &[
    "42",
    "8",
    "/var/lib/app/data/segment-0007.db",
    "users",
    "10.0.3.17:9092",
    "0x7f3a9c",
    "\"order_id\"",
    "3.2.1",
    "'tmp'",
    "1048576",
    "config.toml",
    "c0ffee42-1d2e-4b7a-9a61-2f3e4d5c6b7a",
    "-1",
    "main",
];

pub struct Writer<'a> {
    pub recs: &'a [Rec],
    rng: fastrand::Rng,
    ts: u64,
}

impl<'a> Writer<'a> {
    pub fn new(recs: &'a [Rec], seed: u64) -> Self {
        Writer {
            recs,
            rng: fastrand::Rng::with_seed(seed),
            ts: 1_764_540_000,
        }
    }

    /// The pattern with each `{}` filled; a wrapper's last one gets `inner` when given.
    fn fill(&mut self, pattern: &str, inner: Option<&str>) -> String {
        let n = pattern.matches("{}").count();
        let mut out = String::new();
        for (k, piece) in pattern.split("{}").enumerate() {
            if k > 0 {
                match inner {
                    Some(i) if k == n => out.push_str(i),
                    _ => out.push_str(VALUES[self.rng.usize(..VALUES.len())]),
                }
            }
            out.push_str(piece);
        }
        out
    }

    fn pick(&mut self, ok: impl Fn(&Rec) -> bool) -> Option<&'a Rec> {
        let ids: Vec<usize> = (0..self.recs.len())
            .filter(|&i| ok(&self.recs[i]))
            .collect();
        (!ids.is_empty()).then(|| &self.recs[ids[self.rng.usize(..ids.len())]])
    }

    fn stamp(&mut self) -> (String, String) {
        self.ts += self.rng.u64(1..90);
        let (s, ms) = (self.ts, self.rng.u32(0..1000));
        let (h, m, sec) = ((s / 3600) % 24, (s / 60) % 60, s % 60);
        (
            format!("2025-12-01T{h:02}:{m:02}:{sec:02}.{ms:03}412Z"),
            format!("2025-12-01 {h:02}:{m:02}:{sec:02},{ms:03}"),
        )
    }

    /// A line for one dataset: a single site, a logged error, or a chain of contexts.
    pub fn line(&mut self, cut: bool) -> Option<Labelled> {
        let recs = self.recs;
        let root = self.pick(|r| r.kind != "context")?;
        let lang = root.lang.clone();
        let shape = self.rng.u32(0..4);
        let mut out = match lang.as_str() {
            "rust" => self.rust(root, shape),
            "go" => self.go(root, shape),
            _ => self.python(root, shape),
        }?;
        if cut && !out.line.contains('\n') {
            // A long header before the message, or long fields after it, as real services add.
            let pad = format!(
                "host=ip-10-0-{}-17.eu-west-1.compute.internal pod=worker-7d9f6c5b8-x2x7k trace_id={:032x}",
                self.rng.u8(..),
                self.rng.u128(..)
            );
            out.line = if self.rng.bool() && !out.line.starts_with('{') {
                format!("{pad} {}", out.line)
            } else {
                format!(
                    "{} {pad} span_id={:016x} region=eu-west-1",
                    out.line,
                    self.rng.u64(..)
                )
            };
        }
        if cut || out.line.len() > 200 && self.rng.bool() {
            let at = self.rng.usize(180..=220);
            if out.line.len() > at {
                let mut end = at;
                while !out.line.is_char_boundary(end) {
                    end -= 1;
                }
                out.line.truncate(end);
                out.cut = true;
                let kept: Vec<String> = out
                    .chain
                    .iter()
                    .filter(|id| recs.iter().any(|r| &r.id == *id && shown(r, &out.line)))
                    .cloned()
                    .collect();
                out.expect = kept.last().cloned();
                out.chain = kept;
            }
        }
        if out.chain.len() < 2 {
            out.chain.clear();
        }
        Some(out)
    }

    fn rust(&mut self, root: &'a Rec, shape: u32) -> Option<Labelled> {
        let (iso, _) = self.stamp();
        let msg = self.fill(&root.pattern, None);
        let target = root.module.clone();
        let lvl = if root.kind == "log" { " WARN" } else { "ERROR" };
        let span = format!(
            "request{{id={}}}:worker{{shard={}}}: ",
            self.rng.u32(..999),
            self.rng.u32(..16)
        );
        let single = |line: String, origin: bool| Labelled::single(root, line, origin);
        if root.kind == "panic" {
            let path = format!(
                "/root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/{}/{}",
                root.module.split("::").next()?.replace('_', "-"),
                root.file
            );
            return Some(if shape.is_multiple_of(2) {
                single(
                    format!(
                        "thread 'main' panicked at {}:{}:{}:\n{msg}",
                        path,
                        root.line,
                        self.rng.u32(5..40)
                    ),
                    true,
                )
            } else {
                single(
                    format!(
                        "thread 'tokio-runtime-worker' panicked at '{msg}', {}:{}:{}",
                        root.file,
                        root.line,
                        self.rng.u32(5..40)
                    ),
                    true,
                )
            });
        }
        if root.kind == "log" {
            return Some(match shape {
                0 | 1 => single(
                    format!(
                        "{iso} {lvl} {span}{target}: {msg} elapsed_ms={}",
                        self.rng.u32(..900)
                    ),
                    true,
                ),
                2 => single(
                    format!(
                        "{{\"timestamp\":\"{iso}\",\"level\":\"WARN\",\"fields\":{{\"message\":{}}},\"target\":\"{target}\",\"span\":{{\"id\":7,\"name\":\"request\"}}}}",
                        json!(msg)
                    ),
                    true,
                ),
                _ => single(format!("{iso} {lvl} {msg}"), false),
            });
        }
        match shape {
            0 => Some(single(format!("Error: {msg}"), false)),
            1 => {
                let ctx = self.pick(|r| {
                    r.lang == "rust" && r.kind == "context" && !r.pattern.contains("{}")
                })?;
                let ctx2 = self.pick(|r| r.lang == "rust" && r.kind == "context")?;
                let (c1, c2) = (
                    self.fill(&ctx.pattern, None),
                    self.fill(&ctx2.pattern, None),
                );
                let line = if self.rng.bool() {
                    format!("Error: {c1}: {c2}: {msg}")
                } else {
                    format!("Error: {c1}\n\nCaused by:\n    0: {c2}\n    1: {msg}")
                };
                Some(Labelled {
                    line,
                    expect: Some(root.id.clone()),
                    chain: vec![ctx.id.clone(), ctx2.id.clone(), root.id.clone()],
                    origin: false,
                    cut: false,
                })
            }
            _ => {
                let log = self
                    .pick(|r| r.lang == "rust" && r.kind == "log" && !r.pattern.ends_with("{}"))?;
                let said = self.fill(&log.pattern, None);
                let line = if shape == 2 {
                    format!("{iso} {lvl} {span}{}: {said} error={msg}", log.module)
                } else {
                    format!(
                        "{{\"timestamp\":\"{iso}\",\"level\":\"ERROR\",\"fields\":{{\"message\":{},\"error\":{}}},\"target\":\"{}\"}}",
                        json!(said),
                        json!(msg),
                        log.module
                    )
                };
                Some(Labelled {
                    line,
                    expect: Some(root.id.clone()),
                    chain: vec![log.id.clone(), root.id.clone()],
                    origin: false,
                    cut: false,
                })
            }
        }
    }

    fn go(&mut self, root: &'a Rec, shape: u32) -> Option<Labelled> {
        let (iso, _) = self.stamp();
        let date = &iso[..19].replace('-', "/").replace('T', " ");
        let msg = self.fill(&root.pattern, None);
        let base = root.file.rsplit('/').next()?.to_string();
        let single = |line: String, origin: bool| Labelled::single(root, line, origin);
        if root.kind == "panic" {
            return Some(single(
                format!(
                    "panic: {msg}\n\ngoroutine 1 [running]:\n{}.init()\n\t/usr/lib/go/src/{}:{} +0x1d",
                    root.module.rsplit('/').next()?,
                    root.file,
                    root.line
                ),
                true,
            ));
        }
        if root.kind == "log" {
            return Some(match shape {
                0 | 1 => single(format!("{date} {base}:{}: {msg}", root.line), true),
                2 => single(
                    format!(
                        "time={iso} level=ERROR source=/usr/lib/go/src/{}:{} msg={}",
                        root.file,
                        root.line,
                        json!(msg)
                    ),
                    true,
                ),
                _ => single(format!("{date} {msg}"), false),
            });
        }
        let wrapper = if shape == 1 {
            self.pick(|r| r.lang == "go" && r.wraps)
        } else {
            None
        };
        let (err, chain) = match wrapper {
            Some(w) => (
                self.fill(&w.pattern, Some(&msg)),
                vec![w.id.clone(), root.id.clone()],
            ),
            None => (msg.clone(), vec![root.id.clone()]),
        };
        let line = match shape {
            0 => format!("{date} {err}"),
            1 => format!(
                "level=error ts={iso} caller=server/handler.go:{} msg=\"request failed\" err={}",
                self.rng.u32(20..400),
                json!(err)
            ),
            2 => format!(
                "{{\"level\":\"error\",\"ts\":1764540{}.81,\"caller\":\"app/worker.go:88\",\"msg\":\"job failed\",\"error\":{}}}",
                self.rng.u32(100..999),
                json!(err)
            ),
            _ => format!(
                "{{\"error\":{},\"level\":\"error\",\"msg\":\"sync failed\",\"time\":\"{iso}\"}}",
                json!(err)
            ),
        };
        Some(Labelled {
            line,
            expect: Some(root.id.clone()),
            chain,
            origin: false,
            cut: false,
        })
    }

    fn python(&mut self, root: &'a Rec, shape: u32) -> Option<Labelled> {
        let (_, stamp) = self.stamp();
        let msg = self.fill(&root.pattern, None);
        let single = |line: String, origin: bool| Labelled::single(root, line, origin);
        if root.kind == "log" {
            return Some(match shape {
                0 | 1 => single(format!("{stamp} - {} - ERROR - {msg}", root.module), true),
                2 => single(format!("ERROR:{}:{msg}", root.module), true),
                _ => single(format!("{stamp} ERROR {msg}"), false),
            });
        }
        let class = if root.class.is_empty() {
            "Exception"
        } else {
            &root.class
        };
        Some(match shape {
            0 => single(format!("{class}: {msg}"), false),
            1 => single(
                format!(
                    "  File \"/usr/lib/python3.11/{}\", line {}, in run\n    raise {class}(...)\n{class}: {msg}",
                    root.file, root.line
                ),
                true,
            ),
            _ => {
                let outer =
                    self.pick(|r| r.lang == "python" && r.kind == "raise" && r.id != root.id)?;
                let omsg = self.fill(&outer.pattern, None);
                let oclass = if outer.class.is_empty() {
                    "Exception"
                } else {
                    &outer.class
                };
                let joint = if shape == 2 {
                    "The above exception was the direct cause of the following exception:"
                } else {
                    "During handling of the above exception, another exception occurred:"
                };
                Labelled {
                    line: format!("{class}: {msg}\n\n{joint}\n\n{oclass}: {omsg}"),
                    expect: Some(root.id.clone()),
                    chain: vec![outer.id.clone(), root.id.clone()],
                    origin: false,
                    cut: false,
                }
            }
        })
    }
}

/// Whether a record's text survives in a (cut) line: its longest literal piece is there.
pub fn shown(r: &Rec, line: &str) -> bool {
    longest_piece(&r.pattern).is_some_and(|p| line.contains(p))
}

pub fn longest_piece(pattern: &str) -> Option<&str> {
    pattern
        .split("{}")
        .map(str::trim)
        .filter(|p| p.chars().any(char::is_alphabetic))
        .max_by_key(|p| p.len())
}

/// Error lines of other software: what errdex must not answer from a dataset it has no
/// record for. Values vary per line.
pub const STRANGERS: &[&str] = &[
    "2025/12/01 10:02:11 [error] 3121#3121: *{n} connect() failed (111: Connection refused) while connecting to upstream, client: 10.1.2.3, server: api.example.com",
    "ERROR failed to connect to kafka broker b-{n}.prod:9092: connection refused",
    "2025-12-01 10:02:11.123 UTC [{n}] ERROR:  duplicate key value violates unique constraint \"users_email_key\"",
    "2025-12-01 10:02:11.123 UTC [{n}] FATAL:  password authentication failed for user \"app\"",
    "{n}:M 01 Dec 2025 10:02:11.123 # Error accepting a client connection: Connection reset by peer",
    "memcached: failed to allocate {n} bytes: SERVER_ERROR out of memory storing object",
    "Dec  1 10:02:11 web-1 systemd[1]: nginx.service: Main process exited, code=exited, status={n}/INVALIDARGUMENT",
    "Dec  1 10:02:11 web-1 kernel: [{n}.123456] Out of memory: Killed process 4242 (java) total-vm:8123456kB",
    "Exception in thread \"main\" java.lang.NullPointerException: Cannot invoke \"String.length()\" because \"s\" is null at com.acme.Foo.bar(Foo.java:{n})",
    "Caused by: java.net.SocketTimeoutException: Read timed out after {n} ms",
    "Uncaught TypeError: Cannot read properties of undefined (reading 'map') at App.render (bundle.js:{n}:17)",
    "npm ERR! code ERESOLVE npm ERR! ERESOLVE unable to resolve dependency tree while resolving react@{n}",
    "docker: Error response from daemon: Conflict. The container name \"/web-{n}\" is already in use",
    "Warning  BackOff  {n}s  kubelet  Back-off restarting failed container app in pod api-7d9f",
    "E1201 10:02:11.123456 {n} reflector.go:138] failed to list *v1.Pod: the server could not find the requested resource",
    "mysqld: [ERROR] InnoDB: Unable to lock ./ibdata1 error: {n}",
    "ORA-00942: table or view does not exist (session {n})",
    "[mongod] {n} E STORAGE  [initandlisten] WiredTiger error (-31802) WT_ERROR: non-specific WiredTiger error",
    "elasticsearch: [es-{n}] circuit_breaking_exception: [parent] Data too large, data for [<http_request>] would be larger than limit",
    "haproxy[{n}]: backend app has no server available!",
    "sshd[{n}]: Failed password for invalid user admin from 203.0.113.5 port 52211 ssh2",
    "curl: (60) SSL certificate problem: unable to get local issuer certificate (attempt {n})",
    "fatal: unable to access 'https://git.example.com/repo.git/': Could not resolve host: git.example.com ({n})",
    "Traceback lost; celery.exceptions.SoftTimeLimitExceeded: SoftTimeLimitExceeded() task {n}",
    "php: PHP Fatal error:  Allowed memory size of {n} bytes exhausted (tried to allocate 20480 bytes)",
    "[ERROR] Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin:3.{n}:compile",
    "rabbitmq: closing AMQP connection <0.{n}.0> (10.0.0.4:5672): client unexpectedly closed TCP connection",
    "ZooKeeper: Session 0x{n}abc for server zk-1/10.0.0.9:2181, Closing socket connection and attempting reconnect",
    "cassandra: ERROR [ReadStage-{n}] Unexpected exception during request; ReadTimeoutException",
    "terraform: Error: creating EC2 Instance: InvalidParameterValue: Value (t9.large) for parameter instanceType is invalid ({n})",
    "AccessDenied: User: arn:aws:iam::{n}:user/ci is not authorized to perform: s3:PutObject",
    "consul: [ERR] agent: failed to sync remote state: No cluster leader ({n})",
    "etcdserver: request timed out, possibly due to connection lost (took {n}ms)",
    "prometheus: level=warn msg=\"Error on ingesting samples that are too old or are too far into the future\" num_dropped={n}",
    "grafana: t=2025-12-01 lvl=eror msg=\"Alert Rule Result Error\" ruleId={n} error=\"tsdb.HandleRequest() error\"",
    "vault: [ERROR] core: failed to unseal: error=\"invalid key\" attempt={n}",
    "nginx: [emerg] bind() to 0.0.0.0:80 failed (98: Address already in use) worker {n}",
    "OSError: [Errno 28] No space left on device: '/var/log/app-{n}.log'",
    "redis.exceptions.ConnectionError: Error {n} connecting to redis:6379. Connection refused.",
    "psycopg2.OperationalError: could not connect to server: Connection timed out (pid {n})",
    "Segmentation fault (core dumped) in worker {n}",
    "ld: error: undefined symbol: ssl_ctx_new_{n} referenced by libapp.a",
    "gcc: error: unrecognized command-line option '-mavx{n}'",
    "MSBuild error MSB{n}: The reference assemblies were not found",
    "[WARN] HikariPool-1 - Connection is not available, request timed out after {n}ms.",
    "level=error msg=\"Handler crashed with error\" error=\"runtime error: index out of range [{n}] with length 3\"",
    "ValueError: invalid literal for int() with base 10: 'abc{n}'",
    "Error: ENOENT: no such file or directory, open '/app/config/{n}.json'",
    "java.lang.OutOfMemoryError: GC overhead limit exceeded (heap {n}m)",
    "ERROR [main] o.s.boot.SpringApplication - Application run failed: port {n} in use",
    "10.0.0.7 - - [01/Dec/2025:10:02:11 +0000] \"GET /api/orders/{n} HTTP/1.1\" 502 173 \"-\" \"curl/8.5\" upstream http error",
    "unable to open database file (code {n} SQLITE_CANTOPEN)",
    "FATAL: the database system is in recovery mode (attempt {n})",
    "org.apache.kafka.clients.NetworkClient: [Producer clientId=app-{n}] Connection to node 2 could not be established. Broker may not be available.",
];
