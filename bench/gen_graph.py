#!/usr/bin/env python3
"""Writes a random GraphSON 3.0 adjacency graph (one vertex per line, the format of
tinkerpop-modern-v3.json) for `tpbench serve --graph FILE`: V vertices labelled person/software
with name/age properties, E edges (knows/created) with a weight, Long ids, seeded. Each vertex
line carries its outE (and, with --in-edges, its inE as TinkerPop's writer does; tpbench reads
outE only). Do not commit the output.

Usage: bench/gen_graph.py --edges 1000000 [--vertices N] [--seed 1] [--in-edges] OUT"""
import argparse
import random
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out")
    ap.add_argument("--edges", type=int, default=1_000_000)
    ap.add_argument("--vertices", type=int, default=0, help="default: edges / 10")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--in-edges", action="store_true")
    a = ap.parse_args()
    nv = a.vertices or max(1, a.edges // 10)
    rnd = random.Random(a.seed)
    out_e = [[] for _ in range(nv)]
    in_e = [[] for _ in range(nv)] if a.in_edges else None
    eid = nv
    for _ in range(a.edges):
        o = rnd.randrange(nv)
        i = rnd.randrange(nv)
        lab = "knows" if rnd.random() < 0.7 else "created"
        w = round(rnd.random(), 3)
        out_e[o].append((eid, i, lab, w))
        if in_e is not None:
            in_e[i].append((eid, o, lab, w))
        eid += 1
    L = lambda n: '{"@type":"g:Int64","@value":%d}' % n
    pid = eid
    with open(a.out, "w") as f:
        for v in range(nv):
            label = "person" if v % 4 else "software"
            props = '"name":[{"id":%s,"value":"v%d"}]' % (L(pid), v)
            pid += 1
            if label == "person":
                props += ',"age":[{"id":%s,"value":{"@type":"g:Int32","@value":%d}}]' % (L(pid), 18 + v % 60)
                pid += 1
            parts = ['"id":%s' % L(v), '"label":"%s"' % label]
            for key, lists, other in (("outE", out_e, "inV"), ("inE", in_e, "outV")):
                if lists is None or not lists[v]:
                    continue
                by = {}
                for (e, x, lab, w) in lists[v]:
                    by.setdefault(lab, []).append(
                        '{"id":%s,"%s":%s,"properties":{"weight":{"@type":"g:Double","@value":%r}}}' % (L(e), other, L(x), w))
                parts.append('"%s":{%s}' % (key, ",".join('"%s":[%s]' % (k, ",".join(es)) for k, es in by.items())))
            parts.append('"properties":{%s}' % props)
            f.write("{" + ",".join(parts) + "}\n")
    print(f"{a.out}: {nv} vertices, {a.edges} edges", file=sys.stderr)


if __name__ == "__main__":
    main()
