import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Input, Modal, Select, Space, Spin, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH } from '../../app/modal-sizes';
import { constraintErrors } from '../field-errors';
import { createTag, tagLabel, tagTreeKey, useTagTree, useTagTrees, type TagNode } from '../tags-api';

export interface TagHierarchyModalProps {
  open: boolean;
  /** The tree (root id or tree name); absent: the user picks one of the trees. */
  tree?: string | number;
  /** The tag ids chosen now (those of the shown tree start checked). */
  value: number[];
  /** "add" actions are offered (the user may create tags, spec §6). */
  canAdd: boolean;
  /** Confirm: the chosen nodes of the tree shown, and the ids of that tree (to replace them in the value). */
  onConfirm: (chosen: { id: number; label: string }[], treeIds: number[]) => void;
  onCancel: () => void;
}

function allNodes(node: TagNode): TagNode[] {
  return [node, ...node.children.flatMap(allNodes)];
}

/**
 * The tag hierarchy picker (spec §3/§4/§6): a modal tree from /api/conf/tag/hierarchy/{idOrTreeName};
 * nodes with `selectable: false` cannot be checked; Confirm sets the checked nodes. With `canAdd` each
 * node offers "add a child" (and, with no tree given, "new tree").
 */
export function TagHierarchyModal({ open, tree, value, canAdd, onConfirm, onCancel }: TagHierarchyModalProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const trees = useTagTrees(open && tree === undefined);
  const [chosenTree, setChosenTree] = useState<number | null>(null);
  const shown = tree ?? chosenTree ?? trees.data?.[0]?.id ?? null;
  const hierarchy = useTagTree(open ? shown : null);
  const [checked, setChecked] = useState<number[]>([]);
  const [adding, setAdding] = useState<{ parentId: number | null; parentLabel: string } | null>(null);
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);

  const root = hierarchy.data ?? null;
  const nodes = useMemo(() => (root ? allNodes(root) : []), [root]);
  const treeIds = useMemo(() => nodes.map((n) => n.id), [nodes]);

  // every opening (and every tree shown) starts from the current value, once its tree is loaded;
  // nodes added meanwhile do not reset what the user checked
  const startedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!open) {
      startedFor.current = null;
      return;
    }
    if (!root || startedFor.current === String(shown)) return;
    startedFor.current = String(shown);
    setChecked(value.filter((id) => treeIds.includes(id)));
    // the value is read when the picker opens, not while the user checks
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, root, shown]);

  useEffect(() => {
    if (!open) {
      setAdding(null);
      setName('');
      setAddError(null);
    }
  }, [open]);

  const treeData = useMemo(() => {
    const toData = (node: TagNode): DataNode => {
      const selectable = node.selectable !== false;
      return {
        key: node.id,
        checkable: selectable,
        disableCheckbox: !selectable,
        title: (
          <span data-testid={`tag-node-${node.id}`} data-selectable={selectable}>
            {node.label || node.name}
            {canAdd && (
              <Button
                type="text"
                size="small"
                icon={<PlusOutlined />}
                aria-label={t('WIDGETS.HIERARCHY.ADD_CHILD', { name: node.label || node.name })}
                onClick={(e) => {
                  e.stopPropagation();
                  setAdding({ parentId: node.id, parentLabel: node.label || node.name });
                  setAddError(null);
                }}
                data-testid={`tag-add-${node.id}`}
                style={{ marginInlineStart: 4 }}
              />
            )}
          </span>
        ),
        children: node.children.map(toData),
      };
    };
    // the root is the tree itself: its children are the tags
    return root ? root.children.map(toData) : [];
  }, [root, canAdd, t]);

  const add = async () => {
    if (!adding || !name.trim()) return;
    setSaving(true);
    setAddError(null);
    try {
      const created = await createTag(name.trim(), adding.parentId);
      if (adding.parentId === null) {
        await queryClient.invalidateQueries({ queryKey: ['tag-trees'] });
        setChosenTree(created.id);
      } else {
        await queryClient.invalidateQueries({ queryKey: tagTreeKey(shown ?? '') });
        setChecked((c) => [...c, created.id]);
      }
      void queryClient.invalidateQueries({ queryKey: ['tags-search'] });
      setAdding(null);
      setName('');
    } catch (error) {
      const messages = Object.values(constraintErrors(error)).flat();
      setAddError(messages.length ? messages.map((m) => t(`ERRORS.${m}`, { defaultValue: m })).join('\n') : t('WIDGETS.HIERARCHY.ADD_FAILED'));
    } finally {
      setSaving(false);
    }
  };

  const loading = (tree === undefined && trees.isPending) || (shown !== null && hierarchy.isPending);
  const failed = trees.isError || hierarchy.isError;

  return (
    <Modal
      open={open}
      width={MODAL_WIDTH.medium}
      title={t('WIDGETS.HIERARCHY.TITLE')}
      onCancel={onCancel}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onCancel} data-testid="hierarchy-cancel">
            {t('WIDGETS.CANCEL')}
          </Button>
          <Button type="primary" disabled={!root} onClick={() =>
              onConfirm(
                nodes.filter((n) => checked.includes(n.id) && n.selectable !== false).map((n) => ({ id: n.id, label: n.label || n.name })),
                treeIds,
              )
            } data-testid="hierarchy-confirm">
            {t('WIDGETS.CONFIRM')}
          </Button>
        </Space>
      }
    >
      <div data-testid="hierarchy-modal" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        {tree === undefined && (
          <Space wrap>
            <Select
              style={{ minWidth: 260 }}
              aria-label={t('WIDGETS.HIERARCHY.TREE')}
              placeholder={t('WIDGETS.HIERARCHY.TREE')}
              value={typeof shown === 'number' ? shown : undefined}
              loading={trees.isPending}
              options={(trees.data ?? []).map((r) => ({ value: r.id, label: tagLabel(r, i18n.language) }))}
              onChange={(id: number) => setChosenTree(id)}
              data-testid="hierarchy-tree-select"
            />
            {canAdd && (
              <Button icon={<PlusOutlined />} onClick={() => setAdding({ parentId: null, parentLabel: '' })} data-testid="hierarchy-new-tree">
                {t('WIDGETS.HIERARCHY.NEW_TREE')}
              </Button>
            )}
          </Space>
        )}
        {adding && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Text strong>
              {adding.parentId === null ? t('WIDGETS.HIERARCHY.NEW_TREE') : t('WIDGETS.HIERARCHY.ADD_CHILD', { name: adding.parentLabel })}
            </Typography.Text>
            <Space.Compact style={{ width: '100%' }}>
              <Input
                autoFocus
                value={name}
                maxLength={200}
                placeholder={t('WIDGETS.HIERARCHY.NAME')}
                aria-label={t('WIDGETS.HIERARCHY.NAME')}
                onChange={(e) => setName(e.target.value)}
                onPressEnter={() => void add()}
                data-testid="hierarchy-add-name"
              />
              <Button type="primary" loading={saving} disabled={!name.trim()} onClick={() => void add()} data-testid="hierarchy-add-save">
                {t('WIDGETS.HIERARCHY.ADD')}
              </Button>
              <Button onClick={() => setAdding(null)}>{t('WIDGETS.CANCEL')}</Button>
            </Space.Compact>
            {addError && <Alert type="error" showIcon title={<span style={{ whiteSpace: 'pre-line' }}>{addError}</span>} data-testid="hierarchy-add-error" />}
          </Space>
        )}
        {failed ? (
          <Alert type="error" showIcon title={t('WIDGETS.HIERARCHY.LOAD_ERROR')} data-testid="hierarchy-error" />
        ) : loading ? (
          <Spin style={{ display: 'block', margin: '24px auto' }} />
        ) : treeData.length === 0 ? (
          <Empty description={t(shown === null ? 'WIDGETS.HIERARCHY.NO_TREES' : 'WIDGETS.HIERARCHY.EMPTY')} />
        ) : (
          <Tree
            // a node added under a leaf shows: the tree is laid out again, all expanded
            key={treeIds.join(',')}
            checkable
            checkStrictly
            selectable={false}
            defaultExpandAll
            treeData={treeData}
            checkedKeys={checked}
            onCheck={(keys) => {
              const list = Array.isArray(keys) ? keys : keys.checked;
              setChecked(list.map(Number));
            }}
          />
        )}
      </div>
    </Modal>
  );
}
