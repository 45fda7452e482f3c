import { addDays, CATALOGUE, job, todayInItaly } from '@circula/model';
import { sql } from 'kysely';
import { systemPrincipal, type SeedContext } from '../module.js';

const SYSTEM = systemPrincipal('demo-jobs');

/** The demo jobs: whose, what, when (days from today), and whether the job is over. */
const JOBS = [
  { who: 'owner', name: 'Bonifica area ex magazzino', description: 'Sgombero e smaltimento dei rifiuti del magazzino dismesso.', from: -150, to: 30, budget: 48_000, close: false },
  { who: 'customer', name: 'Ristrutturazione sede', description: 'Rifiuti da demolizione e imballaggi del cantiere di ristrutturazione.', from: -240, to: -60, budget: 25_000, close: true },
  { who: 'top', name: 'Servizio raccolta annuale', description: 'Raccolta periodica dei rifiuti di produzione.', from: -330, to: null, budget: 120_000, close: false },
] as const;

/**
 * Demo business jobs (issue 20), after the demo requests, transports and invoices: one for the
 * demo owner's company, one (closed) for the demo customer's, one for the customer with the most
 * requests besides them. Each gathers every other request of its customer wished within its
 * dates, the transports that carried them and the customer's invoices issued in those dates.
 * Deterministic: the choice follows the demo records, ordered by id.
 */
export async function seedDemoJobs({ db, config, records, log }: SeedContext): Promise<{ jobs: number; requests: number; transports: number; invoices: number } | null> {
  if (!config.demoData) return null;
  const { rows: existing } = await sql<{ id: number }>`select id from job limit 1`.execute(db);
  if (existing.length) return null;
  const target = CATALOGUE.target(job.route)!;
  const { rows: users } = await sql<{ username: string; subject_id: number | null }>`
    select username, subject_id from users where username in ('owner', 'customer')`.execute(db);
  const subjectOf = new Map(users.filter((u) => u.subject_id !== null).map((u) => [u.username, Number(u.subject_id)]));
  const taken = [...subjectOf.values()];
  const { rows: top } = await sql<{ requester: number }>`
    select requester from transaction where not deleted ${taken.length ? sql`and requester <> all(${taken}::bigint[])` : sql``}
    group by requester order by count(*) desc, requester asc limit 1`.execute(db);
  if (top[0]) subjectOf.set('top', Number(top[0].requester));

  const today = todayInItaly();
  const linked = { jobs: 0, requests: 0, transports: 0, invoices: 0 };
  for (const spec of JOBS) {
    const customer = subjectOf.get(spec.who);
    if (customer === undefined) continue;
    const startDate = addDays(today, spec.from);
    const endDate = spec.to === null ? null : addDays(today, spec.to);
    const created = await records.create(SYSTEM, target, { name: spec.name, customer, description: spec.description, startDate, endDate, budget: spec.budget });
    const id = Number(created.id);
    const until = endDate ?? '9999-12-31';
    const requests = await sql`
      update transaction set job = ${id}
      where id in (
        select id from (select id, row_number() over (order by id) as n from transaction
          where requester = ${customer} and not deleted and job is null and wished_from between ${startDate}::date and ${until}::date) r
        where r.n % 2 = 1)`.execute(db);
    const transports = await sql`
      update transport set job = ${id}
      where job is null and not deleted and id in (select s.parent_id from transport_stop s join transaction t on t.id = s.request where t.job = ${id})`.execute(db);
    const invoices = await sql`
      update invoice set job = ${id}
      where customer = ${customer} and not deleted and job is null and issue_date between ${startDate}::date and ${until}::date`.execute(db);
    if (spec.close) await records.update(SYSTEM, target, id, { version: Number(created.version) }, 'CLOSED');
    linked.jobs += 1;
    linked.requests += Number(requests.numAffectedRows ?? 0);
    linked.transports += Number(transports.numAffectedRows ?? 0);
    linked.invoices += Number(invoices.numAffectedRows ?? 0);
  }
  log.info(linked, 'demo jobs');
  return linked;
}
