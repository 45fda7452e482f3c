import type { Migration } from 'kysely';
import * as m0001 from './0001-foundation.js';
import * as m0002 from './0002-record-engine.js';
import * as m0003 from './0003-configuration.js';
import * as m0004 from './0004-documents.js';
import * as m0005 from './0005-lookup-indexes.js';
import * as m0006 from './0006-configuration-entities.js';
import * as m0007 from './0007-group-version.js';
import * as m0008 from './0008-search-vector.js';
import * as m0009 from './0009-subjects.js';
import * as m0010 from './0010-waste.js';
import * as m0011 from './0011-means-and-places.js';
import * as m0012 from './0012-attachments.js';
import * as m0013 from './0013-accounts.js';
import * as m0014 from './0014-albo-authorisations.js';
import * as m0015 from './0015-fractions-chemistry-relations.js';
import * as m0016 from './0016-areas-contracts.js';
import * as m0017 from './0017-privacy.js';
import * as m0018 from './0018-mail-templates.js';
import * as m0019 from './0019-business-units.js';
import * as m0020 from './0020-albo-status.js';
import * as m0021 from './0021-search-prefixes.js';
import * as m0022 from './0022-outbox-secrets.js';
import * as m0023 from './0023-private-notes-upload-quota.js';
import * as m0024 from './0024-record-jobs.js';
import * as m0025 from './0025-requests-activities.js';
import * as m0026 from './0026-notices.js';
import * as m0027 from './0027-transports.js';
import * as m0028 from './0028-firs.js';
import * as m0029 from './0029-warehouse-ledger.js';
import * as m0030 from './0030-list-indexes.js';
import * as m0031 from './0031-invoicing.js';
import * as m0032 from './0032-invoice-contracts-accounts.js';
import * as m0033 from './0033-scheduler-runs.js';
import * as m0034 from './0034-api-tokens.js';
import * as m0035 from './0035-monitor.js';
import * as m0036 from './0036-jobs.js';
import * as m0037 from './0037-print-templates.js';
import * as m0038 from './0038-request-list-indexes.js';
import * as m0039 from './0039-rate-limits.js';
import * as m0040 from './0040-communication-messages.js';
import * as m0041 from './0041-refuse-function.js';
import * as m0042 from './0042-login-attempts-pending.js';
import * as m0043 from './0043-transaction-party-statistics.js';

/**
 * Append-only: a migration, once released, is never edited; changes come as a new entry.
 * Names sort in execution order.
 */
export const migrations: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-record-engine': m0002,
  '0003-configuration': m0003,
  '0004-documents': m0004,
  '0005-lookup-indexes': m0005,
  '0006-configuration-entities': m0006,
  '0007-group-version': m0007,
  '0008-search-vector': m0008,
  '0009-subjects': m0009,
  '0010-waste': m0010,
  '0011-means-and-places': m0011,
  '0012-attachments': m0012,
  '0013-accounts': m0013,
  '0014-albo-authorisations': m0014,
  '0015-fractions-chemistry-relations': m0015,
  '0016-areas-contracts': m0016,
  '0017-privacy': m0017,
  '0018-mail-templates': m0018,
  '0019-business-units': m0019,
  '0020-albo-status': m0020,
  '0021-search-prefixes': m0021,
  '0022-outbox-secrets': m0022,
  '0023-private-notes-upload-quota': m0023,
  '0024-record-jobs': m0024,
  '0025-requests-activities': m0025,
  '0026-notices': m0026,
  '0027-transports': m0027,
  '0028-firs': m0028,
  '0029-warehouse-ledger': m0029,
  '0030-list-indexes': m0030,
  '0031-invoicing': m0031,
  '0032-invoice-contracts-accounts': m0032,
  '0033-scheduler-runs': m0033,
  '0034-api-tokens': m0034,
  '0035-monitor': m0035,
  '0036-jobs': m0036,
  '0037-print-templates': m0037,
  '0038-request-list-indexes': m0038,
  '0039-rate-limits': m0039,
  '0040-communication-messages': m0040,
  '0041-refuse-function': m0041,
  '0042-login-attempts-pending': m0042,
  '0043-transaction-party-statistics': m0043,
};
