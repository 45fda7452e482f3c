import { conferral, msaActivity, sampling, type RecordOf, type ValuesOf, todayInItaly } from '@circula/model';
import { sql } from 'kysely';
import { constraintViolation } from '../../http/errors.js';
import type { HookContext, HookRegistry } from '../../records/hooks.js';

type FieldError = { field: string; message: string };

export type ConferralValues = ValuesOf<typeof conferral>;
export type Conferral = RecordOf<typeof conferral>;
type ConferralLine = NonNullable<ConferralValues['lines']>[number];
type MsaValues = ValuesOf<typeof msaActivity>;
type Msa = RecordOf<typeof msaActivity>;
type SamplingValues = ValuesOf<typeof sampling>;
type Sampling = RecordOf<typeof sampling>;
type SamplingResult = NonNullable<SamplingValues['results']>[number];

/** How far ahead of the server's clock a typed time may be: the scale's or the operator's clock may run a little fast. */
export const CLOCK_SKEW_MS = 5 * 60_000;

/** Today in Italy ('YYYY-MM-DD'): a date typed by an Italian operator is compared with the Italian calendar day. */

const fail = (errors: FieldError[]) => {
  if (errors.length) throw constraintViolation(errors);
};

const blank = (value: string | null | undefined) => !value || value.trim() === '';

/** Rounds kilograms to grams, as the column keeps them (numeric(18,3)). */
const grams = (kg: number) => Math.round(kg * 1000) / 1000;

// ---------------------------------------------------------------------------------------------
// Conferrals at a collection centre (CDR)

/** A line counts as accepted unless it says otherwise: `accepted` defaults to true (model conferral-line). */
const isAccepted = (line: ConferralLine) => line.accepted !== false;

/** The accepted kilograms of a conferral: the sum of its accepted lines' weights (what the CDR loads into its register). */
export function acceptedKg(lines: readonly ConferralLine[] | null | undefined): number {
  return grams((lines ?? []).filter(isAccepted).reduce((sum, line) => sum + (line.weightKg ?? 0), 0));
}

/**
 * Exactly one conferrer: a company (a subject), or a citizen with name and fiscal code together.
 * A citizen is a natural person, so the code is the 16-character personal one (the 11-digit form
 * is a company's: DPR 605/1973 art. 11 and the Agenzia delle Entrate's rules for the codice
 * fiscale); its check character is the field's own check (`italianFiscalCode`).
 */
function conferrerErrors(merged: Partial<Conferral>): FieldError[] {
  const company = merged.company != null;
  const name = !blank(merged.citizenName);
  const code = !blank(merged.citizenFiscalCode);
  if (company && (name || code)) {
    return [{ field: 'company', message: 'COMPANY_OR_CITIZEN' }, { field: name ? 'citizenName' : 'citizenFiscalCode', message: 'COMPANY_OR_CITIZEN' }];
  }
  if (!company && !name && !code) return [{ field: 'company', message: 'COMPANY_OR_CITIZEN' }, { field: 'citizenName', message: 'COMPANY_OR_CITIZEN' }];
  const errors: FieldError[] = [];
  if (!company && !name) errors.push({ field: 'citizenName', message: 'REQUIRED' });
  if (!company && !code) errors.push({ field: 'citizenFiscalCode', message: 'REQUIRED' });
  if (code && /^\d{11}$/.test(merged.citizenFiscalCode!.trim())) errors.push({ field: 'citizenFiscalCode', message: 'PERSON_FISCAL_CODE' });
  return errors;
}

interface CdrRow {
  warehouse_type: string;
  authorised_waste: (number | string)[] | null;
}

async function cdrOf(ctx: HookContext, id: number | null | undefined): Promise<CdrRow | null> {
  if (id == null) return null;
  const { rows } = await sql<CdrRow>`select warehouse_type, authorised_waste from warehouse where id = ${id} and not deleted`.execute(ctx.trx);
  return rows[0] ?? null;
}

/**
 * The lines as the gate decides them: a refused line says why; an accepted line's EER code is one
 * the CDR is authorised to receive, when its authorisation lists codes (DM 8 aprile 2008, Allegato
 * I: the waste a collection centre may take in; art. 183 c. 1 lett. mm D.Lgs. 152/2006). A code the
 * CDR may not take is still weighed and recorded, as refused.
 */
function lineErrors(lines: readonly ConferralLine[], cdr: CdrRow | null): FieldError[] {
  const errors: FieldError[] = [];
  const authorised = cdr?.authorised_waste?.length ? new Set(cdr.authorised_waste.map(Number)) : null;
  lines.forEach((line, i) => {
    if (!isAccepted(line) && blank(line.refusalReason)) errors.push({ field: `lines.${i}.refusalReason`, message: 'REQUIRED' });
    if (isAccepted(line) && authorised && typeof line.waste === 'number' && !authorised.has(line.waste)) {
      errors.push({ field: `lines.${i}.waste`, message: 'NOT_AUTHORISED_AT_CDR' });
    }
  });
  return errors;
}

/** Checks a conferral as the write leaves it; returns the values with `totalKg` when the lines change. */
export async function checkConferral(ctx: HookContext, current: Conferral | null, values: ConferralValues): Promise<ConferralValues> {
  const merged = { ...(current ?? {}), ...values } as Partial<Conferral>;
  const sent = (...fields: (keyof ConferralValues)[]) => current === null || fields.some((f) => values[f] !== undefined);
  const errors: FieldError[] = [];
  if (sent('company', 'citizenName', 'citizenFiscalCode')) errors.push(...conferrerErrors(merged));
  const cdr = sent('cdr', 'lines') ? await cdrOf(ctx, merged.cdr) : null;
  // a missing warehouse is the reference check's NOT_FOUND
  if (sent('cdr') && cdr && cdr.warehouse_type !== 'CDR') errors.push({ field: 'cdr', message: 'CDR_REQUIRED' });
  if (sent('conferredAt') && merged.conferredAt && Date.parse(merged.conferredAt) > Date.now() + CLOCK_SKEW_MS) {
    errors.push({ field: 'conferredAt', message: 'DATE_IN_FUTURE' });
  }
  if (sent('cdr', 'lines') && cdr?.warehouse_type === 'CDR') errors.push(...lineErrors(merged.lines ?? [], cdr));
  fail(errors);
  return values.lines !== undefined ? { ...values, totalKg: acceptedKg(values.lines) } : values;
}

/**
 * Closing a conferral. ACCEPTED: at least one line was accepted (otherwise the conferral is
 * refused). REFUSED: the whole drop-off was turned away, with its RefusalMotivation; every line
 * becomes refused (the header's motivation is the reason of each, so lines keep their own reason
 * only if they had one) and nothing is loaded: the accepted total is 0.
 */
export function conferralTransition(current: Conferral, to: string, values: ConferralValues): ConferralValues {
  const lines = (values.lines ?? current.lines ?? []) as ConferralLine[];
  if (to === 'ACCEPTED') fail(lines.some(isAccepted) ? [] : [{ field: 'lines', message: 'NO_ACCEPTED_LINE' }]);
  if (to === 'REFUSED') {
    fail(blank(values.refusalMotivation ?? current.refusalMotivation) ? [{ field: 'refusalMotivation', message: 'REQUIRED' }] : []);
    return { ...values, lines: lines.map((line) => ({ ...line, accepted: false })), totalKg: 0 };
  }
  return values;
}

// ---------------------------------------------------------------------------------------------
// MSA field activities

/**
 * An activity is done on a day that has come (not in the future), and says what came of it.
 * The day done may come before the planned day (a visit brought forward), so no order is set
 * between the two.
 */
function msaErrors(current: Msa | null, values: MsaValues, to: string | null): FieldError[] {
  const merged = { ...(current ?? {}), ...values } as Partial<Msa>;
  const errors: FieldError[] = [];
  if (values.doneDate && values.doneDate > todayInItaly()) errors.push({ field: 'doneDate', message: 'DATE_IN_FUTURE' });
  if (to === 'DONE') {
    if (!merged.doneDate) errors.push({ field: 'doneDate', message: 'REQUIRED' });
    else if (values.doneDate === undefined && merged.doneDate > todayInItaly()) errors.push({ field: 'doneDate', message: 'DATE_IN_FUTURE' });
    if (blank(merged.outcome)) errors.push({ field: 'outcome', message: 'REQUIRED' });
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Samplings and their analysis results

/** A result exceeds its limit when the concentration reaches it (a limit is a maximum: the value at the limit is not compliant). */
export const exceedsLimit = (result: SamplingResult): boolean => result.limitValue != null && result.concentration != null && result.concentration >= result.limitValue;

const STATUS_ORDER = ['PLANNED', 'TAKEN', 'SENT', 'ANALYSED'];
/** Whether `status` is `step` or a later one of the sampling's workflow (CANCELLED is none). */
const reached = (status: string | null, step: string) => status !== null && STATUS_ORDER.includes(status) && STATUS_ORDER.indexOf(status) >= STATUS_ORDER.indexOf(step);

interface WasteRow {
  entry_type: string;
  hazardous: boolean | null;
}

async function wasteOf(ctx: HookContext, id: number | null | undefined): Promise<WasteRow | null> {
  if (id == null) return null;
  const { rows } = await sql<WasteRow>`select entry_type, hazardous from waste where id = ${id}`.execute(ctx.trx);
  return rows[0] ?? null;
}

/**
 * The rules of a sampling in the status it is in, or enters (`status`):
 * - dates in order: sampled ≤ sent to the lab ≤ report; none of them in the future once it happened
 *   (the sampling day may be planned ahead while PLANNED);
 * - SENT (and after): the laboratory and the day it was sent;
 * - ANALYSED: the test report (number and date); a mirror entry needs the classification the
 *   analysis decided (Allegato D, Parte IV, D.Lgs. 152/2006, "voci a specchio": hazardous or not
 *   according to the hazardous properties found); an absolute entry is what the list says, so a
 *   classification contradicting it is refused and a missing one is taken from the list;
 * - a hazardous waste names its hazardous properties HP1–HP15 (Allegato I, Parte IV, D.Lgs.
 *   152/2006, as replaced by Reg. (UE) 1357/2014): a HAZARDOUS classification, and at ANALYSED
 *   an absolute hazardous entry too.
 */
async function checkSampling(ctx: HookContext, current: Sampling | null, values: SamplingValues, status: string): Promise<SamplingValues> {
  const merged = { ...(current ?? {}), ...values } as Partial<Sampling>;
  const errors: FieldError[] = [];
  const today = todayInItaly();
  const notFuture = (field: 'sampledOn' | 'sentOn' | 'reportDate') => {
    const value = merged[field];
    if (value && value > today) errors.push({ field, message: 'DATE_IN_FUTURE' });
  };
  if (reached(status, 'TAKEN')) notFuture('sampledOn');
  notFuture('sentOn');
  notFuture('reportDate');
  if (merged.sentOn && merged.sampledOn && merged.sentOn < merged.sampledOn) errors.push({ field: 'sentOn', message: 'BEFORE_SAMPLED_ON' });
  if (merged.reportDate) {
    if (merged.sentOn && merged.reportDate < merged.sentOn) errors.push({ field: 'reportDate', message: 'BEFORE_SENT_ON' });
    else if (merged.sampledOn && merged.reportDate < merged.sampledOn) errors.push({ field: 'reportDate', message: 'BEFORE_SAMPLED_ON' });
  }
  if (reached(status, 'SENT')) {
    if (merged.laboratory == null) errors.push({ field: 'laboratory', message: 'REQUIRED' });
    if (!merged.sentOn) errors.push({ field: 'sentOn', message: 'REQUIRED' });
  }

  const waste = await wasteOf(ctx, merged.waste);
  const mirror = waste?.entry_type.startsWith('MIRROR') ?? false;
  const absolute = waste !== null && !mirror;
  let classification = merged.classification ?? null;
  if (absolute && classification && (classification === 'HAZARDOUS') !== (waste.hazardous === true)) {
    errors.push({ field: 'classification', message: 'CONTRADICTS_ENTRY' });
  }
  let filled: Partial<SamplingValues> = {};
  if (reached(status, 'ANALYSED')) {
    if (blank(merged.reportNumber)) errors.push({ field: 'reportNumber', message: 'REQUIRED' });
    if (!merged.reportDate) errors.push({ field: 'reportDate', message: 'REQUIRED' });
    if (mirror && !classification) errors.push({ field: 'classification', message: 'REQUIRED' });
    if (absolute && !classification) {
      classification = waste.hazardous === true ? 'HAZARDOUS' : 'NON_HAZARDOUS';
      filled = { classification };
    }
  }
  const hazardous = classification === 'HAZARDOUS';
  const hpChecked = reached(status, 'ANALYSED') || values.classification !== undefined || values.hpProperties !== undefined;
  if (hazardous && hpChecked && !(merged.hpProperties && merged.hpProperties.length > 0)) errors.push({ field: 'hpProperties', message: 'REQUIRED' });
  fail(errors);

  const out: SamplingValues = { ...values, ...filled };
  if (values.results !== undefined) out.results = (values.results ?? []).map((result) => ({ ...result, exceeds: exceedsLimit(result) }));
  return out;
}

export function registerActivityHooks(registry: HookRegistry): HookRegistry {
  registry.register(conferral, {
    beforeCreate: (ctx, values) => checkConferral(ctx, null, values),
    beforeUpdate: (ctx, current, values) => checkConferral(ctx, current, values),
    beforeTransition: async (_ctx, current, to, values) => conferralTransition(current, to, values),
  });
  registry.register(msaActivity, {
    async beforeCreate(_ctx, values) {
      fail(msaErrors(null, values, null));
    },
    async beforeUpdate(_ctx, current, values) {
      fail(msaErrors(current, values, null));
    },
    async beforeTransition(_ctx, current, to, values) {
      fail(msaErrors(current, values, to));
    },
  });
  registry.register(sampling, {
    beforeCreate: (ctx, values) => checkSampling(ctx, null, values, 'PLANNED'),
    // the status rules of the current status; a transition checks those of the status entered
    beforeUpdate: (ctx, current, values) => checkSampling(ctx, current, values, current.status ?? 'PLANNED'),
    beforeTransition: (ctx, current, to, values) => checkSampling(ctx, current, values, to),
  });
  return registry;
}
