#!/usr/bin/env python3
"""Generated differential queries: random traversals over the modern graph from a small typed
grammar of the steps the embedded evaluator claims, seeded, for tpbench_differential
(tests/realserver/differential.cmake) to compare the embedded server with a real one.

    tests/realserver/gen_traversals.py --seed S [S ...] --count N [--generation 3.7|4.0] > queries.txt

(N traversals per seed, each written once; tests/realserver/generated_differential.sh runs it in CI.)

Every query is written "@ordered ": the result stream is compared in order, so traverser bulking
and iteration order count as differences too; the grammar reaches the steps where TinkerPop's
strategies decide them (flatMap chains, local(), union()/choose()/coalesce(), as()…select()/where(),
repeat() unrolled and looped, outE().inV()/bothE().otherV(), limit() after map steps). The grammar tracks what a traverser holds (vertex,
edge, number, string, map, list) so each step gets an input it accepts; generation 4.0 leaves out
what gremlin-lang refuses (none of the steps below today) and 3.7 what only 4.0 has.
"""
import argparse
import random

VLABELS = ["person", "software"]
ELABELS = ["knows", "created"]
VKEYS_NUM = ["age"]
VKEYS_STR = ["name", "lang"]
NAMES = ["marko", "vadas", "lop", "josh", "ripple", "peter"]


def pick(r, xs):
    return xs[r.randrange(len(xs))]


def q(s):
    return "'" + s + "'"


def vertex_step(r):
    """A step from vertices; returns (text, new type)."""
    k = r.randrange(21)
    if k >= 14:
        return branch_step(r, k - 14)
    if k < 3:
        return adjacent(r), "v"
    if k < 5:
        d = pick(r, ["outE", "inE", "bothE"])
        arg = q(pick(r, ELABELS)) if r.random() < 0.5 else ""
        return f"{d}({arg})", "e"
    if k == 5:
        return f"hasLabel({q(pick(r, VLABELS))})", "v"
    if k == 6:
        return f"has('age', {pick(r, ['gt', 'lt', 'gte', 'lte'])}({pick(r, [27, 29, 30, 32, 35])}))", "v"
    if k == 7:
        return f"has('name', {q(pick(r, NAMES))})", "v"
    if k == 8:
        return "values('age')", "n"
    if k == 9:
        return f"values({q(pick(r, VKEYS_STR))})", "s"
    if k == 10:
        return "id()", "n"
    if k == 11:
        return "label()", "s"
    if k == 12:
        return f"where(__.{pick(r, ['out', 'in', 'both'])}().count().is(gt({r.randrange(3)})))", "v"
    return f"valueMap({q(pick(r, VKEYS_STR))})", "m"


def adjacent(r):
    d = pick(r, ["out", "in", "both"])
    arg = q(pick(r, ELABELS)) if r.random() < 0.5 else ""
    return f"{d}({arg})"


def branch_step(r, k):
    """Branches, labels and loops over vertices: where bulking (LazyBarrierStrategy, local()),
    iteration order and the strategies that fuse or unroll steps show."""
    if k == 0:
        tail, t = pick(r, [("limit(1)", "v"), ("count()", "n"), ("values('name')", "s"), (adjacent(r), "v"),
                           ("order().by('name')", "v")])
        return f"local(__.{adjacent(r)}.{tail})", t
    if k == 1:
        return f"union(__.{adjacent(r)}, __.{adjacent(r)})", "v"
    if k == 2:
        return pick(r, [f"optional(__.{adjacent(r)})", f"coalesce(__.{adjacent(r)}, __.{adjacent(r)})",
                        f"flatMap(__.{adjacent(r)})"]), "v"
    if k == 3:
        return pick(r, [f"as('a').{adjacent(r)}.select('a')", f"as('a').{adjacent(r)}.where(neq('a'))",
                        f"as('a').{adjacent(r)}.{adjacent(r)}.where(eq('a'))"]), "v"
    if k == 4:
        # unrolled (times alone) and looped repeat()s: emit/until first or after, a barrier in the body
        return pick(r, [f"repeat(__.{adjacent(r)}).times({r.randrange(1, 3)})",
                        "repeat(__.out()).emit()", "emit().repeat(__.out()).times(2)",
                        "repeat(__.out()).until(__.outE().count().is(0))",
                        "until(__.hasLabel('software')).repeat(__.out())",
                        f"repeat(__.{adjacent(r)}.limit(2)).emit().times(2)",
                        f"repeat(__.{adjacent(r)}.order().by('name')).times(2)",
                        f"repeat(__.{adjacent(r)}.dedup()).emit().times(2)",
                        f"repeat(__.{adjacent(r)}).until(__.loops().is(2))"]), "v"
    if k == 5:
        return pick(r, [f"choose(__.out(), __.{adjacent(r)}, __.{adjacent(r)})",
                        f"choose(hasLabel('person'), __.{adjacent(r)}, __.identity())"]), "v"
    return f"{pick(r, ['outE', 'inE', 'bothE'])}().{pick(r, ['otherV', 'inV', 'outV'])}()", "v"


def edge_step(r):
    k = r.randrange(5)
    if k == 0:
        return pick(r, ["inV()", "outV()", "otherV()", "bothV()"]), "v"
    if k == 1:
        return "values('weight')", "n"
    if k == 2:
        return "label()", "s"
    if k == 3:
        return f"has('weight', {pick(r, ['gt', 'lt'])}({pick(r, ['0.3d', '0.5d', '0.9d'])}))", "e"
    return "id()", "n"


def any_step(r, t):
    """Steps any traverser takes."""
    k = r.randrange(9)
    if k == 0:
        return "dedup()", t
    if k == 1:
        return f"limit({r.randrange(1, 5)})", t
    if k == 2:
        return f"range({r.randrange(0, 2)}, {r.randrange(2, 6)})", t
    if k == 3:
        return "count()", "n"
    if k == 4:
        return "fold()", "l"
    if k == 5:
        return "groupCount()", "m"
    if k == 6:
        return f"tail({r.randrange(1, 4)})", t
    if k == 7 and t in ("n", "s"):
        return "order()", t
    if k == 8 and t == "v":
        return "path()", "l"
    return "identity()", t


def number_step(r):
    return pick(r, ["sum()", "max()", "min()", "mean()", "is(gt(1))", "order().by(desc)"]), "n"


def gen(r, generation):
    start = pick(r, ["g.V()", "g.V()", "g.E()", f"g.V({r.randrange(1, 7)})"])
    t = "e" if start == "g.E()" else "v"
    steps = []
    for _ in range(r.randrange(1, 6)):
        if t == "v" and r.random() < 0.75:
            s, t = vertex_step(r)
        elif t == "e" and r.random() < 0.75:
            s, t = edge_step(r)
        elif t == "n" and r.random() < 0.5:
            s, t = number_step(r)
        elif t in ("m", "l"):
            s, t = pick(r, [("unfold()", "x"), ("count(local)", "n")])
        else:
            s, t = any_step(r, t)
        steps.append(s)
    return start + "".join("." + s for s in steps)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, nargs="+", required=True)
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--generation", default="4.0", choices=["3.7", "4.0"])
    a = ap.parse_args()
    seen = set()
    print(f"# generated by tests/realserver/gen_traversals.py --seed {' '.join(map(str, a.seed))} "
          f"--count {a.count} --generation {a.generation}")
    for seed in a.seed:
        r = random.Random(seed)
        made = tries = 0
        while made < a.count and tries < a.count * 50:
            tries += 1
            text = gen(r, a.generation)
            if text in seen:
                continue
            seen.add(text)
            made += 1
            print("@ordered " + text)

if __name__ == "__main__":
    main()
