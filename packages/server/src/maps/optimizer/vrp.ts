/**
 * The general case (several vehicles, capacities, shifts, time windows, open routes, locked
 * stops): ruin and recreate with simulated annealing, after Christiaens & Vanden Berghe,
 * "Slack Induction by String Removals for Vehicle Routing Problems", Transportation Science 54(2),
 * 2020 (SISR):
 * - ruin: strings (runs of consecutive stops) removed from routes near a random seed stop,
 *   walking the seed's k-nearest neighbour list, at most one string per route;
 * - recreate: the removed (and the still unassigned) stops, sorted randomly / by demand / by
 *   distance from the depot, each inserted at its cheapest feasible position with "blinks"
 *   (each position skipped with probability 1 %); with more than GRANULAR_FROM stops only the
 *   positions next to the stop's k nearest routed neighbours (and empty vehicles) are tried
 *   (granular search), all positions when none of those is feasible;
 * - acceptance: simulated annealing on (unassigned count, total distance), lexicographic; the
 *   temperature falls geometrically from 3× to 0.005× the mean stop-to-nearest-stop distance, over
 *   the time budget (or over maxIterations when given, for determinism).
 * Insertion checks are O(1): per route position the service start (forward) and the latest
 * feasible service start (backward: "time slack"), the route's load and distance.
 * All state is in typed arrays allocated once; the hot loops do not allocate.
 */

export interface VrpData {
  /** Matrix size (may include a virtual location, at zero cost from/to everything, for open ends). */
  size: number;
  distance: Float64Array;
  duration: Float64Array;
  /** Stops 0..n-1, then per vehicle r a start node n + 2r and an end node n + 2r + 1. */
  n: number;
  vehicles: number;
  loc: Int32Array;
  service: Float64Array;
  ready: Float64Array;
  due: Float64Array;
  demand: Float64Array;
  capacity: Float64Array;
  /** Stops to route (the others are already reported unassigned). */
  active: Int32Array;
  /** Locked stops, in input order, fixed on vehicle 0; how many of them form the route's head and tail. */
  locked: Int32Array;
  lockedHead: number;
  lockedTail: number;
  /** k-nearest stops of each stop (indices 0..n-1), k per stop. */
  neighbours: Int32Array;
  k: number;
}

export interface VrpLimits {
  deadline: number;
  start: number;
  maxIterations: number;
  /** Anneal by iteration count (deterministic) rather than by elapsed time. */
  byIterations: boolean;
  now: () => number;
}

export interface VrpResult {
  /** Per vehicle, its stops in order. */
  routes: Int32Array[];
  unassigned: Int32Array;
  distance: number;
  iterations: number;
}

const EPS = 1e-9;
const GRANULAR_FROM = 200;
const AVERAGE_REMOVED = 10;
const MAX_STRING = 10;
const BLINK = 0.01;
/** Probability that a stop still unassigned is tried at every position rather than near its neighbours only. */
const RETRY_FULL = 0.1;

export function solveVrp(data: VrpData, random: () => number, limits: VrpLimits): VrpResult {
  const { size: N, distance: D, duration: T, n, vehicles: V, loc, service, ready, due, demand, capacity, neighbours, k } = data;
  const S = n + 2; // positions per route
  const seq = new Int32Array(V * S);
  const st = new Float64Array(V * S);
  const lt = new Float64Array(V * S);
  const len = new Int32Array(V);
  const load = new Float64Array(V);
  const rdist = new Float64Array(V);
  const routeOf = new Int32Array(n).fill(-1);
  const posOf = new Int32Array(n);
  const fixed = new Uint8Array(n);
  for (let i = 0; i < data.locked.length; i++) fixed[data.locked[i]!] = 1;

  const updateRoute = (r: number) => {
    const base = r * S;
    const last = len[r]! + 1;
    let node = seq[base]!;
    let time = ready[node]!; // the start node's ready = shift start
    st[base] = time;
    let l = 0;
    let dist = 0;
    for (let p = 1; p <= last; p++) {
      const next = seq[base + p]!;
      time += service[node]! + T[loc[node]! * N + loc[next]!]!;
      if (time < ready[next]!) time = ready[next]!;
      st[base + p] = time;
      dist += D[loc[node]! * N + loc[next]!]!;
      if (p < last) {
        l += demand[next]!;
        routeOf[next] = r;
        posOf[next] = p;
      }
      node = next;
    }
    load[r] = l;
    rdist[r] = dist;
    let latest = due[seq[base + last]!]!;
    lt[base + last] = latest;
    for (let p = last - 1; p >= 0; p--) {
      const a = seq[base + p]!;
      const b = seq[base + p + 1]!;
      const limit = latest - service[a]! - T[loc[a]! * N + loc[b]!]!;
      latest = due[a]! < limit ? due[a]! : limit;
      lt[base + p] = latest;
    }
  };

  for (let r = 0; r < V; r++) {
    seq[r * S] = n + 2 * r;
    seq[r * S + 1] = n + 2 * r + 1;
    len[r] = 0;
  }
  // locked stops: vehicle 0, in input order
  if (data.locked.length > 0) {
    const base = 0;
    const count = data.locked.length;
    for (let i = 0; i < count; i++) seq[base + 1 + i] = data.locked[i]!;
    seq[base + count + 1] = n + 1;
    len[0] = count;
  }
  for (let r = 0; r < V; r++) updateRoute(r);

  // ---- backup of the routes touched by an iteration (restored when the iteration is rejected)
  const backupSeq = new Int32Array(V * S);
  const backupLen = new Int32Array(V);
  const saved = new Uint8Array(V);
  const savedList = new Int32Array(V);
  let savedCount = 0;
  const save = (r: number) => {
    if (saved[r]) return;
    saved[r] = 1;
    savedList[savedCount++] = r;
    const base = r * S;
    backupSeq.set(seq.subarray(base, base + len[r]! + 2), base);
    backupLen[r] = len[r]!;
  };
  const restoreSaved = () => {
    for (let i = 0; i < savedCount; i++) {
      const r = savedList[i]!;
      const base = r * S;
      for (let p = 1; p <= len[r]!; p++) routeOf[seq[base + p]!] = -1;
    }
    for (let i = 0; i < savedCount; i++) {
      const r = savedList[i]!;
      const base = r * S;
      len[r] = backupLen[r]!;
      seq.set(backupSeq.subarray(base, base + len[r]! + 2), base);
      updateRoute(r);
      saved[r] = 0;
    }
    savedCount = 0;
  };
  const commitSaved = () => {
    for (let i = 0; i < savedCount; i++) saved[savedList[i]!] = 0;
    savedCount = 0;
  };

  const insertAfter = (r: number, p: number, u: number) => {
    save(r);
    const base = r * S;
    for (let q = len[r]! + 1; q > p; q--) seq[base + q + 1] = seq[base + q]!;
    seq[base + p + 1] = u;
    len[r] = len[r]! + 1;
    updateRoute(r);
  };

  /** Cost increase of inserting u after position p of route r, Infinity when infeasible (capacity checked by the caller). */
  const insertionCost = (r: number, p: number, u: number): number => {
    if (r === 0 && (p < data.lockedHead || p > len[0]! - data.lockedTail)) return Infinity;
    const base = r * S;
    const a = seq[base + p]!;
    const b = seq[base + p + 1]!;
    const la = loc[a]!;
    const lu = loc[u]!;
    const lb = loc[b]!;
    let t = st[base + p]! + service[a]! + T[la * N + lu]!;
    if (t < ready[u]!) t = ready[u]!;
    if (t > due[u]! + EPS) return Infinity;
    if (t + service[u]! + T[lu * N + lb]! > lt[base + p + 1]! + EPS) return Infinity;
    return D[la * N + lu]! + D[lu * N + lb]! - D[la * N + lb]!;
  };

  let bestR = -1;
  let bestP = -1;
  let bestCost = Infinity;
  const tryPosition = (r: number, p: number, u: number) => {
    if (random() < BLINK) return;
    const c = insertionCost(r, p, u);
    if (c < bestCost) {
      bestCost = c;
      bestR = r;
      bestP = p;
    }
  };
  const findInsertion = (u: number, granular: boolean, full: boolean) => {
    bestR = -1;
    bestP = -1;
    bestCost = Infinity;
    const du = demand[u]!;
    if (granular) {
      for (let j = 0; j < k; j++) {
        const w = neighbours[u * k + j]!;
        const r = routeOf[w]!;
        if (r < 0 || load[r]! + du > capacity[r]! + EPS) continue;
        const p = posOf[w]!;
        tryPosition(r, p - 1, u);
        tryPosition(r, p, u);
      }
      for (let r = 0; r < V; r++) if (len[r] === 0 && du <= capacity[r]! + EPS) tryPosition(r, 0, u);
      if (bestR >= 0 || !full) return;
    }
    for (let r = 0; r < V; r++) {
      if (load[r]! + du > capacity[r]! + EPS) continue;
      const last = len[r]!;
      for (let p = 0; p <= last; p++) tryPosition(r, p, u);
    }
  };

  // ---- recreate
  const active = data.active;
  const depotLoc = loc[n]!;
  const removed = new Int32Array(n);
  let removedCount = 0;
  const sortKey = new Float64Array(n);
  const order: number[] = [];
  const granular = active.length > GRANULAR_FROM;
  const carried = new Uint8Array(n);
  let unassignedCount = 0;
  const recreate = () => {
    // sort: random 4, demand (largest first) 4, far from the depot 2, close to the depot 1
    const pick = random() * 11;
    for (let i = 0; i < removedCount; i++) {
      const u = removed[i]!;
      sortKey[u] = pick < 4 ? random() : pick < 8 ? -demand[u]! : pick < 10 ? -D[depotLoc * N + loc[u]!]! : D[depotLoc * N + loc[u]!]!;
    }
    order.length = 0;
    for (let i = 0; i < removedCount; i++) order.push(removed[i]!);
    order.sort((a, b) => sortKey[a]! - sortKey[b]!);
    unassignedCount = 0;
    for (let i = 0; i < order.length; i++) {
      const u = order[i]!;
      // a stop left out before gets the full scan now and then only (granular search)
      findInsertion(u, granular, !carried[u] || random() < RETRY_FULL);
      carried[u] = 0;
      if (bestR >= 0) insertAfter(bestR, bestP, u);
      else unassignedCount++;
    }
  };

  // ---- ruin
  const ruined = new Uint8Array(V);
  const ruinedList = new Int32Array(V);
  const ruin = () => {
    removedCount = 0;
    // the stops still unassigned get another chance
    for (let i = 0; i < active.length; i++) {
      const u = active[i]!;
      if (routeOf[u]! < 0) {
        removed[removedCount++] = u;
        carried[u] = 1;
      }
    }
    let routed = 0;
    let used = 0;
    for (let r = 0; r < V; r++) {
      if (len[r]! > 0) {
        used++;
        routed += len[r]!;
      }
    }
    const movable = routed - data.locked.length;
    if (movable <= 0) return;
    const averageCard = routed / used;
    const lsMax = Math.min(MAX_STRING, averageCard);
    const ksMax = (4 * AVERAGE_REMOVED) / (1 + lsMax) - 1;
    const ks = Math.floor(random() * ksMax) + 1;
    // seed: a random routed, movable stop
    let seed = -1;
    for (let attempt = 0; attempt < 20 && seed < 0; attempt++) {
      const u = active[Math.floor(random() * active.length)]!;
      if (routeOf[u]! >= 0 && !fixed[u]) seed = u;
    }
    if (seed < 0) return;
    let ruinedCount = 0;
    for (let j = -1; j < k && ruinedCount < ks; j++) {
      const c = j < 0 ? seed : neighbours[seed * k + j]!;
      const r = routeOf[c]!;
      if (r < 0 || ruined[r] || fixed[c]) continue;
      const card = len[r]!;
      const lMax = Math.min(card, lsMax);
      const l = Math.floor(random() * lMax) + 1;
      const pc = posOf[c]!;
      let from = pc - Math.floor(random() * l);
      if (from < 1) from = 1;
      if (from + l - 1 > card) from = card - l + 1;
      save(r);
      const base = r * S;
      let w = from;
      for (let p = from; p <= card + 1; p++) {
        const u = seq[base + p]!;
        if (p < from + l && p <= card && !fixed[u]) {
          routeOf[u] = -1;
          removed[removedCount++] = u;
        } else {
          seq[base + w++] = u;
        }
      }
      len[r] = w - 2;
      updateRoute(r);
      ruined[r] = 1;
      ruinedList[ruinedCount++] = r;
    }
    for (let i = 0; i < ruinedCount; i++) ruined[ruinedList[i]!] = 0;
  };

  const totalDistance = () => {
    let total = 0;
    for (let r = 0; r < V; r++) total += rdist[r]!;
    return total;
  };

  // ---- initial solution: everything inserted, far stops first
  removedCount = 0;
  for (let i = 0; i < active.length; i++) if (!fixed[active[i]!]) removed[removedCount++] = active[i]!;
  {
    for (let i = 0; i < removedCount; i++) sortKey[removed[i]!] = -D[depotLoc * N + loc[removed[i]!]!]!;
    order.length = 0;
    for (let i = 0; i < removedCount; i++) order.push(removed[i]!);
    order.sort((a, b) => sortKey[a]! - sortKey[b]!);
    unassignedCount = 0;
    for (const u of order) {
      findInsertion(u, granular, true);
      if (bestR >= 0) insertAfter(bestR, bestP, u);
      else unassignedCount++;
    }
    commitSaved();
  }

  let currentUnassigned = unassignedCount;
  let currentDistance = totalDistance();
  const bestSeq = seq.slice();
  const bestLen = len.slice();
  let bestUnassigned = currentUnassigned;
  let bestDistance = currentDistance;

  // temperature scale: the mean distance from a stop to its nearest neighbour
  let scale = 0;
  for (let i = 0; i < active.length; i++) {
    const u = active[i]!;
    scale += k > 0 ? D[loc[u]! * N + loc[neighbours[u * k]!]!]! : 0;
  }
  scale = active.length > 0 ? scale / active.length : 0;
  if (!(scale > 0)) scale = 1;
  const t0 = 3 * scale;
  const tf = 0.005 * scale;

  let iterations = 0;
  let temperature = t0;
  const movable = active.length - data.locked.length;
  while (movable > 0 && iterations < limits.maxIterations) {
    // an iteration is a few dozen insertions, each tens of position checks: the clock is read once
    // an iteration
    const now = limits.now();
    if (now > limits.deadline) break;
    const fraction = limits.byIterations ? iterations / limits.maxIterations : (now - limits.start) / Math.max(1, limits.deadline - limits.start);
    temperature = t0 * Math.pow(tf / t0, Math.min(1, fraction));
    iterations++;
    ruin();
    recreate();
    const distance = totalDistance();
    const threshold = currentDistance - temperature * Math.log(random());
    const accept = unassignedCount < currentUnassigned || (unassignedCount === currentUnassigned && distance < threshold);
    if (accept) {
      commitSaved();
      currentUnassigned = unassignedCount;
      currentDistance = distance;
      if (currentUnassigned < bestUnassigned || (currentUnassigned === bestUnassigned && currentDistance < bestDistance - EPS)) {
        bestUnassigned = currentUnassigned;
        bestDistance = currentDistance;
        for (let r = 0; r < V; r++) {
          const base = r * S;
          bestSeq.set(seq.subarray(base, base + len[r]! + 2), base);
          bestLen[r] = len[r]!;
        }
      }
    } else {
      restoreSaved();
    }
  }

  const routes: Int32Array[] = [];
  const assigned = new Uint8Array(n);
  for (let r = 0; r < V; r++) {
    const base = r * S;
    const route = bestSeq.slice(base + 1, base + 1 + bestLen[r]!);
    for (let i = 0; i < route.length; i++) assigned[route[i]!] = 1;
    routes.push(route);
  }
  const unassigned: number[] = [];
  for (let i = 0; i < active.length; i++) if (!assigned[active[i]!]) unassigned.push(active[i]!);
  return { routes, unassigned: Int32Array.from(unassigned), distance: bestDistance, iterations };
}
