//! Runs the mancala web server: `cargo run -p mancala-web --example serve --
//! [--addr 127.0.0.1:8080] [--data DIR] [--ai-ms N] [--hint-ms N]`.
//!
//! Prints `listening on http://ADDR` once ready (with `--addr
//! 127.0.0.1:0`, ADDR has the port picked). The tests start it as a child
//! process and kill it.

use std::net::SocketAddr;

fn main() -> anyhow::Result<()> {
    let mut addr: SocketAddr = "127.0.0.1:8080".parse()?;
    let mut config = mancala_web::Config::new("mancala-data");
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || {
            args.next()
                .ok_or_else(|| anyhow::anyhow!("{arg} needs a value"))
        };
        match arg.as_str() {
            "--addr" => addr = value()?.parse()?,
            "--data" => config.data_dir = value()?.into(),
            "--ai-ms" => config.ai_move_ms = value()?.parse()?,
            "--hint-ms" => config.hint_ms = value()?.parse()?,
            "-h" | "--help" => {
                println!("serve [--addr 127.0.0.1:8080] [--data DIR] [--ai-ms N] [--hint-ms N]");
                return Ok(());
            }
            other => anyhow::bail!("unknown argument {other:?}; try --help"),
        }
    }
    let runtime = tokio::runtime::Runtime::new()?;
    runtime.block_on(async {
        let state = mancala_web::AppState::open(config)?;
        let listener = tokio::net::TcpListener::bind(addr).await?;
        mancala_web::serve_on(listener, state).await
    })
}
