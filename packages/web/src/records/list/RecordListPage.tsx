import { AreaPlaceholderPage } from '../AreaPlaceholderPage';

/** The generic list of a catalogue target (`/{route}`). */
export function RecordListPage({ route }: { route: string }) {
  return <AreaPlaceholderPage route={route} mode="list" />;
}
