import { createContext, useContext } from 'react';
import { attachments } from './attachments';
import { mail } from './mail';
import { security } from './security';
import { createSlotRegistry, type SlotRegistry, type WebDomainModule } from './slots';
import { subjects } from './subjects';
import { requests } from './requests';
import { activities } from './activities';
import { calendar } from './calendar';
import { notices } from './notices';
import { transports } from './transports';
import { firs } from './fir';
import { warehouses } from './warehouses';
import { invoices } from './invoices';
import { monitor } from './monitor';
import { jobs } from './jobs';
import { registry } from './registry';
import { scheduler } from './scheduler';
import { tokens } from './tokens';
import { printTemplates } from './print-templates';

/**
 * The web domain modules: what each domain area adds to the generic pages (tabs, sections,
 * toolbar actions) or replaces (a page of its own). A new area adds its folder and one line here.
 */
export const WEB_DOMAIN_MODULES: readonly WebDomainModule[] = [attachments, security, mail, subjects, requests, activities, calendar, notices, transports, firs, warehouses, invoices, scheduler, monitor, jobs, registry, tokens, printTemplates];

export const WEB_SLOTS: SlotRegistry = createSlotRegistry(WEB_DOMAIN_MODULES);

/** The registry the pages read; a test may provide its own modules. */
export const SlotRegistryContext = createContext<SlotRegistry>(WEB_SLOTS);

export const useRouteSlots = (route: string) => useContext(SlotRegistryContext).route(route);
