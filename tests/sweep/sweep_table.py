"""What the sweep test's Python checks share: reading a sweep's table and
the statistics its summary promises, computed by hand (tests/sweep/run.sh)."""
import csv
import json
import math


def load(path):
    """The records of a JSON Lines or CSV table; CSV's params.NAME columns
    gathered into a "params" dict, as JSON Lines has them."""
    if path.endswith(".csv"):
        rows = []
        for r in csv.DictReader(open(path, newline="")):
            r["params"] = {k[7:]: v for k, v in r.items() if k.startswith("params.")}
            rows.append(r)
        return rows
    return [json.loads(line) for line in open(path)]


def wilson(s, n):
    """s successes of n: the fraction and Wilson's 95% interval."""
    z = 1.959963984540054
    p = s / n
    c = (p + z * z / (2 * n)) / (1 + z * z / n)
    h = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return p, max(0.0, c - h), min(1.0, c + h)


def rank(v, q):
    """The nearest-rank q-quantile of v."""
    v = sorted(v)
    return v[max(1, math.ceil(q * len(v) - 1e-9)) - 1]
