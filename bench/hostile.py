#!/usr/bin/env python3
"""Hand-made hostile inputs through every command that reads a run: semantically odd but well-formed files (a cycle,
a self-edge, an edge to a missing task, an empty graph, duplicate tasks, edges and records, end before start, a
core out of range, zero and huge times, a zero clock or core count, hostile names) and malformed ones (a top level
that is not an object, 100k-deep nesting, a BOM, NUL bytes, an empty file), each run through convert, deps (text
and HTML), check, critical-path, compare and diff. Checks the file-safety contract: exit 0, 1 or 2, no stack trace,
one Error line last on exit 2, no output left on exit 2. Prints one line per run and "bad N".
Usage: bench/hostile.py JAR   (work files under /tmp/hostile, or PTOTRACE_HOSTILE_DIR)
"""
import json, os, shutil, subprocess, copy, sys
JAR = sys.argv[1]
WORK = os.environ.get('PTOTRACE_HOSTILE_DIR', '/tmp/hostile')
os.makedirs(WORK, exist_ok=True)
base = WORK + '/base'; W = WORK + '/w'
if not os.path.exists(base):
    subprocess.run(['java','-jar',JAR,'synth','-n','120','--level','4','--seed','5','-o',base], check=True, stdout=subprocess.DEVNULL)
    subprocess.run(['java','-jar',JAR,'convert',base,'--format','both'], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
D=json.load(open(base+'/deps.json')); R=json.load(open(base+'/l2_swimlane_records.json')); N=json.load(open(base+'/name_map_synth.json'))
cases={}
def case(name, deps=None, recs=None, names=None, raw=None): cases[name]=(deps,recs,names,raw)
d=copy.deepcopy(D); d['edges'].append({'pred':'1','succ':'0'}); case('cycle', deps=d)
d=copy.deepcopy(D); d['edges'].append({'pred':'5','succ':'5'}); case('self_edge', deps=d)
d=copy.deepcopy(D); d['edges'].append({'pred':'99999','succ':'0'}); case('edge_to_missing', deps=d)
d=copy.deepcopy(D); d['tasks']=[]; d['edges']=[]; case('empty_graph', deps=d)
d=copy.deepcopy(D); d['tasks'].append(copy.deepcopy(d['tasks'][0])); case('dup_task', deps=d)
d=copy.deepcopy(D); d['edges']=d['edges']*3; case('dup_edges', deps=d)
r=copy.deepcopy(R); r['aicore_tasks'][0][3],r['aicore_tasks'][0][4]=r['aicore_tasks'][0][4],r['aicore_tasks'][0][3]; case('end_before_start', recs=r)
r=copy.deepcopy(R); r['aicore_tasks'].append(list(r['aicore_tasks'][0])); case('dup_record', recs=r)
r=copy.deepcopy(R); r['aicore_tasks']=[]; case('no_aicore', recs=r)
r=copy.deepcopy(R); r['aicore_tasks'][0][0]=10**6; case('core_out_of_range', recs=r)
r=copy.deepcopy(R); r['aicore_tasks'][0][3]=0; case('zero_time', recs=r)
r=copy.deepcopy(R); r['metadata']['clock_freq_hz']=0; case('zero_clock', recs=r)
r=copy.deepcopy(R); r['metadata']['num_cores']=0; case('zero_cores', recs=r)
r=copy.deepcopy(R); r['aicore_tasks'][0][3]=2**63-1; case('huge_time', recs=r)
n=copy.deepcopy(N); 
for k in list(n.get('callable_id_to_name',{}))[:3]: n['callable_id_to_name'][k]='\u202e\u0000evil"<script>'+'x'*5000
case('weird_names', names=n)
case('deps_not_object', raw=('deps.json', b'[1,2,3]'))
case('records_not_object', raw=('l2_swimlane_records.json', b'"hello"'))
case('deps_deep', raw=('deps.json', b'{"tasks": ' + b'['*100000 + b']'*100000 + b'}'))
case('deps_bom', raw=('deps.json', b'\xef\xbb\xbf'+open(base+'/deps.json','rb').read()))
case('records_empty_file', raw=('l2_swimlane_records.json', b''))
case('deps_nul_bytes', raw=('deps.json', b'\x00'*1000))
cmds=lambda w: [['convert',w,'-o',w+'/out.json','--format','both'],['deps',w,'-o',w+'/out.txt'],['deps',w,'--format','html','-o',w+'/out.html'],
    ['check',w,'--format','json','-o',w+'/out.check'],['critical-path',w],['compare',base,w,'--format','json','-o',w+'/out.cmp'],
    ['diff',base,w,'--format','html','-o',w+'/out.diff.html'],['diff',base,w]]
# convert goes on without arrows when deps.json is unusable (as the Python converter does), with a warning
BAD_DEPS={'deps_not_object','deps_deep','deps_nul_bytes'}
BAD_RECORDS={'records_not_object','records_empty_file','zero_clock','end_before_start','huge_time'}
bad=0
for name,(deps,recs,names,raw) in cases.items():
    for cmd in cmds(W):
        shutil.rmtree(W,ignore_errors=True); shutil.copytree(base,W)
        if deps is not None: json.dump(deps,open(W+'/deps.json','w'))
        if recs is not None: json.dump(recs,open(W+'/l2_swimlane_records.json','w'))
        if names is not None: json.dump(names,open(W+'/name_map_synth.json','w'))
        if raw: open(W+'/'+raw[0],'wb').write(raw[1])
        try: p=subprocess.run(['java','-jar',JAR]+cmd,capture_output=True,timeout=120)
        except subprocess.TimeoutExpired: print(name,cmd[0],'TIMEOUT'); bad+=1; continue
        err=p.stderr.decode('utf-8','replace'); lines=[l for l in err.splitlines() if l]
        prob=[]
        if p.returncode not in (0,1,2): prob.append(f'exit {p.returncode}')
        if '\tat ' in err or 'Exception' in err or 'internal error' in err.lower(): prob.append('trace')
        if p.returncode==2 and (not lines or not lines[-1].startswith('Error: ') or sum(l.startswith('Error: ') for l in lines)!=1): prob.append('not one Error line')
        # inputs a command needs and cannot read are its error, never a silent success
        if name in BAD_DEPS and cmd[0]!='convert' and p.returncode!=2: prob.append('unreadable deps.json not refused')
        if name in BAD_RECORDS and cmd[0] in ('convert','check','critical-path','compare') and p.returncode!=2:
            prob.append('unreadable records not refused')
        if p.returncode==2:
            left=[f for f in os.listdir(W) if f.startswith('out') or f.startswith('critical') or f.startswith('CPM')]
            if left and cmd[0]!='critical-path': prob.append(f'left {left}')
        tag='BAD ' if prob else ''
        if prob: bad+=1
        print(f'{tag}{name:20s} {cmd[0]:13s} {cmd[-1] if cmd[0]=="deps" else "":8s} exit {p.returncode} {prob} {lines[-1][:150] if lines else ""}')
print('bad', bad)
