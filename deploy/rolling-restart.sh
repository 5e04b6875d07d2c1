#!/bin/sh
# Restarts the content site's instances behind nginx one by one without a failed request: each is
# marked `down` in nginx's upstream list (nginx reloaded, its old workers finished), restarted
# (SIGTERM: it finishes in-flight requests and exits; then started again), waited for until its
# /health answers 200, and marked up again. Stops at the first instance that does not come back
# (it stays down; the others keep serving).
#
#   deploy/rolling-restart.sh [--upstream /etc/nginx/content-site-upstream.conf] [--nginx-pid /run/nginx.pid]
#                             [--restart 'systemctl restart content-site@{port}'] [--ready-timeout 60]
#
# Run as a user that may write the upstream list, signal nginx and restart the units (root).
# Needs the compiled server (npm run build): the procedure is src/deploy/rolling-restart.ts.
set -eu
cd "$(dirname "$0")/.."
exec node dist/src/deploy/rolling-restart-cli.js "$@"
