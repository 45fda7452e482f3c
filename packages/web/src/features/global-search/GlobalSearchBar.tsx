import { ArrowDownOutlined, ArrowUpOutlined, DownOutlined, PlusOutlined, SearchOutlined, SettingOutlined, UndoOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Checkbox, Input, Typography } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../app/auth/useAuth';
import { useReadableRoutes } from '../../app/auth/useReadableRoutes';
import { notifySuccess } from '../../app/notifications';
import { AppIcon } from '../../app/shell/icons';
import { preferencesStore, useUserPreferences, type PreferencesStore } from './preferences';
import {
  configureTargets,
  dropdownMaxHeight,
  move,
  newRecordUrl,
  ORDER_PREFERENCE_KEY,
  readSearchPreference,
  SEARCH_INPUT_MAX_WIDTH,
  SEARCH_ITEM_HEIGHT,
  searchableTargets,
  searchUrl,
  toPreference,
  VISIBILITY_PREFERENCE_KEY,
  type ConfiguredTarget,
  type SearchTarget,
} from './search-model';
import './global-search.css';

type Mode = 'normal' | 'config';

function useViewportHeight(): number {
  const [height, setHeight] = useState(() => window.innerHeight);
  useEffect(() => {
    const onResize = () => setHeight(window.innerHeight);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return height;
}

/**
 * A scrolling list at most `maxHeight` tall; arrows above and below scroll it by one item when
 * it overflows (spec §9 "max 75% of available height with scroll arrows").
 */
function ScrollList({ maxHeight, children, testId, role }: { maxHeight: number; children: ReactNode; testId: string; role: string }) {
  const { t } = useTranslation();
  const list = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ up: false, down: false });

  const measure = useCallback(() => {
    const el = list.current;
    if (!el) return;
    const up = el.scrollTop > 0;
    const down = el.scrollTop + el.clientHeight < el.scrollHeight - 1;
    setEdges((edges) => (edges.up === up && edges.down === down ? edges : { up, down }));
  }, []);

  useLayoutEffect(measure, [measure, children, maxHeight]);

  const scroll = (delta: number) => {
    const el = list.current;
    if (!el) return;
    el.scrollTop += delta;
    measure();
  };

  const arrow = (direction: 'up' | 'down') => (
    <button
      type="button"
      className="global-search__arrow"
      data-testid={`global-search-scroll-${direction}`}
      aria-label={t(direction === 'up' ? 'GLOBAL_SEARCH.SCROLL_UP' : 'GLOBAL_SEARCH.SCROLL_DOWN')}
      tabIndex={-1}
      onClick={() => scroll(direction === 'up' ? -SEARCH_ITEM_HEIGHT : SEARCH_ITEM_HEIGHT)}
    >
      {direction === 'up' ? <UpOutlined /> : <DownOutlined />}
    </button>
  );

  return (
    <div className="global-search__scroller" style={{ maxHeight }}>
      {edges.up && arrow('up')}
      <div ref={list} className="global-search__list" role={role} data-testid={testId} onScroll={measure}>
        {children}
      </div>
      {edges.down && arrow('down')}
    </div>
  );
}

/** Arrow keys move the focus between the items of a menu. */
function moveFocus(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[data-menu-item]'));
  const at = items.indexOf(document.activeElement as HTMLElement);
  const next = items[event.key === 'ArrowDown' ? Math.min(items.length - 1, at + 1) : Math.max(0, at - 1)];
  if (next) {
    event.preventDefault();
    next.focus();
  }
}

export interface GlobalSearchBarProps {
  /** Where the preferences live; the app's store unless a test brings its own. */
  store?: PreferencesStore;
}

/**
 * The global search bar (spec §2 "Global search bar", §4, §6, §9): choose an entity, type a text,
 * Enter opens the entity's list filtered by it; undo, new record and a configuration mode that
 * orders, shows and hides the entities in the user's preferences.
 */
export function GlobalSearchBar({ store = preferencesStore }: GlobalSearchBarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const userId = user?.id ?? null;
  const { entities } = useReadableRoutes();
  const { values: preferences, ready } = useUserPreferences(userId, store);
  const viewportHeight = useViewportHeight();

  const configured = useMemo(
    () => configureTargets(searchableTargets(entities), readSearchPreference(preferences)),
    [entities, preferences],
  );
  const visible = useMemo(() => configured.filter((target) => target.visible), [configured]);

  const [chosen, setChosen] = useState<string | null>(null);
  const [previous, setPrevious] = useState<string[]>([]);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<Mode>('normal');
  const [draft, setDraft] = useState<ConfiguredTarget[]>([]);
  const [searching, setSearching] = useState(false);
  const [saving, setSaving] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const targetButton = useRef<HTMLButtonElement>(null);

  const current: SearchTarget | null = visible.find((target) => target.route === chosen) ?? visible[0] ?? null;
  const undoable = previous.filter((route) => route !== current?.route && visible.some((target) => target.route === route));

  // the user's first entity is the default; once set it stays the target when the order changes
  useEffect(() => {
    if (ready && current && chosen !== current.route && !visible.some((target) => target.route === chosen)) setChosen(current.route);
  }, [ready, current, chosen, visible]);

  const close = useCallback(() => {
    setOpen(false);
    setMode('normal');
  }, []);

  // a click outside closes the menu; the configuration stays open until undone or saved (spec §4)
  useEffect(() => {
    if (!open || mode === 'config') return;
    const onPointerDown = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open, mode]);

  // the open menu takes the focus on the current entity, so the arrow keys move from there
  useEffect(() => {
    if (!open || mode !== 'normal') return;
    root.current?.querySelector<HTMLElement>('[data-menu-item][aria-checked="true"]')?.focus();
  }, [open, mode]);

  const toggleMenu = () => {
    // opening the menu leaves the configuration mode, dropping its changes (spec §4)
    if (mode === 'config') {
      setMode('normal');
      setOpen(true);
    } else {
      setOpen(!open);
    }
  };

  const choose = (route: string) => {
    if (current && route !== current.route) {
      setPrevious((stack) => [...stack.filter((r) => r !== current.route), current.route]);
      setChosen(route);
    }
    setOpen(false);
    targetButton.current?.focus();
  };

  const undo = () => {
    if (mode === 'config') {
      close();
      return;
    }
    const back = undoable[undoable.length - 1];
    if (!back) return;
    setPrevious((stack) => stack.slice(0, stack.lastIndexOf(back)));
    setChosen(back);
  };

  const search = () => {
    if (!current || searching) return;
    setOpen(false);
    setSearching(true);
    // a data router resolves once the list is on screen (lazy page loaded): only then is the input back
    void Promise.resolve(navigate(searchUrl(current.route, text.trim()))).finally(() => setSearching(false));
  };

  const configure = () => {
    if (mode === 'config') {
      close();
      return;
    }
    setDraft(configured);
    setMode('config');
    setOpen(true);
  };

  const save = async () => {
    const preference = toPreference(draft);
    setSaving(true);
    try {
      await store.save(userId, { [ORDER_PREFERENCE_KEY]: preference.order, [VISIBILITY_PREFERENCE_KEY]: preference.visibility });
      notifySuccess(t('GLOBAL_SEARCH.SAVED'));
      close();
    } catch {
      // the http client has shown the error; the configuration stays open to try again
    } finally {
      setSaving(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      close();
      targetButton.current?.focus();
    }
  };

  if (configured.length === 0) return null;

  const maxHeight = dropdownMaxHeight(viewportHeight);
  const label = current?.label ?? t('GLOBAL_SEARCH.NO_TARGET');

  return (
    <div ref={root} className="global-search" data-testid="global-search" data-mode={mode} onKeyDown={onKeyDown}>
      <button
        ref={targetButton}
        type="button"
        className="global-search__target"
        data-testid="global-search-target"
        data-route={current?.route ?? ''}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={`${t('GLOBAL_SEARCH.TARGET')}: ${label}`}
        title={label}
        onClick={toggleMenu}
      >
        {current && <AppIcon name={current.icon} />}
        <span className="global-search__target-label">{label}</span>
        <DownOutlined className="global-search__caret" />
      </button>
      <Input
        data-testid="global-search-input"
        className="global-search__input"
        style={{ maxWidth: SEARCH_INPUT_MAX_WIDTH }}
        aria-label={t('GLOBAL_SEARCH.INPUT')}
        placeholder={current ? t('GLOBAL_SEARCH.PLACEHOLDER', { entity: current.label }) : t('GLOBAL_SEARCH.NO_TARGET')}
        value={text}
        disabled={searching}
        onChange={(event) => setText(event.target.value)}
        onPressEnter={search}
        allowClear
      />
      <Button
        data-testid="global-search-submit"
        type="primary"
        icon={<SearchOutlined />}
        aria-label={t('GLOBAL_SEARCH.SUBMIT')}
        title={t('GLOBAL_SEARCH.SUBMIT')}
        disabled={searching || !current}
        loading={searching}
        onClick={search}
      />
      <Button
        data-testid="global-search-undo"
        icon={<UndoOutlined />}
        aria-label={t(mode === 'config' ? 'GLOBAL_SEARCH.CANCEL_CONFIG' : 'GLOBAL_SEARCH.UNDO')}
        title={t(mode === 'config' ? 'GLOBAL_SEARCH.CANCEL_CONFIG' : 'GLOBAL_SEARCH.UNDO')}
        disabled={mode === 'normal' && undoable.length === 0}
        onClick={undo}
      />
      {current?.canCreate && (
        <Button
          data-testid="global-search-new"
          icon={<PlusOutlined />}
          aria-label={t('GLOBAL_SEARCH.NEW', { entity: current.label })}
          title={t('GLOBAL_SEARCH.NEW', { entity: current.label })}
          onClick={() => {
            setOpen(false);
            void navigate(newRecordUrl(current.route));
          }}
        />
      )}
      <Button
        data-testid="global-search-configure"
        icon={<SettingOutlined />}
        type={mode === 'config' ? 'primary' : 'default'}
        ghost={mode === 'config'}
        aria-pressed={mode === 'config'}
        aria-label={t('GLOBAL_SEARCH.CONFIGURE')}
        title={t('GLOBAL_SEARCH.CONFIGURE')}
        onClick={configure}
      />

      {open && mode === 'normal' && (
        <div className="global-search__panel" onKeyDown={moveFocus}>
          <ScrollList maxHeight={maxHeight} testId="global-search-menu" role="menu">
            {visible.map((target) => (
              <button
                key={target.route}
                type="button"
                role="menuitemradio"
                aria-checked={target.route === current?.route}
                data-menu-item
                data-testid={`global-search-option-${target.route}`}
                className={`global-search__item${target.route === current?.route ? ' global-search__item--active' : ''}`}
                style={{ height: SEARCH_ITEM_HEIGHT }}
                onClick={() => choose(target.route)}
              >
                <AppIcon name={target.icon} />
                <span className="global-search__item-label">{target.label}</span>
              </button>
            ))}
            {visible.length === 0 && (
              <Typography.Text type="secondary" className="global-search__empty">
                {t('GLOBAL_SEARCH.ALL_HIDDEN')}
              </Typography.Text>
            )}
          </ScrollList>
        </div>
      )}

      {open && mode === 'config' && (
        <div className="global-search__panel global-search__panel--config" data-testid="global-search-config">
          <div className="global-search__panel-title">{t('GLOBAL_SEARCH.CONFIG_TITLE')}</div>
          <ScrollList maxHeight={maxHeight - 2 * SEARCH_ITEM_HEIGHT - 8} testId="global-search-config-list" role="list">
            {draft.map((target, index) => (
              <div
                key={target.route}
                role="listitem"
                className="global-search__item global-search__item--config"
                data-testid={`global-search-config-${target.route}`}
                style={{ height: SEARCH_ITEM_HEIGHT }}
              >
                <Checkbox
                  data-testid={`global-search-visible-${target.route}`}
                  checked={target.visible}
                  aria-label={t('GLOBAL_SEARCH.SHOW', { entity: target.label })}
                  onChange={(event) =>
                    setDraft((items) => items.map((item) => (item.route === target.route ? { ...item, visible: event.target.checked } : item)))
                  }
                />
                <AppIcon name={target.icon} />
                <span className="global-search__item-label">{target.label}</span>
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowUpOutlined />}
                  data-testid={`global-search-up-${target.route}`}
                  aria-label={t('GLOBAL_SEARCH.MOVE_UP', { entity: target.label })}
                  title={t('GLOBAL_SEARCH.MOVE_UP', { entity: target.label })}
                  disabled={index === 0}
                  onClick={() => setDraft((items) => move(items, index, -1))}
                />
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowDownOutlined />}
                  data-testid={`global-search-down-${target.route}`}
                  aria-label={t('GLOBAL_SEARCH.MOVE_DOWN', { entity: target.label })}
                  title={t('GLOBAL_SEARCH.MOVE_DOWN', { entity: target.label })}
                  disabled={index === draft.length - 1}
                  onClick={() => setDraft((items) => move(items, index, 1))}
                />
              </div>
            ))}
          </ScrollList>
          <div className="global-search__panel-footer">
            <Button data-testid="global-search-cancel" onClick={close}>
              {t('GLOBAL_SEARCH.CANCEL')}
            </Button>
            <Button data-testid="global-search-save" type="primary" loading={saving} onClick={() => void save()}>
              {t('GLOBAL_SEARCH.SAVE')}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
