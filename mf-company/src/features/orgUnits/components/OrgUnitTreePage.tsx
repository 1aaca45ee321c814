import type { OrgUnitNode } from '@dash/shared-core';
import { Link, PageHeader, Spinner, useCan, useDebouncedValue } from '@dash/shared-ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { orgUnitDetailsPath } from '../../../routes';
import '../../memberPicker/components/assignedMembers.css';
import { useOrgUnitTree } from '../api/getOrgUnitTree';
import { CreateOrgUnitModal } from './CreateOrgUnitModal';
import { DeleteOrgUnitModal } from './DeleteOrgUnitModal';
import './orgUnits.css';

export default function OrgUnitTreePage() {
  const { t } = useTranslation('company');
  const can = useCan();
  const searchId = useId();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim());
  const tree = useOrgUnitTree(search || undefined);
  const [createUnder, setCreateUnder] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<OrgUnitNode | null>(null);
  const nodes = tree.data?.items ?? [];
  const hasChildren = new Set(nodes.map((node) => node.parentUuid));

  return (
    <>
      <PageHeader title={t('orgUnits.listTitle')} />
      <div className="ui-field ui-field--inline">
        <label htmlFor={searchId}>{t('members.filters.search')}</label>
        <input id={searchId} type="search" value={text} onChange={(event) => setText(event.target.value)} />
      </div>
      {tree.isPending ? (
        <Spinner />
      ) : nodes.length === 0 ? (
        <p className="ui-empty">{t('orgUnits.empty')}</p>
      ) : (
        <section className="ui-card">
          <ul className="company-tree" aria-label={t('orgUnits.listTitle')} data-testid="org-unit-tree">
            {nodes.map((node) => (
              <li
                key={node.uuid}
                className="company-tree__node"
                style={{ paddingInlineStart: `${0.75 + node.depth * 1.75}rem` }}
                data-testid="org-unit-node"
                data-depth={node.depth}
              >
                <span className="company-tree__name">
                  <Link to={orgUnitDetailsPath(node.uuid)}>{node.orgUnitName}</Link>
                  {node.isDefault && ' '}
                  {node.isDefault && <span className="ui-badge ui-badge--info">{t('orgUnits.defaultBadge')}</span>}
                  <br />
                  <span className="company-tree__meta">
                    {t('orgUnits.fields.identifier')}:{' '}
                    <span className="company-tree__identifier" data-testid="org-unit-identifier">
                      {node.identifier}
                    </span>
                    {' · '}
                    {t('orgUnits.memberCount', { count: node.memberCount })}
                    {node.admins.length > 0 &&
                      ` · ${t('orgUnits.fields.responsible')}: ${node.admins.map((a) => `${a.firstName} ${a.lastName}`).join(', ')}`}
                  </span>
                </span>
                {can(['org-unit.create']) && (
                  <button
                    type="button"
                    className="ui-button ui-button--ghost ui-button--small"
                    onClick={() => setCreateUnder(node.uuid)}
                    aria-label={t('orgUnits.createUnder', { name: node.orgUnitName })}
                  >
                    {t('orgUnits.addChild')}
                  </button>
                )}
                {can(['org-unit.delete']) && !node.isRoot && !node.isDefault && !hasChildren.has(node.uuid) && (
                  <button
                    type="button"
                    className="ui-button ui-button--ghost ui-button--small"
                    onClick={() => setDeleting(node)}
                    aria-label={t('orgUnits.deleteNamed', { name: node.orgUnitName })}
                  >
                    {t('orgUnits.delete')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {createUnder !== null && <CreateOrgUnitModal parentUuid={createUnder} onClose={() => setCreateUnder(null)} />}
      <DeleteOrgUnitModal unit={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
