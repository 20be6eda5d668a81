#!/usr/bin/env python3
"""Writes cache-trace-example.csv.gz: a small cache trace in Twitter's cache-trace format
(timestamp, anonymized key, key size, value size, client id, operation, TTL), made up here for the
replay examples: 20 seconds, 300 operations a second with a burst to 900 from the 8th to the 11th
second, keys drawn from 2,000 with a Zipf-like skew, 80% get, 18% set, 2% delete, value sizes
between 40 bytes and 4 KB, skewed small. The same file every time (fixed seed).
    python3 traces/make-cache-trace.py
"""
import bisect
import gzip
import os
import random

rng = random.Random(20261127)
KEYS = 2000
weights = [1.0 / (k + 1) ** 0.9 for k in range(KEYS)]
cumulative = []
total = 0.0
for w in weights:
    total += w
    cumulative.append(total)


def key():
    return bisect.bisect_left(cumulative, rng.random() * total)


def value_size(k):
    # each key keeps a size of its own (a cache's objects), between 40 bytes and 4 KB
    return int(40 * (100 ** random.Random(k).random()))


out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cache-trace-example.csv.gz")
start = 1700000000
with gzip.open(out, "wt", encoding="ascii", newline="\n") as f:
    for second in range(20):
        rate = 900 if 8 <= second < 11 else 300
        for _ in range(rate):
            k = key()
            r = rng.random()
            name = "k%06x" % (k * 2654435761 % (1 << 24))
            if r < 0.80:
                f.write("%d,%s,%d,0,%d,get,0\n" % (start + second, name, len(name), 1 + k % 8))
            elif r < 0.98:
                f.write("%d,%s,%d,%d,%d,set,3600\n" % (start + second, name, len(name), value_size(k), 1 + k % 8))
            else:
                f.write("%d,%s,%d,0,%d,delete,0\n" % (start + second, name, len(name), 1 + k % 8))
