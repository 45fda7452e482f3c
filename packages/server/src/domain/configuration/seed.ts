import { CATALOGUE, schedulerEntry, tableName } from '@circula/model';
import { sql } from 'kysely';
import { systemPrincipal, type SeedContext } from '../module.js';

const SYSTEM = systemPrincipal('seed-scheduler');

/**
 * The scheduler entries every database starts with, enabled, one per job: reminders and alerts
 * each morning (Europe/Rome), the mail retry every 15 minutes, retention at night. Seeded once per
 * job: a job that has an entry (even a deleted one — an administrator removed it) gets none again.
 */
export const DEFAULT_SCHEDULER_ENTRIES = [
  { job: 'DEADLINE_REMINDERS', name: 'Promemoria scadenze', cron: '0 0 6 * * ?', description: 'Iscrizioni Albo, certificati ADR e autorizzazioni in scadenza entro 30 giorni o scadute.' },
  { job: 'STORAGE_AGE_ALERTS', name: 'Giacenze oltre i limiti di stoccaggio', cron: '0 10 6 * * ?', description: 'Rifiuti in R13/D15 oltre i giorni ammessi.' },
  { job: 'OVERDUE_INVOICES', name: 'Fatture scadute', cron: '0 20 6 * * ?', description: 'Fatture emesse scadute e non incassate.' },
  { job: 'OUTBOX_RETRY', name: 'Invio mail in coda', cron: '0 0/15 * * * ?', description: 'Invia le mail delle notifiche rimaste in coda e riprova quelle non riuscite.' },
  { job: 'DATA_RETENTION', name: 'Pulizia dati scaduti', cron: '0 30 3 * * ?', description: 'Sessioni e link scaduti, esecuzioni e notifiche lette vecchie.' },
] as const;

export async function seedSchedulerEntries({ db, records }: SeedContext): Promise<number> {
  const { rows } = await sql<{ job: string }>`select distinct job from ${sql.table(tableName(schedulerEntry))}`.execute(db);
  const present = new Set(rows.map((r) => r.job));
  const target = CATALOGUE.target(schedulerEntry.route);
  if (!target) throw new Error('scheduler entries: the scheduler is not in the catalogue');
  let created = 0;
  for (const entry of DEFAULT_SCHEDULER_ENTRIES) {
    if (present.has(entry.job)) continue;
    await records.create(SYSTEM, target, { ...entry, enabled: true, timezone: 'Europe/Rome' });
    created += 1;
  }
  return created;
}
