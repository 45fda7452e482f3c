import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import type { MapDialogProps } from './MapDialog';

// Leaflet, its clustering plugin and their CSS are a chunk of their own, fetched when a map first opens
const MapDialog = lazy(() => import('./MapDialog'));

export type { MapDialogProps, MapDialogResult, PointData } from './MapDialog';

/** The map dialog, loaded at its first opening (the sign-in page and the forms carry no Leaflet). */
export function LazyMapDialog(props: MapDialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={<Spin fullscreen />}>
      <MapDialog {...props} />
    </Suspense>
  );
}
