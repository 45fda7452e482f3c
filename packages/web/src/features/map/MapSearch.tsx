import { SearchOutlined } from '@ant-design/icons';
import type { Place } from '@circula/model';
import { PLACES_MIN_INPUT } from '@circula/model';
import { AutoComplete, Button, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchPlaces } from './maps-api';

const DEBOUNCE_MS = 300;

/**
 * The map's place search (API.md `GET /api/maps/places`): suggestions while typing, the search
 * button disabled while the text is too short (spec §5: disabled when the search form is invalid).
 * Errors are only logged (spec §8). Choosing a place hands it to the dialog.
 */
export function MapSearch({ disabled, onPlace }: { disabled: boolean; onPlace: (place: Place) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [places, setPlaces] = useState<Place[]>([]);
  const [searched, setSearched] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const valid = text.trim().length >= PLACES_MIN_INPUT;

  const search = (input: string) => {
    abort.current?.abort();
    if (input.trim().length < PLACES_MIN_INPUT) {
      setPlaces([]);
      setSearched(false);
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    fetchPlaces(input, controller.signal).then(
      (found) => {
        if (controller.signal.aborted) return;
        setPlaces(found);
        setSearched(true);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('map search failed', error);
        setPlaces([]);
        setSearched(true);
      },
    );
  };

  useEffect(
    () => () => {
      abort.current?.abort();
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const choose = (index: number) => {
    const place = places[index];
    if (!place) return;
    setText(place.label);
    onPlace(place);
  };

  return (
    <Space.Compact style={{ width: '100%' }} role="search" aria-label={t('MAP.SEARCH')}>
      <AutoComplete
        style={{ flex: 1 }}
        value={text}
        disabled={disabled}
        placeholder={t('MAP.SEARCH_PLACEHOLDER')}
        aria-label={t('MAP.SEARCH')}
        options={places.map((p, i) => ({ value: String(i), label: p.label }))}
        notFoundContent={searched ? t('MAP.SEARCH_EMPTY') : undefined}
        onSearch={(value) => {
          setText(value);
          if (timer.current) clearTimeout(timer.current);
          timer.current = setTimeout(() => search(value), DEBOUNCE_MS);
        }}
        onSelect={(value: string) => choose(Number(value))}
        data-testid="map-search"
      />
      <Button icon={<SearchOutlined />} disabled={disabled || !valid} onClick={() => search(text)} aria-label={t('MAP.SEARCH_BUTTON')} data-testid="map-search-button" />
    </Space.Compact>
  );
}
