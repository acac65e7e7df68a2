#!/usr/bin/env bash
# Makes sure the end-to-end tests have a Chromium: Debian's where apt works, else Playwright's own.
set -euo pipefail
if [ -x /usr/bin/chromium ] || [ -n "${PLAYWRIGHT_CHROMIUM:-}" ]; then exit 0; fi
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
elif command -v apt-get >/dev/null 2>&1 && command -v sudo >/dev/null 2>&1; then
  sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
else
  npx playwright install chromium
fi
