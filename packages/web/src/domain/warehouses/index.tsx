import { DiffOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import type { RecordActionSlot, RecordSectionSlot, RecordSlotContext, RecordTabSlot, RouteSlots, WebDomainModule } from '../slots';
import { correctable, correctionPath } from './ledger-correction';
import { loadedAbilities } from './route-abilities';
import { LEDGER_ROUTE } from './warehouses-api';

// each part is a chunk of its own, fetched when its tab or section first shows
const RegisterTab = lazy(async () => ({ default: (await import('./RegisterTab')).RegisterTab }));
const StockTab = lazy(async () => ({ default: (await import('./StockTab')).StockTab }));
const CorrectionPrefill = lazy(async () => ({ default: (await import('./CorrectionPrefill')).CorrectionPrefill }));
const TreatmentBalanceSummary = lazy(async () => ({ default: (await import('./TreatmentBalanceSummary')).TreatmentBalanceSummary }));

/** The warehouse routes whose record page gets the register and the stock: the base route and its typed views. */
export const WAREHOUSE_ROUTES = ['warehouse', 'warehouses-cdr', 'warehouses-pdp', 'warehouses-service'] as const;

/** A saved warehouse, to a user who may read the ledger (the register and the stock are the ledger's). */
const ledgerVisible = ({ controller }: RecordSlotContext) => controller.current !== null && loadedAbilities(LEDGER_ROUTE).canRead;

const registerTab: RecordTabSlot = {
  key: 'register',
  label: { it: 'Registro di carico e scarico', en: 'Load/unload register' },
  visible: ledgerVisible,
  render: ({ controller }) => <RegisterTab warehouseId={controller.current!.id} />,
};

const stockTab: RecordTabSlot = {
  key: 'stock',
  label: { it: 'Giacenze', en: 'Stock' },
  visible: ledgerVisible,
  render: ({ controller }) => {
    const capacity = controller.current!.capacityTons;
    return <StockTab warehouseId={controller.current!.id} capacityTons={capacity == null ? null : Number(capacity)} />;
  },
};

/**
 * "Rettifica" on a ledger row's page: the create form of a new row that corrects it (the server
 * posts the reverse). Not on a row that is itself a correction, nor to a user who cannot create rows.
 */
const correctAction: RecordActionSlot = {
  key: 'ledger-correct',
  button: ({ controller }, t) => {
    const row = controller.current;
    if (!row || controller.formMode !== 'show' || !correctable(row) || !loadedAbilities(LEDGER_ROUTE).canCreate) return null;
    return { key: 'ledger-correct', label: t('WAREHOUSES.LEDGER.CORRECT'), icon: <DiffOutlined />, onClick: () => controller.navigate(correctionPath(row.id)), testId: 'ledger-correct' };
  },
};

/** On a new ledger row opened by "Rettifica": the corrected row's values, and what the server will post. */
const correctionSection: RecordSectionSlot = {
  key: 'ledger-correction',
  visible: ({ controller }) => controller.formMode === 'create',
  render: ({ controller }) => <CorrectionPrefill controller={controller} />,
};

/** A treatment's mass balance, as the user types its lines. */
const balanceSection: RecordSectionSlot = {
  key: 'treatment-balance',
  render: ({ controller }) => <TreatmentBalanceSummary controller={controller} />,
};

const warehouseSlots: RouteSlots = { tabs: [registerTab, stockTab] };

/**
 * Warehouses (issue 18): on every warehouse page the load/unload register of a year (filters,
 * totals, print and exports) and the stock with its storage limits; on a ledger row the
 * correction; on a treatment its mass balance.
 */
export const warehouses: WebDomainModule = {
  name: 'warehouses',
  routes: {
    ...Object.fromEntries(WAREHOUSE_ROUTES.map((route) => [route, warehouseSlots])),
    [LEDGER_ROUTE]: { recordActions: [correctAction], sections: [correctionSection] },
    'movement-treatments': { recordActions: [correctAction] },
    treatments: { sections: [balanceSection] },
  },
};
