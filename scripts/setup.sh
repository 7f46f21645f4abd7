#!/usr/bin/env bash
# Installs the Debian 12 system packages kappa needs (idempotent; run as root or with sudo).
set -euo pipefail
pkgs=(clang-16 llvm-16-dev libpolly-16-dev libzstd-dev libclang-16-dev libz3-dev graphviz
      libc6-dev-i386 lib32gcc-12-dev pkg-config chromium)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  echo "setup: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
# --mode native links kappa-runtime into 32-bit programs (ILP32, the SV-COMP
# default): the Rust standard library for i686 is needed (32-bit C libraries
# come from libc6-dev-i386 / lib32gcc-12-dev above).
if command -v rustup >/dev/null 2>&1; then
  rustup target list --installed 2>/dev/null | grep -q '^i686-unknown-linux-gnu$' \
    || rustup target add i686-unknown-linux-gnu \
    || echo "setup: could not add the i686 Rust target: --mode native cannot run ILP32 programs" >&2
fi
# The witness tests read witnesses with a YAML 1.1 loader (PyYAML) and check
# them with Python's jsonschema (tests/witness/check_schema.py), from PyPI.
if ! python3 -c 'import yaml, jsonschema' >/dev/null 2>&1; then
  echo "setup: installing pyyaml and jsonschema (pip)" >&2
  python3 -m pip install --quiet pyyaml jsonschema 2>/dev/null \
    || python3 -m pip install --quiet --break-system-packages pyyaml jsonschema \
    || echo "setup: could not install pyyaml and jsonschema: the witness schema tests will fail" >&2
fi
