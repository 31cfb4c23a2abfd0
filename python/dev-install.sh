#!/usr/bin/env bash
# Puts a debug build of the package on Python's path, for the tests.
#
# The extension is built with the same packages and features as the
# README's test command (the whole workspace, the MPI feature, test targets
# so that dev-dependencies count in feature resolution as they do there), so
# every crate `cargo test` compiled is reused and only the extension itself
# is linked. A `maturin build` would select the extension alone, resolve
# other features and compile the engine, the players and the solver a
# second time; `--all-targets` would build the examples again outside the
# test harness.
# `pip install ./python` builds the optimised wheel for real use.
#
# The package (these Python sources and the extension) is staged in
# target/python-dev and named in a .pth file in the user's site-packages
# (the environment's own in a virtual environment), which Python searches
# before the system's, so it wins over an installed wheel until
# `python/dev-install.sh --remove`.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
site=$(python3 -c 'import site, sysconfig
print(site.getusersitepackages() if site.ENABLE_USER_SITE else sysconfig.get_paths()["purelib"])')
pth="$site/mancala-engine-dev.pth"
if [[ "${1:-}" == "--remove" ]]; then
  rm -f "$pth"
  echo "removed $pth" >&2
  exit 0
fi
cd "$root"
cargo build --quiet --workspace --lib --tests --features mancala-cli/mpi
target=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')
stage="$target/python-dev"
rm -rf "$stage"
mkdir -p "$stage/mancala"
cp -r python/mancala/. "$stage/mancala/"
cp "$target/debug/lib_native.so" "$stage/mancala/_native.abi3.so"
mkdir -p "$site"
echo "$stage" > "$pth"
# A package installed where Python looks first (`pip install --user`) would
# hide the staged one: say so rather than test the wrong build.
found=$(cd / && python3 -c 'import mancala; print(mancala.__file__)')
if [[ "$found" != "$stage/"* ]]; then
  echo "error: python3 imports mancala from $found, not from $stage; uninstall that one (pip uninstall mancala-engine)" >&2
  exit 1
fi
echo "mancala (debug build) staged in $stage, on Python's path through $pth" >&2
