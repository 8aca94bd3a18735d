// The graph page: inflates the embedded graph, lays it onto a canvas and draws only what is on screen, in less
// detail the further out the view is zoomed. Every array is indexed by node or edge number.
(function () {
  'use strict';
  var G = window.ptotraceGraph = { ready: false };
  var COLORS = ['#66A3FF', '#FFB366', '#66CC99', '#EAEAEA', '#E0E0E0'];        // AIC, AIV, MIX, ALLOC, PLAIN
  var HEADER_COLORS = ['#66A3FF', '#FFB366', '#66CC99', '#EAEAEA', '#D8D8D8'];
  var STATUS_COLORS = [null, '#16a34a', '#dc2626', '#d97706'];                // none, added, removed, changed
  var STATUS_NAMES = ['', 'added', 'removed', 'changed'];
  var FIRE = 1, STAR = 2, HIDDEN = 1, DASHED = 2, CRITICAL = 4, CRITICAL_COLOR = '#e11d48';
  var ANC = 1, DESC = 2, PRED = 4, SUCC = 8, SEL = 16;
  var ROW_INPUT = 1, ROW_OUTPUT = 2, ROW_CHANGE = 3;
  var FULL_EDGE_SCAN = 400000;      // up to this many edges every edge is tested against the view
  var EDGE_BUDGET = 150000, EDGE_BUDGET_MOVING = 40000;

  var canvas = document.getElementById('stage'), ctx = canvas.getContext('2d');
  var panel = document.getElementById('panel'), panelBody = document.getElementById('panel-body');
  var search = document.getElementById('search'), searchStatus = document.getElementById('search-status');

  var N, E, S, str, from, to, eflags, px, py, hw, hh, outStart, outEdge, inStart, inEdge;
  var cellSize, gx, gy, gridX0, gridY0, cellStart, cellNode, minX, minY, maxX, maxY;
  var labels, mark = null, highlighted = null, selected = -1, visibleEdges = 0;
  var scale = 1, tx = 0, ty = 0, cw = 0, ch = 0, dpr = 1, frameQueued = false, moving = 0, frames = 0;
  var visible = new Int32Array(1024);

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

  function load() {
    var packed = base64(document.getElementById('graph-data').textContent);
    var stream = new Blob([packed]).stream().pipeThrough(new DecompressionStream('deflate'));
    return new Response(stream).arrayBuffer().then(function (buf) {
      var bytes = new Uint8Array(buf), headLen = new DataView(buf).getUint32(0, true);
      var header = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + headLen)));
      var base = 4 + headLen, s = {};
      header.sections.forEach(function (d) {
        var off = base + d[2];
        s[d[0]] = d[1] === 'u8' ? new Uint8Array(buf, off, d[3]) : d[1] === 'i32' ? new Int32Array(buf, off, d[3]) : new Float32Array(buf, off, d[3]);
      });
      return { header: header, s: s };
    });
  }

  function prepare(data) {
    var h = data.header;
    S = data.s; N = h.nodes; E = h.edges;
    str = new TextDecoder().decode(S.strings).split('\0');
    from = S.from; to = S.to; eflags = S.eflags;
    for (var e = 0; e < E; e++) if (!(eflags[e] & HIDDEN)) visibleEdges++;
    outStart = new Int32Array(N + 1); inStart = new Int32Array(N + 1);
    for (e = 0; e < E; e++) { outStart[from[e] + 1]++; inStart[to[e] + 1]++; }
    for (var v = 0; v < N; v++) { outStart[v + 1] += outStart[v]; inStart[v + 1] += inStart[v]; }
    outEdge = new Int32Array(E); inEdge = new Int32Array(E);
    var fo = outStart.slice(0, N), fi = inStart.slice(0, N);
    for (e = 0; e < E; e++) { outEdge[fo[from[e]]++] = e; inEdge[fi[to[e]]++] = e; }
    place(h.direction);
    buildGrid();
    labels = new Array(N);
    G.tasks = N; G.edges = visibleEdges; G.layoutEdges = E; G.summary = h.summary; G.subject = h.subject;
    if (h.diff) G.diff = h.diff;
    document.getElementById('hud-counts').textContent = N + ' nodes · ' + visibleEdges + ' edges';
  }

  /** Ranks and places → world coordinates for the direction edges point in. */
  function place(direction) {
    var rank = S.rank, x = S.x, maxRank = 0, v;
    for (v = 0; v < N; v++) if (rank[v] > maxRank) maxRank = rank[v];
    var horizontal = direction === 'LR' || direction === 'RL', reverse = direction === 'RL' || direction === 'BT';
    var rankGap = horizontal ? 220 : 84, placeGap = horizontal ? 44 : 170;
    hw = 75; hh = 14;
    px = new Float32Array(N); py = new Float32Array(N);
    for (v = 0; v < N; v++) {
      var r = (reverse ? maxRank - rank[v] : rank[v]) * rankGap, p = x[v] * placeGap;
      if (horizontal) { px[v] = r; py[v] = p; } else { px[v] = p; py[v] = r; }
    }
    G.horizontal = horizontal; G.reverse = reverse;
    minX = Infinity; minY = Infinity; maxX = -Infinity; maxY = -Infinity;
    for (v = 0; v < N; v++) {
      if (px[v] < minX) minX = px[v]; if (px[v] > maxX) maxX = px[v];
      if (py[v] < minY) minY = py[v]; if (py[v] > maxY) maxY = py[v];
    }
    if (N === 0) { minX = minY = 0; maxX = maxY = 1; }
    minX -= hw; maxX += hw + 30; minY -= hh; maxY += hh;
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

  function text(code) { return code < 0 ? null : str[code]; }
  function fanIn(v) { return inStart[v + 1] - inStart[v]; }
  function fanOut(v) { return outStart[v + 1] - outStart[v]; }
  function key(v) { return str[S.key[v]]; }
  function hint(v) { return str[S.hint[v]]; }

  function label(v) {
    var l = labels[v];
    if (l === undefined) {
      var f = S.flags[v], marker = (f & FIRE ? '🔥' : '') + (f & STAR ? '⭐' : '');
      var name = text(S.name[v]);
      l = labels[v] = (marker ? marker + ' ' : '') + key(v) + (name ? ' · ' + name : '') + ' ↓' + fanIn(v) + ' ↑' + fanOut(v);
    }
    return l;
  }

  // ---- view

  function resize() {
    dpr = window.devicePixelRatio || 1;
    cw = window.innerWidth; ch = window.innerHeight;
    redraw();
  }

  function minScale() { return Math.min(0.02, fitScale() * 0.5); }
  function clampScale(s) { return Math.max(minScale(), Math.min(20, s)); }
  function fitScale() { return Math.min(2, cw * 0.95 / (maxX - minX), ch * 0.95 / (maxY - minY)); }

  function fit() {
    scale = fitScale();
    tx = cw / 2 - (minX + maxX) / 2 * scale; ty = ch / 2 - (minY + maxY) / 2 * scale;
    redraw();
  }

  function reset() { scale = 1; tx = 0; ty = 0; redraw(); }

  function zoomAt(factor, sx, sy) {
    var s = clampScale(scale * factor);
    tx = sx - (sx - tx) * s / scale; ty = sy - (sy - ty) * s / scale; scale = s;
    redraw();
  }

  function panBy(dx, dy) { tx += dx; ty += dy; interacting(); redraw(); }

  function interacting() {
    moving++;
    var mine = moving;
    setTimeout(function () { if (moving === mine) { moving = 0; redraw(); } }, 150);
  }

  function centreOn(v) {
    if (scale < 0.8) scale = 1;
    tx = cw / 2 - px[v] * scale; ty = ch / 2 - py[v] * scale;
    redraw();
  }

  function redraw() {
    if (frameQueued || N === undefined) return;
    frameQueued = true;
    requestAnimationFrame(frame);
  }

  // ---- drawing

  // The canvas is larger than the window by a margin on every side. While the view is being panned or zoomed the
  // last picture is only moved and scaled (a CSS transform, done by the compositor); it is drawn afresh once the view
  // rests or leaves the margin.
  var cache = null;

  function frame() {
    frameQueued = false;
    if (!(moving && cache && covers(cache))) render();
    place3d();
    frames++;
    G.frames = frames;
  }

  function covers(c) {
    var r = scale / c.s;
    if (r < 0.5 || r > 2) return false;
    var wx0 = (-c.m - c.tx) / c.s, wy0 = (-c.m - c.ty) / c.s, wx1 = wx0 + c.w / c.s, wy1 = wy0 + c.h / c.s;
    // only the part of the view the graph occupies needs to be in the picture
    var vx0 = Math.max(-tx / scale, minX), vy0 = Math.max(-ty / scale, minY);
    var vx1 = Math.min((cw - tx) / scale, maxX), vy1 = Math.min((ch - ty) / scale, maxY);
    if (vx0 >= vx1 || vy0 >= vy1) return true;
    return vx0 >= wx0 && vy0 >= wy0 && vx1 <= wx1 && vy1 <= wy1;
  }

  function render() {
    var m = Math.round(Math.max(cw, ch) / 2), w = cw + 2 * m, h = ch + 2 * m;
    if (!cache || cache.w !== w || cache.h !== h || cache.dpr !== dpr) {
      canvas.width = Math.round(w * dpr); canvas.height = Math.round(h * dpr);
      canvas.style.left = -m + 'px'; canvas.style.top = -m + 'px';
      canvas.style.width = w + 'px'; canvas.style.height = h + 'px';
      cache = { w: w, h: h, dpr: dpr };
    }
    cache.m = m; cache.s = scale; cache.tx = tx; cache.ty = ty;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.setTransform(scale * dpr, 0, 0, scale * dpr, (tx + m) * dpr, (ty + m) * dpr);
    var x0 = (-tx - m) / scale, y0 = (-ty - m) / scale, x1 = (cw + m - tx) / scale, y1 = (ch + m - ty) / scale;
    var count = collectVisible(x0 - hw, y0 - hh, x1 + hw + 30, y1 + hh);
    var t0 = performance.now();
    drawEdges(count, x0, y0, x1, y1);
    drawNodes(count);
    G.renderMs = performance.now() - t0;
    G.renders = (G.renders || 0) + 1;
  }

  /** Moves the last picture to where the current view wants it. */
  function place3d() {
    var r = scale / cache.s, dx = tx + cache.m - (cache.tx + cache.m) * r, dy = ty + cache.m - (cache.ty + cache.m) * r;
    canvas.style.transform = r === 1 && dx === 0 && dy === 0 ? '' : 'translate(' + dx + 'px,' + dy + 'px) scale(' + r + ')';
  }

  function draw() { render(); place3d(); }

  function collectVisible(x0, y0, x1, y1) {
    var c0 = Math.max(0, Math.floor((x0 - gridX0) / cellSize)), c1 = Math.min(gx - 1, Math.floor((x1 - gridX0) / cellSize));
    var r0 = Math.max(0, Math.floor((y0 - gridY0) / cellSize)), r1 = Math.min(gy - 1, Math.floor((y1 - gridY0) / cellSize));
    var n = 0;
    for (var r = r0; r <= r1; r++) {
      for (var k = cellStart[r * gx + c0], end = cellStart[r * gx + c1 + 1]; k < end; k++) {
        var v = cellNode[k];
        if (px[v] + hw < x0 || px[v] - hw > x1 || py[v] + hh < y0 || py[v] - hh > y1) continue;
        if (n === visible.length) { var bigger = new Int32Array(n * 2); bigger.set(visible); visible = bigger; }
        visible[n++] = v;
      }
    }
    return n;
  }

  function tail(u) { return G.horizontal ? [px[u] + (G.reverse ? -hw : hw), py[u]] : [px[u], py[u] + (G.reverse ? -hh : hh)]; }
  function head(v) { return G.horizontal ? [px[v] - (G.reverse ? -hw : hw), py[v]] : [px[v], py[v] - (G.reverse ? -hh : hh)]; }

  // an edge's ends, without allocating: it runs for every edge on every full drawing
  function segment(e, x0, y0, x1, y1) {
    var u = from[e], v = to[e], ax = px[u], ay = py[u], bx = px[v], by = py[v];
    if (G.horizontal) { var dx = G.reverse ? -hw : hw; ax += dx; bx -= dx; } else { var dy = G.reverse ? -hh : hh; ay += dy; by -= dy; }
    if ((ax > bx ? ax : bx) < x0 || (ax < bx ? ax : bx) > x1 || (ay > by ? ay : by) < y0 || (ay < by ? ay : by) > y1) return false;
    ctx.moveTo(ax, ay); ctx.lineTo(bx, by);
    return true;
  }

  /** Edges in three passes (hidden, plain, dashed), each one path; sparse when zoomed far out. */
  function drawEdges(count, x0, y0, x1, y1) {
    var budget = moving ? EDGE_BUDGET_MOVING : EDGE_BUDGET;
    var candidates = E <= FULL_EDGE_SCAN ? E : edgesOfVisible(count);
    var step = Math.max(1, Math.ceil(candidates / budget));
    var far = scale < 0.15, px1 = 1 / scale;
    var passes = [[HIDDEN, HIDDEN, 'rgba(148,163,184,0.35)', null], [HIDDEN | DASHED, 0, far ? 'rgba(100,116,139,0.35)' : 'rgba(136,136,136,0.78)', null],
      [HIDDEN | DASHED, DASHED, far ? 'rgba(100,116,139,0.35)' : 'rgba(150,150,150,0.78)', [4, 3]]];
    var dim = selected >= 0;
    for (var p = 0; p < passes.length; p++) {
      var maskBits = passes[p][0], want = passes[p][1];
      ctx.beginPath();
      for (var i = 0; i < candidates; i += step) {
        var e = E <= FULL_EDGE_SCAN ? i : edgeList[i];
        if ((eflags[e] & maskBits) !== want) continue;
        segment(e, x0, y0, x1, y1);
      }
      ctx.globalAlpha = dim ? 0.35 : 1;
      ctx.strokeStyle = passes[p][2]; ctx.lineWidth = px1 * (far ? 0.6 : 1);
      ctx.setLineDash(passes[p][3] && !far ? passes[p][3] : []);
      ctx.stroke();
    }
    ctx.setLineDash([]);
    ctx.globalAlpha = 1;
    drawStatusEdges(x0, y0, x1, y1, px1);
    drawCriticalEdges(x0, y0, x1, y1, px1);
    if (highlighted) drawHighlighted(x0, y0, x1, y1, px1);
    if (scale >= 0.6) drawEdgeLabels(x0, y0, x1, y1);
  }

  var edgeList = new Int32Array(1024), anyEdgeStatus;
  /** Edges with an end on screen (for graphs too large to test every edge each frame). */
  function edgesOfVisible(count) {
    var n = 0;
    for (var i = 0; i < count; i++) {
      var v = visible[i];
      for (var k = outStart[v]; k < outStart[v + 1]; k++) n = pushEdge(n, outEdge[k]);
      for (k = inStart[v]; k < inStart[v + 1]; k++) n = pushEdge(n, inEdge[k]);
    }
    return n;
  }

  function pushEdge(n, e) {
    if (n === edgeList.length) { var bigger = new Int32Array(n * 2); bigger.set(edgeList); edgeList = bigger; }
    edgeList[n] = e;
    return n + 1;
  }

  function drawStatusEdges(x0, y0, x1, y1, px1) {
    var st = S.estatus;
    if (anyEdgeStatus === undefined) { anyEdgeStatus = false; for (var k = 0; k < E && !anyEdgeStatus; k++) anyEdgeStatus = st[k] !== 0; }
    if (!anyEdgeStatus) return;
    for (var s = 1; s < STATUS_COLORS.length; s++) {
      ctx.beginPath();
      var any = false;
      for (var e = 0; e < E; e++) if (st[e] === s) any = segment(e, x0, y0, x1, y1) || any;
      if (!any) continue;
      ctx.strokeStyle = STATUS_COLORS[s]; ctx.lineWidth = 2 * px1; ctx.stroke();
    }
  }

  /** The observed critical path of the run (pages made with a records file beside the deps.json). */
  var criticalEdges;
  function drawCriticalEdges(x0, y0, x1, y1, px1) {
    if (!criticalEdges) { criticalEdges = []; for (var k = 0; k < E; k++) if (eflags[k] & CRITICAL) criticalEdges.push(k); }
    if (!criticalEdges.length) return;
    ctx.beginPath();
    for (var i = 0; i < criticalEdges.length; i++) segment(criticalEdges[i], x0, y0, x1, y1);
    ctx.strokeStyle = CRITICAL_COLOR; ctx.lineWidth = 3 * px1; ctx.stroke();
  }

  function criticalLegend() {
    var n = 0;
    for (var v = 0; v < N; v++) if (S.flags[v] & CRITICAL) n++;
    if (!n) return;
    var row = el('div');
    row.innerHTML = '<svg width="26" height="16"><rect x="2" y="2" width="22" height="12" rx="2" fill="none" stroke="' + CRITICAL_COLOR + '" stroke-width="2.5"/></svg>';
    row.appendChild(document.createTextNode('observed critical path (' + n + ' tasks)'));
    document.getElementById('legend').appendChild(row);
  }

  /** The edges on a path into the selection (violet) and out of it (teal). */
  function drawHighlighted(x0, y0, x1, y1, px1) {
    for (var into = 1; into >= 0; into--) {
      ctx.beginPath();
      for (var i = 0; i < highlighted.length; i++) {
        var e = highlighted[i], a = mark[from[e]], b = mark[to[e]];
        if (into ? (a & ANC) && (b & (ANC | SEL)) : (a & (DESC | SEL)) && (b & DESC)) segment(e, x0, y0, x1, y1);
      }
      ctx.strokeStyle = into ? '#7c3aed' : '#0d9488'; ctx.lineWidth = Math.max(1.6 * px1, 1.2);
      ctx.stroke();
    }
  }

  function drawEdgeLabels(x0, y0, x1, y1) {
    ctx.font = '8px Helvetica, Arial, sans-serif'; ctx.fillStyle = '#C04040'; ctx.textAlign = 'center'; ctx.textBaseline = 'bottom';
    for (var e = 0; e < E; e++) {
      if (S.elabel[e] < 0 || (eflags[e] & HIDDEN)) continue;
      var a = tail(from[e]), b = head(to[e]), mx = (a[0] + b[0]) / 2, my = (a[1] + b[1]) / 2;
      if (mx < x0 || mx > x1 || my < y0 || my > y1) continue;
      ctx.fillText(str[S.elabel[e]], mx, my - 1);
    }
  }

  function drawNodes(count) {
    var nodePx = hw * 2 * scale;
    if (nodePx < 10) drawDots(count);
    else drawShapes(count, nodePx >= 70);
  }

  /** Far out: one filled rectangle per node, one path per colour. */
  function drawDots(count) {
    var w = Math.max(hw, 1.5 / scale), h = Math.max(hh, 1.5 / scale), dim = selected >= 0;
    for (var s = 0; s < COLORS.length; s++) {
      for (var pass = 0; pass < (dim ? 2 : 1); pass++) {
        ctx.beginPath();
        for (var i = 0; i < count; i++) {
          var v = visible[i];
          if (S.style[v] !== s || (dim && (mark[v] ? 1 : 0) !== pass)) continue;
          ctx.rect(px[v] - w, py[v] - h, 2 * w, 2 * h);
        }
        ctx.globalAlpha = dim && pass === 0 ? 0.3 : 1;
        ctx.fillStyle = s === 3 ? '#9ca3af' : COLORS[s];
        ctx.fill();
      }
    }
    ctx.globalAlpha = 1;
    ctx.beginPath();
    for (i = 0; i < count; i++) { v = visible[i]; if (S.badge[v]) ctx.rect(px[v] - w, py[v] - h, 2 * w, 2 * h); }
    ctx.strokeStyle = '#C62828'; ctx.lineWidth = 1.5 / scale; ctx.stroke();
    outlines(count, w, h);
  }

  function shapePath(v) {
    var x = px[v], y = py[v], s = S.style[v];
    ctx.beginPath();
    if (s === 1) ctx.ellipse(x, y, hw, hh, 0, 0, Math.PI * 2);
    else if (s === 2) { ctx.moveTo(x, y - hh - 3); ctx.lineTo(x + hw, y); ctx.lineTo(x, y + hh + 3); ctx.lineTo(x - hw, y); ctx.closePath(); }
    else if (s === 3) { ctx.moveTo(x - hw, y - hh); ctx.lineTo(x + hw - 8, y - hh); ctx.lineTo(x + hw, y - hh + 8); ctx.lineTo(x + hw, y + hh); ctx.lineTo(x - hw, y + hh); ctx.closePath(); }
    else if (ctx.roundRect) ctx.roundRect(x - hw, y - hh, 2 * hw, 2 * hh, 6);
    else ctx.rect(x - hw, y - hh, 2 * hw, 2 * hh);
  }

  function drawShapes(count, withLabels) {
    var dim = selected >= 0, i, v;
    ctx.shadowColor = 'rgba(15,23,42,0.18)'; ctx.shadowBlur = withLabels ? 3 * scale * dpr : 0; ctx.shadowOffsetY = withLabels ? scale * dpr : 0;
    for (i = 0; i < count; i++) {
      v = visible[i];
      ctx.globalAlpha = dim && !mark[v] ? 0.3 : 1;
      shapePath(v);
      ctx.fillStyle = COLORS[S.style[v]];
      ctx.fill();
    }
    ctx.shadowColor = 'transparent'; ctx.shadowBlur = 0; ctx.shadowOffsetY = 0;
    for (i = 0; i < count; i++) {
      v = visible[i];
      ctx.globalAlpha = dim && !mark[v] ? 0.3 : 1;
      shapePath(v);
      var spmd = S.badge[v] > 0;
      ctx.strokeStyle = spmd ? '#C62828' : S.style[v] === 3 ? '#777' : '#555';
      ctx.lineWidth = spmd ? 1.5 : 1;
      ctx.setLineDash(S.style[v] === 3 ? [3, 2] : []);
      ctx.stroke();
    }
    ctx.setLineDash([]);
    if (withLabels) {
      ctx.textBaseline = 'middle';
      for (i = 0; i < count; i++) {
        v = visible[i];
        ctx.globalAlpha = dim && !mark[v] ? 0.3 : 1;
        ctx.font = '10px Helvetica, Arial, sans-serif'; ctx.fillStyle = '#111'; ctx.textAlign = 'center';
        ctx.fillText(fitted(v), px[v], py[v]);
        if (S.badge[v]) {
          ctx.font = 'bold 8px Helvetica, Arial, sans-serif'; ctx.fillStyle = '#C62828'; ctx.textAlign = 'left';
          ctx.fillText('x' + S.badge[v], px[v] + hw + 1, py[v] - 3);
        }
      }
    }
    ctx.globalAlpha = 1;
    outlines(count, hw, hh);
  }

  var fittedLabels = {};
  /** The label cut to the node's width (measured once per node). */
  function fitted(v) {
    var f = fittedLabels[v];
    if (f !== undefined) return f;
    var l = label(v), max = 2 * hw - 8;
    if (ctx.measureText(l).width > max) {
      var lo = 0, hi = l.length;
      while (lo < hi) { var mid = (lo + hi + 1) >> 1; if (ctx.measureText(l.slice(0, mid) + '…').width <= max) lo = mid; else hi = mid - 1; }
      l = l.slice(0, lo) + '…';
    }
    return (fittedLabels[v] = l);
  }

  /** Diff status, fan-in/fan-out and the selection, drawn over the nodes. */
  function outlines(count, w, h) {
    var i, v;
    ctx.beginPath();
    for (i = 0; i < count; i++) { v = visible[i]; if (S.flags[v] & CRITICAL) ctx.rect(px[v] - w - 5, py[v] - h - 5, 2 * w + 10, 2 * h + 10); }
    ctx.strokeStyle = CRITICAL_COLOR; ctx.lineWidth = Math.max(3, 2.5 / scale); ctx.stroke();
    for (var s = 1; s < STATUS_COLORS.length; s++) {
      ctx.beginPath();
      var any = false;
      for (i = 0; i < count; i++) { v = visible[i]; if (S.status[v] === s) { ctx.rect(px[v] - w - 3, py[v] - h - 3, 2 * w + 6, 2 * h + 6); any = true; } }
      if (any) { ctx.strokeStyle = STATUS_COLORS[s]; ctx.lineWidth = Math.max(2.5, 2 / scale); ctx.stroke(); }
    }
    if (selected < 0) return;
    var rings = [[PRED, '#7c3aed'], [SUCC, '#0d9488']];
    for (var r = 0; r < rings.length; r++) {
      ctx.beginPath();
      for (i = 0; i < count; i++) { v = visible[i]; if (mark[v] & rings[r][0]) ctx.rect(px[v] - w - 2, py[v] - h - 2, 2 * w + 4, 2 * h + 4); }
      ctx.strokeStyle = rings[r][1]; ctx.lineWidth = Math.max(2, 1.5 / scale); ctx.stroke();
    }
    ctx.beginPath();
    ctx.rect(px[selected] - w - 3, py[selected] - h - 3, 2 * w + 6, 2 * h + 6);
    ctx.strokeStyle = '#2563eb'; ctx.lineWidth = Math.max(2.5, 2.5 / scale); ctx.stroke();
  }

  // ---- selection

  /** Marks the selected node, its direct neighbours and every node on a path into or out of it. */
  function select(v) {
    selected = v;
    if (v < 0) { mark = null; highlighted = null; panel.hidden = true; G.selected = null; redraw(); return; }
    mark = new Uint8Array(N);
    mark[v] = SEL;
    var queue = new Int32Array(N), head = 0, tailN = 0, k, e, u;
    queue[tailN++] = v;
    while (head < tailN) {
      u = queue[head++];
      for (k = inStart[u]; k < inStart[u + 1]; k++) { e = inEdge[k]; var p = from[e]; if (!(mark[p] & (ANC | SEL))) { mark[p] |= ANC; queue[tailN++] = p; } }
    }
    var ancestors = tailN - 1;
    head = tailN = 0; queue[tailN++] = v;
    while (head < tailN) {
      u = queue[head++];
      for (k = outStart[u]; k < outStart[u + 1]; k++) { e = outEdge[k]; var q = to[e]; if (!(mark[q] & (DESC | SEL))) { mark[q] |= DESC; queue[tailN++] = q; } }
    }
    var descendants = tailN - 1;
    for (k = inStart[v]; k < inStart[v + 1]; k++) mark[from[inEdge[k]]] |= PRED;
    for (k = outStart[v]; k < outStart[v + 1]; k++) mark[to[outEdge[k]]] |= SUCC;
    var list = [];
    for (e = 0; e < E; e++) {
      var a = mark[from[e]], b = mark[to[e]];
      if (((a & ANC) && (b & (ANC | SEL))) || ((a & (DESC | SEL)) && (b & DESC))) list.push(e);
    }
    highlighted = Int32Array.from(list);
    G.selected = key(v);
    G.ancestors = ancestors; G.descendants = descendants;
    showPanel(v, ancestors, descendants);
    redraw();
  }

  function nodeAt(sx, sy) {
    var wx = (sx - tx) / scale, wy = (sy - ty) / scale, slack = 4 / scale;
    var best = -1, bestD = Infinity;
    var cx = Math.floor((wx - gridX0) / cellSize), cy = Math.floor((wy - gridY0) / cellSize);
    for (var y = Math.max(0, cy - 1); y <= Math.min(gy - 1, cy + 1); y++) {
      for (var x = Math.max(0, cx - 1); x <= Math.min(gx - 1, cx + 1); x++) {
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
    for (var k = fs[r]; k < fs[r + 1]; k++) out.push(str[fields[k]]);
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
    headRow.style.background = HEADER_COLORS[S.style[v]];
    frag.appendChild(headRow);
    for (r = rs[v]; r < rs[v + 1]; r++) if (kinds[r] === ROW_OUTPUT) frag.appendChild(el('div', 'slot slot-out', rowTexts('n', r).join('\n')));
    return frag;
  }

  function annotated(title, v, incoming) {
    var start = incoming ? inStart : outStart, list = incoming ? inEdge : outEdge, n = start[v + 1] - start[v];
    var frag = document.createDocumentFragment();
    frag.appendChild(el('h3', null, title + ' (' + n + ')'));
    if (n === 0) { frag.appendChild(el('div', 'none', 'none')); return frag; }
    var shown = Math.min(n, 200);
    for (var k = start[v]; k < start[v] + shown; k++) {
      var e = list[k], peer = incoming ? from[e] : to[e];
      var d = el('div', 'edge' + (eflags[e] & HIDDEN ? ' hidden-edge' : ''));
      var link = el('span', 'peer', (incoming ? '← ' : '→ ') + key(peer));
      link.dataset.node = peer;
      d.appendChild(link);
      d.appendChild(document.createTextNode(' ' + hint(peer) + (eflags[e] & HIDDEN ? ' (not selected by the edge mode)' : '')
        + (S.estatus[e] ? ' [' + STATUS_NAMES[S.estatus[e]] + ']' : '')));
      for (var r = S.erowStart[e]; r < S.erowStart[e + 1]; r++) d.appendChild(el('div', 'rows', rowTexts('e', r).join(' · ')));
      frag.appendChild(d);
    }
    if (n > shown) frag.appendChild(el('div', 'none', '… ' + (n - shown) + ' more'));
    return frag;
  }

  function showPanel(v, ancestors, descendants) {
    panelBody.textContent = '';
    panelBody.appendChild(el('h2', null, key(v) + ' · ' + hint(v)));
    panelBody.appendChild(el('div', 'sub', '↓' + fanIn(v) + ' predecessors · ↑' + fanOut(v) + ' successors'));
    panelBody.appendChild(el('div', 'sub', ancestors + ' tasks on paths into it · ' + descendants + ' on paths out of it'));
    if (S.status[v]) panelBody.appendChild(el('div', 'status', STATUS_NAMES[S.status[v]]));
    if (S.flags[v] & CRITICAL) panelBody.appendChild(el('div', 'status', 'on the observed critical path'));
    for (var r = S.nrowStart[v]; r < S.nrowStart[v + 1]; r++) if (S.nrowKind[r] === ROW_CHANGE) panelBody.appendChild(el('div', 'change', rowTexts('n', r).join(' · ')));
    panelBody.appendChild(histogram('Predecessors', v, true));
    panelBody.appendChild(histogram('Successors', v, false));
    panelBody.appendChild(slots(v));
    panelBody.appendChild(annotated('Annotated edges in', v, true));
    panelBody.appendChild(annotated('Annotated edges out', v, false));
    panel.hidden = false;
  }

  // ---- search

  var lastQuery = null, matches = [], matchAt = -1;

  function find(q) {
    var exact = [], named = [], partial = [], lower = q.toLowerCase();
    for (var v = 0; v < N; v++) {
      if (key(v) === q) { exact.push(v); continue; }
      var n = text(S.name[v]), h = hint(v);
      var nl = n ? n.toLowerCase() : '', hl = h ? h.toLowerCase() : '';
      if (nl === lower || hl === lower) named.push(v);
      else if (lower && (nl.indexOf(lower) >= 0 || hl.indexOf(lower) >= 0)) partial.push(v);
    }
    return exact.concat(named, partial);
  }

  function runSearch(q) {
    q = q.trim();
    if (q !== lastQuery) { lastQuery = q; matches = q ? find(q) : []; matchAt = -1; }
    if (!matches.length) { searchStatus.textContent = q ? 'no match' : ''; G.matches = 0; return null; }
    matchAt = (matchAt + 1) % matches.length;
    var v = matches[matchAt];
    searchStatus.textContent = (matchAt + 1) + ' / ' + matches.length;
    G.matches = matches.length;
    select(v);
    centreOn(v);
    return key(v);
  }

  // ---- changes: on a page with diff statuses, a legend of them and a list to step through

  var changes = null, changeAt = -1, changeStatus = null;

  /** The tasks with a status or an incoming edge with one, in layout order (rank, then place). */
  function setupChanges(h) {
    var list = [], v, k, any = false;
    for (v = 0; v < N; v++) {
      var changed = S.status[v] !== 0;
      for (k = inStart[v]; k < inStart[v + 1] && !changed; k++) changed = S.estatus[inEdge[k]] !== 0;
      if (changed) list.push(v);
    }
    for (var e = 0; e < E && !any; e++) any = S.estatus[e] !== 0;
    if (!h.diff && !list.length && !any) return;
    list.sort(function (p, q) { return S.rank[p] - S.rank[q] || S.x[p] - S.x[q] || p - q; });
    changes = list;
    G.changes = list.map(key);
    var legend = document.getElementById('legend');
    legend.appendChild(el('div', 'legend-sep'));
    var words = ['', 'added (only in NEW)', 'removed (only in OLD)', 'changed'];
    for (var s = 1; s < STATUS_COLORS.length; s++) {
      var row = el('div');
      row.innerHTML = '<svg width="26" height="16"><rect x="2" y="2" width="22" height="12" rx="2" fill="none" stroke="' + STATUS_COLORS[s] + '" stroke-width="2.5"/></svg>';
      row.appendChild(document.createTextNode(words[s]));
      legend.appendChild(row);
    }
    var box = el('div');
    box.id = 'changes';
    var prev = el('button', null, '‹ prev'), next = el('button', null, 'next ›');
    prev.title = 'previous change (p)'; next.title = 'next change (n)';
    changeStatus = el('span', 'change-status', list.length ? list.length + ' change' + (list.length === 1 ? '' : 's') + ' (n / p)' : 'no changes');
    box.appendChild(prev); box.appendChild(changeStatus); box.appendChild(next);
    prev.addEventListener('click', function () { stepChange(-1); });
    next.addEventListener('click', function () { stepChange(1); });
    document.body.appendChild(box);
    document.getElementById('hud-keys').appendChild(document.createTextNode(' · '));
    var keys = el('span');
    keys.innerHTML = '<b>n</b> / <b>p</b> next / previous change';
    document.getElementById('hud-keys').appendChild(keys);
  }

  function stepChange(d) {
    var n = changes.length;
    if (!n) return null;
    changeAt = changeAt < 0 ? (d > 0 ? 0 : n - 1) : (changeAt + d + n) % n;
    var v = changes[changeAt];
    changeStatus.textContent = (changeAt + 1) + ' / ' + n + ': ' + key(v) + (S.status[v] ? ' ' + STATUS_NAMES[S.status[v]] : ' (edges)');
    G.changeAt = changeAt;
    select(v);
    centreOn(v);
    return key(v);
  }

  // ---- input

  var drag = null, suppressClick = false;
  canvas.addEventListener('pointerdown', function (ev) {
    if (ev.button !== 0) return;
    drag = { x: ev.clientX, y: ev.clientY, moved: false };
    canvas.setPointerCapture(ev.pointerId);
  });
  canvas.addEventListener('pointermove', function (ev) {
    if (!drag) return;
    var dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
    if (!drag.moved && Math.abs(dx) + Math.abs(dy) <= 3) return;
    drag.moved = true; canvas.classList.add('dragging');
    drag.x = ev.clientX; drag.y = ev.clientY;
    panBy(dx, dy);
  });
  canvas.addEventListener('pointerup', function () {
    if (drag && drag.moved) suppressClick = true;
    drag = null; canvas.classList.remove('dragging');
  });
  canvas.addEventListener('click', function (ev) {
    if (suppressClick) { suppressClick = false; return; }
    var v = nodeAt(ev.clientX, ev.clientY);
    select(v);
  });
  window.addEventListener('wheel', function (ev) {
    if (ev.target !== canvas && ev.target !== document.body && ev.target !== document.documentElement) return;
    ev.preventDefault();
    var unitX = ev.deltaMode === 1 ? 16 : ev.deltaMode === 2 ? cw : 1, unitY = ev.deltaMode === 1 ? 16 : ev.deltaMode === 2 ? ch : 1;
    var dx = ev.deltaX * unitX, dy = ev.deltaY * unitY;
    if (ev.ctrlKey) { zoomAt(Math.max(0.8, Math.min(1.25, Math.exp(-dy * 0.003))), ev.clientX, ev.clientY); interacting(); }
    else panBy(-dx, -dy);
  }, { passive: false });
  window.addEventListener('keydown', function (ev) {
    if (ev.target === search) {
      if (ev.key === 'Enter') { ev.preventDefault(); runSearch(search.value); }
      else if (ev.key === 'Escape') search.blur();
      return;
    }
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (ev.key === 'f') fit();
    else if (ev.key === 'r') reset();
    else if (ev.key === 'Escape') select(-1);
    else if (ev.key === '/') { ev.preventDefault(); search.focus(); }
    else if (changes && ev.key === 'n') stepChange(1);
    else if (changes && ev.key === 'p') stepChange(-1);
  });
  document.getElementById('panel-close').addEventListener('click', function () { select(-1); });
  panelBody.addEventListener('click', function (ev) {
    var n = ev.target.dataset && ev.target.dataset.node;
    if (n !== undefined) { var v = +n; select(v); centreOn(v); }
  });
  window.addEventListener('resize', resize);

  // ---- start

  load().then(function (data) {
    prepare(data);
    setupChanges(data.header);
    criticalLegend();
    document.getElementById('loading').remove();
    dpr = window.devicePixelRatio || 1;
    cw = window.innerWidth; ch = window.innerHeight;
    requestAnimationFrame(function () {
      scale = fitScale();
      tx = cw / 2 - (minX + maxX) / 2 * scale; ty = ch / 2 - (minY + maxY) / 2 * scale;
      draw();
      frames = G.frames = 1;
      G.firstFrameMs = performance.now();
      G.ready = true;
    });
  }).catch(function (err) {
    document.getElementById('loading').textContent = 'cannot show the graph: ' + err;
    console.error(err);
  });

  G.search = runSearch;
  G.nextChange = function () { return changes ? stepChange(1) : null; };
  G.previousChange = function () { return changes ? stepChange(-1) : null; };
  G.status = function (k) { for (var v = 0; v < N; v++) if (key(v) === k) return STATUS_NAMES[S.status[v]]; return null; };
  G.critical = function () { var l = []; for (var v = 0; v < N; v++) if (S.flags[v] & CRITICAL) l.push(key(v)); return l; };
  G.select = function (k) { for (var v = 0; v < N; v++) if (key(v) === k) { select(v); return true; } return false; };
  G.screenPosition = function (k) {
    for (var v = 0; v < N; v++) if (key(v) === k) return { x: px[v] * scale + tx, y: py[v] * scale + ty };
    return null;
  };
  G.panBy = panBy;
  G.fit = fit;
  G.zoomBy = function (f) { zoomAt(f, cw / 2, ch / 2); };
  /** Zooms to scale {@code s} with node number {@code v} (default: the middle one) at the centre; returns the scale. */
  G.zoomTo = function (s, v) {
    if (v === undefined) v = N >> 1;
    scale = clampScale(s);
    tx = cw / 2 - px[v] * scale; ty = ch / 2 - py[v] * scale;
    redraw();
    return scale;
  };
  G.centre = function (k) { for (var v = 0; v < N; v++) if (key(v) === k) { centreOn(v); return true; } return false; };
  G.panelTitle = function () { var h = panelBody.querySelector('h2'); return panel.hidden || !h ? null : h.textContent; };
})();
