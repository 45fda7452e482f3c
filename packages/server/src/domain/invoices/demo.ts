import { addDays, calendarMonth, CATALOGUE, dec, generator, type invoice, type RecordOf, SIGNED_CONTRACT_TYPE, type Target, toCents, todayInItaly } from '@circula/model';
import { sql } from 'kysely';
import type { RecordData } from '../../records/hooks.js';
import type { SeedContext } from '../module.js';
import { systemPrincipal } from '../module.js';
import { insertDemoPdf, storeDemoPdf } from '../../seed/demo-document.js';
import { textPdf } from '../privacy/seed.js';
import { createCreditNote } from './credit.js';
import { issueDrafts } from './issue.js';
import { invoiceRun } from './run.js';

const SYSTEM = systemPrincipal('demo-invoicing');

function targetOf(route: string): Target {
  const target = CATALOGUE.target(route);
  if (!target) throw new Error(`demo invoicing: no target ${route}`);
  return target;
}

const price = (value: number) => Math.round(value * 10_000) / 10_000;

/** A customer's signed service contract (a document of the subject), from `from`: its id. */
async function signedContract(db: SeedContext['db'], records: SeedContext['records'], documentsDir: string, customer: number, from: string): Promise<number> {
  const stored = await storeDemoPdf(documentsDir, textPdf([
    'Contratto di servizio per la raccolta, il trasporto e il recupero di rifiuti speciali',
    '',
    `Decorrenza: ${from.split('-').reverse().join('/')} - durata 24 mesi, rinnovo tacito`,
    'Prezzi: listino riservato allegato, al kg di peso accettato a destino, IVA esclusa',
    'Pagamento: secondo le condizioni in anagrafica',
  ]));
  return db.transaction().execute(async (trx) => {
    const document = await insertDemoPdf(trx, SYSTEM, stored, 'Contratto-di-servizio.pdf', null);
    const created = await records.create(SYSTEM, targetOf('signed-contracts'), {
      ownerEntity: 'subject',
      ownerId: customer,
      documentType: SIGNED_CONTRACT_TYPE,
      title: 'Contratto di servizio rifiuti speciali',
      documentDate: from,
      document,
    }, trx);
    return Number(created.id);
  });
}

/**
 * Demo invoicing: a default sale list pricing every EER code the demo work carried (hazardous
 * codes dearer, a minimum charge per load) and the trip; the biggest customers' own lists from six
 * months ago (cheaper: the newer list wins from then on; the first agreed in a signed contract, its
 * work invoiced apart; both buy scrap back at a premium); a customer under a declaration of intent
 * (N3.5, stamp duty) and a public body under split payment; purchase lists for the third-party
 * plants. Then a year of invoicing: each month's run (but the last, left to the user), its drafts issued at month end, most
 * collected at their due date, some in part, some not (overdue); one credit note cancelling an
 * invoice; three months of supplier invoices, the last with a price that differs from the list.
 */
export async function seedDemoInvoicing({ db, records, log, config }: SeedContext): Promise<unknown> {
  const { rows: existing } = await sql<{ id: number }>`select id from pricelist limit 1`.execute(db);
  if (existing.length) return null;
  const today = todayInItaly();
  const random = generator(20_261_119);
  const yearAgo = calendarMonth(today, 12).from;
  const { rows: wastes } = await sql<{ waste: string; hazardous: boolean | null }>`
    select distinct x.waste, w.hazardous from (
      select waste from fir where status in ('ACCEPTED', 'PARTIALLY_ACCEPTED') and not deleted
      union select waste from conferral_line where not deleted) x join waste w on w.id = x.waste order by x.waste`.execute(db);
  if (wastes.length === 0) return null;
  const { rows: services } = await sql<{ id: string }>`select id from biz_service where service_kind = 'COLLECTION_TRANSPORT' and not deleted order by id limit 1`.execute(db);
  const base = new Map(wastes.map((w) => [Number(w.waste), w.hazardous ? 0.45 + random() * 0.75 : 0.06 + random() * 0.22]));

  const { rows: scrap } = await sql<{ id: string }>`select id from material where product_kind = 'METAL_SCRAP' and not deleted order by id limit 1`.execute(db);
  const lists = targetOf('pricelists');
  const purchase = targetOf('pricelists-purchase');
  await records.create(SYSTEM, lists, {
    name: 'Listino di vendita base',
    direction: 'ACTIVE',
    validFrom: yearAgo,
    currency: 'EUR',
    rows: [
      ...wastes.map((w) => ({ waste: Number(w.waste), unit: 'KG', price: price(base.get(Number(w.waste))!), minimumCharge: w.hazardous ? 90 : 45, vatCode: 'IVA22' })),
      ...services.map((s) => ({ service: Number(s.id), unit: 'TRIP', price: 85, vatCode: 'IVA22' })),
    ],
  });

  // the customers with the most work get their own, cheaper list from six months ago
  const { rows: top } = await sql<{ customer: string; wastes: string[] }>`
    select coalesce(tx.requester, f.producer) as customer, array_agg(distinct f.waste::text) as wastes, count(*) as n
    from fir f left join transaction tx on tx.id = f.request
    where f.status in ('ACCEPTED', 'PARTIALLY_ACCEPTED') and not f.deleted
    group by 1 order by n desc, 1 limit 4`.execute(db);
  const sixMonths = calendarMonth(today, 6).from;
  // the first one agreed its prices in a signed contract: its work is invoiced apart, naming it
  const contract = top[0] ? await signedContract(db, records, config.documentsDir, Number(top[0].customer), sixMonths) : null;
  for (const [i, t] of top.slice(0, 2).entries()) {
    await records.create(SYSTEM, lists, {
      name: `Listino riservato ${i + 1}`,
      direction: 'ACTIVE',
      counterpart: Number(t.customer),
      ...(i === 0 && contract ? { contract } : {}),
      validFrom: sixMonths,
      currency: 'EUR',
      rows: [
        ...t.wastes.slice(0, 6).map((w) => ({ waste: Number(w), unit: 'KG', price: price(base.get(Number(w))! * 0.88), minimumCharge: 40, vatCode: 'IVA22' })),
        // the company buys its scrap back: a premium (a negative price), reverse charge (DPR 633/1972 art. 74 c. 7)
        ...(scrap[0] ? [{ material: Number(scrap[0].id), unit: 'T', price: -120, vatCode: 'N6.1' }] : []),
      ],
    });
  }
  // a customer exporting regularly buys without VAT under a declaration of intent; a public body pays under split payment
  if (top[2]) await sql`update subject set vat_exemption = 'ART8_C1_C', payment_terms_days = 60 where id = ${Number(top[2].customer)}`.execute(db);
  if (top[3]) await sql`update subject set split_payment = true, payment_terms_days = 30 where id = ${Number(top[3].customer)}`.execute(db);

  // purchase lists: what the third-party plants charge for what they receive
  const { rows: plants } = await sql<{ owner: string; wastes: string[] }>`
    select w.owner, array_agg(distinct f.waste::text) as wastes from fir f join warehouse w on w.id = f.destination
    join subject s on s.id = w.owner
    where f.status in ('ACCEPTED', 'PARTIALLY_ACCEPTED') and not f.deleted and not ('COMPANY' = any(coalesce(s.roles, '{}'::text[])))
    group by w.owner order by count(*) desc limit 3`.execute(db);
  for (const [i, p] of plants.entries()) {
    await records.create(SYSTEM, purchase, {
      name: `Listino di acquisto impianto ${i + 1}`,
      direction: 'PASSIVE',
      counterpart: Number(p.owner),
      validFrom: yearAgo,
      currency: 'EUR',
      rows: p.wastes.map((w) => ({ waste: Number(w), unit: 'KG', price: price(base.get(Number(w))! * 0.6), vatCode: 'IVA22' })),
    });
  }

  // a year of invoicing, month by month: the run, then the drafts issued at the month's end; the
  // month just closed waits for its run (the user's to do)
  const invoices = targetOf('invoices');
  let issued = 0;
  const skippedReasons = new Map<string, number>();
  for (let back = 12; back >= 2; back--) {
    const period = calendarMonth(today, back);
    const result = await invoiceRun(db, records, SYSTEM, { ...period, dryRun: false });
    for (const s of result.skipped) skippedReasons.set(s.reason, (skippedReasons.get(s.reason) ?? 0) + 1);
    const issueDate = period.to < today ? period.to : today;
    issued += (await issueDrafts(db, SYSTEM, result.invoices.map((inv) => inv.invoiceId!), issueDate)).length;
  }

  // collections: most at the due date, some in part, the rest still open (overdue once due)
  const movements = targetOf('account-movements');
  const { rows: open } = await sql<{ id: string; payable: string; due: string }>`
    select id, payable::text as payable, to_char(due_date, 'YYYY-MM-DD') as due from invoice
    where status = 'ISSUED' and document_type = 'TD01' and not deleted order by issue_date, id`.execute(db);
  let paid = 0;
  let partial = 0;
  const collections: RecordData[] = [];
  for (const inv of open) {
    if (inv.due >= today) continue;
    const roll = random();
    if (roll < 0.78) {
      const day = addDays(inv.due, Math.floor(random() * 12));
      collections.push({ invoice: Number(inv.id), movementDate: day < today ? day : today, amount: Number(inv.payable), paymentType: 'BONIFICO', account: random() < 0.7 ? 'BANK_MAIN' : 'BANK_SECOND', bankReference: `TRN${String(inv.id).padStart(10, '0')}` });
      paid++;
    } else if (roll < 0.88) {
      const half = Number(toCents(dec(inv.payable).div(2)));
      if (half > 0) {
        collections.push({ invoice: Number(inv.id), movementDate: inv.due, amount: half, paymentType: 'BONIFICO', account: 'BANK_MAIN', notes: 'Acconto' });
        partial++;
      }
    }
  }
  // one batch: the same rules (each collection settles its invoice) with the queries shared
  await db.transaction().execute(async (trx) => {
    const outcomes = await records.createMany(SYSTEM, movements, collections.map((body) => ({ body })), trx);
    const refused = outcomes.find((o) => 'errors' in o);
    if (refused) throw new Error(`demo collections refused: ${JSON.stringify(refused)}`);
  });

  // one invoice of three months ago was wrong: credited in full (and so cancelled)
  const { rows: wrong } = await sql<{ id: string }>`
    select id from invoice where status = 'ISSUED' and document_type = 'TD01' and paid_amount = 0 and issue_date >= ${calendarMonth(today, 3).from}::date and not deleted
    order by issue_date, id limit 1`.execute(db);
  if (wrong[0]) {
    const original = await records.get(SYSTEM, invoices, Number(wrong[0].id));
    const noteId = await createCreditNote(db, records, SYSTEM, invoices, original as RecordOf<typeof invoice>);
    const note = await records.get(SYSTEM, invoices, noteId);
    const { rows: last } = await sql<{ d: string }>`select to_char(last_date, 'YYYY-MM-DD') as d from invoice_counter where section = 'A' order by year desc limit 1`.execute(db);
    await records.update(SYSTEM, invoices, noteId, { version: note.version, issueDate: last[0]?.d ?? today }, 'ISSUED');
  }

  // supplier invoices: the plants' last three months, at their list prices; the last one charges more on one line
  const supplierInvoices = targetOf('supplier-invoices');
  let received = 0;
  for (const [i, p] of plants.slice(0, 2).entries()) {
    for (let back = 3; back >= 1; back--) {
      const period = calendarMonth(today, back);
      const { rows: kg } = await sql<{ waste: string; eer: string; kg: string; price: string | null }>`
        select f.waste, coalesce(w.display_code, w.code) as eer, sum(f.accepted_kg)::text as kg,
          (select r.price::text from pricelist l join pricelist_row r on r.parent_id = l.id
            where l.direction = 'PASSIVE' and l.counterpart = ${Number(p.owner)} and r.waste = f.waste and not l.deleted and not r.deleted limit 1) as price
        from fir f join warehouse d on d.id = f.destination join waste w on w.id = f.waste
        where d.owner = ${Number(p.owner)} and f.status in ('ACCEPTED', 'PARTIALLY_ACCEPTED') and not f.deleted
          and (f.issued_at at time zone 'Europe/Rome')::date between ${period.from}::date and ${period.to}::date
        group by f.waste, eer order by f.waste`.execute(db);
      const lines: RecordData[] = kg.filter((k) => k.price !== null).map((k, j) => ({
        description: `Smaltimento/recupero rifiuto EER ${k.eer}`,
        waste: Number(k.waste),
        quantity: Number(k.kg),
        unit: 'KG',
        // the last month of the first plant: one line charged 10 % more than the agreed price
        unitPrice: i === 0 && back === 1 && j === 0 ? price(Number(k.price) * 1.1) : Number(k.price),
        vatCode: 'IVA22',
      }));
      if (lines.length === 0) continue;
      const issueDate = addDays(period.to, 3) < today ? addDays(period.to, 3) : today;
      await records.create(SYSTEM, supplierInvoices, {
        supplier: Number(p.owner),
        documentNumber: `${String(received + 101)}/${issueDate.slice(0, 4)}`,
        issueDate,
        receivedDate: issueDate,
        periodFrom: period.from,
        periodTo: period.to,
        paymentType: 'BONIFICO',
        dueDate: addDays(issueDate, 60),
        lines,
      });
      received++;
    }
  }

  const counts = { issued, paid, partial, received, skipped: Object.fromEntries(skippedReasons) };
  log.info(counts, 'demo invoicing seeded');
  return counts;
}
