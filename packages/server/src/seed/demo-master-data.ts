import { CATALOGUE, generator, isItalianVatNumber, isValidIban, italianVatCheckDigit, type Target, todayInItaly } from '@circula/model';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { systemPrincipal, type SeedContext } from '../domain/module.js';
import type { RecordData } from '../records/hooks.js';

/**
 * Demo master data of a waste company near Milan (DEMO_DATA): the company itself, its customers
 * with their pickup points, transporters with their Albo enrolments (one expired, one about to
 * expire) and vehicles, the collection centres of four municipalities, two treatment plants, the
 * areas of work by province with their customers, transporters and warehouses, load units,
 * services and recovered materials.
 *
 * Everything goes through the record engine with a system principal, so validation, lookup and
 * reference checks, domain hooks, codes and history are those of a user's write. The data is
 * deterministic: tax numbers, IBANs and coordinates come from a fixed-seed generator and the
 * real check-digit algorithms, so every machine gets the same demo. Addresses, names, e-mail
 * addresses (reserved `.example` domain) and numbers are invented; towns, provinces, postcodes,
 * ISTAT codes and town coordinates are real.
 */

/** The writer of the demo records: created_by 'system', every permission, no user account (id 0). */
const SYSTEM = systemPrincipal('demo-master-data');

// ---------------------------------------------------------------------------------------------
// Deterministic numbers

const digits = (random: () => number, count: number) => Array.from({ length: count }, () => Math.floor(random() * 10)).join('');

/** Partita IVA: seven digits of the company number, the three of the provincial office, the check digit. */
export function vatNumberOf(companyNumber: string, office: string): string {
  const ten = `${companyNumber}${office}`;
  if (!/^\d{10}$/.test(ten)) throw new Error(`partita IVA needs ten digits, got ${ten}`);
  const vat = `${ten}${italianVatCheckDigit(ten)}`;
  if (!isItalianVatNumber(vat)) throw new Error(`computed an invalid partita IVA ${vat}`);
  return vat;
}

/** The remainder modulo 97 of a long number written in decimal digits. */
function mod97(numeric: string): number {
  let rest = 0;
  for (const c of numeric) rest = (rest * 10 + Number(c)) % 97;
  return rest;
}

/**
 * An Italian IBAN: CIN (the check letter of ABI + CAB + account, computed like a codice
 * fiscale's), then the ISO 13616 check digits (98 − mod 97 of the rearranged number).
 */
export function italianIbanOf(abi: string, cab: string, account: string): string {
  const bank = `${abi}${cab}${account}`;
  if (!/^\d{22}$/.test(bank)) throw new Error(`ABI + CAB + account must be 22 digits, got ${bank}`);
  const bban = `${cinOf(bank)}${bank}`;
  const numeric = `${bban}IT00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  const check = String(98 - mod97(numeric)).padStart(2, '0');
  const iban = `IT${check}${bban}`;
  if (!isValidIban(iban)) throw new Error(`computed an invalid IBAN ${iban}`);
  return iban;
}

/** Values of the digits in odd positions (1st, 3rd…), as in a codice fiscale's check letter. */
const CIN_ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21];
/** The CIN of an all-digit ABI + CAB + account: odd positions by CIN_ODD, even ones by value, modulo 26. */
function cinOf(bank: string): string {
  let sum = 0;
  for (let i = 0; i < bank.length; i++) sum += i % 2 === 0 ? CIN_ODD[Number(bank[i])]! : Number(bank[i]);
  return String.fromCharCode(65 + (sum % 26));
}

// ---------------------------------------------------------------------------------------------
// Places

export interface Town {
  name: string;
  province: string;
  /** ISTAT code of the municipality (address cityCode). */
  istat: string;
  zip: string[];
  lat: number;
  lng: number;
  /** Telephone area code. */
  phone: string;
}

const town = (name: string, province: string, istat: string, zip: string | string[], lat: number, lng: number, phone: string): Town => ({
  name,
  province,
  istat,
  zip: Array.isArray(zip) ? zip : [zip],
  lat,
  lng,
  phone,
});

/** Towns of the Milan area: province codes, ISTAT codes (ISTAT 2020), postcodes, centre coordinates. */
export const TOWNS = Object.fromEntries(
  [
    town('Milano', 'MI', '015146', ['20138', '20141', '20157', '20134', '20128', '20152'], 45.4642, 9.19, '02'),
    town('Monza', 'MB', '108033', '20900', 45.5845, 9.2744, '039'),
    town('Sesto San Giovanni', 'MI', '015209', '20099', 45.5333, 9.2333, '02'),
    town('Cinisello Balsamo', 'MI', '015077', '20092', 45.5581, 9.2147, '02'),
    town('Rho', 'MI', '015182', '20017', 45.5286, 9.0408, '02'),
    town('Legnano', 'MI', '015118', '20025', 45.5954, 8.9146, '0331'),
    town('Lodi', 'LO', '098031', '26900', 45.3142, 9.5033, '0371'),
    town('Pavia', 'PV', '018110', '27100', 45.1847, 9.1582, '0382'),
    town('Bergamo', 'BG', '016024', ['24126', '24125'], 45.6983, 9.6773, '035'),
    town('Como', 'CO', '013075', '22100', 45.8081, 9.0852, '031'),
    town('Varese', 'VA', '012133', '21100', 45.8206, 8.8251, '0332'),
    town('Lecco', 'LC', '097042', '23900', 45.8566, 9.3977, '0341'),
    town('Vimercate', 'MB', '108050', '20871', 45.6153, 9.3686, '039'),
    town('Segrate', 'MI', '015205', '20054', 45.4894, 9.2976, '02'),
    town('Saronno', 'VA', '012119', '21047', 45.6255, 9.037, '02'),
    town('Cologno Monzese', 'MI', '015081', '20093', 45.5286, 9.2779, '02'),
    town('Paderno Dugnano', 'MI', '015166', '20037', 45.5694, 9.1676, '02'),
    town('Busto Arsizio', 'VA', '012026', '21052', 45.612, 8.8518, '0331'),
    town('Gallarate', 'VA', '012070', '21013', 45.66, 8.7919, '0331'),
    town('Desio', 'MB', '108023', '20832', 45.6186, 9.2066, '0362'),
    town('Seregno', 'MB', '108039', '20831', 45.65, 9.2039, '0362'),
    town('Lissone', 'MB', '108028', '20851', 45.6136, 9.2433, '039'),
    town('Cernusco sul Naviglio', 'MI', '015070', '20063', 45.5252, 9.3325, '02'),
    town('San Donato Milanese', 'MI', '015192', '20097', 45.4105, 9.2684, '02'),
    town('Rozzano', 'MI', '015189', '20089', 45.3817, 9.1558, '02'),
    town('Abbiategrasso', 'MI', '015002', '20081', 45.3984, 8.918, '02'),
    town('Magenta', 'MI', '015130', '20013', 45.4644, 8.8846, '02'),
    town('Pioltello', 'MI', '015175', '20096', 45.499, 9.3267, '02'),
    town('Bollate', 'MI', '015027', '20021', 45.5458, 9.1168, '02'),
    town('Corsico', 'MI', '015093', '20094', 45.4331, 9.111, '02'),
    town('Brugherio', 'MB', '108012', '20861', 45.5511, 9.3008, '039'),
    town('Cantù', 'CO', '013041', '22063', 45.7386, 9.13, '031'),
    town('Treviglio', 'BG', '016219', '24047', 45.5211, 9.5928, '0363'),
    town('Melegnano', 'MI', '015140', '20077', 45.3586, 9.3239, '02'),
    town('Agrate Brianza', 'MB', '108001', '20864', 45.5766, 9.3517, '039'),
    town('Pero', 'MI', '015170', '20016', 45.5103, 9.0871, '02'),
    town('Arese', 'MI', '015009', '20044', 45.5531, 9.0772, '02'),
  ].map((t) => [t.name, t]),
) as Record<string, Town>;

function townOf(name: string): Town {
  const found = TOWNS[name];
  if (!found) throw new Error(`demo data: unknown town ${name}`);
  return found;
}

const OFFICE_STREETS: [string, string][] = [
  ['Via', 'Giuseppe Garibaldi'],
  ['Via', 'Roma'],
  ['Corso', 'Italia'],
  ['Via', 'Giuseppe Mazzini'],
  ['Viale', 'Lombardia'],
  ['Via', 'Camillo Benso di Cavour'],
  ['Via', 'Alessandro Manzoni'],
  ['Piazza', 'della Repubblica'],
  ['Via', 'Vittorio Emanuele II'],
  ['Via', 'XX Settembre'],
  ['Via', 'Giacomo Matteotti'],
];

const INDUSTRIAL_STREETS: [string, string][] = [
  ['Via', "dell'Industria"],
  ['Via', "dell'Artigianato"],
  ['Via', 'Enrico Fermi'],
  ['Via', 'Alessandro Volta'],
  ['Via', 'Guglielmo Marconi'],
  ['Via', 'Galileo Galilei'],
  ['Via', 'Primo Maggio'],
  ['Via', 'Antonio Meucci'],
  ['Via', 'del Lavoro'],
  ['Via', 'Alcide De Gasperi'],
  ['Via', 'Leonardo da Vinci'],
  ['Viale', 'delle Industrie'],
];

const coordinate = (value: number) => value.toFixed(6);

/** An address in a town; the position is moved from the centre by up to `spread` degrees. */
function addressIn(
  random: () => number,
  townName: string,
  street: [string, string],
  options: { spread: number; notes?: string; zip?: string },
): RecordData {
  const t = townOf(townName);
  const offset = () => (random() * 2 - 1) * options.spread;
  return {
    streetType: street[0],
    street: street[1],
    houseNumber: String(1 + Math.floor(random() * 120)),
    zip: options.zip ?? t.zip[Math.floor(random() * t.zip.length)]!,
    city: t.name,
    province: t.province,
    cityCode: t.istat,
    country: 'ITA',
    latitude: coordinate(t.lat + offset()),
    longitude: coordinate(t.lng + offset()),
    ...(options.notes ? { notes: options.notes } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Waste profiles: the EER codes each kind of business produces

const SECTOR_WASTE = {
  METAL: ['120101', '120102', '120103', '120109', '120301', '130205', '150101', '150103', '150110', '150202', '170405'],
  PLASTICS: ['070213', '120105', '150101', '150102', '150110', '130205'],
  BUILDING: ['170107', '170904', '170405', '170201', '170203', '170604', '170504', '170302', '170411'],
  FOOD: ['020304', '020601', '150101', '150102', '150106', '200125'],
  MEAT: ['020202', '150101', '150102', '150106'],
  DAIRY: ['020501', '150101', '150102', '150106'],
  PRINTING: ['080318', '080312', '080317', '150101', '150110', '150202', '030308'],
  WOOD: ['030105', '030104', '150103', '080111', '150110'],
  TEXTILE: ['040222', '040221', '040216', '150101', '150102'],
  AUTO: ['130205', '160103', '160107', '160601', '160117', '150202', '080111', '160120'],
  ELECTRONICS: ['160214', '160216', '160213', '170411', '150101', '150102'],
  LOGISTICS: ['150101', '150102', '150103', '150106', '160214'],
  CHEMICAL: ['160506', '160508', '070601', '070608', '150110', '150101'],
  HEALTHCARE: ['180103', '180104', '180106', '180110', '150101'],
  CATERING: ['200108', '200125', '150101', '150102', '150106'],
} as const;
type Sector = keyof typeof SECTOR_WASTE;

const CDR_WASTE = [
  '200101', '200102', '200110', '200121', '200123', '200125', '200126', '200133', '200134', '200135', '200136', '200138', '200139',
  '200140', '200201', '200301', '200307', '150101', '150102', '150103', '150104', '150107', '170107', '170904', '160103', '080318',
];
const COMPANY_PLANT_WASTE = [
  '150101', '150102', '150103', '150104', '150106', '150107', '170107', '170904', '170405', '170201', '170203', '120101', '120102',
  '120105', '070213', '030105', '200101', '200138', '200139', '200140', '191201', '191204', '191207',
];
const PARTNER_PLANT_WASTE = ['120109', '120301', '130205', '150110', '150202', '160506', '160601', '161001', '161002', '080312', '080317', '070601', '070608', '160107'];

// ---------------------------------------------------------------------------------------------
// Subjects

interface CustomerSeed {
  name: string;
  legalForm: string;
  town: string;
  sector: Sector;
  category: string;
}

const customer = (name: string, legalForm: string, townName: string, sector: Sector, category = 'COMPANY'): CustomerSeed => ({
  name,
  legalForm,
  town: townName,
  sector,
  category,
});

/** Fifty small and medium businesses of the Milan area (invented names). */
export const DEMO_CUSTOMERS: CustomerSeed[] = [
  customer('Carpenterie Metalliche Brambilla S.r.l.', 'SRL', 'Sesto San Giovanni', 'METAL'),
  customer('Officine Meccaniche Fumagalli S.p.A.', 'SPA', 'Monza', 'METAL'),
  customer('Torneria Colombo & Figli S.n.c.', 'SNC', 'Paderno Dugnano', 'METAL', 'CRAFT'),
  customer('Stampaggio Lamiere Ronchi S.r.l.', 'SRL', 'Cinisello Balsamo', 'METAL'),
  customer('Minuterie Metalliche Sala S.a.s.', 'SAS', 'Cantù', 'METAL', 'CRAFT'),
  customer('Fonderia Lariana S.r.l.', 'SRL', 'Lecco', 'METAL'),
  customer('Trafileria Bergamasca S.p.A.', 'SPA', 'Bergamo', 'METAL'),
  customer('Meccanica di Precisione Villa S.r.l.', 'SRL', 'Legnano', 'METAL'),
  customer('Zincatura Olonese S.r.l.', 'SRL', 'Busto Arsizio', 'METAL'),
  customer('Viteria Lecchese Mauri S.r.l.', 'SRL', 'Lecco', 'METAL'),
  customer('Plastotecnica Saronnese S.r.l.', 'SRL', 'Saronno', 'PLASTICS'),
  customer('Stampi e Plastiche Cattaneo S.r.l.', 'SRL', 'Varese', 'PLASTICS'),
  customer('Polimeri Gallaratesi S.p.A.', 'SPA', 'Gallarate', 'PLASTICS'),
  customer('Film Flessibili Rovelli S.r.l.', 'SRL', 'Rho', 'PLASTICS'),
  customer('Tecnopolimeri Desio S.r.l.', 'SRL', 'Desio', 'PLASTICS'),
  customer('Costruzioni Edili Meregalli S.p.A.', 'SPA', 'Milano', 'BUILDING', 'CONSTRUCTION'),
  customer('Impresa Edile Galli Angelo & C. S.n.c.', 'SNC', 'Vimercate', 'BUILDING', 'CONSTRUCTION'),
  customer('Ristrutturazioni Bassi S.r.l.', 'SRL', 'Segrate', 'BUILDING', 'CONSTRUCTION'),
  customer('Scavi e Demolizioni Riva S.r.l.', 'SRL', 'Pioltello', 'BUILDING', 'CONSTRUCTION'),
  customer('Costruzioni Generali Pavesi S.p.A.', 'SPA', 'Pavia', 'BUILDING', 'CONSTRUCTION'),
  customer('Edil Lodigiana S.r.l.', 'SRL', 'Lodi', 'BUILDING', 'CONSTRUCTION'),
  customer('Impianti Termoidraulici Radaelli S.r.l.', 'SRL', 'Seregno', 'BUILDING', 'CRAFT'),
  customer('Pavimentazioni Stradali Sormani S.r.l.', 'SRL', 'Abbiategrasso', 'BUILDING', 'CONSTRUCTION'),
  customer('Salumificio Arrigoni S.r.l.', 'SRL', 'Agrate Brianza', 'MEAT'),
  customer('Panificio Industriale Locatelli S.r.l.', 'SRL', 'Treviglio', 'FOOD'),
  customer('Caseificio Lodigiano Ferrari S.p.A.', 'SPA', 'Lodi', 'DAIRY'),
  customer('Pastificio Mapelli S.n.c.', 'SNC', 'Monza', 'FOOD', 'CRAFT'),
  customer('Dolciaria Ambrosiana S.r.l.', 'SRL', 'Milano', 'FOOD'),
  customer('Torrefazione Caffè Beretta S.r.l.', 'SRL', 'Cernusco sul Naviglio', 'FOOD'),
  customer('Ristorazione Collettiva Milanese S.r.l.', 'SRL', 'San Donato Milanese', 'CATERING'),
  customer('Arti Grafiche Colombo S.r.l.', 'SRL', 'Milano', 'PRINTING'),
  customer('Tipografia Moderna Cologno S.r.l.', 'SRL', 'Cologno Monzese', 'PRINTING', 'CRAFT'),
  customer('Cartotecnica Comense S.r.l.', 'SRL', 'Como', 'PRINTING'),
  customer('Stamperia Serica Comasca S.p.A.', 'SPA', 'Como', 'TEXTILE'),
  customer('Mobilificio Pozzi S.r.l.', 'SRL', 'Cantù', 'WOOD'),
  customer('Falegnameria Meroni S.n.c.', 'SNC', 'Lissone', 'WOOD', 'CRAFT'),
  customer('Imballaggi in Legno Corbetta S.r.l.', 'SRL', 'Magenta', 'WOOD'),
  customer('Tessitura Bustese S.p.A.', 'SPA', 'Busto Arsizio', 'TEXTILE'),
  customer('Maglificio Crespi S.r.l.', 'SRL', 'Gallarate', 'TEXTILE'),
  customer('Autofficina Bonfanti S.n.c.', 'SNC', 'Bollate', 'AUTO', 'CRAFT'),
  customer('Carrozzeria Pirovano S.r.l.', 'SRL', 'Brugherio', 'AUTO', 'CRAFT'),
  customer('Autoriparazioni Tagliabue S.a.s.', 'SAS', 'Corsico', 'AUTO', 'CRAFT'),
  customer('Elettronica Industriale Redaelli S.r.l.', 'SRL', 'Agrate Brianza', 'ELECTRONICS'),
  customer('Quadri Elettrici Spinelli S.r.l.', 'SRL', 'Arese', 'ELECTRONICS'),
  customer('Magazzini Generali Rhodensi S.r.l.', 'SRL', 'Pero', 'LOGISTICS'),
  customer('Distribuzione Alimentare Rozzanese S.p.A.', 'SPA', 'Rozzano', 'LOGISTICS'),
  customer('Ferramenta Casiraghi S.r.l.', 'SRL', 'Melegnano', 'LOGISTICS'),
  customer('Laboratorio Analisi Chimiche Novati S.r.l.', 'SRL', 'Milano', 'CHEMICAL'),
  customer('Cosmesi Vergani S.r.l.', 'SRL', 'Varese', 'CHEMICAL'),
  customer('Centro Medico Polispecialistico Sestese S.r.l.', 'SRL', 'Sesto San Giovanni', 'HEALTHCARE', 'HEALTHCARE'),
];

interface TransporterSeed {
  name: string;
  legalForm: string;
  town: string;
  albo: string;
  /** Albo authorisation expiry: one of them is past; null = EXPIRING_ALBO_DAYS after the seed (within the 60 warning days). */
  alboExpiry: string | null;
  /** Categories and classes of the enrolment: one Albo authorisation record per category. */
  category: string;
}

export const EXPIRED_ALBO_EXPIRY = '2025-06-30';
/** The enrolment that runs out soon: this many days after the day of the seed. */
export const EXPIRING_ALBO_DAYS = 40;

export const DEMO_TRANSPORTERS: TransporterSeed[] = [
  { name: 'Autotrasporti Pozzoli S.r.l.', legalForm: 'SRL', town: 'Monza', albo: 'MI/012345', alboExpiry: '2029-04-30', category: '4 classe D' },
  { name: 'Trasporti Colnaghi & Figli S.n.c.', legalForm: 'SNC', town: 'Cinisello Balsamo', albo: 'MI/018764', alboExpiry: '2028-11-15', category: '4 classe E' },
  { name: 'Ecotrasporti Lario S.r.l.', legalForm: 'SRL', town: 'Lecco', albo: 'MI/021930', alboExpiry: '2030-02-28', category: '4 classe C e 5 classe E' },
  { name: 'Orobica Servizi Ambientali S.r.l.', legalForm: 'SRL', town: 'Bergamo', albo: 'MI/009876', alboExpiry: '2029-09-30', category: '1 classe D e 4 classe D' },
  { name: 'Rigamonti Autospurghi S.r.l.', legalForm: 'SRL', town: 'Rho', albo: 'MI/027451', alboExpiry: '2028-07-31', category: '4 classe E e 5 classe F' },
  // authorisation about to expire: flagged in the lists, renewal to be filed
  { name: 'Trasporti Bassanini S.a.s.', legalForm: 'SAS', town: 'Lodi', albo: 'MI/015602', alboExpiry: null, category: '5 classe E' },
  { name: 'Ticino Logistica Ambientale S.r.l.', legalForm: 'SRL', town: 'Pavia', albo: 'MI/033318', alboExpiry: '2029-12-31', category: '4 classe D' },
  // authorisation expired: the demo's case of a transporter that must not be given loads
  { name: 'Autotrasporti Mariani Luigi S.n.c.', legalForm: 'SNC', town: 'Legnano', albo: 'MI/031877', alboExpiry: EXPIRED_ALBO_EXPIRY, category: '4 classe E' },
];

/** The categories and classes of an enrolment, e.g. '4 classe C e 5 classe E' → 4/C and 5/E. */
export function enrolmentsOf(category: string): { category: string; alboClass: string }[] {
  const found = [...category.matchAll(/(\d+) classe ([A-F])/g)].map((m) => ({ category: m[1]!, alboClass: m[2]! }));
  if (found.length === 0) throw new Error(`demo data: no Albo category in "${category}"`);
  return found;
}

/** The day `days` after `day` ('YYYY-MM-DD'; negative days go back). */
export function dayAfter(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Albo enrolments run five years. */
const ALBO_YEARS = 5;

/** The company's areas of work, by province: customers, transporters and warehouses there are assigned to them. */
export const DEMO_AREAS: { name: string; provinces: string[]; description: string }[] = [
  { name: 'Milano e hinterland', provinces: ['MI'], description: 'Milano città e i comuni della città metropolitana: giri quotidiani dei compattatori e dei cassoni.' },
  { name: 'Monza e Brianza', provinces: ['MB'], description: 'Distretti del mobile e della meccanica brianzoli: ritiri programmati due volte a settimana.' },
  { name: 'Lodigiano e Pavese', provinces: ['LO', 'PV'], description: 'Sud della Lombardia: conferimenti all’impianto chimico-fisico di Pavia e ai centri di raccolta del Lodigiano.' },
  { name: 'Bergamasca', provinces: ['BG'], description: 'Bergamo e la bassa bergamasca: trasporti affidati ai vettori di zona.' },
  { name: 'Laghi e Varesotto', provinces: ['CO', 'LC', 'VA'], description: 'Como, Lecco e Varese: rifiuti tessili, metalli e legno, trasporti su viaggi programmati.' },
];

export const COMPANY_NAME = 'Circula Ambiente S.r.l.';
export const COMPANY_ALBO = 'MI/004521';
/**
 * The company's own transport enrolments (its notes: categories 1, 4, 5 and 8 — 8, brokerage,
 * carries nothing and is not recorded here), in force until 2029-11-30: its vehicles run its trips.
 */
export const COMPANY_ENROLMENTS = [
  { category: '1', alboClass: 'C' },
  { category: '4', alboClass: 'C' },
  { category: '5', alboClass: 'D' },
] as const;
export const COMPANY_ALBO_EXPIRY = '2029-11-30';

/** Banks of the area by ABI code. */
const BANKS: [string, string][] = [
  ['03069', 'Intesa Sanpaolo S.p.A.'],
  ['02008', 'UniCredit S.p.A.'],
  ['05034', 'Banco BPM S.p.A.'],
  ['05387', 'BPER Banca S.p.A.'],
  ['05696', 'Banca Popolare di Sondrio S.p.A.'],
  ['08453', 'Banca di Credito Cooperativo di Milano'],
  ['06230', 'Crédit Agricole Italia S.p.A.'],
];

/** SDI recipient codes of common e-invoicing intermediaries. */
const SDI_CODES = ['M5UXCR1', 'KRRH6B9', 'SUBM70N', 'T04ZHR3', 'USAL8PV', 'W7YVJK9', 'J6URRTW', '5RUO82D'];

const LEGAL_SUFFIX = /\s+(S\.r\.l\.s?|S\.p\.A\.|S\.n\.c\.|S\.a\.s\.)$/;

/** A domain name from the company name, under the reserved `.example` top-level domain. */
function domainOf(name: string): string {
  const words = name
    .replace(LEGAL_SUFFIX, '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' ')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 2 && !['figli', 'c'].includes(w));
  return `${words.slice(0, 3).join('')}.example`;
}

// ---------------------------------------------------------------------------------------------
// Means

interface VehicleSeed {
  plate: string;
  vehicleType: string;
  make: string;
  model: string;
  registrationYear: number;
  capacityKg: number;
  capacityM3: number;
  tareKg: number;
  pollutionCategory: string;
  adrExpiry?: string;
  /** 'company', or the index of the transporter in DEMO_TRANSPORTERS. */
  owner: 'company' | number;
}

export const EXPIRED_ADR_EXPIRY = '2025-01-31';

export const DEMO_VEHICLES: VehicleSeed[] = [
  // the company's fleet
  { plate: 'FR418KD', vehicleType: 'SCARRABILE', make: 'Iveco', model: 'X-Way 450 6x2', registrationYear: 2018, capacityKg: 14500, capacityM3: 30, tareKg: 11500, pollutionCategory: 'EURO_6', owner: 'company' },
  { plate: 'FX207LM', vehicleType: 'SCARRABILE', make: 'Volvo', model: 'FM 460 6x2', registrationYear: 2019, capacityKg: 14000, capacityM3: 30, tareKg: 12000, pollutionCategory: 'EURO_6', owner: 'company' },
  { plate: 'GD532PN', vehicleType: 'SCARRABILE', make: 'Mercedes-Benz', model: 'Arocs 2643', registrationYear: 2021, capacityKg: 14000, capacityM3: 30, tareKg: 12000, pollutionCategory: 'EURO_6', owner: 'company' },
  { plate: 'GK815RS', vehicleType: 'SCARRABILE', make: 'Scania', model: 'R 450 6x2', registrationYear: 2022, capacityKg: 14200, capacityM3: 30, tareKg: 11800, pollutionCategory: 'EURO_6', owner: 'company' },
  { plate: 'FN376WA', vehicleType: 'COMPATTATORE', make: 'Mercedes-Benz', model: 'Econic 2630', registrationYear: 2018, capacityKg: 11000, capacityM3: 25, tareKg: 15000, pollutionCategory: 'EURO_6', owner: 'company' },
  { plate: 'GH904TB', vehicleType: 'COMPATTATORE', make: 'Renault Trucks', model: 'D Wide 26', registrationYear: 2022, capacityKg: 10500, capacityM3: 23, tareKg: 15500, pollutionCategory: 'EURO_6', owner: 'company' },
  { plate: 'FL660HC', vehicleType: 'MOTRICE', make: 'Iveco', model: 'Eurocargo 120E25', registrationYear: 2017, capacityKg: 5800, capacityM3: 22, tareKg: 6200, pollutionCategory: 'EURO_6', owner: 'company' },
  { plate: 'GE218DF', vehicleType: 'MOTRICE', make: 'DAF', model: 'CF 340 FAN', registrationYear: 2021, capacityKg: 12000, capacityM3: 40, tareKg: 12000, pollutionCategory: 'EURO_6', owner: 'company' },
  { plate: 'FW743EV', vehicleType: 'CISTERNA', make: 'MAN', model: 'TGS 26.400', registrationYear: 2019, capacityKg: 15000, capacityM3: 16, tareKg: 11000, pollutionCategory: 'EURO_6', adrExpiry: '2029-05-31', owner: 'company' },
  { plate: 'GM129KP', vehicleType: 'MULTIBENNA', make: 'Iveco', model: 'Eurocargo ML150E28', registrationYear: 2023, capacityKg: 7000, capacityM3: 10, tareKg: 8000, pollutionCategory: 'EURO_6', owner: 'company' },
  { plate: 'GA846XT', vehicleType: 'GRU', make: 'Mercedes-Benz', model: 'Actros 2545 con gru a polipo', registrationYear: 2020, capacityKg: 11000, capacityM3: 30, tareKg: 14000, pollutionCategory: 'EURO_6', owner: 'company' },
  { plate: 'GN573HR', vehicleType: 'FURGONE', make: 'Iveco', model: 'Daily 35C16', registrationYear: 2023, capacityKg: 1200, capacityM3: 12, tareKg: 2300, pollutionCategory: 'EURO_6', adrExpiry: '2028-10-31', owner: 'company' },
  // one vehicle of each transporter
  { plate: 'GF361LW', vehicleType: 'BILICO', make: 'DAF', model: 'XF 480 FT', registrationYear: 2021, capacityKg: 30000, capacityM3: 36, tareKg: 14000, pollutionCategory: 'EURO_6', owner: 0 },
  { plate: 'FT592MC', vehicleType: 'AUTOARTICOLATO', make: 'Scania', model: 'R 500 con semirimorchio walking floor', registrationYear: 2019, capacityKg: 28000, capacityM3: 90, tareKg: 16000, pollutionCategory: 'EURO_6', owner: 1 },
  { plate: 'GC708SK', vehicleType: 'SCARRABILE', make: 'Volvo', model: 'FH 500 6x2', registrationYear: 2020, capacityKg: 14500, capacityM3: 30, tareKg: 11500, pollutionCategory: 'EURO_6', owner: 2 },
  { plate: 'FZ455NB', vehicleType: 'AUTOTRENO', make: 'MAN', model: 'TGX 26.470 con rimorchio', registrationYear: 2019, capacityKg: 26000, capacityM3: 70, tareKg: 18000, pollutionCategory: 'EURO_6', owner: 3 },
  // the ADR certificate of this one has expired
  { plate: 'GL219PF', vehicleType: 'AUTOSPURGO', make: 'Iveco', model: 'X-Way 360 canal jet', registrationYear: 2023, capacityKg: 12000, capacityM3: 12, tareKg: 14000, pollutionCategory: 'EURO_6', adrExpiry: EXPIRED_ADR_EXPIRY, owner: 4 },
  { plate: 'FV834RD', vehicleType: 'CISTERNA', make: 'Mercedes-Benz', model: 'Actros 2545 cisterna inox', registrationYear: 2019, capacityKg: 16000, capacityM3: 18, tareKg: 10000, pollutionCategory: 'EURO_6', adrExpiry: '2028-03-31', owner: 5 },
  { plate: 'GH356DM', vehicleType: 'MOTRICE', make: 'Iveco', model: 'Eurocargo 160E28', registrationYear: 2022, capacityKg: 8500, capacityM3: 35, tareKg: 7500, pollutionCategory: 'EURO_6', owner: 6 },
  { plate: 'EZ612TS', vehicleType: 'SCARRABILE', make: 'Mercedes-Benz', model: 'Arocs 2542', registrationYear: 2015, capacityKg: 14000, capacityM3: 30, tareKg: 12000, pollutionCategory: 'EURO_6', owner: 7 },
];

export const DEMO_LOAD_UNITS: RecordData[] = [
  { name: 'Cassone scarrabile 20 m³', loadType: 'SKIP', capacityM3: 20, capacityKg: 12000, tareKg: 2300, notes: 'Cassone aperto per inerti, metalli e ingombranti.' },
  { name: 'Cassone scarrabile 30 m³', loadType: 'SKIP', capacityM3: 30, capacityKg: 15000, tareKg: 3000, notes: 'Cassone aperto per imballaggi, legno e plastica.' },
  { name: 'Cassone scarrabile a tenuta stagna 15 m³', loadType: 'SKIP', capacityM3: 15, capacityKg: 12000, tareKg: 2900, notes: 'Con guarnizioni e coperchio, per fanghi palabili e rifiuti con percolato.' },
  { name: 'Big bag 1 m³', loadType: 'BIG_BAG', capacityM3: 1, capacityKg: 1000, tareKg: 2.5 },
  { name: 'Cisternetta IBC 1000 l', loadType: 'DRUMS', capacityM3: 1, capacityKg: 1200, tareKg: 60, notes: 'Gabbia metallica con otre in HDPE, omologata UN 31HA1.' },
  { name: 'Fusto in acciaio 200 l', loadType: 'DRUMS', capacityM3: 0.2, capacityKg: 250, tareKg: 18, notes: 'A cielo aperto con coperchio e cerchio di chiusura, omologato UN 1A2.' },
  { name: 'Bancale EPAL 1200×800', loadType: 'PALLETS', capacityM3: 1.5, capacityKg: 1500, tareKg: 25 },
  { name: 'Contenitore carrellato 1100 l', loadType: 'BULK', capacityM3: 1.1, capacityKg: 440, tareKg: 55, notes: 'Quattro ruote, svuotamento con voltacassonetti (UNI EN 840).' },
];

export const DEMO_SERVICES: RecordData[] = [
  { name: 'Raccolta e trasporto rifiuti', serviceKind: 'COLLECTION_TRANSPORT', measureUnit: 'PZ', description: 'Ritiro presso il produttore e trasporto all’impianto di destinazione, a viaggio, con formulario.' },
  { name: 'Noleggio cassone scarrabile', serviceKind: 'CONTAINER_RENTAL', measureUnit: 'PZ', description: 'Canone giornaliero del cassone lasciato presso il cliente.' },
  { name: 'Posizionamento e sostituzione cassone', serviceKind: 'CONTAINER_HANDLING', measureUnit: 'PZ', description: 'Consegna, sostituzione pieno/vuoto o ritiro del cassone, a intervento.' },
  { name: 'Pesatura su pesa certificata', serviceKind: 'WEIGHING', measureUnit: 'PZ', description: 'Pesata con bindella presso la pesa a ponte dell’impianto.' },
  { name: 'Analisi di caratterizzazione del rifiuto', serviceKind: 'ANALYSIS', measureUnit: 'PZ', description: 'Campionamento e analisi di laboratorio per l’attribuzione del codice EER e delle caratteristiche di pericolo.' },
  { name: 'Consulenza e compilazione MUD', serviceKind: 'CONSULTING', measureUnit: 'PZ', description: 'Compilazione e invio della dichiarazione annuale MUD.' },
];

const DEMO_MATERIALS: (RecordData & { source: string[] })[] = [
  { name: 'Rottame ferroso EoW (Reg. UE 333/2011)', productKind: 'METAL_SCRAP', measureUnit: 'T', endOfWaste: true, source: ['170405', '120101', '120102', '191202', '160117', '150104'] },
  { name: 'Carta da macero EoW (UNI EN 643)', productKind: 'END_OF_WASTE', measureUnit: 'T', endOfWaste: true, source: ['150101', '200101', '191201'] },
  { name: 'Aggregato riciclato (DM 127/2024)', productKind: 'RECYCLED_AGGREGATE', measureUnit: 'T', endOfWaste: true, source: ['170107', '170904', '170101', '170102', '170302'] },
  { name: 'Ammendante compostato misto', productKind: 'COMPOST', measureUnit: 'T', endOfWaste: true, source: ['200108', '200201', '020304'] },
  { name: 'CSS-Combustibile (DM 22/2013)', productKind: 'SOLID_RECOVERED_FUEL', measureUnit: 'T', endOfWaste: true, source: ['191210', '191212'] },
];

/** Pickup points per customer: the first of every three customers has a second site. */
const sitesOf = (index: number) => (index % 3 === 0 ? 2 : 1);

const MUNICIPALITIES = [
  { town: 'Monza', street: ['Viale', 'delle Industrie'] as [string, string], capacity: 320 },
  { town: 'Sesto San Giovanni', street: ['Via', 'Luigi Manin'] as [string, string], capacity: 280 },
  { town: 'Rho', street: ['Via', 'Seveso'] as [string, string], capacity: 210 },
  { town: 'Lodi', street: ['Via', 'Ferrabini'] as [string, string], capacity: 180 },
];

/** What the seed creates, by kind: the test checks the database against these numbers. */
export const DEMO_MASTER_DATA_COUNTS = {
  subjects: 1 + DEMO_CUSTOMERS.length + DEMO_TRANSPORTERS.length + MUNICIPALITIES.length + 1,
  customers: DEMO_CUSTOMERS.length,
  transporters: DEMO_TRANSPORTERS.length,
  vehicles: DEMO_VEHICLES.length,
  companyVehicles: DEMO_VEHICLES.filter((v) => v.owner === 'company').length,
  pickupPoints: DEMO_CUSTOMERS.reduce((n, _c, i) => n + sitesOf(i), 0),
  collectionCentres: MUNICIPALITIES.length,
  plants: 2,
  loadUnits: DEMO_LOAD_UNITS.length,
  services: DEMO_SERVICES.length,
  materials: DEMO_MATERIALS.length,
  alboAuthorisations: DEMO_TRANSPORTERS.reduce((n, t) => n + enrolmentsOf(t.category).length, 0) + COMPANY_ENROLMENTS.length,
  areas: DEMO_AREAS.length,
} as const;

// ---------------------------------------------------------------------------------------------
// The seed

function targetOf(route: string): Target {
  const target = CATALOGUE.target(route);
  if (!target) throw new Error(`demo data: no target ${route}`);
  return target;
}

/**
 * Seeds the demo master data when DEMO_DATA is on and no subject exists yet (a database in use,
 * or one where the demo was already seeded, is left alone). Returns what it created, or null.
 */
export async function seedDemoMasterData({ db, config, log, records }: SeedContext): Promise<typeof DEMO_MASTER_DATA_COUNTS | null> {
  if (!config.demoData) return null;
  const { rows: existing } = await sql<{ id: number }>`select id from subject limit 1`.execute(db);
  if (existing.length > 0) return null;
  const started = Date.now();

  // one transaction for the whole demo: if any record fails, nothing is kept and the next start tries again
  await db.transaction().execute(async (trx) => {
    const create = async (route: string, body: RecordData): Promise<number> => (await records.create(SYSTEM, targetOf(route), body, trx)).id as number;
    await seedAll(trx, create, todayInItaly());
  });
  log.info(`Demo master data created in ${Date.now() - started} ms: ${JSON.stringify(DEMO_MASTER_DATA_COUNTS)}`);
  return DEMO_MASTER_DATA_COUNTS;
}

/** Creates every demo record, in an order where references exist before they are used. */
async function seedAll(trx: Transaction<Database>, create: (route: string, body: RecordData) => Promise<number>, today: string): Promise<void> {

  // EER entries by code (seeded from data/ewc-codes.json before)
  const wanted = [
    ...new Set([...Object.values(SECTOR_WASTE).flat(), ...CDR_WASTE, ...COMPANY_PLANT_WASTE, ...PARTNER_PLANT_WASTE, ...DEMO_MATERIALS.flatMap((m) => m.source)]),
  ];
  const { rows: wasteRows } = await sql<{ id: number; code: string; hazardous: boolean | null }>`
    select id, code, hazardous from waste where code = any(${wanted}::text[]) and not deleted`.execute(trx);
  const wasteId = new Map(wasteRows.map((r) => [r.code, Number(r.id)]));
  const hazardous = new Set(wasteRows.filter((r) => r.hazardous === true).map((r) => r.code));
  const eer = (codes: readonly string[]) =>
    codes.map((code) => {
      const id = wasteId.get(code);
      if (id === undefined) throw new Error(`demo data: EER code ${code} is not in the waste table`);
      return id;
    });

  const random = generator(20_260_101);
  let sdiIndex = 0;
  const vat = (townName: string) => vatNumberOf(String(200_000 + Math.floor(random() * 1_700_000)).padStart(7, '0'), townOf(townName).istat.slice(0, 3));
  const phone = (townName: string) => {
    const prefix = townOf(townName).phone;
    // subscriber numbers do not start with 0 or 1
    return `+39 ${prefix} ${2 + Math.floor(random() * 8)}${digits(random, 9 - prefix.length)}`;
  };
  const payment = (type: string) => {
    const [abi, bank] = BANKS[Math.floor(random() * BANKS.length)]!;
    return { currency: 'EUR', type, iban: italianIbanOf(abi, `0${digits(random, 4)}`, `${'0'.repeat(4)}${digits(random, 8)}`), bank };
  };
  const companyBody = (name: string, legalForm: string, townName: string, extra: RecordData): RecordData => {
    const number = vat(townName);
    const domain = domainOf(name);
    return {
      subjectType: 'COMPANY',
      name,
      legalForm,
      vatNumber: number,
      fiscalCode: number,
      sdiCode: SDI_CODES[sdiIndex++ % SDI_CODES.length],
      pec: `amministrazione@pec.${domain}`,
      contact: { email: `info@${domain}`, phone: phone(townName), website: `https://www.${domain}` },
      addresses: [addressIn(random, townName, OFFICE_STREETS[Math.floor(random() * OFFICE_STREETS.length)]!, { spread: 0.004, notes: 'Sede legale' })],
      administrativeStatus: 'ACTIVE',
      ...extra,
    };
  };

  // the company
  const companyAddress = { ...addressIn(random, 'Milano', ['Via', 'Raffaele Rubattino'], { spread: 0, zip: '20134', notes: 'Sede legale e operativa' }), houseNumber: '84', latitude: '45.479500', longitude: '9.246500' };
  const company = await create('subjects', {
    ...companyBody(COMPANY_NAME, 'SRL', 'Milano', {}),
    roles: ['OWNER', 'COMPANY'],
    pec: 'circulaambiente@pec.circula.example',
    contact: { email: 'info@circula.example', phone: '+39 02 2641 7700', website: 'https://www.circula.example' },
    addresses: [companyAddress],
    payment: payment('BONIFICO'),
    notes: `Iscrizione Albo Gestori Ambientali ${COMPANY_ALBO}, categorie 1, 4, 5 e 8, scadenza 2029-11-30.`,
  });

  // customers and their pickup points
  const ratings = ['A', 'B', 'A', 'C', 'B'];
  const customerIds: number[] = [];
  // where each assignable subject and warehouse is, for the areas
  const placed: { kind: 'customer' | 'transporter' | 'warehouse'; id: number; province: string }[] = [];
  for (const [i, c] of DEMO_CUSTOMERS.entries()) {
    const blocked = i === 46;
    const id = await create('customers', {
      ...companyBody(c.name, c.legalForm, c.town, {}),
      // the first two are the companies of the demo owner and customer users: they file requests (spec §2 requester)
      roles: i < 2 ? ['CUSTOMER', 'PRODUCER', 'REQUESTER'] : ['CUSTOMER', 'PRODUCER'],
      customerCategory: c.category,
      rating: blocked ? 'D' : ratings[i % ratings.length],
      administrativeStatus: blocked ? 'BLOCKED_UNPAID' : 'ACTIVE',
      payment: payment(i % 4 === 3 ? 'BONIFICO' : 'RIBA'),
      ...(blocked ? { notes: 'Tre RiBa insolute: nuovi ritiri sospesi fino al rientro dello scaduto.' } : {}),
    });
    customerIds.push(id);
    placed.push({ kind: 'customer', id, province: townOf(c.town).province });
    const short = c.name.replace(LEGAL_SUFFIX, '');
    for (let site = 0; site < sitesOf(i); site++) {
      const pdp = await create('warehouses-pdp', {
        name: site === 0 ? `${short} – Stabilimento di ${c.town}` : `${short} – Deposito di ${c.town}`,
        warehouseType: 'PDP',
        owner: id,
        address: addressIn(random, c.town, INDUSTRIAL_STREETS[(i + site * 5) % INDUSTRIAL_STREETS.length]!, { spread: 0.015, notes: 'Area di deposito temporaneo' }),
        authorisedWaste: eer(site === 0 ? SECTOR_WASTE[c.sector] : SECTOR_WASTE[c.sector].slice(0, 3)),
        capacityTons: 5 + (i % 6) * 5,
      });
      placed.push({ kind: 'warehouse', id: pdp, province: townOf(c.town).province });
    }
  }
  // the demo's external users belong to two customers: each sees its own company and pickup points only
  for (const [username, index] of [['owner', 0], ['customer', 1]] as const) {
    await trx.updateTable('users').set({ subject_id: customerIds[index]! }).where('username', '=', username).execute();
  }

  // transporters
  const transporterIds: number[] = [];
  // the EER codes of the demo an enrolment of category 1 (municipal), 4 (non-hazardous) or 5 (hazardous) covers
  const covered = (category: string) =>
    eer(wanted.filter((code) => (category === '1' ? code.startsWith('20') : category === '5' ? hazardous.has(code) : !hazardous.has(code))).sort());
  for (const t of DEMO_TRANSPORTERS) {
    const expired = t.alboExpiry === EXPIRED_ALBO_EXPIRY;
    const alboExpiry = t.alboExpiry ?? dayAfter(today, EXPIRING_ALBO_DAYS);
    const holder = await create('transporters', {
      ...companyBody(t.name, t.legalForm, t.town, {}),
      roles: ['TRANSPORTER'],
      customerCategory: 'WASTE_OPERATOR',
      rating: expired ? 'C' : 'B',
      administrativeStatus: expired ? 'DOCUMENT_CHECK' : 'ACTIVE',
      payment: payment('BONIFICO'),
      notes: expired
        ? `Iscrizione Albo Gestori Ambientali ${t.albo}, categoria ${t.category}: SCADUTA il ${t.alboExpiry}. Rinnovo in corso, non affidare trasporti.`
        : t.alboExpiry === null
          ? `Iscrizione Albo Gestori Ambientali ${t.albo}, categoria ${t.category}, in scadenza: sollecitare la domanda di rinnovo.`
          : `Iscrizione Albo Gestori Ambientali ${t.albo}, categoria ${t.category}, scadenza ${t.alboExpiry}.`,
    });
    transporterIds.push(holder);
    placed.push({ kind: 'transporter', id: holder, province: townOf(t.town).province });
    for (const enrolment of enrolmentsOf(t.category)) {
      await create('albo-authorisations', {
        holder,
        number: t.albo,
        ...enrolment,
        validFrom: dayAfter(alboExpiry, -(365 * ALBO_YEARS + 1)),
        expiry: alboExpiry,
        wasteCodes: covered(enrolment.category),
        ...(expired ? { notes: 'Scaduta: rinnovo presentato, in attesa del provvedimento della Sezione regionale.' } : {}),
      });
    }
  }

  // the company transports with its own vehicles under its own enrolment
  for (const enrolment of COMPANY_ENROLMENTS) {
    await create('albo-authorisations', {
      holder: company,
      number: COMPANY_ALBO,
      ...enrolment,
      validFrom: dayAfter(COMPANY_ALBO_EXPIRY, -(365 * ALBO_YEARS + 1)),
      expiry: COMPANY_ALBO_EXPIRY,
      wasteCodes: covered(enrolment.category),
    });
  }

  // vehicles
  for (const v of DEMO_VEHICLES) {
    const { owner, adrExpiry, ...fields } = v;
    await create('vehicles', {
      ...fields,
      plateCountry: 'ITA',
      adr: adrExpiry !== undefined,
      ...(adrExpiry ? { adrExpiry } : {}),
      owner: owner === 'company' ? company : transporterIds[owner],
      alboNumber: owner === 'company' ? COMPANY_ALBO : DEMO_TRANSPORTERS[owner]!.albo,
      ...(adrExpiry === EXPIRED_ADR_EXPIRY ? { notes: `Certificato ADR scaduto il ${adrExpiry}: il veicolo non può trasportare merci pericolose.` } : {}),
    });
  }

  // municipalities and their collection centres
  for (const [i, m] of MUNICIPALITIES.entries()) {
    const name = `Comune di ${m.town}`;
    const domain = `comune-${domainOf(m.town).replace('.example', '')}.example`;
    const id = await create('subjects', {
      ...companyBody(name, 'ENTE_PUBBLICO', m.town, {}),
      roles: ['REGISTRY'],
      customerCategory: 'MUNICIPALITY',
      // public administrations receive invoices on a six-character office code
      sdiCode: `UF${['MZ', 'SS', 'RH', 'LD'][i]}${digits(random, 2)}`,
      pec: `protocollo@pec.${domain}`,
      contact: { email: `ambiente@${domain}`, phone: phone(m.town), website: `https://www.${domain}` },
      payment: { currency: 'EUR', type: 'PAGOPA' },
    });
    const cdr = await create('warehouses-cdr', {
      name: `Centro di raccolta di ${m.town}`,
      warehouseType: 'CDR',
      owner: id,
      address: addressIn(random, m.town, m.street, { spread: 0.012 }),
      authorisedWaste: eer(CDR_WASTE),
      capacityTons: m.capacity,
      authorisationNumber: `DM 8/4/2008 – Delib. G.C. ${40 + i * 37}/${2012 + i * 2}`,
      notes: 'Aperto ai cittadini residenti e alle utenze non domestiche convenzionate.',
    });
    placed.push({ kind: 'warehouse', id: cdr, province: townOf(m.town).province });
  }

  // treatment plants: the company's and a partner's
  const companyPlant = await create('warehouse', {
    name: 'Piattaforma di selezione e recupero Circula – Pioltello',
    warehouseType: 'PLANT',
    owner: company,
    address: addressIn(random, 'Pioltello', ['Via', "dell'Industria"], { spread: 0.01 }),
    authorisedWaste: eer(COMPANY_PLANT_WASTE),
    capacityTons: 2500,
    authorisationNumber: 'R.G. 4521/2019 – art. 208 D.Lgs. 152/2006',
    authorisationExpiry: '2029-06-30',
    notes: 'Operazioni R13, R12, R4, R5 e R3. Pesa a ponte certificata da 60 t.',
  });
  placed.push({ kind: 'warehouse', id: companyPlant, province: townOf('Pioltello').province });
  const partner = await create('subjects', {
    ...companyBody('Trattamenti Industriali Pavesi S.p.A.', 'SPA', 'Pavia', {}),
    roles: ['SUPPLIER', 'PLANT'],
    customerCategory: 'WASTE_OPERATOR',
    rating: 'A',
    payment: payment('BONIFICO'),
  });
  const partnerPlant = await create('warehouse', {
    name: 'Impianto chimico-fisico Trattamenti Industriali Pavesi – Pavia',
    warehouseType: 'PLANT',
    owner: partner,
    address: addressIn(random, 'Pavia', ['Via', 'Vigentina'], { spread: 0.01 }),
    authorisedWaste: eer(PARTNER_PLANT_WASTE),
    capacityTons: 1800,
    authorisationNumber: 'AIA Provincia di Pavia n. 37/2016',
    authorisationExpiry: '2032-03-31',
    notes: 'Trattamento chimico-fisico di rifiuti liquidi pericolosi e non (D9, D15, R13).',
  });
  placed.push({ kind: 'warehouse', id: partnerPlant, province: townOf('Pavia').province });

  // areas by province, with the customers, transporters and warehouses there
  for (const a of DEMO_AREAS) {
    const inArea = (kind: (typeof placed)[number]['kind']) => placed.filter((p) => p.kind === kind && a.provinces.includes(p.province)).map((p) => p.id);
    const towns = Object.values(TOWNS).filter((t) => a.provinces.includes(t.province)).map((t) => t.name);
    await create('area', {
      name: a.name,
      description: a.description,
      provinces: a.provinces,
      municipalities: towns.join(', '),
      customers: inArea('customer'),
      transporters: inArea('transporter'),
      warehouses: inArea('warehouse'),
    });
  }

  for (const unit of DEMO_LOAD_UNITS) await create('load-unit', unit);
  for (const item of DEMO_SERVICES) await create('biz-services', item);
  for (const { source, ...material } of DEMO_MATERIALS) await create('materials', { ...material, sourceWaste: eer(source) });
}
