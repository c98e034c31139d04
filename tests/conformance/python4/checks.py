"""The pass/fail bookkeeping shared by the gremlinpython conformance scripts: one line per check,
then the closing 'N passed, N failed' line and the exit status."""
import sys
import traceback

passed = failed = 0


def check(name, fn, detail_limit=None):
    """Runs fn(); an exception is a failure, reported with its type and message, and the run goes on."""
    global passed, failed
    try:
        fn()
        passed += 1
        print(f"ok   {name}")
    except Exception as e:  # noqa: BLE001 - report every failure and go on
        failed += 1
        text = str(e) if detail_limit is None else str(e)[:detail_limit]
        print(f"FAIL {name}: {type(e).__name__}: {text}")
        traceback.print_exc(limit=3)


def fail(message):
    """A failure found outside a check (e.g. the server did not stop)."""
    global failed
    failed += 1
    print(f"FAIL {message}")


def eq(got, want):
    if got != want:
        raise AssertionError(f"got {got!r}, want {want!r}")


def finish():
    print(f"{passed} passed, {failed} failed")
    sys.exit(0 if failed == 0 else 1)
