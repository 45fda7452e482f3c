import { CATALOGUE, conferral, conferralLine, fiscalCodeCheckLetter, generator, isItalianFiscalCode, italianInstant, lookupTable, recordSchema, tableName, type Target, todayInItaly } from '@circula/model';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { allocateIds, autoCode, insertRows } from '../../records/bulk.js';
import { diffRecords, valuesToColumns } from '../../records/codec.js';
import { writeHistoryMany, type HistoryEntry } from '../../records/history.js';
import type { HookContext, RecordData } from '../../records/hooks.js';
import { systemPrincipal, type SeedContext } from '../module.js';
import { checkConferral, conferralTransition, type Conferral, type ConferralValues } from './hooks.js';

/**
 * Demo data of the activities area (DEMO_DATA, once, after the demo master data): a year of
 * drop-offs at the four demo collection centres (citizens with valid codici fiscali and a few
 * customers), MSA field activities at the customers' sites in every status, and samplings of
 * mirror and absolute EER entries with their analysis results, classified both ways.
 *
 * MSA activities, samplings and analysis parameters go through the record engine as the system
 * (hooks, computed fields, history, one write per workflow step). The conferrals, the bulk of the
 * demo, pass the same catalogue validation and conferral rules (the hooks' own functions) and are
 * then inserted in a few statements, history included: one by one through the engine they cost
 * seconds at every demo start, and every server test starts one. The sequence is deterministic
 * (fixed-seed generator); the dates are relative to the day of the seed. Names are invented;
 * towns and their cadastral codes (codici catastali / Belfiore) are real.
 */

const SYSTEM = systemPrincipal('demo-activities');

/** What the demo creates, by kind and status. */
export const DEMO_ACTIVITY_COUNTS = {
  conferrals: 150,
  conferralsByStatus: { ACCEPTED: 136, REFUSED: 6, WEIGHED: 6, CANCELLED: 2 },
  msaActivities: 40,
  samplings: 13,
} as const;

// ---------------------------------------------------------------------------------------------
// Codice fiscale of a person (DM 23 dicembre 1976; DPR 605/1973 art. 11)

const VOWELS = new Set(['A', 'E', 'I', 'O', 'U']);
const letters = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
const consonants = (text: string) => [...letters(text)].filter((c) => !VOWELS.has(c));
const vowels = (text: string) => [...letters(text)].filter((c) => VOWELS.has(c));

/** Surname: its consonants, then its vowels, then X, the first three. */
const surnamePart = (surname: string) => [...consonants(surname), ...vowels(surname), 'X', 'X', 'X'].slice(0, 3).join('');
/** First name: with four consonants or more the 1st, 3rd and 4th; otherwise as a surname. */
function namePart(name: string): string {
  const c = consonants(name);
  if (c.length >= 4) return `${c[0]}${c[2]}${c[3]}`;
  return [...c, ...vowels(name), 'X', 'X', 'X'].slice(0, 3).join('');
}
/** Month letters, January to December. */
const MONTHS = 'ABCDEHLMPRST';

/**
 * The codice fiscale of a person: surname, name, year, month letter, day (+40 for women), the
 * cadastral code of the birthplace and the check letter.
 */
export function personFiscalCode(person: { surname: string; name: string; birth: string; female: boolean; birthplace: string }): string {
  const [year, month, day] = person.birth.split('-').map(Number) as [number, number, number];
  const first15 = `${surnamePart(person.surname)}${namePart(person.name)}${String(year % 100).padStart(2, '0')}${MONTHS[month - 1]}${String(day + (person.female ? 40 : 0)).padStart(2, '0')}${person.birthplace}`;
  const code = `${first15}${fiscalCodeCheckLetter(first15)}`;
  if (!isItalianFiscalCode(code)) throw new Error(`demo activities: computed an invalid codice fiscale ${code}`);
  return code;
}

/** Birthplaces: municipalities and their cadastral codes (Agenzia delle Entrate). */
const BIRTHPLACES = ['F205', 'F205', 'F205', 'F704', 'A794', 'B157', 'G388', 'C933', 'L682', 'E648', 'E507', 'H501', 'F839', 'L219', 'D969', 'A944', 'G273', 'A662'];
const MALE_NAMES = ['Marco', 'Giuseppe', 'Luca', 'Andrea', 'Francesco', 'Alessandro', 'Giovanni', 'Roberto', 'Stefano', 'Paolo', 'Matteo', 'Davide', 'Simone', 'Antonio', 'Fabio', 'Massimo'];
const FEMALE_NAMES = ['Giulia', 'Francesca', 'Chiara', 'Sara', 'Laura', 'Valentina', 'Elena', 'Anna', 'Federica', 'Silvia', 'Paola', 'Alessandra', 'Martina', 'Cristina', 'Roberta', 'Monica'];
const SURNAMES = [
  'Rossi', 'Brambilla', 'Colombo', 'Ferrari', 'Bianchi', 'Villa', 'Galli', 'Sala', 'Fumagalli', 'Cattaneo', 'Mariani', 'Ricci', 'Conti', 'Bassi',
  'Riva', 'Redaelli', 'Longoni', 'Mauri', 'Pozzi', 'Crippa', 'Meroni', 'Sironi', 'Mazza', 'Greco', 'Esposito', 'Russo', 'Romano', 'Gallo',
  'Costa', 'Fontana', 'Moretti', 'Barbieri', 'Lombardi', 'De Luca', "D'Angelo", 'Caprotti', 'Vergani', 'Perego', 'Spinelli', 'Zanetti',
];

interface Citizen {
  name: string;
  fiscalCode: string;
}

function citizens(random: () => number, count: number): Citizen[] {
  const out: Citizen[] = [];
  const seen = new Set<string>();
  while (out.length < count) {
    const female = random() < 0.5;
    const first = (female ? FEMALE_NAMES : MALE_NAMES)[Math.floor(random() * 16)]!;
    const surname = SURNAMES[Math.floor(random() * SURNAMES.length)]!;
    const year = 1945 + Math.floor(random() * 60);
    const month = 1 + Math.floor(random() * 12);
    const day = 1 + Math.floor(random() * 28);
    const birth = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    const fiscalCode = personFiscalCode({ surname, name: first, birth, female, birthplace: BIRTHPLACES[Math.floor(random() * BIRTHPLACES.length)]! });
    if (seen.has(fiscalCode)) continue;
    seen.add(fiscalCode);
    out.push({ name: `${first} ${surname}`, fiscalCode });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Times

const DAY_MS = 86_400_000;

const dayBefore = (today: string, days: number) => new Date(Date.parse(`${today}T12:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
const weekday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

// ---------------------------------------------------------------------------------------------
// What citizens and businesses bring to a collection centre (codes of the demo CDRs' authorisation)

interface Fraction {
  code: string;
  weight: number;
  min: number;
  max: number;
  descriptions: string[];
}

const FRACTIONS: Fraction[] = [
  { code: '200101', weight: 14, min: 4, max: 60, descriptions: ['Cartone da imballaggio', 'Giornali e riviste', 'Scatoloni del trasloco'] },
  { code: '200102', weight: 9, min: 3, max: 35, descriptions: ['Lastre di vetro', 'Bottiglie e vasetti in vetro', 'Specchio rotto'] },
  { code: '200138', weight: 12, min: 10, max: 180, descriptions: ['Mobili in legno smontati', 'Pallet e cassette in legno', 'Armadio in truciolare'] },
  { code: '200140', weight: 10, min: 4, max: 120, descriptions: ['Rottami metallici', 'Reti da letto metalliche', 'Biciclette e stendini'] },
  { code: '200307', weight: 13, min: 15, max: 160, descriptions: ['Materasso', 'Divano', 'Poltrone e tappeti'] },
  { code: '200135', weight: 6, min: 8, max: 45, descriptions: ['Televisore a tubo catodico', 'Monitor e televisori', 'Pannelli fotovoltaici domestici'] },
  { code: '200136', weight: 8, min: 2, max: 60, descriptions: ['Piccoli elettrodomestici', 'Lavatrice', 'Forno a microonde'] },
  { code: '200123', weight: 3, min: 35, max: 80, descriptions: ['Frigorifero', 'Congelatore a pozzetto', 'Condizionatore portatile'] },
  { code: '200121', weight: 3, min: 0.3, max: 4, descriptions: ['Tubi fluorescenti', 'Lampade a risparmio energetico'] },
  { code: '200133', weight: 3, min: 0.2, max: 3, descriptions: ['Pile esauste', 'Batterie di utensili a batteria'] },
  { code: '160103', weight: 4, min: 7, max: 36, descriptions: ['Pneumatici di autovettura', 'Pneumatici di bicicletta e motociclo'] },
  { code: '170904', weight: 7, min: 30, max: 300, descriptions: ['Macerie da piccola ristrutturazione domestica', 'Piastrelle e sanitari rotti'] },
  { code: '200201', weight: 9, min: 10, max: 150, descriptions: ['Sfalci e potature', 'Foglie e ramaglie'] },
  { code: '200125', weight: 2, min: 1, max: 10, descriptions: ['Olio vegetale esausto da cucina'] },
  { code: '200139', weight: 4, min: 2, max: 25, descriptions: ['Cassette e mobili da giardino in plastica', 'Giocattoli in plastica'] },
  { code: '200110', weight: 2, min: 3, max: 20, descriptions: ['Indumenti usati'] },
];
/** Refused at the gate: weighed and recorded, never loaded (codes the demo CDRs may not take, or waste out of place). */
const REFUSED_LINES: { code: string; min: number; max: number; description: string; reason: string }[] = [
  { code: '170605', min: 20, max: 90, description: 'Lastre ondulate in fibrocemento', reason: 'Materiale che può contenere amianto: non ammesso al centro di raccolta' },
  { code: '200301', min: 5, max: 25, description: 'Sacchi di rifiuto indifferenziato', reason: 'Rifiuto indifferenziato: va conferito nella raccolta domiciliare' },
  { code: '200307', min: 30, max: 90, description: 'Ingombranti misti a sacchi di rifiuti', reason: 'Rifiuti non separati per tipologia' },
];

/** Businesses bring what the CDRs take from non-domestic users (packaging, wood, metal, WEEE). */
const BUSINESS_CODES = ['200101', '200138', '200140', '200136', '200135', '200139', '170904'];

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
function weighted(random: () => number, list: readonly Fraction[]): Fraction {
  const total = list.reduce((n, f) => n + f.weight, 0);
  let r = random() * total;
  for (const f of list) if ((r -= f.weight) < 0) return f;
  return list[list.length - 1]!;
}
const weight = (random: () => number, min: number, max: number) => {
  const kg = min + random() * (max - min);
  return kg < 10 ? Math.round(kg * 10) / 10 : Math.round(kg);
};
const plate = (random: () => number) => {
  const l = () => 'ABCDEFGHJKLMNPRSTVWXYZ'[Math.floor(random() * 22)]!;
  return `${pick(random, ['F', 'G', 'E'])}${l()}${String(Math.floor(random() * 1000)).padStart(3, '0')}${l()}${l()}`;
};

// ---------------------------------------------------------------------------------------------
// Analysis parameters

/**
 * The leaching parameters of the demo's analyses (eluate UNI EN 12457-2, L/S = 10 l/kg): the
 * limits are those of Council Decision 2003/33/EC, Annex, point 2.2.2 (granular non-hazardous
 * waste accepted in the same cell as stable, non-reactive hazardous waste), in mg/kg of dry
 * matter. Hydrocarbons are a total content, with no limit of their own here.
 */
const SUBSTANCES: { chemical: string; limit: number | null; method: string }[] = [
  { chemical: 'AS', limit: 2, method: 'Eluato UNI EN 12457-2; UNI EN ISO 17294-2' },
  { chemical: 'CD', limit: 1, method: 'Eluato UNI EN 12457-2; UNI EN ISO 17294-2' },
  { chemical: 'CR_TOT', limit: 10, method: 'Eluato UNI EN 12457-2; UNI EN ISO 17294-2' },
  { chemical: 'CU', limit: 50, method: 'Eluato UNI EN 12457-2; UNI EN ISO 17294-2' },
  { chemical: 'HG', limit: 0.2, method: 'Eluato UNI EN 12457-2; UNI EN ISO 12846' },
  { chemical: 'NI', limit: 10, method: 'Eluato UNI EN 12457-2; UNI EN ISO 17294-2' },
  { chemical: 'PB', limit: 10, method: 'Eluato UNI EN 12457-2; UNI EN ISO 17294-2' },
  { chemical: 'ZN', limit: 50, method: 'Eluato UNI EN 12457-2; UNI EN ISO 17294-2' },
  { chemical: 'CHLORIDES', limit: 15_000, method: 'Eluato UNI EN 12457-2; UNI EN ISO 10304-1' },
  { chemical: 'FLUORIDES', limit: 150, method: 'Eluato UNI EN 12457-2; UNI EN ISO 10304-1' },
  { chemical: 'SULPHATES', limit: 20_000, method: 'Eluato UNI EN 12457-2; UNI EN ISO 10304-1' },
  { chemical: 'DOC', limit: 800, method: 'Eluato UNI EN 12457-2; UNI EN 1484' },
  { chemical: 'HC_C10_C40', limit: null, method: 'UNI EN 14039' },
];
const LEACHING_UNIT = 'mg/kg s.s.';

interface SamplingSeed {
  producer: string;
  code: string;
  status: 'PLANNED' | 'TAKEN' | 'SENT' | 'ANALYSED' | 'CANCELLED';
  /** Days before the seed the sample was (or will be: negative) taken. */
  daysAgo: number;
  classification?: 'HAZARDOUS' | 'NON_HAZARDOUS';
  hp?: string[];
  /** Results as multiples of each limit (index into SUBSTANCES → factor); absent parameters are not analysed. */
  factors?: Record<string, number>;
  notes?: string;
}

const SAMPLINGS: SamplingSeed[] = [
  { producer: 'Costruzioni Edili Meregalli S.p.A.', code: '170504', status: 'ANALYSED', daysAgo: 150, classification: 'NON_HAZARDOUS', factors: { AS: 0.2, CD: 0.05, CR_TOT: 0.1, CU: 0.06, NI: 0.1, PB: 0.08, ZN: 0.05, SULPHATES: 0.2, HC_C10_C40: 120 }, notes: 'Terre di scavo del cantiere di via Padova: non pericolose, eluato conforme.' },
  { producer: 'Scavi e Demolizioni Riva S.r.l.', code: '170503', status: 'ANALYSED', daysAgo: 120, classification: 'HAZARDOUS', hp: ['HP14'], factors: { AS: 0.6, CD: 0.4, CR_TOT: 0.3, CU: 0.9, NI: 0.5, PB: 2.4, ZN: 1.3, HC_C10_C40: 4800 }, notes: 'Terreno di bonifica dell’area ex distributore: piombo e idrocarburi elevati, pericoloso per ecotossicità.' },
  { producer: 'Carrozzeria Pirovano S.r.l.', code: '080111', status: 'ANALYSED', daysAgo: 95, classification: 'HAZARDOUS', hp: ['HP3', 'HP14'], factors: { CR_TOT: 1.4, PB: 0.7, ZN: 0.9, DOC: 1.8 }, notes: 'Residui di vernici a solvente della cabina di verniciatura.' },
  { producer: 'Mobilificio Pozzi S.r.l.', code: '080112', status: 'ANALYSED', daysAgo: 80, classification: 'NON_HAZARDOUS', factors: { CR_TOT: 0.05, PB: 0.03, ZN: 0.1, DOC: 0.4 }, notes: 'Vernici all’acqua indurite: non pericolose.' },
  { producer: 'Zincatura Olonese S.r.l.', code: '110109', status: 'ANALYSED', daysAgo: 70, classification: 'HAZARDOUS', hp: ['HP4', 'HP14'], factors: { CD: 1.6, CR_TOT: 2.2, NI: 1.1, PB: 0.8, ZN: 6.5, CHLORIDES: 0.9 }, notes: 'Fanghi del depuratore della linea di zincatura: zinco e cromo oltre i limiti.' },
  { producer: 'Officine Meccaniche Fumagalli S.p.A.', code: '120115', status: 'ANALYSED', daysAgo: 60, classification: 'NON_HAZARDOUS', factors: { CR_TOT: 0.2, CU: 0.15, NI: 0.3, ZN: 0.1, HC_C10_C40: 650 }, notes: 'Fanghi di rettifica disoleati.' },
  { producer: 'Impianti Termoidraulici Radaelli S.r.l.', code: '170604', status: 'ANALYSED', daysAgo: 45, classification: 'NON_HAZARDOUS', factors: { SULPHATES: 0.3, FLUORIDES: 0.2, DOC: 0.3 }, notes: 'Lana di roccia da coibentazione: non pericolosa.' },
  { producer: 'Autofficina Bonfanti S.n.c.', code: '150202', status: 'ANALYSED', daysAgo: 38, classification: 'HAZARDOUS', hp: ['HP14'], factors: { PB: 0.4, ZN: 0.7, HC_C10_C40: 21000 }, notes: 'Stracci e assorbenti intrisi di olio minerale.' },
  { producer: 'Autoriparazioni Tagliabue S.a.s.', code: '130205', status: 'ANALYSED', daysAgo: 30, hp: ['HP14'], factors: { CD: 0.02, PB: 0.1, ZN: 0.4 }, notes: 'Olio motore esausto: voce assoluta pericolosa, analisi per l’omologa all’impianto.' },
  { producer: 'Polimeri Gallaratesi S.p.A.', code: '161002', status: 'SENT', daysAgo: 12, notes: 'Acque di lavaggio degli stampi: in attesa del rapporto di prova.' },
  { producer: 'Stamperia Serica Comasca S.p.A.', code: '040220', status: 'TAKEN', daysAgo: 3, notes: 'Fanghi del depuratore interno: campione prelevato, da consegnare al laboratorio.' },
  { producer: 'Fonderia Lariana S.r.l.', code: '100908', status: 'PLANNED', daysAgo: -9, notes: 'Anime e forme di fonderia: campionamento concordato con il responsabile di stabilimento.' },
  { producer: 'Cosmesi Vergani S.r.l.', code: '070612', status: 'CANCELLED', daysAgo: 20, notes: 'Annullato: il rifiuto è stato avviato a un impianto che ne esegue l’analisi di omologa.' },
];

// ---------------------------------------------------------------------------------------------
// MSA field activities

const MSA_OUTCOMES: Record<string, string[]> = {
  SITE_SURVEY: ['Sopralluogo eseguito: area di deposito idonea, accesso per mezzi scarrabili verificato.', 'Verificata la viabilità interna: serve un cassone da 20 m³ per i limiti di altezza.'],
  CONTAINER_DELIVERY: ['Consegnato cassone scarrabile da 30 m³ e posizionato nell’area indicata.', 'Consegnati due contenitori carrellati da 1100 litri.'],
  CONTAINER_EXCHANGE: ['Sostituito il cassone pieno con uno vuoto; pieno avviato all’impianto di Pioltello.', 'Cambio cassone eseguito, segnalato coperchio danneggiato.'],
  CONTAINER_REMOVAL: ['Ritirato il cassone a fine cantiere, area lasciata pulita.', 'Ritiro contenitori eseguito, contratto chiuso.'],
  EQUIPMENT_MAINTENANCE: ['Sostituite le ruote e il coperchio del contenitore.', 'Riparata la chiusura del cassone a tenuta stagna.'],
  COMPLAINT_CHECK: ['Verificata la segnalazione di sversamento: nessuna perdita dal contenitore.', 'Controllata la segnalazione del cliente: ritiro effettuato, rimosso il materiale residuo.'],
  PRODUCER_AUDIT: ['Verificati registro di carico e scarico e deposito temporaneo: conformi.', 'Deposito temporaneo oltre i limiti di tempo: concordato un ritiro entro la settimana.'],
};
const MSA_NOTES_CANCELLED = 'Annullata su richiesta del cliente.';

// ---------------------------------------------------------------------------------------------
// The seed

function targetOf(route: string): Target {
  const target = CATALOGUE.target(route);
  if (!target) throw new Error(`demo activities: no target ${route}`);
  return target;
}

/**
 * Seeds the demo activities when DEMO_DATA is on, the master data's collection centres exist and
 * no conferral exists yet. Returns what it created, or null.
 */
export async function seedDemoActivities({ db, config, log, records }: SeedContext): Promise<typeof DEMO_ACTIVITY_COUNTS | null> {
  if (!config.demoData) return null;
  const { rows: existing } = await sql<{ id: number }>`select id from conferral limit 1`.execute(db);
  if (existing.length > 0) return null;
  const { rows: cdrs } = await sql<{ id: number; city: string | null }>`
    select id, address->>'city' as city from warehouse where warehouse_type = 'CDR' and not deleted order by id`.execute(db);
  if (cdrs.length === 0) return null;
  const started = Date.now();

  const { rows: wasteRows } = await sql<{ id: number; code: string }>`select id, code from waste where not deleted`.execute(db);
  const wasteId = new Map(wasteRows.map((r) => [r.code, Number(r.id)]));
  const eer = (code: string) => {
    const id = wasteId.get(code);
    if (id === undefined) throw new Error(`demo activities: EER code ${code} is not in the waste table`);
    return id;
  };
  const { rows: customers } = await sql<{ id: number; name: string }>`
    select id, name from subject where 'CUSTOMER' = any(roles) and not deleted order by id`.execute(db);
  const customerId = new Map(customers.map((c) => [c.name, Number(c.id)]));
  const { rows: sites } = await sql<{ id: number; owner: number }>`
    select id, owner from warehouse where warehouse_type = 'PDP' and not deleted order by id`.execute(db);
  const siteOf = new Map<number, number>();
  for (const s of sites) if (!siteOf.has(Number(s.owner))) siteOf.set(Number(s.owner), Number(s.id));
  // MSA operators: the collaborators of the master data, when it has some
  const { rows: collaboratorRows } = await sql<{ id: number }>`select id from subject where 'COLLABORATOR' = any(roles) and not deleted order by id`.execute(db);
  const collaborators = collaboratorRows.map((r) => Number(r.id));
  // the analysis laboratory: the demo's chemical laboratory (a customer of the master data)
  const { rows: labs } = await sql<{ id: number }>`select id from subject where name like 'Laboratorio%' and not deleted order by id limit 1`.execute(db);
  const laboratory = labs[0] ? Number(labs[0].id) : null;
  const { rows: requestRows } = await sql<{ id: number; requester: number }>`select id, requester from transaction where not deleted order by id`.execute(db);
  const requestOf = new Map<number, number>();
  for (const r of requestRows) if (!requestOf.has(Number(r.requester))) requestOf.set(Number(r.requester), Number(r.id));

  const today = todayInItaly();
  const random = generator(20_260_315);
  // every record is created in one transaction (all or nothing: the next start tries again), then
  // moved along its workflow, one transition per write (a write of its own, as a user's)
  const pending: { route: string; record: RecordData; statuses: string[] }[] = [];
  const counts: Record<string, number> = {};
  await db.transaction().execute(async (trx) => {
    const create = (route: string, body: RecordData) => records.create(SYSTEM, targetOf(route), body, trx);
    const move: Move = (route, record, ...statuses) => {
      if (statuses.length) pending.push({ route, record, statuses });
    };
    Object.assign(counts, await seedConferrals({ random, today, cdrs, customers, eer, trx }));
    await seedMsa({ random, today, customers, siteOf, collaborators, requestOf, create, move });
    await seedSamplings({ trx, today, customerId, siteOf, laboratory, eer, create, move });
  });
  for (const { route, record, statuses } of pending) {
    let current = record;
    for (const status of statuses) current = await records.update(SYSTEM, targetOf(route), current.id as number, { version: current.version }, status);
    counts[`${route}:${current.status as string}`] = (counts[`${route}:${current.status as string}`] ?? 0) + 1;
  }
  log.info(`Demo activities created in ${Date.now() - started} ms: ${JSON.stringify(counts)}`);
  return DEMO_ACTIVITY_COUNTS;
}

type Create = (route: string, body: RecordData) => Promise<RecordData>;
type Move = (route: string, record: RecordData, ...statuses: string[]) => void;

async function seedConferrals(input: {
  random: () => number;
  today: string;
  cdrs: { id: number; city: string | null }[];
  customers: { id: number; name: string }[];
  eer: (code: string) => number;
  trx: Transaction<Database>;
}): Promise<Record<string, number>> {
  const { random, today, cdrs, customers, eer, trx } = input;
  const people = citizens(random, 70);
  const planned: PlannedConferral[] = [];
  // the demo owner's and customer's companies (the first two customers) bring waste too: they see their own conferrals
  const companies = [...customers.slice(0, 2), ...customers.filter((_c, i) => i >= 2 && i % 7 === 0)];
  const plan: string[] = [];
  for (const [status, n] of Object.entries(DEMO_ACTIVITY_COUNTS.conferralsByStatus)) for (let i = 0; i < n; i++) plan.push(status);
  // spread the closing statuses over the year; the weighed ones are the most recent
  const order = plan.filter((s) => s !== 'WEIGHED');
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const total = DEMO_ACTIVITY_COUNTS.conferrals;
  for (let i = 0; i < total; i++) {
    const weighed = i >= total - DEMO_ACTIVITY_COUNTS.conferralsByStatus.WEIGHED;
    const status = weighed ? 'WEIGHED' : order[i]!;
    // oldest first, about two a week for a year; the weighed ones in the last three days
    let day = weighed ? dayBefore(today, 1 + (i % 3)) : dayBefore(today, 365 - Math.floor((i * 362) / total));
    // CDRs are closed on Sundays
    if (weekday(day) === 0) day = dayBefore(day, 1);
    const morning = random() < 0.6;
    const conferredAt = italianInstant(day, morning ? 8 + Math.floor(random() * 4) : 14 + Math.floor(random() * 4), Math.floor(random() * 60));
    const cdr = cdrs[i % cdrs.length]!;
    const byCompany = i % 6 === 5;
    const body: RecordData = { cdr: cdr.id, conferredAt };
    if (byCompany) {
      body.company = companies[(i / 6) % companies.length | 0]!.id;
      body.vehiclePlate = plate(random);
    } else {
      const person = people[Math.floor(random() * people.length)]!;
      Object.assign(body, { citizenName: person.name, citizenFiscalCode: person.fiscalCode, municipality: cdr.city });
      if (random() < 0.3) body.vehiclePlate = plate(random);
    }
    const lineCount = 1 + Math.floor(random() * (byCompany ? 2 : 4));
    const lines: RecordData[] = [];
    const used = new Set<string>();
    for (let l = 0; l < lineCount; l++) {
      const pool = byCompany ? FRACTIONS.filter((f) => BUSINESS_CODES.includes(f.code)) : FRACTIONS;
      const f = weighted(random, pool);
      if (used.has(f.code)) continue;
      used.add(f.code);
      lines.push({ waste: eer(f.code), description: pick(random, f.descriptions), weightKg: weight(random, f.min, f.max), accepted: true });
    }
    // now and then a line is turned away at the gate, the rest accepted
    if (status === 'ACCEPTED' && i % 11 === 4) {
      const r = REFUSED_LINES[i % REFUSED_LINES.length]!;
      lines.push({ waste: eer(r.code), description: r.description, weightKg: weight(random, r.min, r.max), accepted: false, refusalReason: r.reason });
    }
    if (status === 'REFUSED') body.refusalMotivation = pick(random, ['NO_CONTRACT', 'NON_CONFORMING_WASTE', 'INCOMPLETE_DOCUMENTS']);
    if (status === 'REFUSED' && body.refusalMotivation === 'NO_CONTRACT') body.notes = 'Utenza non domestica senza convenzione con il comune.';
    if (status === 'CANCELLED') body.notes = 'Registrazione duplicata: il conferimento è stato registrato due volte.';
    body.lines = lines;
    planned.push({ body, status });
  }
  await insertConferrals(trx, planned);
  const counts: Record<string, number> = {};
  for (const p of planned) counts[`conferral:${p.status}`] = (counts[`conferral:${p.status}`] ?? 0) + 1;
  return counts;
}

interface PlannedConferral {
  body: RecordData;
  status: string;
}

/**
 * The conferrals in one batch: each body is validated by the catalogue's schema and goes through
 * the conferral's own rules (the hooks' functions: conferrer, CDR, lines, accepted total, and the
 * transition to its final status); then headers, lines and history (CREATE, then TRANSITION) are
 * inserted a few statements for all. Through the record engine one by one they took seconds, at
 * every start of a demo database — and every server test starts one.
 */
async function insertConferrals(trx: Transaction<Database>, planned: PlannedConferral[]): Promise<void> {
  const schema = recordSchema(conferral, { partial: false });
  const ctx: HookContext = { trx, principal: SYSTEM, entity: conferral, code: null };
  const ids = await allocateIds(trx, tableName(conferral), planned.length);
  const lineIds = await allocateIds(trx, tableName(conferralLine), planned.reduce((n, p) => n + (p.body.lines as unknown[]).length, 0));
  const headers: Record<string, unknown>[] = [];
  const lines: Record<string, unknown>[] = [];
  const history: HistoryEntry[] = [];
  for (const [i, p] of planned.entries()) {
    const parsed = schema.safeParse(p.body);
    if (!parsed.success) throw new Error(`demo conferral ${i}: ${JSON.stringify(parsed.error.issues)}`);
    const values = await checkConferral(ctx, null, parsed.data as ConferralValues);
    const id = ids[i]!;
    const code = autoCode(conferral, id);
    const withIds = (list: NonNullable<ConferralValues['lines']>, first: number) =>
      list.map((line, n) => ({ id: lineIds[first + n]!, lineNo: n + 1, ...Object.fromEntries(Object.keys(conferralLine.fields).filter((f) => f !== 'lineNo').map((f) => [f, null])), ...line }));
    const first = lines.length;
    const created = { code, status: 'WEIGHED', ...values, lines: withIds(values.lines ?? [], first) } as unknown as Conferral;
    const closed = p.status === 'WEIGHED' ? created : ({ ...created, ...conferralTransition(created, p.status, {}), status: p.status } as Conferral);
    const at = new Date(Date.parse(String(values.conferredAt)));
    headers.push({
      id,
      code,
      // the lines are rows of their own (valuesToColumns leaves them out)
      ...valuesToColumns(conferral, closed),
      status: p.status,
      version: p.status === 'WEIGHED' ? 1 : 2,
      author_id: SYSTEM.userId,
      created_by: SYSTEM.username,
      updated_by: SYSTEM.username,
      created_at: at,
      // weighing and the decision at the gate take a few minutes
      updated_at: p.status === 'WEIGHED' ? at : new Date(at.getTime() + 6 * 60_000),
    });
    for (const line of closed.lines) {
      const { id: lineId, lineNo, ...fields } = line;
      lines.push({ id: lineId, parent_id: id, root_id: id, line_no: lineNo, ...valuesToColumns(conferralLine, fields), author_id: SYSTEM.userId, created_by: SYSTEM.username, updated_by: SYSTEM.username });
    }
    history.push({ entity: conferral.name, recordId: id, version: 1, action: 'CREATE', changes: diffRecords(conferral, null, created) });
    if (closed !== created) history.push({ entity: conferral.name, recordId: id, version: 2, action: 'TRANSITION', changes: diffRecords(conferral, created, closed) });
  }
  await insertRows(trx, tableName(conferral), headers);
  await insertRows(trx, tableName(conferralLine), lines);
  await writeHistoryMany(trx, SYSTEM, history);
}

async function seedMsa(input: {
  random: () => number;
  today: string;
  customers: { id: number; name: string }[];
  siteOf: Map<number, number>;
  collaborators: number[];
  requestOf: Map<number, number>;
  create: Create;
  move: Move;
}): Promise<void> {
  const { random, today, customers, siteOf, collaborators, requestOf, create, move } = input;
  const reasons = lookupTable('MSA_REASON')?.values.map((v) => v.code) ?? Object.keys(MSA_OUTCOMES);
  const total = DEMO_ACTIVITY_COUNTS.msaActivities;
  for (let i = 0; i < total; i++) {
    const reason = reasons[i % reasons.length]!;
    const customer = customers[(i * 7) % customers.length]!;
    // from three months ago to six weeks ahead
    const offset = 90 - Math.floor((i * 135) / total);
    const plannedDate = dayBefore(today, offset);
    const past = offset > 0;
    // the past ones are done, a few cancelled and two still open (late); the future ones are planned, one cancelled
    const status = past ? (i % 9 === 4 ? 'CANCELLED' : i % 13 === 6 ? 'PLANNED' : 'DONE') : i === total - 2 ? 'CANCELLED' : 'PLANNED';
    const body: RecordData = {
      reason,
      customer: customer.id,
      site: siteOf.get(customer.id) ?? null,
      plannedDate,
      plannedTime: `${String(8 + (i % 9)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
      operator: collaborators.length ? collaborators[i % collaborators.length] : null,
      request: reason.startsWith('CONTAINER') ? (requestOf.get(customer.id) ?? null) : null,
    };
    if (status === 'DONE') {
      // done on the day, or the day after
      const doneDate = random() < 0.8 || offset <= 1 ? plannedDate : dayBefore(plannedDate, -1);
      Object.assign(body, { doneDate, outcome: pick(random, MSA_OUTCOMES[reason] ?? ['Attività eseguita.']) });
    }
    if (status === 'CANCELLED') body.outcome = MSA_NOTES_CANCELLED;
    const created = await create('msa', body);
    if (status !== 'PLANNED') move('msa', created, status);
  }
}

async function seedSamplings(input: {
  trx: Transaction<Database>;
  today: string;
  customerId: Map<string, number>;
  siteOf: Map<number, number>;
  laboratory: number | null;
  eer: (code: string) => number;
  create: Create;
  move: Move;
}): Promise<void> {
  const { trx, today, customerId, siteOf, laboratory, eer, create, move } = input;
  // the analysed parameters: the demo master data's, or created here
  const substance = new Map<string, { id: number; limit: number | null }>();
  const names = new Map(lookupTable('CHEMICAL')?.values.map((v) => [v.code, v]) ?? []);
  for (const s of SUBSTANCES) {
    const { rows } = await sql<{ id: number; limit_value: string | number | null }>`
      select id, limit_value from chemistry where chemical = ${s.chemical} and not deleted order by id limit 1`.execute(trx);
    if (rows[0]) {
      substance.set(s.chemical, { id: Number(rows[0].id), limit: rows[0].limit_value == null ? s.limit : Number(rows[0].limit_value) });
      continue;
    }
    const value = names.get(s.chemical);
    const created = await create('chemistry', {
      name: value?.it ?? s.chemical,
      chemical: s.chemical,
      ...(value?.alpha1 ? { casNumber: value.alpha1 } : {}),
      limitValue: s.limit,
      limitUnit: LEACHING_UNIT,
      method: s.method,
      ...(s.limit !== null ? { notes: 'Limite di eluizione della Decisione 2003/33/CE, allegato, punto 2.2.2 (L/S = 10 l/kg).' } : {}),
    });
    substance.set(s.chemical, { id: created.id as number, limit: s.limit });
  }
  if (laboratory === null) return;

  const steps: Record<SamplingSeed['status'], string[]> = { PLANNED: [], TAKEN: ['TAKEN'], SENT: ['TAKEN', 'SENT'], ANALYSED: ['TAKEN', 'SENT', 'ANALYSED'], CANCELLED: ['CANCELLED'] };
  for (const [i, s] of SAMPLINGS.entries()) {
    const producer = customerId.get(s.producer);
    if (producer === undefined) continue;
    const sampledOn = dayBefore(today, s.daysAgo);
    const sent = s.status === 'SENT' || s.status === 'ANALYSED';
    const analysed = s.status === 'ANALYSED';
    const results = Object.entries(s.factors ?? {}).map(([chemical, factor]) => {
      const sub = substance.get(chemical)!;
      // a factor is a multiple of the limit; for a parameter without limit, the value itself
      const concentration = sub.limit === null ? factor : Math.round(factor * sub.limit * 1000) / 1000;
      return { substance: sub.id, concentration, unit: LEACHING_UNIT, limitValue: sub.limit };
    });
    const created = await create('sampling', {
      producer,
      site: siteOf.get(producer) ?? null,
      waste: eer(s.code),
      sampledOn,
      sampleCode: `C-${sampledOn.slice(0, 4)}-${String(101 + i * 7).padStart(4, '0')}`,
      ...(sent ? { laboratory, sentOn: dayBefore(sampledOn, -1) } : {}),
      ...(analysed
        ? {
            reportNumber: `RdP ${sampledOn.slice(2, 4)}/${String(1200 + i * 37)}`,
            reportDate: dayBefore(sampledOn, -12),
            classification: s.classification ?? null,
            hpProperties: s.hp ?? [],
            results,
          }
        : {}),
      notes: s.notes ?? null,
    });
    move('sampling', created, ...steps[s.status]);
  }
}
