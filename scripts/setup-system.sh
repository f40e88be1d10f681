#!/usr/bin/env bash
# Installs the system packages the tests and PDF reports need, from Debian's packages, when missing:
# Chromium's headless shell (browser tests, PDF rendering: the same engine as the chromium package,
# without the full browser around it), Noto CJK fonts (Japanese text on the screens, in screenshots)
# and BIZ UD Gothic (the PDF reports' font: TrueType, embedded as a font subset).
# Nothing is downloaded from anywhere else.
set -euo pipefail

missing=()
command -v chromium-headless-shell >/dev/null 2>&1 || missing+=(chromium-headless-shell)
dpkg -s fonts-noto-cjk >/dev/null 2>&1 || missing+=(fonts-noto-cjk)
dpkg -s fonts-morisawa-bizud-gothic >/dev/null 2>&1 || missing+=(fonts-morisawa-bizud-gothic)
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing system packages: ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
  SUDO=""
elif command -v sudo >/dev/null 2>&1; then
  SUDO="sudo"
else
  echo "Please install as root: apt-get install -y ${missing[*]}" >&2
  exit 1
fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
