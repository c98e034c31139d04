#!/usr/bin/env bash
# Creates (once) a Python virtual environment holding the real Apache TinkerPop gremlinpython
# driver of VERSION from PyPI, for the 4.0 conformance tests; prints its python path.
#   setup_venv.sh VERSION        e.g. 4.0.0b3
# Environment: TPBENCH_CACHE (default ~/.cache/tpbench). Idempotent: a complete venv is reused.
set -euo pipefail
v="${1:?usage: setup_venv.sh VERSION}"
base="${TPBENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tpbench}/py"
dir="$base/gremlinpython-$v"
if [ -x "$dir/bin/python" ] && [ -f "$dir/.complete" ]; then echo "$dir/bin/python"; exit 0; fi
command -v python3 >/dev/null 2>&1 || { echo "setup_venv: python3 not found" >&2; exit 1; }
python3 -c 'import venv' 2>/dev/null || { echo "setup_venv: python3 has no venv module (apt-get install python3-venv)" >&2; exit 1; }
rm -rf "$dir"; mkdir -p "$base"
python3 -m venv "$dir" >&2
if ! "$dir/bin/pip" install --disable-pip-version-check -q "gremlinpython==$v" >"$dir.pip.log" 2>&1; then
  echo "setup_venv: pip install gremlinpython==$v failed:" >&2; tail -n 20 "$dir.pip.log" >&2; exit 1
fi
touch "$dir/.complete"
echo "$dir/bin/python"
