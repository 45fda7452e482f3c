/**
 * k-nearest neighbour lists over a square cost matrix (row-major, size m), by symmetrised cost
 * (c[i][j] + c[j][i]) / 2, so that road matrices (asymmetric) give sensible lists too.
 * The result is flat: neighbours of i are list[i * k .. i * k + k - 1], nearest first.
 */
export function nearestNeighbours(cost: Float64Array, size: number, members: Int32Array, k: number): Int32Array {
  const m = members.length;
  const kk = Math.min(k, Math.max(0, m - 1));
  const list = new Int32Array(m * kk);
  const bestCost = new Float64Array(kk);
  for (let a = 0; a < m; a++) {
    const la = members[a]!;
    let count = 0;
    for (let b = 0; b < m; b++) {
      if (b === a) continue;
      const lb = members[b]!;
      const c = (cost[la * size + lb]! + cost[lb * size + la]!) / 2;
      if (count === kk && c >= bestCost[kk - 1]!) continue;
      // insertion into the sorted top-k
      let p = count < kk ? count++ : kk - 1;
      while (p > 0 && bestCost[p - 1]! > c) {
        bestCost[p] = bestCost[p - 1]!;
        list[a * kk + p] = list[a * kk + p - 1]!;
        p--;
      }
      bestCost[p] = c;
      list[a * kk + p] = b;
    }
  }
  return list;
}
