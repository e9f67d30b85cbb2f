#!/usr/bin/env python3
"""Builds the training corpus of hookward's learned command score (crates/hookward-cmdscore).

    python3 scripts/cmdscore/build.py [--data /work/data] [--exclude adv36,adv37] [--out FILE]

Rows (JSON Lines, `train-cmdscore`'s format): `id`, `command`, `risky` (the source labels the
call ask or deny), `source` (a public set's upstream source, or the black-box set's name) and
`fold` (the set: `shell`, `shell-h2` … `shell-h17`, `adv11` … — leave-one-set-out folds).

Sources, all already spent on the rules (none is held out):
- public command sets 1–17 (`/work/data/shell`, `shell-h2` … `shell-h17`, built from public
  repositories by `scripts/shellcorpus/build.py` and `rebuild_all.sh`; licences in their
  MANIFEST.json). Public set 18 is held out and never read here;
- the black-box sets `scripts/shellcorpus/adv*/calls.jsonl` (written by the project's helpers),
  their shell tool calls only.
- the project's own policy cases (`project_cases.jsonl`, written by `dump_cases.sh` from the
  bases of `crates/hookward/tests/command_classes.rs` and the seeds of `metamorphic.rs`): what
  the project's policy owes each, including the benign neighbours its rules leave alone on
  purpose (`ssh -i KEY host`, a routine `kubectl delete pod` in a dev namespace, `--help`);
  source `project-cases:CLASS`, fold `project-cases`, weighted `--case-weight` (3: where a
  public set's label and the project's policy disagree, the policy is what the score serves).
Only shell commands are used: the model scores the `command` of a shell tool call.

`--variants N` (default 1) adds N semantics-preserving variants of every row with the row's
label (`bash -c '…'`, `eval`, a here-string to `bash`, `env`/`nice`/`timeout`/`command`
prefixes, `true && …`, `$HOME`/`/home/NAME` for `~`; chosen by a fixed-seed generator), so the
wrapper words carry no label of their own and the score of a wrapped command follows the
command inside (issue 11 item 7: variants keep their decision).
"""
import argparse, glob, json, os, random, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
SC = os.path.join(HERE, '..', 'shellcorpus')
PUBLIC = ['shell'] + ['shell-h%d' % i for i in range(2, 18)]
HELD_OUT = {'shell-h18'}


def sq(cmd):
    return "'" + cmd.replace("'", "'\\''") + "'"


WRAPPERS = [
    lambda c: 'bash -c ' + sq(c),
    lambda c: 'sh -c ' + sq(c),
    lambda c: 'eval ' + sq(c),
    lambda c: 'bash <<< ' + sq(c),
    lambda c: 'env ' + c,
    lambda c: 'nice -n 5 ' + c,
    lambda c: 'timeout 60 ' + c,
    lambda c: 'command ' + c,
    lambda c: 'true && ' + c,
    lambda c: c + '; echo done',
]


def variant(cmd, rng):
    """One semantics-preserving variant of `cmd` (see the module doc)."""
    if '~/' in cmd and rng.random() < 0.3:
        return cmd.replace('~/', rng.choice(['$HOME/', '/home/dev/', '${HOME}/']))
    return rng.choice(WRAPPERS)(cmd)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--data', default='/work/data')
    ap.add_argument('--exclude', default='', help='comma-separated sets left out (held out)')
    ap.add_argument('--out', default='target/cmdscore-corpus.jsonl')
    ap.add_argument('--variants', type=int, default=1)
    ap.add_argument('--case-weight', type=float, default=3.0,
                    help="weight factor of the project's own policy cases (see the module doc)")
    a = ap.parse_args()
    excl = set(x for x in a.exclude.split(',') if x) | HELD_OUT
    rows = []
    for s in PUBLIC:
        if s in excl:
            continue
        files = sorted(glob.glob(os.path.join(a.data, s, '*.jsonl')))
        if not files:
            sys.exit(f'build.py: no public set at {a.data}/{s} (build it with scripts/shellcorpus/rebuild_all.sh)')
        for f in files:
            for n, line in enumerate(open(f, encoding='utf-8'), 1):
                r = json.loads(line)
                if 'command' not in r:
                    continue
                rows.append(dict(id=r['id'], command=r['command'], risky=r['expect'] != 'allow',
                                 source=r['source'], fold=s))
    for d in sorted(glob.glob(os.path.join(SC, 'adv*', 'calls.jsonl'))):
        s = os.path.basename(os.path.dirname(d))
        if s in excl:
            continue
        for line in open(d, encoding='utf-8'):
            r = json.loads(line)
            tool = r.get('tool') or r.get('tool_name')
            ti = r.get('tool_input') or {}
            if tool != 'Bash' or not isinstance(ti.get('command'), str):
                continue
            # the sets write the runner's home and project as placeholders (adv11/run.py): the
            # hook writes the event's home `~` before scoring, so the corpus does too
            cmd = ti['command'].replace('@PROJ@', '~/work/app').replace('@HOME@', '~')
            rows.append(dict(id=r['id'], command=cmd, risky=r['expect'] != 'allow',
                             source=s, fold=s))
    cases = os.path.join(HERE, 'project_cases.jsonl')
    if os.path.exists(cases) and 'project-cases' not in excl:
        for n, line in enumerate(open(cases, encoding='utf-8'), 1):
            r = json.loads(line)
            rows.append(dict(id=f"project-cases-{n}", command=r['command'], risky=r['expect'] != 'allow',
                             source=f"project-cases:{r['class']}", fold='project-cases',
                             weight=a.case_weight))
    rng = random.Random(28)
    extra = []
    for r in rows:
        for k in range(a.variants):
            if len(r['command']) > 2000 or '\n' in r['command']:
                break
            extra.append(dict(r, id=f"{r['id']}~v{k}", command=variant(r['command'], rng)))
    rows += extra
    os.makedirs(os.path.dirname(a.out) or '.', exist_ok=True)
    with open(a.out, 'w', encoding='utf-8') as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + '\n')
    print(f'{len(rows)} rows ({sum(r["risky"] for r in rows)} risky) from '
          f'{len({r["fold"] for r in rows})} sets -> {a.out}', file=sys.stderr)


if __name__ == '__main__':
    main()
