"""The modern graph as a walk-count oracle, shared by the gremlinpython conformance tests."""

# TinkerPop's "modern" graph as an undirected multigraph (ids 1..6; edges 7..12): the oracle for
# repeat(both()).times(k), which yields one traverser per walk of length k from every vertex.
MODERN_EDGES = [(1, 2), (1, 4), (1, 3), (4, 5), (4, 3), (6, 3)]


def walks(k):
    adj = {v: [] for v in range(1, 7)}
    for a, b in MODERN_EDGES:
        adj[a].append(b)
        adj[b].append(a)
    counts = {v: 1 for v in adj}
    for _ in range(k):
        counts = {v: sum(counts[u] for u in adj[v]) for v in adj}
    return sum(counts.values())


assert walks(15) == 2824992 and walks(18) == 39750654  # the seed's documented counts
