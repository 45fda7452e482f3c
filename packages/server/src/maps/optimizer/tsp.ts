/**
 * The single-vehicle, unconstrained case (one vehicle, no time windows, capacity not binding,
 * no locked stops, symmetric costs): a travelling-salesman tour by iterated local search.
 * - construction: nearest neighbour;
 * - local search: 2-opt and Or-opt (segments of 1–3 stops, both orientations) over k-nearest
 *   neighbour lists, with a work queue of "dirty" cities (don't-look bits), first improvement;
 *   moves are evaluated in O(1) on an array tour with a position index;
 * - perturbation: a local double bridge (two adjacent short segments swapped), then local search
 *   from the touched cities only; the new tour is kept when it is not longer, otherwise restored.
 * Costs are a dense local matrix (size m, row-major); city 0 is the depot.
 */

export interface TspLimits {
  /** performance.now() value after which the search stops. */
  deadline: number;
  maxIterations: number;
  now: () => number;
}

export interface TspResult {
  /** The cities in visiting order, starting with city 0. */
  tour: Int32Array;
  length: number;
  iterations: number;
}

const EPS = 1e-9;

export function solveTsp(d: Float64Array, m: number, neighbours: Int32Array, k: number, random: () => number, limits: TspLimits): TspResult {
  const tour = new Int32Array(m);
  const pos = new Int32Array(m);
  if (m <= 3) {
    for (let i = 0; i < m; i++) tour[i] = i;
    return { tour, length: tourLength(d, m, tour), iterations: 0 };
  }

  // ---- construction: nearest neighbour from the depot
  {
    const used = new Uint8Array(m);
    let current = 0;
    used[0] = 1;
    tour[0] = 0;
    for (let i = 1; i < m; i++) {
      let next = -1;
      for (let j = 0; j < k; j++) {
        const c = neighbours[current * k + j]!;
        if (!used[c]) {
          next = c;
          break;
        }
      }
      if (next < 0) {
        let best = Infinity;
        for (let c = 0; c < m; c++) {
          if (!used[c] && d[current * m + c]! < best) {
            best = d[current * m + c]!;
            next = c;
          }
        }
      }
      used[next] = 1;
      tour[i] = next;
      current = next;
    }
    for (let i = 0; i < m; i++) pos[tour[i]!] = i;
  }

  // ---- work queue of cities to examine (circular buffer)
  const queue = new Int32Array(m);
  const queued = new Uint8Array(m);
  let qHead = 0;
  let qSize = 0;
  const push = (c: number) => {
    if (queued[c]) return;
    queued[c] = 1;
    queue[(qHead + qSize) % m] = c;
    qSize++;
  };
  const succ = (c: number) => {
    const p = pos[c]! + 1;
    return tour[p === m ? 0 : p]!;
  };
  const pred = (c: number) => {
    const p = pos[c]! - 1;
    return tour[p < 0 ? m - 1 : p]!;
  };

  /** Reverses the path from city `from` to city `to` (following succ); reverses the complement when shorter. */
  const reverse = (from: number, to: number) => {
    let i = pos[from]!;
    let j = pos[to]!;
    let len = j - i;
    if (len < 0) len += m;
    len += 1;
    if (len * 2 > m) {
      const ni = j + 1 === m ? 0 : j + 1;
      const nj = i === 0 ? m - 1 : i - 1;
      i = ni;
      j = nj;
      len = m - len;
    }
    for (let s = len >> 1; s > 0; s--) {
      const a = tour[i]!;
      const b = tour[j]!;
      tour[i] = b;
      pos[b] = i;
      tour[j] = a;
      pos[a] = j;
      i = i + 1 === m ? 0 : i + 1;
      j = j === 0 ? m - 1 : j - 1;
    }
  };

  const segment = new Int32Array(3);
  /** Moves the segment of `len` cities starting at s1 (succ order) between x and succ(x), reversed or not. */
  const moveSegment = (s1: number, len: number, x: number, reversed: boolean) => {
    const i = pos[s1]!;
    for (let t = 0; t < len; t++) segment[reversed ? len - 1 - t : t] = tour[(i + t) % m]!;
    const j = pos[x]!;
    const f = (j - (i + len - 1) + 2 * m) % m; // cities from succ(segment end) to x inclusive
    const b = m - len - f; // cities from succ(x) to pred(s1) inclusive
    if (f <= b) {
      for (let t = 0; t < f; t++) {
        const c = tour[(i + len + t) % m]!;
        const p = (i + t) % m;
        tour[p] = c;
        pos[c] = p;
      }
      for (let t = 0; t < len; t++) {
        const p = (i + f + t) % m;
        tour[p] = segment[t]!;
        pos[segment[t]!] = p;
      }
    } else {
      for (let t = b - 1; t >= 0; t--) {
        const c = tour[(j + 1 + t) % m]!;
        const p = (j + 1 + t + len) % m;
        tour[p] = c;
        pos[c] = p;
      }
      for (let t = 0; t < len; t++) {
        const p = (j + 1 + t) % m;
        tour[p] = segment[t]!;
        pos[segment[t]!] = p;
      }
    }
  };

  let length = tourLength(d, m, tour);

  const twoOpt = (a: number): boolean => {
    for (let dir = 0; dir < 2; dir++) {
      const a2 = dir === 0 ? succ(a) : pred(a);
      const dA = d[a * m + a2]!;
      for (let j = 0; j < k; j++) {
        const c = neighbours[a * k + j]!;
        const dAC = d[a * m + c]!;
        if (dAC >= dA - EPS) break;
        const c2 = dir === 0 ? succ(c) : pred(c);
        if (c === a2 || c2 === a) continue;
        const delta = dAC + d[a2 * m + c2]! - dA - d[c * m + c2]!;
        if (delta < -EPS) {
          if (dir === 0) reverse(a2, c);
          else reverse(a, c2);
          length += delta;
          push(a);
          push(a2);
          push(c);
          push(c2);
          return true;
        }
      }
    }
    return false;
  };

  const orOpt = (a: number): boolean => {
    for (let len = 1; len <= 3; len++) {
      if (len > m - 3) break;
      for (let side = 0; side < 2; side++) {
        // side 0: the segment starts at a; side 1: it ends at a
        let s1 = a;
        if (side === 1) {
          if (len === 1) continue;
          s1 = tour[(pos[a]! - len + 1 + m) % m]!;
        }
        const s2 = tour[(pos[s1]! + len - 1) % m]!;
        const p = pred(s1);
        const nx = succ(s2);
        const removeGain = d[p * m + s1]! + d[s2 * m + nx]! - d[p * m + nx]!;
        if (removeGain <= EPS) continue;
        const i1 = pos[s1]!;
        for (let end = 0; end < 2; end++) {
          const s = end === 0 ? s1 : s2;
          for (let j = 0; j < k; j++) {
            const c = neighbours[s * k + j]!;
            const dSC = d[s * m + c]!;
            if (dSC >= removeGain - EPS) break;
            if ((pos[c]! - i1 + m) % m < len) continue;
            // edge (c, succ c) and edge (pred c, c)
            for (let e = 0; e < 2; e++) {
              const x = e === 0 ? c : pred(c);
              const y = e === 0 ? succ(c) : c;
              if ((pos[x]! - i1 + m) % m < len || (pos[y]! - i1 + m) % m < len) continue;
              // x s1..s2 y (forward) or x s2..s1 y (reversed)
              const forward = d[x * m + s1]! + d[s2 * m + y]!;
              const backward = d[x * m + s2]! + d[s1 * m + y]!;
              const reversed = backward < forward;
              const add = (reversed ? backward : forward) - d[x * m + y]!;
              const delta = add - removeGain;
              if (delta < -EPS) {
                moveSegment(s1, len, x, reversed);
                length += delta;
                push(p);
                push(nx);
                push(s1);
                push(s2);
                push(x);
                push(y);
                return true;
              }
            }
          }
        }
      }
    }
    return false;
  };

  let timeUp = false;
  let checks = 0;
  const localSearch = () => {
    while (qSize > 0) {
      if ((++checks & 255) === 0 && limits.now() > limits.deadline) {
        timeUp = true;
        // leave the queue empty: the tour is valid at any point
        while (qSize > 0) {
          queued[queue[qHead]!] = 0;
          qHead = (qHead + 1) % m;
          qSize--;
        }
        return;
      }
      const a = queue[qHead]!;
      qHead = (qHead + 1) % m;
      qSize--;
      queued[a] = 0;
      if (twoOpt(a) || orOpt(a)) push(a);
    }
  };

  for (let i = 0; i < m; i++) push(tour[i]!);
  localSearch();

  // ---- iterated local search with local double bridges
  const best = tour.slice();
  let bestLength = length;
  const backup = new Int32Array(m);
  const buffer = new Int32Array(m);
  const window = Math.max(2, Math.min(50, Math.floor((m - 2) / 2)));
  let iterations = 0;
  while (!timeUp && iterations < limits.maxIterations) {
    if ((iterations & 15) === 0 && limits.now() > limits.deadline) break;
    iterations++;
    backup.set(tour);
    const savedLength = length;
    // X B C Y -> X C B Y with B = (i+1 .. i+lb), C = (i+lb+1 .. i+lb+lc)
    const i = Math.floor(random() * m);
    const lb = 1 + Math.floor(random() * window);
    const lc = 1 + Math.floor(random() * window);
    if (lb + lc > m - 2) continue;
    const x = tour[i]!;
    const b0 = tour[(i + 1) % m]!;
    const b1 = tour[(i + lb) % m]!;
    const c0 = tour[(i + lb + 1) % m]!;
    const c1 = tour[(i + lb + lc) % m]!;
    const y = tour[(i + lb + lc + 1) % m]!;
    const delta = d[x * m + c0]! + d[c1 * m + b0]! + d[b1 * m + y]! - d[x * m + b0]! - d[b1 * m + c0]! - d[c1 * m + y]!;
    for (let t = 0; t < lc; t++) buffer[t] = tour[(i + lb + 1 + t) % m]!;
    for (let t = 0; t < lb; t++) buffer[lc + t] = tour[(i + 1 + t) % m]!;
    for (let t = 0; t < lb + lc; t++) {
      const p = (i + 1 + t) % m;
      tour[p] = buffer[t]!;
      pos[buffer[t]!] = p;
    }
    length += delta;
    push(x);
    push(b0);
    push(b1);
    push(c0);
    push(c1);
    push(y);
    localSearch();
    if (length <= savedLength + EPS) {
      if (length < bestLength - EPS) {
        bestLength = length;
        best.set(tour);
      }
    } else {
      tour.set(backup);
      for (let t = 0; t < m; t++) pos[tour[t]!] = t;
      length = savedLength;
    }
  }
  if (length < bestLength - EPS) best.set(tour);

  // rotate so the tour starts at the depot (city 0)
  const start = best.indexOf(0);
  const out = new Int32Array(m);
  for (let t = 0; t < m; t++) out[t] = best[(start + t) % m]!;
  return { tour: out, length: tourLength(d, m, out), iterations };
}

export function tourLength(d: Float64Array, m: number, tour: Int32Array): number {
  let total = 0;
  for (let i = 0; i < m; i++) total += d[tour[i]! * m + tour[(i + 1) % m]!]!;
  return total;
}
