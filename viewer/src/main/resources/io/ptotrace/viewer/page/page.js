// The graph page: inflates the embedded graph and draws it on stacked canvases. The overview is a density raster
// built once in time slices; the detail is drawn into a hidden canvas a slice per animation frame and shown when
// complete; the selection, statuses and marks are drawn on top each frame. No step blocks the page for long, at any
// size. Every array is indexed by node or edge number.
(function () {
  'use strict';
  var G = window.ptotraceGraph = { ready: false, longTasks: [] };
  try {
    new PerformanceObserver(function (list) {
      list.getEntries().forEach(function (e) { G.longTasks.push({ start: e.startTime, ms: e.duration }); });
    }).observe({ type: 'longtask', buffered: true });
  } catch (err) { /* no long-task timing in this browser */ }

  // Okabe-Ito colours: told apart with every common colour-vision deficiency, and each also has a shape or pattern
  var FILL = ['#8FCBF0', '#F2C25A', '#5CC3A4', '#E6E6E6', '#C9C9C9'];        // AIC, AIV, MIX, ALLOC, PLAIN
  var DENSE = [[40, 140, 210], [225, 150, 0], [0, 150, 110], [130, 130, 130], [130, 130, 130]];
  var STYLE_NAMES = ['AIC (cube)', 'AIV (vector)', 'mix (cube + vector)', 'alloc', 'dummy / other'];
  var IN_COLOR = '#0072B2', OUT_COLOR = '#D08C00', SEL_COLOR = '#111111', SPMD_COLOR = '#444444';
  var STATUS_COLORS = [null, '#009E73', '#D55E00', '#CC79A7'];             // none, added, removed, changed
  var STATUS_NAMES = ['', 'added', 'removed', 'changed'];
  var MARK_COLORS = ['#000000', '#56B4E9', '#F0E442', '#009E73', '#E69F00', '#0072B2', '#D55E00', '#CC79A7'];
  var FIRE = 1, STAR = 2, HIDDEN = 1, DASHED = 2;
  var ANC = 1, DESC = 2, PRED = 4, SUCC = 8, SEL = 16;
  var ROW_INPUT = 1, ROW_OUTPUT = 2, ROW_CHANGE = 3;
  var FULL_EDGE_SCAN = 400000;      // up to this many edges every edge is tested against the view
  var EDGE_BUDGET = 150000;         // edges drawn per detail picture at most (every k-th above)
  var OVERLAY_BUDGET = 1500;        // status marks and neighbour outlines drawn per frame at most
  var MARK_RING_PX = 6;              // node width on screen from which a mark is an outline (below: a dot)
  var OVERLAY_EDGES = 1500;         // path edges drawn per frame at most while the detail picture lacks them
  var DETAIL_PX = 4;                // below this node width (px) only the density overview is drawn
  var SHAPE_PX = 14, LABEL_PX = 70, ARROW_PX = 30;
  var SLICE_MS = 12;                // time slice of the overview build, between yields
  var REST_MS = 110;                // the detail is redrawn once the view has rested this long

  var $ = function (id) { return document.getElementById(id); };
  var stage = $('stage'), octx = stage.getContext('2d');
  var base = $('base'), bctx = base.getContext('2d');
  // the detail is drawn off screen and handed to the visible canvas whole (no copy, nothing shown half drawn)
  var detail = $('detail'), dctxShow = detail.getContext('bitmaprenderer'), offscreen = null;
  var panel = $('panel'), panelBody = $('panel-body'), legend = $('legend'), help = $('help');
  var search = $('search'), searchStatus = $('search-status'), minimap = $('minimap'), mctx = minimap.getContext('2d');

  var prepared = false, N, E, S, from, to, eflags, px, py, hw = 75, hh = 14, outStart, outEdge, inStart, inEdge;
  var cellSize, gx, gy, gridX0, gridY0, cellStart, cellNode, minX, minY, maxX, maxY;
  var bands = 1, ranksPerBand = 1, bandPitch = 0, bandCross = 0, maxRank = 0, bandStart = new Float64Array(2);
  var idKey, idOrder, statusNodes, statusEdges, labelEdges, markNodes, focusNodes = [];
  var labels, mark = null, ballEdges = null, selected = -1, visibleEdges = 0, hops = 2, ballDone = true;
  var scale = 1, tx = 0, ty = 0, cw = 0, ch = 0, dpr = 1, frameQueued = false, frames = 0, lastChange = 0;
  var density = null, front = null, job = null, restTimer = 0, header, dirty = true;

  // ---- data

  function base64(text) {
    var map = new Uint8Array(128);
    var abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    for (var i = 0; i < 64; i++) map[abc.charCodeAt(i)] = i;
    var len = text.length;
    while (len > 0 && (text.charCodeAt(len - 1) === 61 || text.charCodeAt(len - 1) <= 32)) len--;
    var start = 0;
    while (start < len && text.charCodeAt(start) <= 32) start++;
    var n = len - start, out = new Uint8Array((n * 3) >> 2), o = 0, k = start;
    for (; k + 4 <= len; k += 4) {
      var v = (map[text.charCodeAt(k)] << 18) | (map[text.charCodeAt(k + 1)] << 12) | (map[text.charCodeAt(k + 2)] << 6) | map[text.charCodeAt(k + 3)];
      out[o++] = v >> 16; out[o++] = (v >> 8) & 255; out[o++] = v & 255;
    }
    var rest = len - k;
    if (rest >= 2) {
      var w = (map[text.charCodeAt(k)] << 18) | (map[text.charCodeAt(k + 1)] << 12) | (rest > 2 ? map[text.charCodeAt(k + 2)] << 6 : 0);
      out[o++] = w >> 16;
      if (rest > 2) out[o++] = (w >> 8) & 255;
    }
    return out.subarray(0, o);
  }

  /** The block as bytes: the browser decodes a data: URL off the page's thread; the script decoder is the fallback. */
  function packed() {
    var text = $('graph-data').textContent.trim();
    G.loadAt.text = performance.now();
    return fetch('data:application/octet-stream;base64,' + text).then(function (r) { return r.blob(); })
      .catch(function () { return new Blob([base64(text)]); });
  }

  /**
   * Inflates the block a megabyte at a time with a yield between (the browser's decompressor works on the page's
   * thread: the whole block at once would hold it for seconds at a million tasks).
   */
  function inflate(blob) {
    var ds = new DecompressionStream('deflate'), writer = ds.writable.getWriter(), reader = ds.readable.getReader();
    // the writer gives the inflated size: each piece goes straight to its place in one buffer
    var size = +$('graph-data').dataset.size || 0, out = size > 0 ? new Uint8Array(size) : null, chunks = [], total = 0, at = 0, STEP = 1 << 20;
    var drained = (function pump() {
      return reader.read().then(function (r) {
        if (r.done) return null;
        if (out && total + r.value.length <= out.length) out.set(r.value, total); else { out = null; chunks.push(r.value); }
        total += r.value.length;
        return pump();
      });
    })();
    function feed() {
      if (at >= blob.size) return writer.close();
      var part = blob.slice(at, at + STEP);
      at += STEP;
      return part.arrayBuffer().then(function (b) { return writer.write(new Uint8Array(b)); })
        .then(function () { return new Promise(function (r) { setTimeout(r, 0); }); }).then(feed);
    }
    return Promise.all([feed(), drained]).then(function () {
      if (out && total === out.length) return out.buffer;
      // no size, or not this one: gather the pieces (a page written by another build)
      throw new Error('the graph block is not the size the page says');
    });
  }

  /**
   * The block decoded and inflated by a worker, off the page's thread: the page only copies the text to it and takes
   * back the bytes. Where no worker can be made (a browser that refuses one from a file page), the page does it
   * itself, in slices.
   */
  function inWorker() {
    var text = $('graph-data').textContent, size = +$('graph-data').dataset.size || 0;
    var source = '(' + workerMain.toString() + ')()';
    return new Promise(function (resolve, reject) {
      var w;
      try { w = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' }))); } catch (err) { reject(err); return; }
      w.onmessage = function (ev) { w.terminate(); if (ev.data && ev.data.buffer) resolve(ev.data.buffer); else reject(new Error(ev.data && ev.data.error)); };
      w.onerror = function (ev) { w.terminate(); ev.preventDefault(); reject(new Error('worker: ' + ev.message)); };
      w.postMessage({ text: text, size: size });
    });
  }

  /** The worker's code (it runs in its own global scope: nothing of the page is visible to it). */
  function workerMain() {
    self.onmessage = function (ev) {
      var text = ev.data.text, size = ev.data.size;
      try {
        var bin = atob(text.replace(/\s+/g, '')), n = bin.length, packed = new Uint8Array(n);
        for (var i = 0; i < n; i++) packed[i] = bin.charCodeAt(i);
        bin = null;
        new Response(new Blob([packed]).stream().pipeThrough(new DecompressionStream('deflate'))).arrayBuffer().then(function (buf) {
          if (size && buf.byteLength !== size) throw new Error('the graph block is not the size the page says');
          self.postMessage({ buffer: buf }, [buf]);
        }).catch(function (err) { self.postMessage({ error: String(err) }); });
      } catch (err) {
        self.postMessage({ error: String(err) });
      }
    };
  }

  function load() {
    G.loadAt = { script: performance.now() };
    return inWorker().then(function (buf) { G.loadAt.worker = performance.now(); return buf; }, function (err) {
      G.loadAt.noWorker = String(err);
      return packed().then(function (blob) { G.loadAt.decoded = performance.now(); return inflate(blob); });
    }).then(function (buf) {
      G.loadAt.inflated = performance.now();
      return buf;
    }).then(parse);
  }

  /** The block's header and typed arrays (views of the one buffer). */
  function parse(buf) {
    var bytes = new Uint8Array(buf), headLen = new DataView(buf).getUint32(0, true);
    var h = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + headLen)));
    var off0 = 4 + headLen, s = {};
    h.sections.forEach(function (d) {
      var off = off0 + d[2];
      s[d[0]] = d[1] === 'u8' ? new Uint8Array(buf, off, d[3]) : d[1] === 'i32' ? new Int32Array(buf, off, d[3]) : new Float32Array(buf, off, d[3]);
    });
    return { header: h, s: s };
  }

  /** A step that calls {@code body(i)} for i in [0, n), a slice at a time (false until done). */
  function sliced(n, body) {
    var i = 0;
    return function () {
      var deadline = performance.now() + SLICE_MS;
      while (i < n) {
        for (var end = Math.min(n, i + 65536); i < end; i++) body(i);
        if (performance.now() > deadline) return i >= n;
      }
      return true;
    };
  }

  /** Indexes the graph in steps with a yield between them, so that even a 1M-task page keeps its tab responsive. */
  function prepare(data) {
    var h = header = data.header, e, v, fo, fi;
    S = data.s; N = h.nodes; E = h.edges;
    from = S.from; to = S.to; eflags = S.eflags;
    var strings = indexStrings();
    var steps = [
      function () { return strings(); },
      function () { outStart = new Int32Array(N + 1); inStart = new Int32Array(N + 1); },
      sliced(E, function (e) { if (!(eflags[e] & HIDDEN)) visibleEdges++; outStart[from[e] + 1]++; inStart[to[e] + 1]++; }),
      function () {
        for (v = 0; v < N; v++) { outStart[v + 1] += outStart[v]; inStart[v + 1] += inStart[v]; }
        outEdge = new Int32Array(E); inEdge = new Int32Array(E);
        fo = outStart.slice(0, N); fi = inStart.slice(0, N);
      },
      sliced(E, function (e) { outEdge[fo[from[e]]++] = e; inEdge[fi[to[e]]++] = e; }),
      function () { place(h.direction); },
      function () { buildGrid(); },
      function () { buildIdIndex(); }].concat(nameIndexSteps(), [
      function () {
        var sn = [], se = [], le = [], mn = [];
        for (v = 0; v < N; v++) { if (S.status[v]) sn.push(v); if (S.marks && S.marks[v]) mn.push(v); }
        for (e = 0; e < E; e++) { if (S.estatus[e]) se.push(e); if (S.elabel[e] >= 0 && !(eflags[e] & HIDDEN)) le.push(e); }
        statusNodes = Int32Array.from(sn); statusEdges = Int32Array.from(se); labelEdges = Int32Array.from(le); markNodes = Int32Array.from(mn);
      }]);
    return new Promise(function (done) {
      (function next() {
        // a step that is not finished returns false and runs again after the yield
        if (steps.length && steps[0]() !== false) steps.shift();
        if (steps.length) { setTimeout(next, 0); return; }
        labels = new Map();
        G.tasks = N; G.edges = visibleEdges; G.layoutEdges = E; G.summary = h.summary; G.subject = h.subject;
        G.bands = bands; G.ranks = maxRank + 1;
        if (h.diff) G.diff = h.diff;
        $('hud-counts').textContent = N + ' tasks · ' + visibleEdges + ' edges' + (bands > 1 ? ' · ' + bands + ' bands of ' + ranksPerBand + ' ranks' : '');
        stage.setAttribute('aria-label', 'task graph of ' + N + ' tasks and ' + visibleEdges + ' edges; search a task id or function name with the search box');
        prepared = true;
        done();
      })();
    });
  }

  /**
   * Ranks and places → world coordinates for the direction edges point in. A long graph is wrapped into bands of
   * consecutive ranks, stacked across, so that the whole graph has about the window's shape.
   */
  function place(direction) {
    var rank = S.rank, x = S.x, maxPlace = 0, v;
    for (v = 0; v < N; v++) { if (rank[v] > maxRank) maxRank = rank[v]; if (x[v] > maxPlace) maxPlace = x[v]; }
    var horizontal = direction === 'LR' || direction === 'RL', reverse = direction === 'RL' || direction === 'BT';
    var rankGap = horizontal ? 220 : 84, placeGap = horizontal ? 44 : 170;
    hw = 75; hh = 14;
    // each band is as deep as its widest rank, so a few wide ranks do not spread every band
    var ranks = maxRank + 1, rankWidth = new Float32Array(ranks);
    for (v = 0; v < N; v++) if (x[v] + 1 > rankWidth[rank[v]]) rankWidth[rank[v]] = x[v] + 1;
    var gap = 3 * placeGap;
    var want = Math.max(0.3, horizontal ? (cw || 1440) / (ch || 900) : (ch || 900) / (cw || 1440));
    function depths(b) {
      var l = Math.ceil(ranks / b), d = new Float64Array(b);
      for (var r = 0; r < ranks; r++) { var k = Math.floor(r / l); if (rankWidth[r] > d[k]) d[k] = rankWidth[r]; }
      return d;
    }
    var best = 1, bestErr = Infinity;
    for (var b = 1; b <= Math.min(400, Math.max(1, Math.floor(ranks / 8))); b++) {
      var d = depths(b), cross = (b - 1) * gap;
      for (var k = 0; k < b; k++) cross += d[k] * placeGap;
      var aspect = (Math.ceil(ranks / b) * rankGap) / cross, err = Math.abs(Math.log(aspect / want));
      if (err < bestErr) { bestErr = err; best = b; }
      if (aspect < want) break;
    }
    bands = best; ranksPerBand = Math.ceil(ranks / bands);
    var depth = depths(bands);
    bandStart = new Float64Array(bands + 1);
    for (k = 0; k < bands; k++) bandStart[k + 1] = bandStart[k] + depth[k] * placeGap + gap;
    bandCross = (maxPlace + 1) * placeGap; bandPitch = bands > 1 ? bandStart[bands] / bands : bandCross;
    px = new Float32Array(N); py = new Float32Array(N);
    for (v = 0; v < N; v++) {
      var band = Math.floor(rank[v] / ranksPerBand), within = rank[v] - band * ranksPerBand;
      var main = (reverse ? ranksPerBand - 1 - within : within) * rankGap, cross2 = bandStart[band] + x[v] * placeGap;
      if (horizontal) { px[v] = main; py[v] = cross2; } else { px[v] = cross2; py[v] = main; }
    }
    G.horizontal = horizontal; G.reverse = reverse; G.rankGap = rankGap;
    minX = Infinity; minY = Infinity; maxX = -Infinity; maxY = -Infinity;
    for (v = 0; v < N; v++) {
      if (px[v] < minX) minX = px[v]; if (px[v] > maxX) maxX = px[v];
      if (py[v] < minY) minY = py[v]; if (py[v] > maxY) maxY = py[v];
    }
    if (N === 0) { minX = minY = 0; maxX = maxY = 1; }
    minX -= hw + 8; maxX += hw + 30; minY -= hh + 8; maxY += hh + 8;
  }

  /** The world rectangle of band b. */
  function bandRect(b) {
    var c0 = bandStart[b] - 22, c1 = bandStart[b + 1] - 3 * (G.horizontal ? 44 : 170) + 22;
    return G.horizontal ? [minX, c0, maxX, c1] : [c0, minY, c1, maxY];
  }

  /** Nodes bucketed by square cells (counting sort), for culling and hit-testing. */
  function buildGrid() {
    cellSize = 1024;
    while (((maxX - minX) / cellSize + 1) * ((maxY - minY) / cellSize + 1) > 4e6) cellSize *= 2;
    gridX0 = minX; gridY0 = minY;
    gx = Math.max(1, Math.ceil((maxX - minX) / cellSize)); gy = Math.max(1, Math.ceil((maxY - minY) / cellSize));
    cellStart = new Int32Array(gx * gy + 1); cellNode = new Int32Array(N);
    var cell = new Int32Array(N), v;
    for (v = 0; v < N; v++) { cell[v] = cellOf(px[v], py[v]); cellStart[cell[v] + 1]++; }
    for (var c = 0; c < gx * gy; c++) cellStart[c + 1] += cellStart[c];
    var fill = cellStart.slice(0, gx * gy);
    for (v = 0; v < N; v++) cellNode[fill[cell[v]]++] = v;
  }

  function cellOf(x, y) {
    var cx = Math.min(gx - 1, Math.max(0, Math.floor((x - gridX0) / cellSize)));
    var cy = Math.min(gy - 1, Math.max(0, Math.floor((y - gridY0) / cellSize)));
    return cy * gx + cx;
  }

  // ---- ids: every form a task is written in finds it (the id as deps.json writes it, t5 / r1t5 / g7t3 / p4, 5 / (1, 5))

  function buildIdIndex() {
    idKey = new Float64Array(N);
    var sorted = true, v;
    for (v = 0; v < N; v++) {
      idKey[v] = (S.idHigh[v] >>> 0) * 4294967296 + (S.idLow[v] >>> 0);
      if (v > 0 && idKey[v] < idKey[v - 1]) sorted = false;
    }
    idOrder = new Int32Array(N);
    for (v = 0; v < N; v++) idOrder[v] = v;
    if (!sorted) idOrder = Int32Array.from(Array.from(idOrder).sort(function (a, b) { return idKey[a] - idKey[b] || a - b; }));
  }

  /** [high, low] of the id a text stands for, or null. */
  function parseId(q) {
    var m;
    q = q.trim();
    if ((m = /^\(\s*(\d{1,3})\s*,\s*(\d{1,10})\s*\)$/.exec(q))) return [+m[1], +m[2]];
    if ((m = /^(?:r(\d{1,3}))?t(\d{1,10})$/i.exec(q))) return [m[1] ? +m[1] : 0, +m[2]];
    // host_build_graph's sub-task g<parent>t<local> (id space 1, parent in 20 bits) and parameter p<local> (space 2)
    if ((m = /^g(\d{1,7})t(\d{1,10})$/i.exec(q)) && +m[1] <= 1048575) return [1073741824 + +m[1], +m[2]];
    if ((m = /^p(\d{1,10})$/i.exec(q))) return [2147483648, +m[1]];
    if (/^\d{1,20}$/.test(q)) {
      var b = BigInt(q);
      if (b >= 18446744073709551616n) return null;
      return [Number(b >> 32n), Number(b & 0xFFFFFFFFn)];
    }
    return null;
  }

  /** The nodes whose id is the one written (several on a diff page that reuses an id: NEW first), else by key. */
  function nodesOf(q) {
    q = String(q).trim();
    var out = [], old = /^OLD\s+/i.test(q), id = parseId(old ? q.replace(/^OLD\s+/i, '') : q);
    if (id && id[1] <= 4294967295) {
      var k = id[0] * 4294967296 + id[1], lo = 0, hi = N;
      while (lo < hi) { var mid = (lo + hi) >> 1; if (idKey[idOrder[mid]] < k) lo = mid + 1; else hi = mid; }
      for (var i = lo; i < N && idKey[idOrder[i]] === k; i++) {
        var v = idOrder[i];
        if ((S.idHigh[v] >>> 0) === id[0] && (S.idLow[v] >>> 0) === id[1]) out.push(v);
      }
      out.sort(function (a, b) { return a - b; });
      if (old) out = out.filter(function (v) { return key(v).indexOf('OLD ') === 0; });
    }
    if (!out.length && old) for (var w = 0; w < N; w++) if (key(w) === q) out.push(w);
    return out;
  }

  function nodeOf(q) { var l = nodesOf(q); return l.length ? l[0] : -1; }

  // The strings stay one UTF-8 block with an index of starts, decoded when shown (and the last ones kept): millions
  // of JS strings would make every full garbage collection of the page long.
  var strStart, strCount = 0, strCache = new Map(), decoder = new TextDecoder();
  /** Returns a step that indexes the strings a slice at a time (false until done). */
  function indexStrings() {
    var b = S.strings, n = 0, at = 0, k, starts = new Int32Array(1024);
    return function () {
      var deadline = performance.now() + SLICE_MS;
      while ((k = b.indexOf(0, at)) >= 0) {
        if (n + 1 >= starts.length) { var bigger = new Int32Array(starts.length * 2); bigger.set(starts); starts = bigger; }
        starts[n++] = at; at = k + 1;
        if ((n & 8191) === 0 && performance.now() > deadline) return false;
      }
      starts[n] = at;
      strStart = starts; strCount = n;
      return true;
    };
  }
  function strAt(c) {
    var t = strCache.get(c);
    if (t === undefined) {
      t = decoder.decode(S.strings.subarray(strStart[c], strStart[c + 1] - 1));
      if (strCache.size >= 100000) strCache.clear();
      strCache.set(c, t);
    }
    return t;
  }

  function text(code) { return code < 0 ? null : strAt(code); }
  function fanIn(v) { return inStart[v + 1] - inStart[v]; }
  function fanOut(v) { return outStart[v + 1] - outStart[v]; }
  function key(v) { return strAt(S.key[v]); }
  function hint(v) { return strAt(S.hint[v]); }

  function label(v) {
    var l = labels.get(v);
    if (l === undefined) {
      var name = text(S.name[v]);
      l = key(v) + (name ? ' · ' + name : '') + ' ↓' + fanIn(v) + ' ↑' + fanOut(v);
      if (labels.size >= 50000) labels.clear();
      labels.set(v, l);
    }
    return l;
  }

  // ---- view

  function nodePx() { return hw * 2 * scale; }
  function minScale() { return Math.min(0.02, fitScale() * 0.5); }
  function clampScale(s) { return Math.max(minScale(), Math.min(20, s)); }

  function covered() {
    var out = [];
    ['hud', 'legend', 'panel', 'minimap-box', 'help', 'loading'].forEach(function (id) {
      var d = $(id);
      if (!d || d.hidden) return;
      var r = d.getBoundingClientRect();
      if (r.width > 0 && r.height > 0) out.push({ id: id, x: r.left, y: r.top, width: r.width, height: r.height });
    });
    return out;
  }

  /** The largest part of the window clear of the page's boxes (each box cut away from the side that keeps most). */
  function freeRect() {
    var f = { x0: 0, y0: 0, x1: cw, y1: ch };
    covered().forEach(function (r) {
      if (r.id === 'help' || r.id === 'loading') return;
      var bx0 = r.x - 4, by0 = r.y - 4, bx1 = r.x + r.width + 4, by1 = r.y + r.height + 4;
      if (bx1 <= f.x0 || bx0 >= f.x1 || by1 <= f.y0 || by0 >= f.y1) return;
      var c = [{ x0: Math.max(f.x0, bx1), y0: f.y0, x1: f.x1, y1: f.y1 }, { x0: f.x0, y0: f.y0, x1: Math.min(f.x1, bx0), y1: f.y1 },
        { x0: f.x0, y0: Math.max(f.y0, by1), x1: f.x1, y1: f.y1 }, { x0: f.x0, y0: f.y0, x1: f.x1, y1: Math.min(f.y1, by0) }];
      var best = null, area = -1;
      c.forEach(function (q) { var a = Math.max(0, q.x1 - q.x0) * Math.max(0, q.y1 - q.y0); if (a > area) { area = a; best = q; } });
      f = best;
    });
    return f;
  }

  function fitScale() {
    var f = freeRect();
    return Math.min(2, (f.x1 - f.x0) * 0.96 / (maxX - minX), (f.y1 - f.y0) * 0.96 / (maxY - minY));
  }

  /** Shows world rectangle [x0, y0, x1, y1] in the free part of the window, at a scale of at most {@code maxS}. */
  function frameWorld(x0, y0, x1, y1, maxS) {
    var f = freeRect(), fw = f.x1 - f.x0, fh = f.y1 - f.y0;
    scale = Math.max(minScale(), Math.min(maxS, fw * 0.9 / Math.max(1, x1 - x0), fh * 0.9 / Math.max(1, y1 - y0)));
    tx = (f.x0 + f.x1) / 2 - (x0 + x1) / 2 * scale; ty = (f.y0 + f.y1) / 2 - (y0 + y1) / 2 * scale;
    changed();
  }

  function fit() { frameWorld(minX, minY, maxX, maxY, 2); }

  /** Scale 1 with the graph's first ranks at the top-left corner of the free part of the window. */
  function reset() {
    var f = freeRect();
    scale = 1; tx = f.x0 + 12 - minX; ty = f.y0 + 12 - minY;
    changed();
  }

  function zoomAt(factor, sx, sy) {
    var s = clampScale(scale * factor);
    tx = sx - (sx - tx) * s / scale; ty = sy - (sy - ty) * s / scale; scale = s;
    changed();
  }

  function zoomCentre(factor) { var f = freeRect(); zoomAt(factor, (f.x0 + f.x1) / 2, (f.y0 + f.y1) / 2); }

  function panBy(dx, dy) { tx += dx; ty += dy; changed(); }

  function centreOn(v) {
    var f = freeRect();
    if (scale < 0.8) scale = 1;
    tx = (f.x0 + f.x1) / 2 - px[v] * scale; ty = (f.y0 + f.y1) / 2 - py[v] * scale;
    changed();
  }

  /** The world box of a node and its direct predecessors and successors. */
  function neighbourBox(v) {
    var x0 = px[v], x1 = px[v], y0 = py[v], y1 = py[v], k, u;
    for (k = inStart[v]; k < inStart[v + 1]; k++) { u = from[inEdge[k]]; if (px[u] < x0) x0 = px[u]; if (px[u] > x1) x1 = px[u]; if (py[u] < y0) y0 = py[u]; if (py[u] > y1) y1 = py[u]; }
    for (k = outStart[v]; k < outStart[v + 1]; k++) { u = to[outEdge[k]]; if (px[u] < x0) x0 = px[u]; if (px[u] > x1) x1 = px[u]; if (py[u] < y0) y0 = py[u]; if (py[u] > y1) y1 = py[u]; }
    return [x0 - hw - 12, y0 - hh - 12, x1 + hw + 40, y1 + hh + 12];
  }

  /** Frames a task with its direct neighbours, clear of the page's boxes. */
  function frameTask(v) { var b = neighbourBox(v); frameWorld(b[0], b[1], b[2], b[3], 1.2); }

  /** Whether the task and its direct neighbours are all in the free part of the window now. */
  function neighboursInView(v) {
    var f = freeRect(), b = neighbourBox(v);
    return b[0] * scale + tx >= f.x0 && b[2] * scale + tx <= f.x1 && b[1] * scale + ty >= f.y0 && b[3] * scale + ty <= f.y1;
  }

  function changed() {
    lastChange = performance.now();
    dirty = true;
    if (job && !pictureServes(job)) job = null;
    requestFrame();
  }

  function requestFrame(keepClean) {
    if (keepClean !== true) dirty = true;
    if (frameQueued || !prepared) return;
    frameQueued = true;
    requestAnimationFrame(frame);
  }

  function resize() {
    dpr = window.devicePixelRatio || 1;
    cw = window.innerWidth; ch = window.innerHeight;
    base.width = Math.round(cw * dpr); base.height = Math.round(ch * dpr);
    stage.width = Math.round(cw * dpr); stage.height = Math.round(ch * dpr);
    front = null; job = null;
    changed();
  }

  // ---- frames: the overview under, the detail picture (moved by the compositor), the overlay on top

  function frame(now) {
    frameQueued = false;
    frames++;
    G.frames = frames;
    if (dirty) {
      dirty = false;
      var t0 = performance.now();
      placeFront();
      drawBase();
      var t1 = performance.now();
      drawOverlay();
      var t2 = performance.now();
      drawMinimap();
      took('base', t1 - t0); took('overlay', t2 - t1); took('minimap', performance.now() - t2);
    }
    var wait = REST_MS - (performance.now() - lastChange);
    if (wait > 0) { clearTimeout(restTimer); restTimer = setTimeout(function () { requestFrame(true); }, wait + 5); return; }
    if (!job && wantsDetail() && !(front && pictureServes(front) && front.fresh && front.sel === selToken)) startJob();
    if (job) { var t3 = performance.now(); stepJob(); took('detail', performance.now() - t3); requestFrame(true); }
  }

  /** The longest time each part of the page's work took (ms), for the benchmark. */
  G.parts = {};
  function took(part, ms) { if (!(G.parts[part] >= ms)) G.parts[part] = ms; }

  function wantsDetail() { return density && nodePx() >= DETAIL_PX; }

  /** Whether a picture drawn for another view still fills this one (scaled by at most 1.6 and within its margin). */
  function pictureServes(p) {
    var r = scale / p.s;
    if (r < 0.62 || r > 1.6) return false;
    var wx0 = (-p.m - p.tx) / p.s, wy0 = (-p.m - p.ty) / p.s, wx1 = wx0 + p.w / p.s, wy1 = wy0 + p.h / p.s;
    var vx0 = Math.max(-tx / scale, minX), vy0 = Math.max(-ty / scale, minY);
    var vx1 = Math.min((cw - tx) / scale, maxX), vy1 = Math.min((ch - ty) / scale, maxY);
    if (vx0 >= vx1 || vy0 >= vy1) return true;
    return vx0 >= wx0 - 1 && vy0 >= wy0 - 1 && vx1 <= wx1 + 1 && vy1 <= wy1 + 1;
  }

  function worldToScreen(x, y) { return [x * scale + tx, y * scale + ty]; }

  function drawBase() {
    bctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    bctx.clearRect(0, 0, cw, ch);
    // the bands, as light stripes with their rank range
    if (bands > 1) {
      bctx.fillStyle = 'rgba(255,255,255,0.55)';
      for (var b = 0; b < bands; b++) {
        var r = bandRect(b), a = worldToScreen(r[0], r[1]), z = worldToScreen(r[2], r[3]);
        if (b % 2 === 0) bctx.fillRect(a[0], a[1], z[0] - a[0], z[1] - a[1]);
      }
    }
    var showDensity = density && !(front && front.visible && front.complete && pictureServes(front) && wantsDetail());
    if (showDensity) {
      var p = worldToScreen(density.x0, density.y0);
      var level = 0;
      while (level < density.levels.length - 1 && density.c * (1 << level) * scale < 0.7) level++;
      bctx.imageSmoothingEnabled = density.c * (1 << level) * scale < 3;
      bctx.globalAlpha = wantsDetail() ? 0.6 : 1;
      bctx.drawImage(density.levels[level], p[0], p[1], density.w * density.c * scale, density.h * density.c * scale);
      bctx.globalAlpha = 1;
    }
    if (bands > 1 && (bandPitch * scale > 40)) {
      bctx.font = '11px Helvetica, Arial, sans-serif'; bctx.fillStyle = '#475569'; bctx.textBaseline = 'top'; bctx.textAlign = 'left';
      for (b = 0; b < bands; b++) {
        r = bandRect(b); a = worldToScreen(r[0], r[1]);
        var last = Math.min(maxRank, (b + 1) * ranksPerBand - 1);
        bctx.fillText('ranks ' + b * ranksPerBand + '–' + last, Math.max(a[0], 4) + 2, a[1] + 2);
      }
    }
  }

  /** Moves the last complete detail picture to where the current view wants it (a CSS transform). */
  function placeFront() {
    var show = !!front && wantsDetail() && pictureServes(front);
    if (front) front.visible = show;
    detail.style.visibility = show ? 'visible' : 'hidden';
    if (!show) return;
    var r = scale / front.s, dx = tx + front.m - (front.tx + front.m) * r, dy = ty + front.m - (front.ty + front.m) * r;
    front.fresh = r === 1 && dx === 0 && dy === 0 || (Math.abs(r - 1) < 1e-9 && Math.abs(dx) < 0.5 && Math.abs(dy) < 0.5);
    detail.style.transform = front.fresh ? '' : 'translate(' + dx + 'px,' + dy + 'px) scale(' + r + ')';
  }

  // ---- the overview: a density raster of tasks (coloured by kind) and edges, built in time slices at load

  function buildDensity(done) {
    var ww = maxX - minX, wh = maxY - minY;
    var c = Math.max(4, Math.sqrt(ww * wh / 2.5e6));
    while (ww / c > 4096 || wh / c > 4096) c *= 1.25;
    var w = Math.max(1, Math.ceil(ww / c)), h = Math.max(1, Math.ceil(wh / c)), cells = w * h;
    var counts = new Uint16Array(cells * 4), cover = new Uint16Array(cells), status = new Uint8Array(cells);
    var v = 0, e = 0, k = 0, phase = 0, step = Math.max(1, Math.ceil(E / 3e6));
    var nx = Math.max(1, Math.min(4, Math.round(2 * hw / c))), ny = Math.max(1, Math.min(3, Math.round(2 * hh / c)));
    function slice() {
      var deadline = performance.now() + SLICE_MS;
      while (performance.now() < deadline) {
        if (phase === 0) {
          for (var end = Math.min(N, v + 20000); v < end; v++) {
            var cls = S.style[v] < 3 ? S.style[v] : 3;
            var cx0 = Math.floor((px[v] - hw - minX) / c), cy0 = Math.floor((py[v] - hh - minY) / c);
            for (var yy = 0; yy < ny; yy++) for (var xx = 0; xx < nx; xx++) {
              var cx = Math.min(w - 1, Math.max(0, cx0 + Math.floor(xx * 2 * hw / c / nx))), cy = Math.min(h - 1, Math.max(0, cy0 + Math.floor(yy * 2 * hh / c / ny)));
              var at = (cy * w + cx) * 4 + cls;
              if (counts[at] < 65535) counts[at]++;
              if (S.status[v]) status[cy * w + cx] = S.status[v];
            }
          }
          if (v >= N) phase = 1;
        } else if (phase === 1) {
          for (var endE = Math.min(E, e + 20000 * step); e < endE; e += step) {
            if (eflags[e] & HIDDEN) continue;
            var ax = (px[from[e]] + hw - minX) / c, ay = (py[from[e]] - minY) / c, bx = (px[to[e]] - hw - minX) / c, by = (py[to[e]] - minY) / c;
            var len = Math.max(Math.abs(bx - ax), Math.abs(by - ay)), n = Math.min(160, Math.ceil(len)) || 1;
            for (var i = 0; i <= n; i++) {
              var qx = Math.floor(ax + (bx - ax) * i / n), qy = Math.floor(ay + (by - ay) * i / n);
              if (qx >= 0 && qy >= 0 && qx < w && qy < h && cover[qy * w + qx] < 65535) cover[qy * w + qx]++;
            }
          }
          if (e >= E) phase = 2;
        } else if (phase === 2) {
          // the cells counted (for the 99th percentiles), then coloured, 200,000 at a time
          var endC = Math.min(cells, k + 200000);
          countCells(k, endC); k = endC;
          if (k >= cells) { phase = 3; k = 0; percentiles(); }
        } else if (phase === 3) {
          var endP = Math.min(cells, k + 200000);
          colourCells(k, endP); k = endP;
          if (k >= cells) { paint(); return; }
        }
      }
      setTimeout(slice, 0);
    }
    // colour: the cell's main kind; strength: the count against the busiest cells (99th percentile), on a log scale
    var hist = new Uint32Array(65536), cov = new Uint32Array(65536), total = 0, ctotal = 0, lp = 1, lc = 1;
    var canvas, dctx, img, d;
    function countCells(from, to) {
      for (var i = from; i < to; i++) {
        var n = counts[i * 4] + counts[i * 4 + 1] + counts[i * 4 + 2] + counts[i * 4 + 3];
        if (n) { hist[Math.min(65535, n)]++; total++; }
        if (cover[i]) { cov[cover[i]]++; ctotal++; }
      }
    }
    function percentiles() {
      var p99 = 1, acc = 0, j;
      for (j = 1; j < 65536; j++) { acc += hist[j]; if (acc >= total * 0.99) { p99 = j; break; } }
      var c99 = 1; acc = 0;
      for (j = 1; j < 65536; j++) { acc += cov[j]; if (acc >= ctotal * 0.99) { c99 = j; break; } }
      canvas = document.createElement('canvas');
      canvas.width = w; canvas.height = h;
      dctx = canvas.getContext('2d'); img = dctx.createImageData(w, h); d = img.data;
      lp = Math.log(1 + p99); lc = Math.log(1 + c99);
    }
    function colourCells(from, to) {
      for (var i = from; i < to; i++) {
        var a0 = counts[i * 4], a1 = counts[i * 4 + 1], a2 = counts[i * 4 + 2], a3 = counts[i * 4 + 3], t = a0 + a1 + a2 + a3, o = i * 4;
        if (t) {
          // the cell's most frequent kind gives its colour (an average of kinds would be a muddy brown)
          var top = a0 >= a1 && a0 >= a2 && a0 >= a3 ? 0 : a1 >= a2 && a1 >= a3 ? 1 : a2 >= a3 ? 2 : 3;
          var r = DENSE[top][0], g = DENSE[top][1], bl = DENSE[top][2];
          var s = Math.min(1, Math.log(1 + t) / lp), k2 = 0.45 + 0.55 * s;
          // sparse cells are lighter (mixed with white), dense ones darker
          d[o] = 255 - (255 - r) * k2; d[o + 1] = 255 - (255 - g) * k2; d[o + 2] = 255 - (255 - bl) * k2; d[o + 3] = 255;
          if (s > 0.85) { d[o] *= 0.85; d[o + 1] *= 0.85; d[o + 2] *= 0.85; }
        } else if (cover[i]) {
          var q = Math.min(1, Math.log(1 + cover[i]) / lc);
          d[o] = 100; d[o + 1] = 116; d[o + 2] = 139; d[o + 3] = 40 + 140 * q;
        }
      }
    }
    function paint() {
      dctx.putImageData(img, 0, 0);
      density = { canvas: canvas, w: w, h: h, c: c, x0: minX, y0: minY, levels: [canvas] };
      // a pyramid of halvings, so that a frame far out draws about as many pixels as the window has
      for (var lw = w, lh = h, prev = canvas; lw > 300 || lh > 300;) {
        lw = Math.max(1, Math.ceil(lw / 2)); lh = Math.max(1, Math.ceil(lh / 2));
        var half = document.createElement('canvas');
        half.width = lw; half.height = lh;
        half.getContext('2d').drawImage(prev, 0, 0, lw, lh);
        density.levels.push(half); prev = half;
      }
      // the minimap's copy, small
      var mw = 200, mh = Math.max(40, Math.min(150, Math.round(mw * (maxY - minY) / (maxX - minX))));
      if (mh === 150) mw = Math.max(60, Math.round(mh * (maxX - minX) / (maxY - minY)));
      minimap.width = mw * dpr; minimap.height = mh * dpr;
      minimap.style.width = mw + 'px'; minimap.style.height = mh + 'px';
      var small = document.createElement('canvas');
      small.width = mw * dpr; small.height = mh * dpr;
      var sctx = small.getContext('2d');
      sctx.fillStyle = '#f8fafc'; sctx.fillRect(0, 0, small.width, small.height);
      sctx.imageSmoothingQuality = 'high';
      sctx.drawImage(canvas, 0, 0, small.width, small.height);
      density.mini = small;
      done();
    }
    slice();
  }

  function drawMinimap() {
    if (!density || !density.mini) return;
    var mw = minimap.width / dpr, mh = minimap.height / dpr;
    mctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    mctx.clearRect(0, 0, mw, mh);
    mctx.drawImage(density.mini, 0, 0, mw, mh);
    var sx = mw / (maxX - minX), sy = mh / (maxY - minY);
    var x0 = (-tx / scale - minX) * sx, y0 = (-ty / scale - minY) * sy, x1 = ((cw - tx) / scale - minX) * sx, y1 = ((ch - ty) / scale - minY) * sy;
    mctx.lineWidth = 1.5; mctx.strokeStyle = SEL_COLOR;
    mctx.strokeRect(Math.max(0.75, x0), Math.max(0.75, y0), Math.min(mw - 1.5, x1) - Math.max(0.75, x0), Math.min(mh - 1.5, y1) - Math.max(0.75, y0));
    if (selected >= 0) {
      mctx.beginPath(); mctx.arc((px[selected] - minX) * sx, (py[selected] - minY) * sy, 4, 0, Math.PI * 2);
      mctx.lineWidth = 2; mctx.stroke();
    }
  }

  // ---- the detail picture: drawn into the hidden canvas a slice per frame, shown once complete

  var visList = new Int32Array(1024), visStamp = null, stamp = 0, edgeLists = null;
  var budgetMs = 6;

  function startJob() {
    var t0 = performance.now();
    startJob0();
    took('start', performance.now() - t0);
  }

  function startJob0() {
    var m = Math.round(Math.max(cw, ch) / 4), w = cw + 2 * m, h = ch + 2 * m;
    if (!offscreen || offscreen.width !== Math.round(w * dpr) || offscreen.height !== Math.round(h * dpr)) offscreen = new OffscreenCanvas(Math.round(w * dpr), Math.round(h * dpr));
    var canvas = offscreen, ctx = canvas.getContext('2d');
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.setTransform(scale * dpr, 0, 0, scale * dpr, (tx + m) * dpr, (ty + m) * dpr);
    if (!visStamp) visStamp = new Int32Array(N);
    stamp++;
    job = { sel: selToken, canvas: canvas, ctx: ctx, s: scale, tx: tx, ty: ty, m: m, w: w, h: h, t0: performance.now(), phase: 0, i: 0, n: 0, pass: 0,
      x0: (-tx - m) / scale, y0: (-ty - m) / scale, x1: (cw + m - tx) / scale, y1: (ch + m - ty) / scale, px: nodePx(), work: 0 };
    job.cr0 = Math.max(0, Math.floor((job.y0 - hh - gridY0) / cellSize)); job.cr1 = Math.min(gy - 1, Math.floor((job.y1 + hh - gridY0) / cellSize));
    job.cc0 = Math.max(0, Math.floor((job.x0 - hw - gridX0) / cellSize)); job.cc1 = Math.min(gx - 1, Math.floor((job.x1 + hw + 30 - gridX0) / cellSize));
    job.row = job.cr0; job.k = -1;
    edgeLists = [[], [], [], [], []];
    // costs differ with the zoom: each picture starts with small chunks and grows them
    chunk = { dots: 300, shapes: 20 };
  }

  /** Runs the detail job for this frame's share of time; the share shrinks when frames come late (raster time). */
  // Items drawn per chunk, per kind of chunk: sized from the last chunk's time, which includes the raster (a one-pixel
  // read makes the canvas draw what it has recorded), so that a frame's share stays within the budget.
  var chunk = {};

  function stepJob() {
    var now = performance.now(), deadline = now + budgetMs, j = job;
    while (job === j && performance.now() < deadline) {
      var tc = performance.now();
      if (j.phase === 0) { collectNodes(j, deadline); took('collect', performance.now() - tc); }
      else if (j.phase === 1) { collectEdges(j, deadline); took('collect', performance.now() - tc); }
      else if (j.phase === 2 || j.phase === 3) {
        // each pass of edges has its own chunk: a dashed or thick line costs more than a faint one
        var kind = j.phase === 2 ? 'edges' + j.pass : j.px < SHAPE_PX ? 'dots' : 'shapes', t = performance.now(), n = chunk[kind] || 200;
        var done = j.phase === 2 ? drawEdgeSlice(j, n) : drawNodeSlice(j, n);
        j.ctx.getImageData(0, 0, 1, 1);
        var dt = Math.max(0.05, performance.now() - t);
        took(kind, dt);
        chunk[kind] = Math.max(10, Math.min(2 * n, 50000, Math.round(done * budgetMs * 0.5 / dt)));
      } else { finishJob(j); took('finish', performance.now() - tc); break; }
    }
  }

  function collectNodes(j, deadline) {
    var x0 = j.x0 - hw, y0 = j.y0 - hh, x1 = j.x1 + hw + 30, y1 = j.y1 + hh;
    while (j.row <= j.cr1) {
      var k = j.k >= 0 ? j.k : cellStart[j.row * gx + j.cc0], end = cellStart[j.row * gx + j.cc1 + 1];
      for (; k < end; k++) {
        if ((k & 2047) === 0 && performance.now() > deadline) { j.k = k; return; }
        var v = cellNode[k];
        if (px[v] + hw < x0 || px[v] - hw > x1 || py[v] + hh < y0 || py[v] - hh > y1) continue;
        if (j.n === visList.length) { var bigger = new Int32Array(j.n * 2); bigger.set(visList); visList = bigger; }
        visList[j.n++] = v;
        visStamp[v] = stamp;
      }
      j.row++; j.k = -1;
      if (performance.now() > deadline) return;
    }
    j.phase = 1; j.i = 0;
  }

  function collectEdges(j, deadline) {
    var lists = edgeLists, e, k;
    if (E <= FULL_EDGE_SCAN) {
      for (; j.i < E; j.i++) {
        e = j.i;
        if ((j.i & 4095) === 0 && performance.now() > deadline) return;
        if (edgeInView(e, j)) lists[pass(e)].push(e);
      }
    } else {
      for (; j.i < j.n; j.i++) {
        if ((j.i & 1023) === 0 && performance.now() > deadline) return;
        var v = visList[j.i];
        for (k = outStart[v]; k < outStart[v + 1]; k++) lists[pass(outEdge[k])].push(outEdge[k]);
        for (k = inStart[v]; k < inStart[v + 1]; k++) { e = inEdge[k]; if (visStamp[from[e]] !== stamp) lists[pass(e)].push(e); }
      }
    }
    var total = lists[0].length + lists[1].length + lists[2].length;
    j.step = Math.max(1, Math.ceil(total / EDGE_BUDGET));
    if (lists[3].length + lists[4].length > EDGE_BUDGET) j.step = Math.max(j.step, Math.ceil((lists[3].length + lists[4].length) / EDGE_BUDGET));
    j.phase = 2; j.i = 0; j.pass = 0;
  }

  function pass(e) {
    if (edgeMark && edgeMark[e]) return 2 + edgeMark[e];
    var f = eflags[e];
    return f & HIDDEN ? 0 : f & DASHED ? 2 : 1;
  }

  function edgeInView(e, j) {
    var u = from[e], v = to[e], ax = px[u], ay = py[u], bx = px[v], by = py[v];
    return !((ax > bx ? ax : bx) + hw < j.x0 || (ax < bx ? ax : bx) - hw > j.x1 || (ay > by ? ay : by) + hh < j.y0 || (ay < by ? ay : by) - hh > j.y1);
  }

  // an edge's ends, without allocating
  var seg = new Float64Array(4);
  function ends(e) {
    var u = from[e], v = to[e], ax = px[u], ay = py[u], bx = px[v], by = py[v];
    if (G.horizontal) { var dx = G.reverse ? -hw : hw; ax += dx; bx -= dx; } else { var dy = G.reverse ? -hh : hh; ay += dy; by -= dy; }
    seg[0] = ax; seg[1] = ay; seg[2] = bx; seg[3] = by;
  }

  /**
   * Cuts the segment in {@code seg} to the rectangle (Liang-Barsky); false when none of it is inside. A line between
   * bands can be a hundred thousand pixels long at high zoom, and the canvas would stroke (and dash) all of it.
   * {@code segHead} says whether the head end survived the cut (the arrowhead is drawn only then).
   */
  var segHead = true;
  function clip(x0, y0, x1, y1) {
    var ax = seg[0], ay = seg[1], dx = seg[2] - ax, dy = seg[3] - ay, t0 = 0, t1 = 1;
    var p = [-dx, dx, -dy, dy], q = [ax - x0, x1 - ax, ay - y0, y1 - ay];
    for (var i = 0; i < 4; i++) {
      if (p[i] === 0) { if (q[i] < 0) return false; continue; }
      var r = q[i] / p[i];
      if (p[i] < 0) { if (r > t1) return false; if (r > t0) t0 = r; } else { if (r < t0) return false; if (r < t1) t1 = r; }
    }
    segHead = t1 === 1;
    seg[0] = ax + t0 * dx; seg[1] = ay + t0 * dy; seg[2] = ax + t1 * dx; seg[3] = ay + t1 * dy;
    return true;
  }

  /** A filled arrowhead at (bx, by) pointing away from (ax, ay), {@code size} world units long. */
  function arrowhead(ctx, ax, ay, bx, by, size) {
    var dx = bx - ax, dy = by - ay, l = Math.sqrt(dx * dx + dy * dy);
    if (l < size * 1.5) return;
    dx /= l; dy /= l;
    var cx = bx - dx * size, cy = by - dy * size, wx = -dy * size * 0.45, wy = dx * size * 0.45;
    ctx.moveTo(bx, by); ctx.lineTo(cx + wx, cy + wy); ctx.lineTo(cx - wx, cy - wy); ctx.closePath();
  }

  var PASS_STYLE = [['rgba(148,163,184,0.45)', null], ['rgba(90,90,90,0.7)', null], ['rgba(110,110,110,0.75)', [5, 4]],
    [IN_COLOR, null], [OUT_COLOR, null]];

  /** About {@code n} units of work of the current pass (hidden, plain, dashed, then a selection's paths in and out); returns the work done. */
  function drawEdgeSlice(j, n) {
    var ctx = j.ctx, list = edgeLists[j.pass], px1 = 1 / j.s, path = j.pass >= 3, arrows = (j.px >= ARROW_PX && j.pass > 0) || path;
    var size = Math.min(path ? 16 : 14, (path ? 9 : 8) * px1), count = 0, step = path ? 1 : j.step;
    ctx.beginPath();
    var heads = arrows ? new Path2D() : null;
    var hx0 = j.x0 - 20 * px1, hy0 = j.y0 - 20 * px1, hx1 = j.x1 + 20 * px1, hy1 = j.y1 + 20 * px1;
    // work: an edge costs 1 plus its drawn length over 64 px (a long line costs more raster than a short one)
    for (; j.i < list.length && count < n; j.i += step) {
      ends(list[j.i]);
      var ax = seg[0], ay = seg[1];
      count += 1;
      if (!clip(hx0, hy0, hx1, hy1)) continue;
      count += (Math.abs(seg[2] - seg[0]) + Math.abs(seg[3] - seg[1])) * j.s / 64;
      ctx.moveTo(seg[0], seg[1]); ctx.lineTo(seg[2], seg[3]);
      if (heads && segHead) arrowhead(heads, ax, ay, seg[2], seg[3], size);
    }
    var st = PASS_STYLE[j.pass];
    ctx.globalAlpha = j.sel && !path ? 0.16 : 1;
    ctx.strokeStyle = st[0]; ctx.lineWidth = path ? Math.max(1.8 * px1, 1.2) : px1 * (j.px < SHAPE_PX ? 0.6 : 1);
    ctx.setLineDash(st[1] && j.px >= SHAPE_PX ? [st[1][0] * px1, st[1][1] * px1] : []);
    ctx.stroke();
    ctx.setLineDash([]);
    if (heads) { ctx.fillStyle = st[0]; ctx.fill(heads); }
    ctx.globalAlpha = 1;
    if (j.i >= list.length) {
      j.pass++; j.i = 0;
      if (j.pass === 3 && j.s >= 0.6) drawEdgeLabels(j);
      if (j.pass === 5) j.phase = 3;
    }
    return Math.max(1, count);
  }

  function drawEdgeLabels(j) {
    var ctx = j.ctx;
    ctx.font = '8px Helvetica, Arial, sans-serif'; ctx.fillStyle = '#A03030'; ctx.textAlign = 'center'; ctx.textBaseline = 'bottom';
    for (var i = 0; i < labelEdges.length; i++) {
      var e = labelEdges[i];
      ends(e);
      var mx = (seg[0] + seg[2]) / 2, my = (seg[1] + seg[3]) / 2;
      if (mx < j.x0 || mx > j.x1 || my < j.y0 || my > j.y1) continue;
      ctx.fillText(strAt(S.elabel[e]), mx, my - 1);
    }
  }

  function shapePath(ctx, v, x, y, grow) {
    var s = S.style[v], w = hw + grow, h = hh + grow;
    if (s === 1) ctx.ellipse(x, y, w, h, 0, 0, Math.PI * 2);
    else if (s === 2) { ctx.moveTo(x, y - h - 3); ctx.lineTo(x + w, y); ctx.lineTo(x, y + h + 3); ctx.lineTo(x - w, y); ctx.closePath(); }
    else if (s === 3) { ctx.moveTo(x - w, y - h); ctx.lineTo(x + w - 8, y - h); ctx.lineTo(x + w, y - h + 8); ctx.lineTo(x + w, y + h); ctx.lineTo(x - w, y + h); ctx.closePath(); }
    else if (ctx.roundRect) ctx.roundRect(x - w, y - h, 2 * w, 2 * h, 6);
    else ctx.rect(x - w, y - h, 2 * w, 2 * h);
  }

  /** Up to {@code n} tasks (those off the selection's paths faded); returns how many. */
  function drawNodeSlice(j, n) {
    var ctx = j.ctx, end = Math.min(j.n, j.i + n), i = j.i, dim = j.sel && mark, v;
    if (j.px < SHAPE_PX) {
      // dots: one rectangle per task, one path per kind (and per fade)
      var paths = [], w = Math.max(hw, 1 / j.s), h = Math.max(hh, 1 / j.s), s;
      for (s = 0; s < 10; s++) paths.push(new Path2D());
      for (; i < end; i++) {
        v = visList[i];
        paths[S.style[v] + (dim && !mark[v] ? 5 : 0)].rect(px[v] - w, py[v] - h, 2 * w, 2 * h);
      }
      for (s = 0; s < 10; s++) {
        ctx.globalAlpha = s >= 5 ? 0.25 : 1;
        ctx.fillStyle = s % 5 >= 3 ? '#9a9a9a' : 'rgb(' + DENSE[s % 5].join(',') + ')'; ctx.fill(paths[s]);
      }
    } else {
      var withLabels = j.px >= LABEL_PX;
      for (; i < end; i++) {
        v = visList[i];
        ctx.globalAlpha = dim && !mark[v] ? 0.25 : 1;
        drawShape(ctx, v, px[v], py[v], withLabels, 1 / j.s);
      }
    }
    ctx.globalAlpha = 1;
    var count = i - j.i;
    j.i = i;
    if (i >= j.n) j.phase = 4;
    return Math.max(1, count);
  }

  /** One task: its shape (a stack for SPMD), outline, and at label zoom its label, badge and marks. */
  function drawShape(ctx, v, x, y, withLabels, px1) {
    var spmd = S.badge[v] > 0;
    if (spmd) {
      ctx.beginPath(); shapePath(ctx, v, x + 5, y - 5, 0);
      ctx.fillStyle = '#f3f4f6'; ctx.fill(); ctx.strokeStyle = SPMD_COLOR; ctx.lineWidth = Math.max(1, px1); ctx.stroke();
    }
    ctx.beginPath(); shapePath(ctx, v, x, y, 0);
    ctx.fillStyle = FILL[S.style[v]]; ctx.fill();
    ctx.strokeStyle = spmd ? SPMD_COLOR : S.style[v] === 3 ? '#777' : '#555';
    ctx.lineWidth = Math.max(spmd ? 1.5 : 1, px1);
    if (S.style[v] === 3) ctx.setLineDash([3, 2]);
    ctx.stroke();
    if (S.style[v] === 3) ctx.setLineDash([]);
    if (!withLabels) return;
    ctx.textBaseline = 'middle'; ctx.font = '10px Helvetica, Arial, sans-serif'; ctx.fillStyle = '#111'; ctx.textAlign = 'center';
    var f = S.flags[v], indent = (f & FIRE ? 9 : 0) + (f & STAR ? 9 : 0);
    ctx.fillText(fitted(ctx, v, indent), x + indent / 2, y);
    var mx = x - hw + 10;
    if (f & FIRE) { fireMark(ctx, mx, y, 4.5); mx += 9; }
    if (f & STAR) starMark(ctx, mx, y, 4.5);
    if (spmd) {
      ctx.font = 'bold 8px Helvetica, Arial, sans-serif'; ctx.fillStyle = SPMD_COLOR; ctx.textAlign = 'left';
      ctx.fillText('x' + S.badge[v], x + hw + 7, y - 9);
    }
  }

  /** Early dispatch (or an allocation): a filled drop, point up. */
  function fireMark(ctx, x, y, r) {
    ctx.beginPath();
    ctx.moveTo(x, y - 2 * r); ctx.quadraticCurveTo(x + r * 1.3, y - r * 0.2, x + r * 0.9, y + r * 0.5);
    ctx.arc(x, y + r * 0.4, r * 0.9, 0, Math.PI); ctx.quadraticCurveTo(x - r * 1.3, y - r * 0.2, x, y - 2 * r);
    ctx.fillStyle = '#B34700'; ctx.fill();
  }

  /** Every predecessor early: a five-pointed star. */
  function starMark(ctx, x, y, r) {
    ctx.beginPath();
    for (var i = 0; i < 10; i++) {
      var a = -Math.PI / 2 + i * Math.PI / 5, q = i % 2 ? r * 0.45 : r * 1.1;
      if (i) ctx.lineTo(x + q * Math.cos(a), y + q * Math.sin(a)); else ctx.moveTo(x + q * Math.cos(a), y + q * Math.sin(a));
    }
    ctx.closePath(); ctx.fillStyle = '#1f2937'; ctx.fill();
  }

  var fittedLabels = new Map();
  /** The label cut to the node's width (measured once per node). */
  function fitted(ctx, v, indent) {
    var f = fittedLabels.get(v);
    if (f !== undefined) return f;
    var l = label(v), max = 2 * hw - 10 - indent;
    if (ctx.measureText(l).width > max) {
      var lo = 0, hi = l.length;
      while (lo < hi) { var mid = (lo + hi + 1) >> 1; if (ctx.measureText(l.slice(0, mid) + '…').width <= max) lo = mid; else hi = mid - 1; }
      l = l.slice(0, lo) + '…';
    }
    if (fittedLabels.size >= 50000) fittedLabels.clear();
    fittedLabels.set(v, l);
    return l;
  }

  function finishJob(j) {
    job = null;
    dctxShow.transferFromImageBitmap(j.canvas.transferToImageBitmap());
    detail.style.left = -j.m + 'px'; detail.style.top = -j.m + 'px';
    detail.style.width = j.w + 'px'; detail.style.height = j.h + 'px';
    front = { sel: j.sel, s: j.s, tx: j.tx, ty: j.ty, m: j.m, w: j.w, h: j.h, complete: true, visible: true, fresh: false };
    G.renderMs = performance.now() - j.t0;
    G.renders = (G.renders || 0) + 1;
    requestFrame();
  }

  // ---- the overlay: statuses, marks, the selection and its paths, over everything, every frame

  function drawOverlay() {
    var ctx = octx, px1 = 1 / scale, np = nodePx();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, stage.width, stage.height);
    ctx.setTransform(scale * dpr, 0, 0, scale * dpr, tx * dpr, ty * dpr);
    var x0 = -tx / scale - hw, y0 = -ty / scale - hh, x1 = (cw - tx) / scale + hw, y1 = (ch - ty) / scale + hh;
    function onScreen(v) { return px[v] >= x0 && px[v] <= x1 && py[v] >= y0 && py[v] <= y1; }
    var i;
    // the selection's paths: in the detail picture once it is drawn with them; until then (and far out) here
    if (selected >= 0 && ballEdges && !(front && front.visible && front.sel === selToken)) drawBallEdges(ctx, x0, y0, x1, y1, px1);
    drawStatusEdges(ctx, px1);
    var drawn = 0;
    for (i = 0; i < statusNodes.length && drawn < OVERLAY_BUDGET; i++) if (onScreen(statusNodes[i])) { statusMark(ctx, statusNodes[i], px1, np); drawn++; }
    drawMarks(ctx, px1, np, onScreen);
    for (i = 0; i < focusNodes.length; i++) ring(ctx, focusNodes[i], 9, px1, '#000', [4, 3], 2);
    if (selected >= 0) {
      var k;
      for (k = inStart[selected]; k < inStart[selected + 1] && k - inStart[selected] < OVERLAY_BUDGET; k++) ring(ctx, from[inEdge[k]], 4, px1, IN_COLOR, null, 2.5);
      for (k = outStart[selected]; k < outStart[selected + 1] && k - outStart[selected] < OVERLAY_BUDGET; k++) ring(ctx, to[outEdge[k]], 4, px1, OUT_COLOR, null, 2.5);
      selectionMarker(ctx, selected, px1);
    }
  }

  /** An outline {@code gap} px outside a node's box, at least a few pixels across however far out. */
  function ring(ctx, v, gap, px1, colour, dash, width) {
    var w = Math.max(hw, 3 * px1) + gap * px1, h = Math.max(hh, 3 * px1) + gap * px1;
    ctx.beginPath(); ctx.rect(px[v] - w, py[v] - h, 2 * w, 2 * h);
    ctx.setLineDash(dash ? [dash[0] * px1, dash[1] * px1] : []);
    ctx.strokeStyle = colour; ctx.lineWidth = width * px1; ctx.stroke();
    ctx.setLineDash([]);
  }

  /** The selected task: a black ring with a white halo and four ticks, a fixed size on screen, so it shows at any zoom. */
  function selectionMarker(ctx, v, px1) {
    // outside the status outlines (up to 9 px out), so that a selected task shows its status too
    var w = Math.max(hw, 8 * px1) + 14 * px1, h = Math.max(hh, 8 * px1) + 14 * px1, t = 10 * px1;
    ctx.beginPath();
    ctx.rect(px[v] - w, py[v] - h, 2 * w, 2 * h);
    ctx.moveTo(px[v] - w - t, py[v]); ctx.lineTo(px[v] - w, py[v]); ctx.moveTo(px[v] + w, py[v]); ctx.lineTo(px[v] + w + t, py[v]);
    ctx.moveTo(px[v], py[v] - h - t); ctx.lineTo(px[v], py[v] - h); ctx.moveTo(px[v], py[v] + h); ctx.lineTo(px[v], py[v] + h + t);
    ctx.strokeStyle = '#fff'; ctx.lineWidth = 6 * px1; ctx.stroke();
    ctx.strokeStyle = SEL_COLOR; ctx.lineWidth = 3 * px1; ctx.stroke();
  }

  /** A diff status: an outline of its own pattern (solid thick, dashed with a hatch, double) and a drawn badge. */
  function statusMark(ctx, v, px1, np) {
    var s = S.status[v], c = STATUS_COLORS[s], x = px[v], y = py[v];
    var w = Math.max(hw, 4 * px1) + 5 * px1, h = Math.max(hh, 4 * px1) + 5 * px1;
    ctx.strokeStyle = c;
    if (s === 1) { ctx.beginPath(); ctx.rect(x - w, y - h, 2 * w, 2 * h); ctx.lineWidth = 4 * px1; ctx.stroke(); }
    else if (s === 2) {
      ctx.save(); ctx.beginPath(); ctx.rect(x - w, y - h, 2 * w, 2 * h); ctx.clip();
      ctx.beginPath();
      for (var d = -2 * h; d < 2 * w + 2 * h; d += 9 * px1) { ctx.moveTo(x - w + d, y - h); ctx.lineTo(x - w + d - 2 * h, y + h); }
      ctx.lineWidth = 1.5 * px1; ctx.globalAlpha = 0.8; ctx.stroke(); ctx.restore();
      ctx.beginPath(); ctx.rect(x - w, y - h, 2 * w, 2 * h); ctx.setLineDash([6 * px1, 4 * px1]); ctx.lineWidth = 3 * px1; ctx.strokeStyle = c; ctx.stroke(); ctx.setLineDash([]);
    } else {
      ctx.beginPath(); ctx.rect(x - w, y - h, 2 * w, 2 * h); ctx.rect(x - w - 4 * px1, y - h - 4 * px1, 2 * w + 8 * px1, 2 * h + 8 * px1);
      ctx.lineWidth = 1.5 * px1; ctx.stroke();
    }
    statusBadge(ctx, s, x + w, y - h, 7 * px1);
  }

  /** The status badge at a node's top-right corner: a plus in a circle, a minus in a square, a bang in a triangle. */
  function statusBadge(ctx, s, x, y, r) {
    ctx.beginPath();
    if (s === 1) ctx.arc(x, y, r, 0, Math.PI * 2);
    else if (s === 2) ctx.rect(x - r, y - r, 2 * r, 2 * r);
    else { ctx.moveTo(x, y - r * 1.2); ctx.lineTo(x + r * 1.15, y + r * 0.85); ctx.lineTo(x - r * 1.15, y + r * 0.85); ctx.closePath(); }
    ctx.fillStyle = STATUS_COLORS[s]; ctx.fill();
    ctx.lineWidth = r * 0.22; ctx.strokeStyle = '#fff'; ctx.stroke();
    ctx.fillStyle = '#fff';
    var t = r * 0.22;
    if (s === 1) { ctx.fillRect(x - r * 0.6, y - t, r * 1.2, 2 * t); ctx.fillRect(x - t, y - r * 0.6, 2 * t, r * 1.2); }
    else if (s === 2) ctx.fillRect(x - r * 0.6, y - t, r * 1.2, 2 * t);
    else { ctx.fillRect(x - t * 0.8, y - r * 0.55, t * 1.6, r * 0.75); ctx.fillRect(x - t * 0.8, y + r * 0.3, t * 1.6, t * 1.4); }
  }

  function drawStatusEdges(ctx, px1) {
    var x0 = -tx / scale - 20 * px1, y0 = -ty / scale - 20 * px1, x1 = (cw - tx) / scale + 20 * px1, y1 = (ch - ty) / scale + 20 * px1;
    for (var s = 1; s < 4; s++) {
      ctx.beginPath();
      var any = false;
      for (var i = 0; i < statusEdges.length && i < OVERLAY_BUDGET; i++) {
        var e = statusEdges[i];
        if (S.estatus[e] !== s) continue;
        ends(e);
        if (!clip(x0, y0, x1, y1)) continue;
        ctx.moveTo(seg[0], seg[1]); ctx.lineTo(seg[2], seg[3]); any = true;
      }
      if (!any) continue;
      ctx.strokeStyle = STATUS_COLORS[s];
      ctx.lineWidth = (s === 1 ? 3.5 : s === 2 ? 2.5 : 2) * px1;
      ctx.setLineDash(s === 2 ? [7 * px1, 5 * px1] : s === 3 ? [2 * px1, 3 * px1] : []);
      ctx.stroke();
      ctx.setLineDash([]);
    }
  }

  /** A mark's colour: the one the page model gave it, or the palette's. */
  function markColor(b) { var m = (header.marks || [])[b]; return (m && m[2]) || MARK_COLORS[b]; }

  /**
   * The extra marks (the observed critical path): near, an outline per mark around each node on screen; far out, where
   * outlines would cover their neighbours and hide which tasks they mean, a dot the node's size (at least 3 px) for
   * every marked task on screen, so that the whole path shows where it runs.
   */
  function drawMarks(ctx, px1, np, onScreen) {
    var i, v, drawn = 0;
    if (np >= MARK_RING_PX) {
      for (i = 0; i < markNodes.length && drawn < OVERLAY_BUDGET; i++) if (onScreen(markNodes[i])) { extraMarks(ctx, markNodes[i], px1); drawn++; }
      return;
    }
    var w = Math.max(hw, 1.5 * px1), h = Math.max(hh, 1.5 * px1);
    for (var b = 0; b < 8; b++) {
      var any = false;
      ctx.beginPath();
      for (i = 0; i < markNodes.length; i++) {
        v = markNodes[i];
        if (!(S.marks[v] & (1 << b)) || !onScreen(v)) continue;
        ctx.rect(px[v] - w, py[v] - h, 2 * w, 2 * h);
        any = true;
      }
      if (any) { ctx.fillStyle = markColor(b); ctx.fill(); }
    }
  }

  function extraMarks(ctx, v, px1) {
    var m = S.marks[v];
    for (var b = 0; b < 8; b++) if (m & (1 << b)) ring(ctx, v, 12 + 4 * b, px1, markColor(b), null, 3);
  }

  /** The selection's paths within the hop limit: into it in blue, out of it in orange, with arrowheads. */
  function drawBallEdges(ctx, x0, y0, x1, y1, px1) {
    var step = Math.max(1, Math.ceil(ballEdges.length / OVERLAY_EDGES)), size = Math.min(16, 9 * px1);
    for (var into = 1; into >= 0; into--) {
      ctx.beginPath();
      var heads = new Path2D();
      for (var i = 0; i < ballEdges.length; i += step) {
        var e = ballEdges[i], a = mark[from[e]];
        if (into ? !(a & ANC) : (a & ANC)) continue;
        ends(e);
        var ax = seg[0], ay = seg[1];
        if (!clip(x0, y0, x1, y1)) continue;
        ctx.moveTo(seg[0], seg[1]); ctx.lineTo(seg[2], seg[3]);
        if (segHead) arrowhead(heads, ax, ay, seg[2], seg[3], size);
      }
      ctx.strokeStyle = into ? IN_COLOR : OUT_COLOR; ctx.lineWidth = Math.max(1.8 * px1, 1.2);
      ctx.stroke();
      ctx.fillStyle = ctx.strokeStyle; ctx.fill(heads);
    }
  }

  // ---- selection: the task, its direct neighbours, and its paths up to the hop limit

  var ballNodes = new Int32Array(0), ballToken = 0, selToken = 0, edgeMark = null;

  function select(v) {
    selected = v;
    ballToken++;
    selToken = v < 0 ? 0 : ballToken;
    edgeMark = null;
    if (job) job = null;
    if (v < 0) {
      mark = null; ballEdges = null; ballNodes = new Int32Array(0); panel.hidden = true; G.selected = null;
      restoreLegend(); requestFrame(); return;
    }
    G.selected = key(v);
    var t0 = performance.now();
    walk(v, hops);
    var t1 = performance.now();
    showPanel(v);
    took('walk', t1 - t0); took('panel', performance.now() - t1);
    requestFrame();
  }

  /**
   * Marks the tasks within {@code limit} hops into and out of {@code v} and the edges between them, a slice at a
   * time: a walk over the whole of a million-task graph is spread over several tasks.
   */
  function walk(v, limit) {
    ballEdges = null;
    mark = new Uint8Array(N);
    mark[v] = SEL;
    // typed buffers, doubled as they fill: a walk over everything holds millions of entries
    var token = ballToken, nodes = new Int32Array(64), nn = 0, edges = new Int32Array(256), ne = 0;
    function addNode(u) { if (nn === nodes.length) { var b = new Int32Array(nn * 2); b.set(nodes); nodes = b; } nodes[nn++] = u; }
    function addEdge(x) { if (ne === edges.length) { var b = new Int32Array(ne * 2); b.set(edges); edges = b; } edges[ne++] = x; }
    addNode(v);
    var queue = new Int32Array(Math.min(N, 1 << 16)), head = 0, tail = 0, dir = 0, counts = [0, 0];
    var depth = new Int32Array(N);
    function push(u) { if (tail === queue.length) { var q = new Int32Array(Math.min(N * 2, queue.length * 2)); q.set(queue); queue = q; } queue[tail++] = u; }
    function begin(d) { dir = d; head = tail = 0; depth.fill(0); push(v); }
    begin(0);
    ballDone = false;
    function slice() {
      if (token !== ballToken) return;
      var deadline = performance.now() + SLICE_MS, k, e, u, w, n = 0;
      while (true) {
        if (head === tail) {
          if (dir === 0) { begin(1); continue; }
          break;
        }
        u = queue[head++];
        var du = depth[u];
        if (du >= limit) continue;
        if (dir === 0) {
          for (k = inStart[u]; k < inStart[u + 1]; k++) {
            e = inEdge[k]; w = from[e]; addEdge(e);
            if (!(mark[w] & (ANC | SEL))) { if (!mark[w]) addNode(w); mark[w] |= ANC; counts[0]++; depth[w] = du + 1; push(w); }
          }
        } else {
          for (k = outStart[u]; k < outStart[u + 1]; k++) {
            e = outEdge[k]; w = to[e]; addEdge(e);
            if (!(mark[w] & (DESC | SEL))) { if (!mark[w]) addNode(w); mark[w] |= DESC; counts[1]++; depth[w] = du + 1; push(w); }
          }
        }
        if ((++n & 1023) === 0 && performance.now() > deadline) { publish(false); setTimeout(slice, 0); return; }
      }
      for (k = inStart[v]; k < inStart[v + 1]; k++) mark[from[inEdge[k]]] |= PRED;
      for (k = outStart[v]; k < outStart[v + 1]; k++) mark[to[outEdge[k]]] |= SUCC;
      publish(true);
    }
    function publish(done) {
      if (done) {
        ballEdges = edges.subarray(0, ne); ballNodes = nodes.subarray(0, nn);
        edgeMark = new Uint8Array(E);
        for (var i = 0; i < ballEdges.length; i++) edgeMark[ballEdges[i]] = mark[from[ballEdges[i]]] & ANC ? 1 : 2;
        selToken = ++ballToken; token = ballToken;
        job = null;
      }
      G.ancestors = counts[0]; G.descendants = counts[1]; ballDone = done;
      var sub = $('panel-reach');
      if (sub) sub.textContent = reachText(counts[0], counts[1], limit, done);
      requestFrame();
    }
    slice();
  }

  function reachText(a, d, limit, done) {
    var within = limit === Infinity ? 'on paths' : 'within ' + limit + ' hop' + (limit === 1 ? '' : 's');
    return a + ' tasks ' + within + ' into it · ' + d + ' out of it' + (done ? '' : ' (counting…)');
  }

  function setHops(h) {
    hops = h === 'all' || h === Infinity || h === 0 ? Infinity : Math.max(1, Math.min(3, +h || 1));
    document.querySelectorAll('#hops button').forEach(function (b) {
      var on = (b.dataset.hops === 'all' ? Infinity : +b.dataset.hops) === hops;
      b.setAttribute('aria-pressed', on ? 'true' : 'false');
    });
    G.hops = hops === Infinity ? 'all' : hops;
    if (selected >= 0) { ballToken++; walk(selected, hops); showPanel(selected); requestFrame(); }
  }

  function nodeAt(sx, sy) {
    var wx = (sx - tx) / scale, wy = (sy - ty) / scale, slack = 4 / scale;
    var best = -1, bestD = Infinity;
    var cx = Math.floor((wx - gridX0) / cellSize), cy = Math.floor((wy - gridY0) / cellSize);
    var reach = Math.max(1, Math.ceil(slack / cellSize));
    for (var y = Math.max(0, cy - reach); y <= Math.min(gy - 1, cy + reach); y++) {
      for (var x = Math.max(0, cx - reach); x <= Math.min(gx - 1, cx + reach); x++) {
        for (var k = cellStart[y * gx + x]; k < cellStart[y * gx + x + 1]; k++) {
          var v = cellNode[k], dx = Math.abs(wx - px[v]), dy = Math.abs(wy - py[v]);
          if (dx > Math.max(hw, slack) || dy > Math.max(hh, slack)) continue;
          var d = dx * dx + dy * dy;
          if (d < bestD) { bestD = d; best = v; }
        }
      }
    }
    return best;
  }

  // ---- panel

  function el(tag, cls, content) {
    var d = document.createElement(tag);
    if (cls) d.className = cls;
    if (content !== undefined) d.textContent = content;
    return d;
  }

  function histogram(title, v, incoming) {
    var counts = new Map(), total = 0;
    var start = incoming ? inStart : outStart, list = incoming ? inEdge : outEdge;
    for (var k = start[v]; k < start[v + 1]; k++) {
      var peer = incoming ? from[list[k]] : to[list[k]], hnt = hint(peer);
      counts.set(hnt, (counts.get(hnt) || 0) + 1); total++;
    }
    var frag = document.createDocumentFragment();
    frag.appendChild(el('h3', null, title + ' by name_hint (' + total + ')'));
    if (total === 0) { frag.appendChild(el('div', 'none', 'none')); return frag; }
    var rows = Array.from(counts.entries()).sort(function (a, b) { return b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0); });
    var table = el('table');
    rows.forEach(function (r) { var tr = el('tr'); tr.appendChild(el('td', null, r[0])); tr.appendChild(el('td', 'n', String(r[1]))); table.appendChild(tr); });
    frag.appendChild(table);
    return frag;
  }

  function rowTexts(prefix, r) {
    var out = [], fs = S[prefix + 'fieldStart'], fields = S[prefix + 'fields'];
    for (var k = fs[r]; k < fs[r + 1]; k++) out.push(strAt(fields[k]));
    return out;
  }

  function slots(v) {
    var frag = document.createDocumentFragment(), rs = S.nrowStart, kinds = S.nrowKind;
    var tensor = false, args = 0, r;
    for (r = rs[v]; r < rs[v + 1]; r++) { if (kinds[r] === ROW_INPUT || kinds[r] === ROW_OUTPUT) tensor = true; if (kinds[r] !== ROW_CHANGE) args++; }
    if (args === 0) return frag;
    if (!tensor) {
      frag.appendChild(el('h3', null, 'Args (' + args + ')'));
      for (r = rs[v]; r < rs[v + 1]; r++) if (kinds[r] !== ROW_CHANGE) frag.appendChild(el('div', 'edge', rowTexts('n', r).join(' · ')));
      return frag;
    }
    frag.appendChild(el('h3', null, 'Tensors (inputs, task, outputs)'));
    for (r = rs[v]; r < rs[v + 1]; r++) if (kinds[r] === ROW_INPUT) frag.appendChild(el('div', 'slot slot-in', rowTexts('n', r).join('\n')));
    var headRow = el('div', 'slot slot-head', label(v));
    headRow.style.background = FILL[S.style[v]];
    frag.appendChild(headRow);
    for (r = rs[v]; r < rs[v + 1]; r++) if (kinds[r] === ROW_OUTPUT) frag.appendChild(el('div', 'slot slot-out', rowTexts('n', r).join('\n')));
    return frag;
  }

  function annotated(title, v, incoming) {
    var start = incoming ? inStart : outStart, list = incoming ? inEdge : outEdge, n = start[v + 1] - start[v];
    var frag = document.createDocumentFragment();
    frag.appendChild(el('h3', null, title + ' (' + n + ')'));
    if (n === 0) { frag.appendChild(el('div', 'none', 'none')); return frag; }
    var shown = Math.min(n, 60);
    for (var k = start[v]; k < start[v] + shown; k++) {
      var e = list[k], peer = incoming ? from[e] : to[e];
      var d = el('div', 'edge' + (eflags[e] & HIDDEN ? ' hidden-edge' : ''));
      var link = el('span', 'peer', (incoming ? '← ' : '→ ') + key(peer));
      link.dataset.node = peer;
      link.setAttribute('role', 'button'); link.tabIndex = 0;
      d.appendChild(link);
      d.appendChild(document.createTextNode(' ' + hint(peer) + (eflags[e] & HIDDEN ? ' (not selected by the edge mode)' : '')
        + (S.estatus[e] ? ' [' + STATUS_NAMES[S.estatus[e]] + ']' : '')));
      for (var r = S.erowStart[e]; r < S.erowStart[e + 1]; r++) d.appendChild(el('div', 'rows', rowTexts('e', r).join(' · ')));
      frag.appendChild(d);
    }
    if (n > shown) frag.appendChild(el('div', 'none', '… ' + (n - shown) + ' more'));
    return frag;
  }

  var legendWasOpen = null;
  function showPanel(v) {
    panelBody.textContent = '';
    panelBody.appendChild(el('h2', null, key(v) + ' · ' + hint(v)));
    panelBody.appendChild(el('div', 'sub', '↓' + fanIn(v) + ' predecessors · ↑' + fanOut(v) + ' successors'));
    var reach = el('div', 'sub', reachText(G.ancestors || 0, G.descendants || 0, hops, ballDone));
    reach.id = 'panel-reach';
    panelBody.appendChild(reach);
    if (S.status[v]) panelBody.appendChild(el('div', 'status status-' + STATUS_NAMES[S.status[v]], STATUS_NAMES[S.status[v]]));
    (header.marks || []).forEach(function (m, b) { if (S.marks && (S.marks[v] & (1 << b))) panelBody.appendChild(el('div', 'status', m[3] || m[1])); });
    for (var r = S.nrowStart[v]; r < S.nrowStart[v + 1]; r++) if (S.nrowKind[r] === ROW_CHANGE) panelBody.appendChild(el('div', 'change', rowTexts('n', r).join(' · ')));
    panelBody.appendChild(histogram('Predecessors', v, true));
    panelBody.appendChild(histogram('Successors', v, false));
    panelBody.appendChild(slots(v));
    panelBody.appendChild(annotated('Annotated edges in', v, true));
    panelBody.appendChild(annotated('Annotated edges out', v, false));
    if (panel.hidden) {
      // the panel takes the legend's side of the window; the legend comes back when it closes
      if (legendWasOpen === null) legendWasOpen = !legend.hidden;
      legend.hidden = true;
      panel.hidden = false;
    }
  }

  function restoreLegend() {
    if (legendWasOpen) legend.hidden = false;
    legendWasOpen = null;
  }

  // ---- search: ids in every form, then exact names, then names containing the text

  var lastQuery = null, matches = [], matchAt = -1, nameCodes = [];

  /**
   * The tasks of each distinct name and hint (a few hundred texts however many tasks), built once: a name search then
   * costs its matches, not a pass over every task.
   */
  var nameSlot, nameStart, nameNodes, seenStamp;
  function nameIndexSteps() {
    var count = [], total = 0;
    function slotOf(c) { var k = nameSlot[c]; if (k < 0) { k = nameSlot[c] = nameCodes.length; nameCodes.push(c); count.push(0); } return k; }
    return [
      function () { nameSlot = new Int32Array(strCount).fill(-1); nameCodes = []; },
      sliced(N, function (v) {
        var a = S.name[v], b = S.hint[v];
        if (a >= 0) { count[slotOf(a)]++; total++; }
        if (b >= 0 && b !== a) { count[slotOf(b)]++; total++; }
      }),
      function () {
        nameStart = new Int32Array(nameCodes.length + 1);
        for (var k = 0; k < nameCodes.length; k++) nameStart[k + 1] = nameStart[k] + count[k];
        nameNodes = new Int32Array(total);
        count = Array.from(nameStart.subarray(0, nameCodes.length));
        seenStamp = new Uint8Array(N);
      },
      sliced(N, function (v) {
        var a = S.name[v], b = S.hint[v];
        if (a >= 0) nameNodes[count[nameSlot[a]]++] = v;
        if (b >= 0 && b !== a) nameNodes[count[nameSlot[b]]++] = v;
      })];
  }

  function find(q) {
    var ids = nodesOf(q), lower = q.toLowerCase(), i, k;
    // an id names its task: no name search
    if (ids.length && parseId(q)) return ids;
    var exact = [], part = [];
    for (k = 0; k < nameCodes.length; k++) {
      var t = strAt(nameCodes[k]).toLowerCase();
      if (t === lower) exact.push(k); else if (lower && t.indexOf(lower) >= 0) part.push(k);
    }
    for (i = 0; i < ids.length; i++) seenStamp[ids[i]] = 1;
    // each group in node order, a task once, in the better group
    function group(slots) {
      var n = 0, s2;
      for (s2 = 0; s2 < slots.length; s2++) n += nameStart[slots[s2] + 1] - nameStart[slots[s2]];
      var all = new Int32Array(n), o = 0;
      for (s2 = 0; s2 < slots.length; s2++) { all.set(nameNodes.subarray(nameStart[slots[s2]], nameStart[slots[s2] + 1]), o); o += nameStart[slots[s2] + 1] - nameStart[slots[s2]]; }
      if (slots.length > 1) all.sort();
      var out = [];
      for (var j = 0; j < n; j++) { var v = all[j]; if (!seenStamp[v]) { seenStamp[v] = 1; out.push(v); } }
      return out;
    }
    var named = group(exact), partial = group(part), result = ids.concat(named, partial);
    for (i = 0; i < result.length; i++) seenStamp[result[i]] = 0;
    return result;
  }

  function runSearch(q, back) {
    if (!prepared) return null;
    q = String(q).trim();
    var t0 = performance.now();
    if (q !== lastQuery) { lastQuery = q; matches = q ? find(q) : []; matchAt = -1; }
    took('find', performance.now() - t0);
    if (!matches.length) { searchStatus.textContent = q ? 'no match' : ''; G.matches = 0; return null; }
    matchAt = back ? (matchAt <= 0 ? matches.length - 1 : matchAt - 1) : (matchAt + 1) % matches.length;
    var v = matches[matchAt];
    searchStatus.textContent = (matchAt + 1) + ' / ' + matches.length;
    G.matches = matches.length;
    select(v);
    frameTask(v);
    return key(v);
  }

  // ---- changes: on a page with diff statuses, a legend of them and a list to step through

  var changes = null, changeAt = -1, changeStatus = null;

  /** The tasks with a status or an incoming edge with one, in layout order (rank, then place). */
  function setupChanges(h) {
    var list = [], v, k;
    for (v = 0; v < N; v++) {
      var changedHere = S.status[v] !== 0;
      for (k = inStart[v]; k < inStart[v + 1] && !changedHere; k++) changedHere = S.estatus[inEdge[k]] !== 0;
      if (changedHere) list.push(v);
    }
    if (!h.diff && !list.length && !statusEdges.length) return;
    list.sort(function (p, q) { return S.rank[p] - S.rank[q] || S.x[p] - S.x[q] || p - q; });
    changes = list;
    G.changes = list.map(key);
    var rows = $('legend-status');
    rows.hidden = false;
    var box = $('changes');
    box.hidden = false;
    changeStatus = box.querySelector('.change-status');
    changeStatus.textContent = list.length ? list.length + ' change' + (list.length === 1 ? '' : 's') + ' (n / p)' : 'no changes';
    box.querySelector('.prev').addEventListener('click', function () { stepChange(-1); });
    box.querySelector('.next').addEventListener('click', function () { stepChange(1); });
    $('help-changes').hidden = false;
  }

  function stepChange(d) {
    var n = changes.length;
    if (!n) return null;
    changeAt = changeAt < 0 ? (d > 0 ? 0 : n - 1) : (changeAt + d + n) % n;
    var v = changes[changeAt];
    changeStatus.textContent = (changeAt + 1) + ' / ' + n + ': ' + key(v) + (S.status[v] ? ' ' + STATUS_NAMES[S.status[v]] : ' (edges)');
    G.changeAt = changeAt;
    select(v);
    frameTask(v);
    return key(v);
  }

  // ---- legend: every mark the page draws, drawn by the same code

  function legendIcon(draw, w) {
    var c = document.createElement('canvas'), d = window.devicePixelRatio || 1;
    w = w || 34;
    c.width = w * d; c.height = 18 * d; c.style.width = w + 'px'; c.style.height = '18px';
    var ctx = c.getContext('2d');
    ctx.scale(d, d);
    draw(ctx);
    return c;
  }

  function legendRow(parent, draw, words, w) {
    var row = el('div');
    row.appendChild(legendIcon(draw, w));
    row.appendChild(el('span', null, words));
    parent.appendChild(row);
  }

  /** Draws node shape {@code style} small, centred at (x, y), by the page's own path. */
  function miniShape(ctx, style, x, y, opts) {
    ctx.beginPath();
    var s = style, w = 12, h = 6;
    if (s === 1) ctx.ellipse(x, y, w, h, 0, 0, Math.PI * 2);
    else if (s === 2) { ctx.moveTo(x, y - h - 2); ctx.lineTo(x + w, y); ctx.lineTo(x, y + h + 2); ctx.lineTo(x - w, y); ctx.closePath(); }
    else if (s === 3) { ctx.moveTo(x - w, y - h); ctx.lineTo(x + w - 4, y - h); ctx.lineTo(x + w, y - h + 4); ctx.lineTo(x + w, y + h); ctx.lineTo(x - w, y + h); ctx.closePath(); }
    else if (ctx.roundRect) ctx.roundRect(x - w, y - h, 2 * w, 2 * h, 3); else ctx.rect(x - w, y - h, 2 * w, 2 * h);
    ctx.fillStyle = FILL[style]; ctx.fill();
    ctx.strokeStyle = opts && opts.stroke || (style === 3 ? '#777' : '#555'); ctx.lineWidth = opts && opts.width || 1;
    if (style === 3) ctx.setLineDash([2, 2]);
    ctx.stroke(); ctx.setLineDash([]);
  }

  function buildLegend() {
    var box = $('legend-rows');
    box.textContent = '';
    var i;
    for (i = 0; i < 5; i++) (function (s) { legendRow(box, function (c) { miniShape(c, s, 17, 9); }, STYLE_NAMES[s]); })(i);
    legendRow(box, function (c) {
      c.beginPath(); c.rect(9, 2, 22, 11); c.fillStyle = '#f3f4f6'; c.fill(); c.strokeStyle = SPMD_COLOR; c.stroke();
      miniShape(c, 0, 15, 10, { stroke: SPMD_COLOR, width: 1.5 });
    }, 'SPMD: stacked, xN = block num');
    legendRow(box, function (c) { fireMark(c, 10, 10, 4); starMark(c, 24, 9, 4.5); }, 'early dispatch or alloc · every input early');
    legendRow(box, function (c) { c.fillStyle = 'rgb(40,140,210)'; c.fillRect(2, 5, 8, 8); c.fillStyle = 'rgb(225,150,0)'; c.fillRect(12, 5, 8, 8); c.fillStyle = 'rgb(0,150,110)'; c.fillRect(22, 5, 8, 8); },
      'far out: tasks by kind, darker = denser');
    legendRow(box, function (c) { edgeIcon(c, 'rgba(90,90,90,0.9)', null, 1); }, 'dependency (arrow: pred → succ)');
    legendRow(box, function (c) { edgeIcon(c, 'rgba(90,90,90,0.9)', [4, 3], 1); }, 'ordering only (explicit)');
    legendRow(box, function (c) { edgeIcon(c, 'rgba(148,163,184,0.8)', null, 1); }, 'not selected by the edge mode');
    legendRow(box, function (c) { c.font = '8px Helvetica, Arial, sans-serif'; c.fillStyle = '#A03030'; c.fillText('other', 6, 8); edgeIcon(c, 'rgba(90,90,90,0.9)', null, 1, 13); },
      'overlap other than covered');
    var sep = el('div', 'legend-sep'); box.appendChild(sep);
    legendRow(box, function (c) {
      c.beginPath(); c.rect(5, 3, 24, 12); c.strokeStyle = '#fff'; c.lineWidth = 4; c.stroke(); c.strokeStyle = SEL_COLOR; c.lineWidth = 2; c.stroke();
    }, 'selected task (key f keeps it marked)');
    legendRow(box, function (c) { c.beginPath(); c.rect(6, 4, 22, 10); c.strokeStyle = IN_COLOR; c.lineWidth = 2; c.stroke(); }, 'direct predecessor');
    legendRow(box, function (c) { c.beginPath(); c.rect(6, 4, 22, 10); c.strokeStyle = OUT_COLOR; c.lineWidth = 2; c.stroke(); }, 'direct successor');
    legendRow(box, function (c) { edgeIcon(c, IN_COLOR, null, 2); }, 'paths into it (hop limit)');
    legendRow(box, function (c) { edgeIcon(c, OUT_COLOR, null, 2); }, 'paths out of it');
    if (focusNodes.length) legendRow(box, function (c) { c.beginPath(); c.rect(5, 3, 24, 12); c.setLineDash([4, 3]); c.lineWidth = 2; c.stroke(); }, 'focus task');
    (header.marks || []).forEach(function (m, b) {
      legendRow(box, function (c) { c.beginPath(); c.rect(5, 3, 24, 12); c.strokeStyle = markColor(b); c.lineWidth = 3; c.stroke(); }, m[1]);
    });
    var st = $('legend-status');
    st.textContent = '';
    st.appendChild(el('div', 'legend-sep'));
    var words = ['', 'added (only in NEW): thick, plus', 'removed (only in OLD): dashed, hatched, minus', 'changed: double, triangle'];
    for (i = 1; i < 4; i++) (function (s) {
      legendRow(st, function (c) {
        c.save(); c.translate(3, 2);
        if (s === 1) { c.beginPath(); c.rect(2, 3, 22, 10); c.lineWidth = 3; c.strokeStyle = STATUS_COLORS[1]; c.stroke(); }
        else if (s === 2) { c.beginPath(); c.rect(2, 3, 22, 10); c.setLineDash([4, 3]); c.lineWidth = 2.5; c.strokeStyle = STATUS_COLORS[2]; c.stroke(); c.setLineDash([]); }
        else { c.beginPath(); c.rect(2, 3, 22, 10); c.rect(0, 1, 26, 14); c.lineWidth = 1.2; c.strokeStyle = STATUS_COLORS[3]; c.stroke(); }
        statusBadge(c, s, 25, 4, 4.5);
        c.restore();
      }, words[s]);
    })(i);
  }

  function edgeIcon(c, colour, dash, width, y) {
    y = y || 9;
    c.beginPath(); c.moveTo(2, y); c.lineTo(26, y);
    c.setLineDash(dash || []); c.strokeStyle = colour; c.lineWidth = width; c.stroke(); c.setLineDash([]);
    c.beginPath(); arrowhead(c, 2, y, 32, y, 7); c.fillStyle = colour; c.fill();
  }

  // ---- input

  var drag = null, suppressClick = false, clickTimer = 0, hoverQueued = false, hoverAt = null;
  stage.addEventListener('pointerdown', function (ev) {
    if (ev.button !== 0) return;
    drag = { x: ev.clientX, y: ev.clientY, moved: false };
    stage.setPointerCapture(ev.pointerId);
  });
  stage.addEventListener('pointermove', function (ev) {
    if (!drag) {
      hoverAt = [ev.clientX, ev.clientY];
      if (!hoverQueued && prepared) { hoverQueued = true; requestAnimationFrame(hover); }
      return;
    }
    var dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
    if (!drag.moved && Math.abs(dx) + Math.abs(dy) <= 3) return;
    drag.moved = true; stage.classList.add('dragging');
    drag.x = ev.clientX; drag.y = ev.clientY;
    panBy(dx, dy);
  });
  stage.addEventListener('pointerup', function () {
    if (drag && drag.moved) suppressClick = true;
    if (!prepared) suppressClick = false;
    drag = null; stage.classList.remove('dragging');
  });
  stage.addEventListener('click', function (ev) {
    if (!prepared) return;
    if (suppressClick) { suppressClick = false; return; }
    var v = nodeAt(ev.clientX, ev.clientY);
    select(v);
    // framed a moment later, so that a double click still zooms where it was aimed
    clearTimeout(clickTimer);
    if (v >= 0) clickTimer = setTimeout(function () { if (selected === v && !neighboursInView(v)) frameTask(v); }, 300);
  });
  stage.addEventListener('dblclick', function (ev) {
    if (!prepared) return;
    clearTimeout(clickTimer);
    zoomAt(ev.shiftKey ? 0.5 : 2, ev.clientX, ev.clientY);
  });
  function hover() {
    hoverQueued = false;
    if (!hoverAt || !prepared) return;
    var v = nodeAt(hoverAt[0], hoverAt[1]);
    var t = v < 0 ? '' : label(v) + (S.badge[v] ? ' · SPMD x' + S.badge[v] : '') + (S.status[v] ? ' · ' + STATUS_NAMES[S.status[v]] : '');
    if (stage.title !== t) stage.title = t;
  }
  window.addEventListener('wheel', function (ev) {
    if (ev.target !== stage && ev.target !== document.body && ev.target !== document.documentElement) return;
    ev.preventDefault();
    if (!prepared) return;
    var unitX = ev.deltaMode === 1 ? 16 : ev.deltaMode === 2 ? cw : 1, unitY = ev.deltaMode === 1 ? 16 : ev.deltaMode === 2 ? ch : 1;
    var dx = ev.deltaX * unitX, dy = ev.deltaY * unitY;
    if (ev.ctrlKey) zoomAt(Math.max(0.8, Math.min(1.25, Math.exp(-dy * 0.003))), ev.clientX, ev.clientY);
    else panBy(-dx, -dy);
  }, { passive: false });
  window.addEventListener('keydown', function (ev) {
    if (ev.target === search) {
      if (ev.key === 'Enter') { ev.preventDefault(); runSearch(search.value, ev.shiftKey); }
      else if (ev.key === 'Escape') search.blur();
      return;
    }
    if (ev.target && ev.target.tagName === 'BUTTON' && (ev.key === 'Enter' || ev.key === ' ')) return;
    if (ev.ctrlKey || ev.metaKey || ev.altKey || !prepared) return;
    var step = ev.shiftKey ? 0.5 : 0.15, handled = true;
    switch (ev.key) {
      case 'f': fit(); break;
      case 'r': reset(); break;
      case '+': case '=': zoomCentre(1.5); break;
      case '-': case '_': zoomCentre(1 / 1.5); break;
      case 'ArrowLeft': panBy(cw * step, 0); break;
      case 'ArrowRight': panBy(-cw * step, 0); break;
      case 'ArrowUp': panBy(0, ch * step); break;
      case 'ArrowDown': panBy(0, -ch * step); break;
      case '?': toggleHelp(); break;
      case 'l': toggleLegend(); break;
      case 'h': setHops(hops === Infinity ? 1 : hops === 3 ? 'all' : hops + 1); break;
      case 'Escape': if (!help.hidden) toggleHelp(); else select(-1); break;
      case '/': search.focus(); break;
      case 'n': if (changes) stepChange(1); else if (lastQuery) runSearch(lastQuery); break;
      case 'p': if (changes) stepChange(-1); else if (lastQuery) runSearch(lastQuery, true); break;
      default: handled = false;
    }
    if (handled) ev.preventDefault();
  });
  function toggleHelp() { help.hidden = !help.hidden; }
  function toggleLegend() {
    if (!panel.hidden) { legendWasOpen = legend.hidden; }
    legend.hidden = !legend.hidden;
    if (!legend.hidden && !panel.hidden) { panel.hidden = true; select(-1); }
    $('legend-toggle').setAttribute('aria-pressed', legend.hidden ? 'false' : 'true');
  }
  $('panel-close').addEventListener('click', function () { select(-1); });
  $('zoom-in').addEventListener('click', function () { zoomCentre(1.5); });
  $('zoom-out').addEventListener('click', function () { zoomCentre(1 / 1.5); });
  $('zoom-fit').addEventListener('click', fit);
  $('help-toggle').addEventListener('click', toggleHelp);
  $('help-close').addEventListener('click', toggleHelp);
  $('legend-toggle').addEventListener('click', toggleLegend);
  document.querySelectorAll('#hops button').forEach(function (b) { b.addEventListener('click', function () { setHops(b.dataset.hops); }); });
  panelBody.addEventListener('click', function (ev) {
    var n = ev.target.dataset && ev.target.dataset.node;
    if (n !== undefined) { var v = +n; select(v); frameTask(v); }
  });
  panelBody.addEventListener('keydown', function (ev) { if (ev.key === 'Enter' && ev.target.dataset && ev.target.dataset.node !== undefined) ev.target.click(); });
  var miniDrag = false;
  function miniMove(ev) {
    if (!prepared) return;
    var r = minimap.getBoundingClientRect(), f = freeRect();
    var wx = minX + (ev.clientX - r.left) / r.width * (maxX - minX), wy = minY + (ev.clientY - r.top) / r.height * (maxY - minY);
    tx = (f.x0 + f.x1) / 2 - wx * scale; ty = (f.y0 + f.y1) / 2 - wy * scale;
    changed();
  }
  minimap.addEventListener('pointerdown', function (ev) { miniDrag = true; minimap.setPointerCapture(ev.pointerId); miniMove(ev); });
  minimap.addEventListener('pointermove', function (ev) { if (miniDrag) miniMove(ev); });
  minimap.addEventListener('pointerup', function () { miniDrag = false; });
  window.addEventListener('resize', function () { if (prepared) resize(); });

  // ---- start

  load().then(function (data) {
    cw = window.innerWidth; ch = window.innerHeight;
    $('loading').textContent = 'indexing the graph…';
    return prepare(data).then(function () { return data; });
  }).then(function (data) {
    focusNodes = (data.header.focus || []).filter(function (v) { return v >= 0 && v < N; });
    buildLegend();
    setupChanges(data.header);
    $('loading').textContent = 'drawing the overview…';
    resize();
    fit();
    buildDensity(function () {
      $('loading').remove();
      if (focusNodes.length) { select(focusNodes[0]); frameTask(focusNodes[0]); } else fit();
      requestAnimationFrame(function () {
        G.firstFrameMs = performance.now();
        G.ready = true;
      });
    });
  }).catch(function (err) {
    $('loading').textContent = 'cannot show the graph: ' + err;
    console.error(err);
  });

  function viewState() { return { scale: scale, tx: tx, ty: ty, nodePx: nodePx(), detail: !!(front && front.visible), pending: !!job }; }

  G.search = function (q) { return runSearch(q); };
  G.nextChange = function () { return changes ? stepChange(1) : null; };
  G.previousChange = function () { return changes ? stepChange(-1) : null; };
  /** The tasks carrying mark {@code name} (as the page names them). */
  G.marked = function (name) {
    var l = [], ms = header.marks || [];
    for (var b = 0; b < ms.length; b++) if (ms[b][0] === name) for (var v = 0; v < N; v++) if (S.marks && (S.marks[v] & (1 << b))) l.push(key(v));
    return l;
  };
  G.status = function (k) { var v = nodeOf(k); return v < 0 ? null : STATUS_NAMES[S.status[v]]; };
  /** Selects a task (any id form); it is framed with its neighbours when some of them are out of view. */
  G.select = function (k) {
    var v = nodeOf(k);
    select(v);
    if (v >= 0 && !neighboursInView(v)) frameTask(v);
    return v >= 0;
  };
  G.screenPosition = function (k) { var v = nodeOf(k); return v < 0 ? null : { x: px[v] * scale + tx, y: py[v] * scale + ty }; };
  G.keyOf = function (k) { var v = nodeOf(k); return v < 0 ? null : key(v); };
  G.neighbours = function (k) {
    var v = nodeOf(k), p = [], s = [], i;
    if (v < 0) return null;
    for (i = inStart[v]; i < inStart[v + 1]; i++) p.push(key(from[inEdge[i]]));
    for (i = outStart[v]; i < outStart[v + 1]; i++) s.push(key(to[outEdge[i]]));
    return { predecessors: p, successors: s };
  };
  G.keyAt = function (i) { return i >= 0 && i < N ? key(i) : null; };
  G.nodeIndex = function (k) { return nodeOf(k); };
  G.covered = function () { return covered().map(function (r) { return { id: r.id, x: r.x, y: r.y, width: r.width, height: r.height }; }); };
  G.freeRect = function () { var f = freeRect(); return { x: f.x0, y: f.y0, width: f.x1 - f.x0, height: f.y1 - f.y0 }; };
  G.setHops = function (h) { setHops(h); return G.hops; };
  G.view = viewState;
  G.panBy = panBy;
  G.fit = fit;
  G.reset = reset;
  G.zoomBy = function (f) { zoomCentre(f); };
  /** Zooms to scale {@code s} with node number {@code v} (default: the middle one) at the centre; returns the scale. */
  G.zoomTo = function (s, v) {
    if (v === undefined) v = N >> 1;
    var f = freeRect();
    scale = clampScale(s);
    tx = (f.x0 + f.x1) / 2 - px[v] * scale; ty = (f.y0 + f.y1) / 2 - py[v] * scale;
    changed();
    return scale;
  };
  G.centre = function (k) { var v = nodeOf(k); if (v < 0) return false; centreOn(v); return true; };
  G.panelTitle = function () { var h = panelBody.querySelector('h2'); return panel.hidden || !h ? null : h.textContent; };
  /** Resolves once nothing is left to draw or count: the detail picture (if the view wants one) is shown, the walk done. */
  G.idle = function () {
    return new Promise(function (done) {
      (function check() {
        var busy = !density || job || !ballDone || (wantsDetail() && !(front && front.visible && pictureServes(front) && front.fresh))
          || performance.now() - lastChange < REST_MS + 20;
        if (busy) setTimeout(check, 30); else requestAnimationFrame(function () { requestAnimationFrame(function () { done(viewState()); }); });
      })();
    });
  };
  /** The longest main-thread task (ms) the browser reported since {@code t} (performance.now() time), 0 for none. */
  G.longestTaskSince = function (t) {
    var m = 0;
    G.longTasks.forEach(function (e) { if (e.start >= t && e.ms > m) m = e.ms; });
    return m;
  };
})();
