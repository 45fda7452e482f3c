/**
 * The mass balance of a treatment as the server checks it (server domain/warehouses/hooks.ts
 * `checkTreatment`): the outputs must lie between inputs × (1 − declared loss %) and the inputs.
 * Computed from the form's lines as the user types, so the window is visible before saving.
 */
export interface TreatmentBalance {
  inputKg: number;
  outputKg: number;
  /** inputKg − outputKg (negative when the outputs weigh more). */
  lossKg: number;
  /** The loss as a share of the inputs, in percent. */
  lossPct: number;
  /** The declared loss the outputs may fall short by, in percent. */
  allowedPct: number;
  minKg: number;
  maxKg: number;
  /** The outputs lie in the window (the server's tolerance: half a gram). */
  balanced: boolean;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;
const round2 = (n: number) => Math.round(n * 100) / 100;

/** A quantity of a line: a number, or the server's decimal text; text being typed that is not a number yet counts as nothing. */
export function kg(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : 0;
  return Number.isFinite(n) ? n : 0;
}

const sum = (lines: unknown) =>
  round3((Array.isArray(lines) ? (lines as unknown[]) : []).reduce<number>((total, line) => total + (line && typeof line === 'object' ? kg((line as { quantityKg?: unknown }).quantityKg) : 0), 0));

/** The balance of given totals (the server's, on a saved treatment); null without inputs. */
export function balanceOf(inputKg: number, outputKg: number, allowedPct: number): TreatmentBalance | null {
  if (!(inputKg > 0)) return null;
  const minKg = round3(inputKg * (1 - allowedPct / 100));
  const lossKg = round3(inputKg - outputKg);
  return {
    inputKg,
    outputKg,
    lossKg,
    lossPct: round2((lossKg / inputKg) * 100),
    allowedPct,
    minKg,
    maxKg: inputKg,
    balanced: outputKg <= inputKg + 0.0005 && outputKg >= minKg - 0.0005,
  };
}

/** The balance of a treatment's form values (its lines' quantities); null while no input quantity is given. */
export function treatmentBalance(values: { inputs?: unknown; outputs?: unknown; declaredLossPct?: unknown }): TreatmentBalance | null {
  return balanceOf(sum(values.inputs), sum(values.outputs), kg(values.declaredLossPct));
}
