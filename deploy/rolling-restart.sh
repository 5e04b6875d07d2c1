#!/bin/sh
# Restarts the content site's instances behind nginx one by one without a failed request.
# For each instance: restart it (SIGTERM: /health turns 503, it stops accepting connections, which
# nginx retries on the others, finishes what arrives on its open connections, and exits once nginx
# has dropped them; then it starts again), wait until its /health answers 200 (database reachable,
# cache invalidations listened to), then wait nginx's fail_timeout so that nginx sends it traffic
# again before the next one goes. Stops at the first instance that does not come back: the others
# keep serving. bench/stack.ts (the tests' and benchmarks' stack) takes the same steps.
#
#   deploy/rolling-restart.sh [PORT...]     default: the ports listed in $UPSTREAM_FILE
#
#   UPSTREAM_FILE    nginx's list of the instances (default /etc/nginx/content-site-upstream.conf)
#   RESTART_COMMAND  run by sh for each instance, {port} replaced; must stop it (SIGTERM, waiting for
#                    the exit) and start it again (default: systemctl restart content-site@{port})
#   INSTANCE_HOST    where the instances listen (default 127.0.0.1)
#   READY_TIMEOUT    seconds an instance may take to answer /health with 200 (default 60)
#   SETTLE_SECONDS   seconds to wait after it does (default 5: fail_timeout in the upstream list)
set -eu
upstream=${UPSTREAM_FILE:-/etc/nginx/content-site-upstream.conf}
restart=${RESTART_COMMAND:-'systemctl restart content-site@{port}'}
host=${INSTANCE_HOST:-127.0.0.1}
ready_timeout=${READY_TIMEOUT:-60}
settle=${SETTLE_SECONDS:-5}

if [ $# -eq 0 ]; then
  # shellcheck disable=SC2046 # one port per word
  set -- $(sed -n 's/^[[:space:]]*server[[:space:]][[:space:]]*[^;[:space:]]*:\([0-9][0-9]*\).*/\1/p' "$upstream")
fi
# With one instance, nothing would serve while it restarts.
if [ $# -lt 2 ]; then
  echo "rolling restart: $# instance(s); a restart without failed requests needs at least two" >&2
  exit 1
fi

for port in "$@"; do
  command=$(printf '%s' "$restart" | sed "s/{port}/$port/g")
  echo "$host:$port: restarting ($command)"
  sh -c "$command"
  deadline=$(($(date +%s) + ready_timeout))
  until curl -fsS -o /dev/null "http://$host:$port/health" 2>/dev/null; do
    if [ "$(date +%s)" -ge "$deadline" ]; then
      echo "$host:$port: not ready after ${ready_timeout}s; stopping (the other instances keep serving)" >&2
      exit 1
    fi
    sleep 0.2
  done
  echo "$host:$port: ready"
  sleep "$settle"
done
