#!/usr/bin/env bash
# Runs TinkerPop's own Java ProfilingApplication (org.apache.tinkerpop.gremlin.driver.util.
# ProfilingApplication in gremlin-driver, the seed's tool) of a version resolved from Maven Central.
#
#   bench/java_profiling.sh [--version V] KEY VALUE ...
#   bench/java_profiling.sh --version 3.7 host 127.0.0.1 testType 0 script 'g.V()' executions 3
#
# KEY VALUE words go to the tool unchanged (profile-driver.sh's command line). The tool has no port
# key: the driver always connects to HOST:8182/gremlin (bench/profiling_compare.sh runs everything
# in a private network namespace so 8182 is free). V: 3.7 (default), 3.8, a full version, or a 4.0
# one — master-http, 4.0-beta.1 … 4.0-beta.3, 4.0 (= master) — whose driver scripts/gremlin-server
# resolves from ../shared/tinkerpop/m2. JAVA_OPTIONS as in profile-driver.sh (default -Xms1g -Xmx1g;
# the 4.0 drivers hold a whole result: times(15) needs -Xmx4g).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
version=3.7
if [ "${1:-}" = --version ]; then version="$2"; shift 2; fi
command -v java >/dev/null 2>&1 || { echo "java_profiling: java not found on PATH (Java 17 is needed)" >&2; exit 1; }
cp="$("$here/scripts/gremlin-server" classpath "$version" driver)" || exit 1
conf="${TMPDIR:-/tmp}/tpbench-java-profiling-logback.xml"
cat > "$conf" <<'XML'
<configuration>
  <appender name="err" class="ch.qos.logback.core.ConsoleAppender">
    <target>System.err</target>
    <encoder><pattern>%d{HH:mm:ss.SSS} %-5level %logger{30} - %msg%n</pattern></encoder>
  </appender>
  <root level="WARN"><appender-ref ref="err"/></root>
</configuration>
XML
# shellcheck disable=SC2086
exec java -server ${JAVA_OPTIONS:--Xms1g -Xmx1g} -Dlogback.configurationFile="$conf" -cp "$cp" \
  org.apache.tinkerpop.gremlin.driver.util.ProfilingApplication "$@"
