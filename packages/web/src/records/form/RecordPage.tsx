import type { AreaMode } from '../AreaPlaceholderPage';
import { AreaPlaceholderPage } from '../AreaPlaceholderPage';

/** The generic record page of a catalogue target: new, show, edit and virtual folder. */
export function RecordPage({ route, mode }: { route: string; mode: Exclude<AreaMode, 'list'> }) {
  return <AreaPlaceholderPage route={route} mode={mode} />;
}
