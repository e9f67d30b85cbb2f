# Inference cost of the whole 12-layer encoder (fp32, torch) per window of 64 tokens, batch 1
# and batch 32, on 1 and 2 threads; median of repeated runs, process CPU time (the machine is shared).  Usage: bench.py MODEL.bin
import sys, time, statistics, torch
from e5load import load
model, enc, meta = load(sys.argv[1]); model.eval()
model.config._attn_implementation = 'eager'
x1 = torch.randint(5, 50000, (1, 64)); x32 = torch.randint(5, 50000, (32, 64))
for th in (1, 2):
    torch.set_num_threads(th)
    with torch.no_grad():
        for name, x, reps in (('batch 1', x1, 30), ('batch 32', x32, 5)):
            model(input_ids=x)
            ts = []
            for _ in range(reps):
                t = time.process_time(); model(input_ids=x); ts.append(time.process_time() - t)
            print(f'threads {th} {name}: {statistics.median(ts) / x.shape[0] * 1000:.1f} ms CPU per 64-token window')
