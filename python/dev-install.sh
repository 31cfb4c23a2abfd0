#!/usr/bin/env bash
# Builds the extension in cargo's dev profile (sharing the workspace's
# target dir with `cargo test`) and installs it: quick to build, for tests.
# `pip install ./python` builds the optimised wheel instead.
set -euo pipefail
cd "$(dirname "$0")"
out=$(mktemp -d)
maturin build --profile dev --quiet -o "$out"
pip install --quiet --force-reinstall --no-deps "$out"/mancala_engine-*.whl
rm -rf "$out"
