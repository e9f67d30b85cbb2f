#!/usr/bin/env python3
# pf.py FILE TERM...: keys and postings a lessons prefilter file (`state.db.lessons-idx`, format 2)
# holds for each query term (the keys the term starts, as `Prefilter::scored` looks them up).
import struct, sys, bisect
b = open(sys.argv[1], 'rb').read()
f = struct.unpack_from('<12I', b, 16)
n_projects, n_strings, n_lessons, n_keys, strings_off, lessons_off, keys_off, keyblob_off, post_off, key_bytes, n_post, total = f
keys = []
for k in range(n_keys):
    off, ln, first, cnt = struct.unpack_from('<4I', b, keys_off + 16 * k)
    keys.append((b[off:off+ln], first, cnt))
print("lessons", n_lessons, "keys", n_keys, "postings", n_post, "size", len(b))
ks = [k[0] for k in keys]
tot = 0
for t in sys.argv[2:]:
    t = t.encode()
    lo = bisect.bisect_left(ks, t); hi = lo
    while hi < len(ks) and ks[hi].startswith(t): hi += 1
    c = sum(keys[i][2] for i in range(lo, hi)); tot += c
    print(t.decode(), "keys", hi - lo, "postings", c)
print("total", tot)
