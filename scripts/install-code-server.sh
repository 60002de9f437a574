#!/usr/bin/env bash
# Installs code-server 4.100.3 (VS Code 1.100.3, the newest release for Node 20) outside the project's
# dependency tree, for the end-to-end tests of the packaged extension (test/e2e/vscode.test.ts).
#
#   scripts/install-code-server.sh            # into ${XDG_CACHE_HOME:-$HOME/.cache}/metafork-studio/code-server-4.100.3
#   METAFORK_CODE_SERVER_DIR=/opt/cs scripts/install-code-server.sh
#
# A plain `npm install code-server@4.100.3` fails (its post-install script downloads things); this is
# the staged install measured on these machines: no install scripts, native modules rebuilt
# from source, Debian's ripgrep instead of the downloaded one. The install is built in a staging
# folder and moved into place with a marker file last, so an interrupted run leaves nothing that
# looks complete, and running the script again once it is complete does nothing.
set -euo pipefail

VERSION=4.100.3
DIR="${METAFORK_CODE_SERVER_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/metafork-studio/code-server-$VERSION}"
MARKER="$DIR/.metafork-install-complete"

if [ -f "$MARKER" ]; then
  echo "code-server $VERSION already installed in $DIR"
  exit 0
fi

# Prerequisites: libkrb5-dev (the kerberos module builds from source), ripgrep (search inside VS Code),
# a compiler, make and python3 (node-gyp). Only the missing ones, and only as root.
missing=()
for pkg in libkrb5-dev ripgrep g++ make python3; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    echo "installing apt packages: ${missing[*]}"
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
  else
    echo "warning: missing apt packages (${missing[*]}); not root, so not installing them" >&2
  fi
fi

start=$(date +%s)
mkdir -p "$(dirname "$DIR")"
STAGE="$(mktemp -d "$(dirname "$DIR")/.code-server-staging.XXXXXX")"
trap 'rm -rf "$STAGE"' EXIT
export npm_config_yes=true npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false

cd "$STAGE"
# A package.json of its own, so that npm installs here and not into an enclosing project.
echo '{ "name": "metafork-code-server", "private": true }' > package.json
npm install "code-server@$VERSION" --ignore-scripts --no-package-lock
npm rebuild argon2

cd node_modules/code-server/lib/vscode
npm install --omit=dev --ignore-scripts --no-package-lock
mkdir -p node_modules/@vscode/ripgrep/bin
ln -sf "$(command -v rg || echo /usr/bin/rg)" node_modules/@vscode/ripgrep/bin/rg
npm rebuild
ln -sfn node_modules node_modules.asar
(cd bin/remote-cli && ln -sf code-linux.sh code-server)
(cd bin/helpers && ln -sf browser-linux.sh browser.sh)
(cd extensions && npm install --omit=dev --no-package-lock)

cd "$STAGE"
# --config: without it, code-server writes a default config into the home folder.
node node_modules/code-server/out/node/entry.js --config "$STAGE/version-check.yaml" --version
rm -f "$STAGE/version-check.yaml"
date -u +%Y-%m-%dT%H:%M:%SZ > "$STAGE/.metafork-install-complete"

rm -rf "$DIR"
mv "$STAGE" "$DIR"
trap - EXIT
echo "code-server $VERSION installed in $DIR ($(( $(date +%s) - start )) s)"
