#!/bin/sh
# The machine packages the tests need (Debian/Ubuntu): `npm test` and `.ci/run`
# both run this. Installs what is missing when it can (root, or sudo without a
# password); otherwise prints the exact command and goes on (exit 0), so the
# tests still run and say what fails. With --strict (CI) a failed install stops.
#   chromium            the end-to-end tests' browser
#   xvfb xauth          a display for Electron
#   gnome-keyring dbus-daemon dbus-x11   a real Secret Service for the keychain tests
#   libsecret-1-dev pkg-config python3 make g++   to build keytar and better-sqlite3
#   fonts-wqy-microhei  a CJK font, so screenshots show Chinese
#   openssh-server      the SSH server the deploy tests publish to
#   libxml2-utils       xmllint, the sitemap schema check
#   nginx               the load balancer of the team-server tests (run with a config of
#                       the test's own, `nginx -c FILE -p DIR`, never the system service)
#   postgresql          the team server's engine (PostgreSQL 15 on bookworm, pg_trgm
#                       included): tests start their own cluster with its initdb/pg_ctl
#                       (/usr/lib/postgresql/<major>/bin), never the system service
PKGS="chromium xvfb xauth gnome-keyring libsecret-1-dev pkg-config dbus-daemon dbus-x11 fonts-wqy-microhei python3 make g++ openssh-server libxml2-utils postgresql nginx"
STRICT=""
[ "${1:-}" = "--strict" ] && STRICT=1

if ! command -v dpkg-query >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
  echo "prerequisites: not a Debian/Ubuntu system; install the equivalents of: $PKGS"
  exit 0
fi

missing=""
for p in $PKGS; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" = "0" ]; then
  SUDO=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  SUDO="sudo -n"
else
  echo "prerequisites: missing$missing; install them with:"
  echo "  sudo apt-get update && sudo apt-get install -y --no-install-recommends$missing"
  [ -n "$STRICT" ] && exit 1
  exit 0
fi

echo "prerequisites: installing$missing"
export DEBIAN_FRONTEND=noninteractive
# shellcheck disable=SC2086
if $SUDO apt-get update -qq && $SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null; then
  exit 0
fi
echo "prerequisites: apt-get failed; install them with:"
echo "  sudo apt-get update && sudo apt-get install -y --no-install-recommends$missing"
[ -n "$STRICT" ] && exit 1
exit 0
