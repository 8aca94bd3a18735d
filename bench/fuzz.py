#!/usr/bin/env python3
"""Fuzz campaign over the CLI (convert, inspect, diff, deps, check, critical-path, compare): mutates a generated run (records, deps.json, name map, a kernel_config.py, the
traces) and checks the file-safety contract on every run: exit 0/1/2 as the command allows, one Error line on
failure and no stack trace, inputs unchanged, nothing left behind.  Usage: bench/fuzz.py JAR RUNS [SEED] [RUN_DIR]
(work files under /tmp/fuzz). RUN_DIR: mutate a copy of this run folder (any capture era, e.g. a conformance sample
with its host log) instead of a generated one. Prints each violation and "N runs, M bad".
"""
import os, random, subprocess, shutil, hashlib, sys, json
JAR = sys.argv[1]; N = int(sys.argv[2]); seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
rnd = random.Random(seed)
WORK = os.environ.get('PTOTRACE_FUZZ_DIR', '/tmp/fuzz')
os.makedirs(WORK, exist_ok=True)
base = WORK + '/base'
given = sys.argv[4] if len(sys.argv) > 4 else None
if not os.path.exists(base):
    if given:
        os.makedirs(base)
        for f in os.listdir(given):
            if os.path.isfile(os.path.join(given, f)) and not f.startswith('golden_') and f != 'case.json':
                shutil.copy(os.path.join(given, f), base)
    else:
        subprocess.run(['java','-jar',JAR,'synth','-n','120','--level','4','--seed','5','-o',base], check=True, stdout=subprocess.DEVNULL)
    subprocess.run(['java','-jar',JAR,'convert',base,'--format','both'], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
RECORDS = next(f for f in ('l2_swimlane_records.json', 'chip_swimlane_records.json', 'l2_perf_records.json') if os.path.exists(base + '/' + f))
NAME_MAPS = sorted(f for f in os.listdir(base) if f.startswith('name_map'))
LOGS = sorted(f for f in os.listdir(base) if f.endswith('.log'))
KINDS = [RECORDS, 'deps.json'] + NAME_MAPS + LOGS + ['merged_swimlane.json', 'merged_swimlane.pftrace'] + ([] if given else ['kcfg'])
HOSTILE = [b'18446744073709551616', b'1e308', b'-1', b'NaN', b'"oops"', b'null', b'[[[[', b'"\\ud800"', b'{', b']', b'\x00', b'9'*3000, b'-0', b'0.5', b'true', b'4294967296', b'-9223372036854775809', b'""', b'[]', b'{}', b'[' * 5000, b'\xff\xfe', b'"\\u0000"']
def mutate(b):
    op = rnd.choice(['trunc','del','ins','num','flip','dup'])
    pos = rnd.randrange(len(b)+1)
    if op=='trunc': return b[:pos]
    if op=='del': return b[:pos]+b[pos+rnd.randint(1,300):]
    if op=='ins': return b[:pos]+rnd.choice(HOSTILE+[os.urandom(rnd.randint(1,8))])+b[pos:]
    if op=='flip':
        if pos>=len(b): return b
        return b[:pos]+bytes([b[pos]^(1<<rnd.randrange(8))])+b[pos+1:]
    if op=='dup':
        e=min(len(b),pos+rnd.randint(1,400)); return b[:e]+b[pos:e]+b[e:]
    i=pos
    while i<len(b) and not (48<=b[i]<=57): i+=1
    j=i
    while j<len(b) and (48<=b[j]<=57 or b[j] in b'.e-'): j+=1
    return b[:i]+rnd.choice(HOSTILE)+b[j:]
def snap(d):
    out={}
    for root,_,files in os.walk(d):
        for f in files:
            p=os.path.join(root,f)
            out[os.path.relpath(p,d)] = hashlib.sha256(open(p,'rb').read()).hexdigest() if os.path.isfile(p) else 'special'
    return out
bad=0
tally={}
for t in range(N):
    w=f'{WORK}/w{t%4}'; shutil.rmtree(w, ignore_errors=True); shutil.copytree(base, w)

    kind=rnd.choice(KINDS)
    if kind=='kcfg':
        src=b'KERNELS = [\n  {"func_id": 0, "name": "QK"},\n  {"func_id": 1, "name": \'SF\'},\n]\n'
        open(w+'/kernel_config.py','wb').write(mutate(mutate(src)))
        cmd=['convert',w+'/'+RECORDS,'-k',w+'/kernel_config.py','-o',w+'/out.json','--format','both']
        for m in NAME_MAPS: os.remove(w+'/'+m)
    else:
        p=w+'/'+kind; open(p,'wb').write(mutate(open(p,'rb').read()))
        r=rnd.random()
        if kind.startswith('merged'): cmd=['inspect',p]
        elif kind=='deps.json' and r<0.2: cmd=['diff',base,w,'--format',rnd.choice(['text','json','markdown'])]
        elif kind=='deps.json' and r<0.3: cmd=['diff',base,w,'--format','html','-o',w+'/out.html']
        elif kind=='deps.json' and r<0.45: cmd=['deps',w,'--format',rnd.choice(['text','html']),'-o',w+'/out.view']
        elif kind in ('deps.json',RECORDS) and r<0.6:
            cmd=['check',w,'--format',rnd.choice(['text','json','markdown']),'-o',w+'/out.check']
        elif (kind in ('deps.json',RECORDS) or kind in NAME_MAPS) and r<0.7: cmd=['critical-path',w]
        elif r<0.8: cmd=['compare',base,w,'--format',rnd.choice(['text','json','markdown','html']),'-o',w+'/out.cmp']
        else: cmd=['convert',w,'-o',w+'/out.json','--format','both']
    before={k:v for k,v in snap(w).items() if not k.startswith('out.')}
    r1=subprocess.run(['java','-jar',JAR]+cmd, capture_output=True)
    after=snap(w)
    err=r1.stderr.decode('utf-8','replace')
    lines=[l for l in err.splitlines() if l]
    problems=[]
    allowed={'convert':(0,2),'inspect':(0,1,2),'diff':(0,1,2),'deps':(0,2),'check':(0,1,2),'critical-path':(0,2),'compare':(0,1,2)}[cmd[0]]
    if r1.returncode not in allowed: problems.append(f'exit {r1.returncode}')
    if '\tat ' in err or 'Exception' in err or 'internal error' in err: problems.append('trace/internal')
    if r1.returncode==2:
        errs=[l for l in lines if l.startswith('Error: ')]
        if len(errs)!=1 or not lines[-1].startswith('Error: '): problems.append('not one Error line')
    if any(not (l.startswith('Warning: ') or l.startswith('Error: ')) for l in lines): problems.append('stray stderr')
    for k,v in before.items():
        if after.get(k)!=v: problems.append('input changed '+k)
    extra=set(after)-set(before)
    if r1.returncode in (0,1) and cmd[0]!='convert': extra=set() if cmd[0]=='critical-path' else extra-{k for k in extra if k.startswith('out.')}
    elif r1.returncode==0: extra-={'out.json','out.pftrace'}
    if extra: problems.append('left '+str(extra))
    tally[(cmd[0],r1.returncode)]=tally.get((cmd[0],r1.returncode),0)+1
    if problems:
        bad+=1; print(t, kind, cmd[0], problems, err[:300].replace('\n',' | '))
print('runs by command and exit status: '+', '.join(f'{c} {e}: {n}' for (c,e),n in sorted(tally.items())))
print(f'{N} runs, {bad} bad')
