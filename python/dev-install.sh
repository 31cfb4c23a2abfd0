#!/usr/bin/env bash
# Puts a debug build of the package on Python's path, for the tests.
#
# The extension is built by the same cargo selection as the README's test
# command (the whole workspace, all targets, the MPI feature), so every crate
# `cargo test` compiled is reused and only the extension itself is linked; a
# `maturin build` would select the extension alone, resolve other features
# and compile the engine, the players and the solver a second time.
# `pip install ./python` builds the optimised wheel for real use.
#
# The package (these Python sources and the extension) is staged in
# target/python-dev and named in a .pth file in the user's site-packages,
# which Python searches before the system's, so it wins over an installed
# wheel until `python/dev-install.sh --remove`.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
site=$(python3 -c 'import site; print(site.getusersitepackages())')
pth="$site/mancala-engine-dev.pth"
if [[ "${1:-}" == "--remove" ]]; then
  rm -f "$pth"
  echo "removed $pth" >&2
  exit 0
fi
cd "$root"
cargo build --quiet --workspace --all-targets --features mancala-cli/mpi
target=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
stage="$target/python-dev"
rm -rf "$stage"
mkdir -p "$stage/mancala"
cp -r python/mancala/. "$stage/mancala/"
cp "$target/debug/lib_native.so" "$stage/mancala/_native.abi3.so"
mkdir -p "$site"
echo "$stage" > "$pth"
echo "mancala (debug build) staged in $stage, on Python's path through $pth" >&2
