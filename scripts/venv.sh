# Sourced by scripts/run and scripts/test: make (once) the project's .venv and install the package into it.
# Usage: ensure_venv MARKER PIP-TARGET   e.g. ensure_venv .installed-test '.[test]'
# The venv is made with $PYTHON if set, else python3 (CI sets Debian's /usr/bin/python3: 3.11, as on a
# Raspberry Pi). A working .venv of Python 3.11 or newer is kept whichever interpreter made it, unless PYTHON
# names another: then it is made again, so the tests run on the Python asked for. (Without PYTHON, a python3
# that is today another one than yesterday's, /usr/bin/python3 or a pyenv shim, would remake a .venv a running
# server uses.)
# Why .venv is (re)made, in one line: a new .venv ("first run only"), another Python asked for, or a
# change since the last setup (a `git pull` that touched pyproject.toml, or a setup that did not finish).
# Usage: setup_message MARKER HAVE WANT VERSION   (HAVE/WANT: the .venv's and the asked-for interpreter)
setup_message() {
  local marker="$1" have="$2" want="$3" version="$4"
  if [ -z "$have" ]; then
    echo "Setting up .venv with $version (first run only, about a minute)..."
  elif [ "$have" != "$want" ]; then
    echo "Setting up .venv again with $version (it was made by another Python; about a minute)..."
  elif [ ! -f "$marker" ]; then
    echo "Finishing .venv's setup with $version (about a minute)..."
  else
    echo "Updating .venv after a change to pyproject.toml (about a minute)..."
  fi
}

ensure_venv() {
  local marker=".venv/$1" target="$2" python="${PYTHON:-python3}" want have kept
  have="$(.venv/bin/python -c 'import os, sys; print(os.path.realpath(sys.executable))' 2>/dev/null || true)"
  kept="$(.venv/bin/python -c 'import sys; assert sys.version_info >= (3, 11)' 2>/dev/null && echo "$have" || true)"
  if [ -z "${PYTHON:-}" ] && [ -n "$kept" ]; then
    # No interpreter asked for and .venv works: keep it (say so when python3 here is another one).
    want="$("$python" -c 'import os, sys; print(os.path.realpath(sys.executable))' 2>/dev/null || true)"
    if [ "$want" != "$kept" ]; then
      echo "Using .venv as it is ($(.venv/bin/python -V 2>&1), made by $kept; python3 here is ${want:-not there})." \
        "To make it again with another Python: PYTHON=/path/to/python3 $0" >&2
    fi
    python="$kept" want="$kept"
  elif ! want="$("$python" -c 'import os, sys; assert sys.version_info >= (3, 11); print(os.path.realpath(sys.executable))' 2>/dev/null)"; then
    echo "$0: needs Python 3.11 or newer; '$python' is $("$python" -V 2>/dev/null || echo "not there") (set PYTHON=/path/to/python3.11)" >&2
    exit 1
  fi
  if [ -L .venv ] && [ -n "$have" ] && [ "$have" != "$want" ]; then
    # venv's --clear would empty the link's target (another checkout's .venv) before failing on the link.
    echo "$0: .venv links to $(readlink .venv), made by $have; run with PYTHON=$have, or remove the link" >&2
    exit 1
  fi
  if [ "$have" != "$want" ] || [ ! -f "$marker" ] || [ pyproject.toml -nt "$marker" ]; then
    echo "$(setup_message "$marker" "$have" "$want" "$("$python" -V 2>&1)")" >&2
    if [ "$have" != "$want" ]; then "$python" -m venv --clear .venv; else "$python" -m venv .venv; fi
    # pip and setuptools talk a lot; keep their output in a log and show it only when something fails.
    if ! { .venv/bin/pip install --quiet --upgrade pip && .venv/bin/pip install --quiet -e "$target"; } >.venv/install.log 2>&1; then
      cat .venv/install.log >&2
      echo "Setup failed (log above, also in .venv/install.log)." >&2
      exit 1
    fi
    touch "$marker"
  fi
}
