import { createCatalogue } from '../define/catalogue.js';
import type { EntityDefinition, ViewDefinition } from '../define/entity.js';
import { entityConf } from './configuration/entity-conf.js';
import { icon } from './configuration/icon.js';
import { lookupTable, tableValue } from './configuration/lookup-table.js';
import { schedulerEntry } from './configuration/scheduler.js';
import { tag } from './configuration/tag.js';
import { privacyDefinition, serviceAgreement } from './configuration/privacy.js';
import { businessUnit, cmsResource, cmsStructure } from './configuration/business.js';
import { communication, emailTemplate } from './configuration/mail.js';
import { printTemplate } from './configuration/print.js';
import { alboAuthorisation } from './subjects/albo-authorisation.js';
import { subjectRelation } from './subjects/subject-relation.js';
import { SUBJECT_VIEWS, subject } from './subjects/subject.js';
import { vehicle } from './means/vehicle.js';
import { WAREHOUSE_VIEWS, warehouse } from './places/warehouse.js';
import { area } from './places/area.js';
import { bizService, chemistry, fraction, loadUnit, material } from './waste/objects.js';
import { waste } from './waste/waste.js';
import { ATTACHMENT_VIEWS, attachment, note } from './attachments/attachments.js';
import { TRANSACTION_VIEWS, transaction, transactionLine } from './requests/transaction.js';
import { conferral, conferralLine } from './requests/conferral.js';
import { msaActivity, sampling, samplingResult } from './activities/activities.js';
import { transport, transportStop } from './transports/transport.js';
import { FIR_VIEWS, fir } from './transports/fir.js';
import { LEDGER_VIEWS, warehouseMovement } from './warehouses/ledger.js';
import { treatment, treatmentInput, treatmentOutput } from './warehouses/treatment.js';
import { displacement, displacementLine } from './warehouses/displacement.js';
import { PRICELIST_VIEWS, pricelist, pricelistRow } from './invoicing/pricelist.js';
import { accountMovement, invoice, invoiceLine, supplierInvoice, supplierInvoiceLine } from './invoicing/invoice.js';
import { job } from './jobs/job.js';

export { TRANSACTION_STATUSES } from './requests/transaction.js';
export { TRANSPORT_STATUSES } from './transports/transport.js';
export { FIR_STATUSES } from './transports/fir.js';
export { TREATMENT_STATUSES } from './warehouses/treatment.js';
export { DISPLACEMENT_STATUSES } from './warehouses/displacement.js';
export { INVOICE_STATUSES, SUPPLIER_INVOICE_STATUSES } from './invoicing/invoice.js';
export { JOB_STATUSES } from './jobs/job.js';
export { PRINT_DOCUMENTS, PRINT_DOCUMENT_CODES, PRINT_HEADER_MAX_LINES, isPrintDocument, type PrintDocumentCode } from './configuration/print.js';

export { ATTACHMENT_OWNERS, SIGNED_CONTRACT_TYPE, attachmentOwner, type AttachmentOwnerKind } from './attachments/attachments.js';
export { AREA_SUBJECT_ASSIGNMENTS } from './places/area.js';
export { DEFAULT_BUSINESS_UNIT_ID, DEFAULT_BUSINESS_UNIT_TYPE } from './configuration/business.js';

/** The base entities, as objects: domain modules register their hooks by these, never by a name. */
export {
  alboAuthorisation, area, attachment, bizService, businessUnit, chemistry, cmsResource, cmsStructure, communication, emailTemplate, printTemplate, entityConf,
  fraction, icon, loadUnit, material, note, privacyDefinition, schedulerEntry, serviceAgreement, subject, subjectRelation, tableValue, tag,
  vehicle, warehouse, waste, transaction, transactionLine, conferral, conferralLine, msaActivity, sampling, samplingResult,
  transport, transportStop, fir, warehouseMovement, treatment, treatmentInput, treatmentOutput, displacement, displacementLine,
  pricelist, pricelistRow, invoice, invoiceLine, supplierInvoice, supplierInvoiceLine, accountMovement, job,
};
export { lookupTable as lookupTableEntity };

/** Every base entity of the application; each family adds its declarations here. */
export const ENTITIES: EntityDefinition[] = [lookupTable, tableValue, tag, schedulerEntry, icon, entityConf, subject, waste, loadUnit, material, bizService, vehicle, warehouse, area, alboAuthorisation, note, attachment, fraction, chemistry, subjectRelation, emailTemplate, printTemplate, communication, privacyDefinition, serviceAgreement, businessUnit, cmsStructure, cmsResource, transaction, conferral, msaActivity, sampling, transport, fir, warehouseMovement, treatment, displacement, pricelist, invoice, supplierInvoice, accountMovement, job];

/** The child entities whose records are lines of a header (LinesField): tables of their own, no endpoints. */
export const LINE_ENTITIES: EntityDefinition[] = [transactionLine, conferralLine, samplingResult, transportStop, treatmentInput, treatmentOutput, displacementLine, pricelistRow, invoiceLine, supplierInvoiceLine];

/** Every route view of a base entity. */
export const VIEWS: ViewDefinition[] = [...SUBJECT_VIEWS, ...WAREHOUSE_VIEWS, ...ATTACHMENT_VIEWS, ...TRANSACTION_VIEWS, ...FIR_VIEWS, ...LEDGER_VIEWS, ...PRICELIST_VIEWS];

export const CATALOGUE = createCatalogue(ENTITIES, VIEWS);
