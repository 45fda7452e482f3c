import { seedDemoMasterData } from '../../seed/demo-master-data.js';
import type { DomainModule } from '../module.js';

/** The demo company's master data across subjects, places, means and waste (before the modules whose demo builds on it). */
export const masterDataModule: DomainModule = { name: 'master-data', demo: seedDemoMasterData };
