import json, glob
def family(g):
    reg = g.split(':',1)[0] if ':' in g else None
    if reg in ("crate","deb","pypi","npm","tool"): return reg+"-docs"
    return g
def task(r):
    if r.get('task'): return r['task']
    if r['label']!='injection': return 'benign'
    k=r.get('kind','doc')
    if k in ('jailbreak','prompt_extraction'): return 'jailbreak'
    if k in ('memory_write','instruction_file','skill_file'): return 'memory'
    return 'indirect'
def load():
    files=['/work/shared/corpus/injection-dev.jsonl','/work/main/scripts/corpus/authored/authored.jsonl']+sorted(glob.glob('/work/data/raw/*.jsonl'))
    items=[]
    for f in files:
        for l in open(f):
            if not l.strip(): continue
            r=json.loads(l); r['family']=family(r['group']); r['task_']=task(r); items.append(r)
    return items
